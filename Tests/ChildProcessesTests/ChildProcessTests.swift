import ChildProcesses
import Foundation
import Testing

@Suite struct ChildProcessTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func reportsTheExitCodeAndTheOutput() async throws {
        let result = try await ChildProcess.output(of: Self.shell, ["-c", "echo hello; exit 3"])
        #expect(result.status == 3)
        #expect(String(decoding: result.stdout, as: UTF8.self) == "hello\n")
    }

    @Test func runsInTheGivenDirectoryWithTheGivenEnvironment() async throws {
        let directory = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
        let output = directory.appendingPathComponent("child-test-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: output) }
        let child = try ChildProcess(
            executable: Self.shell,
            arguments: ["-c", "pwd; echo \"$GREETING\"; cat"],
            environment: ["GREETING": "hi"],
            directory: directory,
            standardOutput: .file(output)
        )
        #expect(await child.finished() == 0)
        // Standard input is empty (/dev/null), so `cat` ends at once.
        #expect(try String(contentsOf: output, encoding: .utf8) == "\(directory.path)\nhi\n")
    }

    @Test func aKilledChildIsReapedAndReportsTheSignal() async throws {
        // `sh` runs `sleep` as a child of its own, which outlives the shell: its exit must be
        // seen all the same (Foundation's `Process` waited for the grandchild).
        let child = try ChildProcess(executable: Self.shell, arguments: ["-c", "sleep 60; true"])
        #expect(!child.hasExited)
        kill(child.pid, SIGKILL)
        #expect(child.wait(timeout: .seconds(10)))
        #expect(child.terminationStatus == SIGKILL)
        child.kill()  // a kill after the exit neither blocks nor signals anything
        let other = try ChildProcess(executable: Self.shell, arguments: ["-c", "sleep 60; true"])
        other.kill()
        #expect(other.hasExited)
    }

    @Test func theChildHandlesSignalsByDefault() async throws {
        // Swift's worker threads may block SIGINT, and a test runner may ignore it; the child must
        // inherit neither. `sleep` itself, no shell between: a shell signalled before its exec
        // was one more thing that could go wrong on a busy machine.
        let child = try ChildProcess(executable: URL(fileURLWithPath: "/bin/sleep"), arguments: ["60"])
        defer { child.kill() }
        func status(_ field: String) -> String? {
            guard let text = try? String(contentsOfFile: "/proc/\(child.pid)/status", encoding: .utf8) else { return nil }
            return text.split(separator: "\n").first { $0.hasPrefix(field + ":") }?.split(separator: "\t").last.map(String.init)
        }
        // Until the exec is done (before it, the child is a copy of this process).
        for _ in 0..<3000 {
            if status("Name") == "sleep" { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        try #require(status("Name") == "sleep")
        // Bit n-1 stands for signal n. glibc's spawn leaves its two internal signals (32 and 33)
        // ignored; every standard one must be neither blocked nor ignored.
        let standardSignals: UInt64 = 0x7fff_ffff
        #expect(UInt64(status("SigBlk") ?? "", radix: 16).map { $0 & standardSignals } == 0)
        #expect(UInt64(status("SigIgn") ?? "", radix: 16).map { $0 & standardSignals } == 0)
        kill(child.pid, SIGINT)
        #expect(child.wait(timeout: .seconds(30)))
        #expect(child.terminationStatus == SIGINT)
    }

    @Test func aMissingExecutableIsAnError() {
        #expect(throws: ChildProcessError.self) {
            try ChildProcess(executable: URL(fileURLWithPath: "/nonexistent/tool"), arguments: [])
        }
    }

    /// Foundation's `Process` missed exits when children were started from several threads at
    /// once (the exit was seen only when every inheritor of a socket closed it); a test run hung.
    @Test func everyExitIsSeenWhileOthersStartConcurrently() async throws {
        let sleepers = try (0..<4).map { _ in try ChildProcess(executable: Self.shell, arguments: ["-c", "sleep 60; true"]) }
        let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
            for index in 0..<64 {
                group.addTask {
                    try await ChildProcess(executable: Self.shell, arguments: ["-c", "exit \(index % 7)"]).finished()
                }
            }
            return try await group.reduce(into: [Int32]()) { $0.append($1) }
        }
        #expect(statuses.sorted() == (0..<64).map { Int32($0 % 7) }.sorted())
        for sleeper in sleepers { kill(sleeper.pid, SIGKILL) }
        for sleeper in sleepers {
            #expect(sleeper.wait(timeout: .seconds(10)))
        }
    }

    /// The neural reader talks to its process through pipes: lines in, lines out, and the end of
    /// its input ends it.
    @Test func talksThroughPipes() async throws {
        let child = try ChildProcess(executable: URL(fileURLWithPath: "/bin/cat"), arguments: [], standardInput: .pipe, standardOutput: .pipe)
        let input = try #require(child.standardInput)
        let output = try #require(child.standardOutput)
        try input.write(contentsOf: Data("one line\n".utf8))
        try input.close()
        #expect(String(decoding: try output.readToEnd() ?? Data(), as: UTF8.self) == "one line\n")
        #expect(await child.finished() == 0)
    }

    /// A child that died is written to as an error, not a signal that ends this process.
    @Test func writingToAChildThatEndedIsAnError() async throws {
        let child = try ChildProcess(executable: URL(fileURLWithPath: "/bin/true"), arguments: [], standardInput: .pipe)
        #expect(await child.finished() == 0)
        let input = try #require(child.standardInput)
        #expect(throws: (any Error).self) { try input.write(contentsOf: Data(repeating: 0x41, count: 1 << 17)) }
    }

    @Test func terminateAsksTheChildToEnd() async throws {
        let child = try ChildProcess(executable: Self.shell, arguments: ["-c", "exec sleep 60"])
        for _ in 0..<500 {
            if (try? String(contentsOfFile: "/proc/\(child.pid)/comm", encoding: .utf8))?.hasPrefix("sleep") == true { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        child.terminate()
        #expect(child.wait(timeout: .seconds(10)))
        #expect(child.terminationStatus == SIGTERM)
        child.terminate()  // after the exit: nothing to signal
    }
}
