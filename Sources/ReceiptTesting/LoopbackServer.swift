import ChildProcesses
import Foundation

/// A helper server process listening on 127.0.0.1, started for one test and killed after it.
///
/// The process must print `PORT <n>` as its first stdout line (`scripts/fake-chomp-server.py` does).
public final class LoopbackServer: Sendable {
    /// The port it listens on.
    public let port: Int
    private let child: ChildProcess

    /// `http://127.0.0.1:<port>`.
    public var origin: String { "http://127.0.0.1:\(port)" }

    private init(child: ChildProcess, port: Int) {
        self.child = child
        self.port = port
    }

    /// The repository root (found from this source file's path).
    public static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// Starts `script` (a Python file under the repository root) with `arguments` and port 0.
    /// - Throws: ``LoopbackServerError`` when the process does not start or announce its port within 10 s.
    public static func start(script: String, arguments: [String] = []) throws -> LoopbackServer {
        let python = python3Path()
        let scriptArguments = [repositoryRoot.appendingPathComponent(script).path, "--port", "0"] + arguments
        // The port line arrives through a file, polled: a pipe read has no deadline.
        let announcement = FileManager.default.temporaryDirectory
            .appendingPathComponent("server-\(getpid())-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: announcement) }
        let child = try ChildProcess(
            executable: URL(fileURLWithPath: python ?? "/usr/bin/env"),
            arguments: (python == nil ? ["python3"] : []) + scriptArguments,
            standardOutput: .file(announcement)
        )
        let deadline = Date().addingTimeInterval(10)
        var line = ""
        while Date() < deadline, !child.hasExited {
            let text = (try? String(contentsOf: announcement, encoding: .utf8)) ?? ""
            if let end = text.firstIndex(of: "\n") {
                line = String(text[..<end])
                break
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else {
            child.kill()
            throw LoopbackServerError(message: "\(script) did not print its port within 10 s (got \(line.debugDescription))")
        }
        return LoopbackServer(child: child, port: port)
    }

    /// Starts the fake Chomp API serving `dataFiles` (paths of Chomp-shaped JSON files).
    public static func startFakeChomp(dataFiles: [String]) throws -> LoopbackServer {
        try start(script: "scripts/fake-chomp-server.py", arguments: dataFiles.flatMap { ["--data", $0] })
    }

    /// Kills the process (SIGKILL) and reaps it.
    public func stop() {
        child.kill()
    }

    private static func python3Path() -> String? {
        for candidate in ["/usr/bin/python3", "/usr/local/bin/python3"]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return nil
    }
}

extension LoopbackServer {
    /// ``startFakeChomp(dataFiles:)`` on a thread of its own: starting blocks until the
    /// process prints its port, which must not hold one of Swift's few cooperative threads.
    public static func startFakeChompAsync(dataFiles: [String]) async throws -> LoopbackServer {
        try await onOwnThread { try LoopbackServer.startFakeChomp(dataFiles: dataFiles) }
    }
}

extension LoopbackServer {
    /// Waits until `child` has written `PORT <n>` as the first line of `file` (its standard output)
    /// and returns n; `nil` when it exits first or `timeout` passes. For servers other than the
    /// Python helpers, such as `receipts serve --port 0`, started by tests and benchmarks.
    public static func announcedPort(in file: URL, by child: ChildProcess, within timeout: Duration) async -> Int? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline, !child.hasExited {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            if let end = text.firstIndex(of: "\n") {
                let line = text[..<end]
                return line.hasPrefix("PORT ") ? Int(line.dropFirst(5)) : nil
            }
            do { try await Task.sleep(for: .milliseconds(50)) } catch { return nil }
        }
        return nil
    }
}

/// Runs `body` with a fake Chomp server, always killing it afterwards.
public func withFakeChompServer<T>(
    dataFiles: [String],
    _ body: (LoopbackServer) async throws -> T
) async throws -> T {
    let server = try await LoopbackServer.startFakeChompAsync(dataFiles: dataFiles)
    defer { server.stop() }
    return try await body(server)
}

public struct LoopbackServerError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
