import Foundation

/// A started `Process` whose exit is observed through its termination handler.
///
/// `Process.waitUntilExit()` on Linux polls the calling thread's run loop and relies on
/// Foundation waking that run loop; off the main thread, under load, it can park forever
/// for a child that has already exited (a CI run of the test suite hung that way). The
/// termination handler is set before `run()`, so even a child that exits at once is seen,
/// and waiting is a semaphore, which needs no run loop.
public final class ChildProcess: Sendable {
    /// The underlying process (already running).
    public let process: Process
    private let exited = DispatchSemaphore(value: 0)

    /// Sets the termination handler on `process` and runs it.
    public init(_ process: Process) throws {
        self.process = process
        process.terminationHandler = { [exited] _ in exited.signal() }
        try process.run()
    }

    /// The child's process id.
    public var pid: Int32 { process.processIdentifier }

    /// Whether the child has exited (non-blocking).
    public var hasExited: Bool { wait(timeout: .zero) }

    /// Blocks until the child has exited.
    public func wait() {
        exited.wait()
        exited.signal()  // later waits return at once
    }

    /// Suspends until the child has exited and returns its ``terminationStatus``. The blocking
    /// wait runs on a thread of its own: Swift's cooperative pool has one thread per core, and a
    /// test suite that parks them all on child processes starves every other async test.
    public func finished() async -> Int32 {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread { [self] in
                wait()
                continuation.resume()
            }.start()
        }
        return process.terminationStatus
    }

    /// Blocks until the child has exited or `timeout` passes; true if it exited.
    public func wait(timeout: Duration) -> Bool {
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        guard exited.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success else { return false }
        exited.signal()
        return true
    }

    /// Sends SIGKILL if the child is still running, then waits for it.
    public func kill() {
        if !hasExited {
            _ = Foundation.kill(pid, SIGKILL)
        }
        wait()
    }

    /// The exit status, or the signal number if it was killed; waits for the exit first.
    public var terminationStatus: Int32 {
        wait()
        return process.terminationStatus
    }

    /// Runs `executable` with `arguments`, waits, and returns its standard output and status.
    /// Output goes through a temporary file, never a pipe, so a chatty child cannot block.
    public static func output(of executable: URL, _ arguments: [String]) async throws -> (status: Int32, stdout: Data) {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("child-\(getpid())-\(UUID().uuidString).out")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        process.standardOutput = handle
        let status = try await ChildProcess(process).finished()
        return (status, try Data(contentsOf: file))
    }
}
