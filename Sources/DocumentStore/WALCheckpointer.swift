import Foundation
import GRDB
import Logging

/// Copies the write-ahead log into the store file from a connection of its own, a few times a
/// second. SQLite's automatic checkpoint runs on the writing connection right after a commit, and
/// its two `fdatasync`s (about 14 ms on this machine's disk) held up every write queued behind it:
/// under load that came every couple of hundred writes and made the slowest ticks three times the
/// median. A passive checkpoint from another connection takes no write lock, so writers go on.
/// The writer keeps a far larger automatic threshold as a backstop.
final class WALCheckpointer: Sendable {
    /// Frames the writer lets the log reach before checkpointing itself (40 MB of 4 KB pages).
    static let writerThreshold = 10_000

    private let task: Task<Void, Never>

    init(path: String, every interval: Duration = .milliseconds(250), logger: Logger) throws {
        var config = Configuration()
        config.label = "receipts-store-checkpoint"
        config.busyMode = .timeout(1)
        let connection = try DatabaseQueue(path: path, configuration: config)
        task = Task.detached {
            var failing = false
            while (try? await Task.sleep(for: interval)) != nil {
                do {
                    _ = try await connection.writeWithoutTransaction { db in try db.checkpoint(.passive) }
                    failing = false
                } catch {
                    // Not fatal: the writer's own threshold still bounds the log. Said once per streak.
                    if !failing { logger.warning("store checkpoint failed; the writer will checkpoint itself", metadata: ["error": "\(error)"]) }
                    failing = true
                }
            }
            try? connection.close()
        }
    }

    /// Stops after the checkpoint under way, if any, and returns once its connection is closed:
    /// the last connection to close checkpoints the log and removes it under an exclusive lock,
    /// and another process opening the store right after `close()` met that lock as "busy".
    func stop() async {
        task.cancel()
        await task.value
    }

    /// Stops without waiting (for `deinit`).
    func cancel() { task.cancel() }
}
