import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A child process started with `posix_spawn` and reaped by `waitpid` on a thread of its own.
///
/// Foundation's `Process` on Linux learns that a child exited through a socket the child
/// inherits, which only closes once every process holding it has closed it. A child spawned
/// by another test at the same moment can inherit that socket too, and then the exit is never
/// reported: a CI run hung forever in `kill()` waiting for a server it had already killed.
/// `waitpid` on the child's own pid cannot miss it, so every child the project starts (the
/// neural reader's process, and the servers and tools of tests and benchmarks) starts here.
public final class ChildProcess: Sendable {
    /// Where a child's standard input comes from.
    public enum Input: Sendable {
        /// `/dev/null`.
        case discard
        /// A pipe whose writing end is ``standardInput``.
        case pipe
    }

    /// Where a child's output stream goes.
    public enum Output: Sendable {
        /// The same stream as this process.
        case inherit
        /// `/dev/null`.
        case discard
        /// A file, created or truncated.
        case file(URL)
        /// A pipe whose reading end is ``standardOutput`` (or ``standardError``).
        case pipe
    }

    /// The child's process id.
    public let pid: Int32
    /// The writing end of the child's standard input when it was started with `.pipe`.
    public let standardInput: FileHandle?
    /// The reading end of the child's standard output when it was started with `.pipe`.
    public let standardOutput: FileHandle?
    /// The reading end of the child's standard error when it was started with `.pipe`.
    public let standardError: FileHandle?
    private let status = Mutex<Int32?>(nil)
    private let exited = DispatchSemaphore(value: 0)

    /// Starts `executable` with `arguments`. The child gets default signal handling and no
    /// descriptors besides the three standard ones; the pipes' ends this process keeps are
    /// closed on exec, so a child started at the same moment by another thread holds none.
    /// - Parameters:
    ///   - environment: the child's whole environment; `nil` passes this process's own.
    ///   - directory: the child's working directory; `nil` keeps this process's.
    /// - Throws: ``ChildProcessError`` when the child cannot be started.
    public init(
        executable: URL,
        arguments: [String],
        environment: [String: String]? = nil,
        directory: URL? = nil,
        standardInput: Input = .discard,
        standardOutput: Output = .inherit,
        standardError: Output = .inherit
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The child's ends of its pipes, closed here once it has them; ours, by descriptor.
        var childEnds: [Int32] = []
        var ourEnds: [Int32: Int32] = [:]
        var started = false
        defer {
            childEnds.forEach { _ = close($0) }
            if !started { ourEnds.values.forEach { _ = close($0) } }
        }
        switch standardInput {
        case .discard: posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        case .pipe:
            Self.ignoreBrokenPipes
            let (read, write) = try Self.makePipe()
            childEnds.append(read)
            ourEnds[0] = write
            posix_spawn_file_actions_adddup2(&actions, read, 0)
        }
        for (descriptor, output) in [(Int32(1), standardOutput), (2, standardError)] {
            switch output {
            case .inherit: break
            case .discard: posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_WRONLY, 0)
            case .file(let url):
                posix_spawn_file_actions_addopen(&actions, descriptor, url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            case .pipe:
                let (read, write) = try Self.makePipe()
                childEnds.append(write)
                ourEnds[descriptor] = read
                posix_spawn_file_actions_adddup2(&actions, write, descriptor)
            }
        }
        if let directory {
            guard let addChdir = GlibcExtensions.addChdir, addChdir(&actions, directory.path) == 0 else {
                throw ChildProcessError(message: "could not set the directory of a child to \(directory.path)")
            }
        }
        _ = GlibcExtensions.addCloseFrom?(&actions, 3)

        // Threads of Swift's pools may block signals; a child inherits that mask, and a test
        // that sends it SIGINT would wait for nothing.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let environment = environment ?? ProcessInfo.processInfo.environment
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw ChildProcessError(message: "could not start \(executable.path): \(String(cString: strerror(result)))")
        }
        started = true
        self.pid = pid
        self.standardInput = ourEnds[0].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        self.standardOutput = ourEnds[1].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        self.standardError = ourEnds[2].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        Thread { [self] in reap() }.start()
    }

    /// A write to a child that has ended must be an error its caller handles (`EPIPE`), not
    /// SIGPIPE, whose default action ends this whole process: an `ingest` or a server would
    /// vanish without a word when a neural reader process died. Set once, before the first
    /// pipe to a child's input; children start with default signal handling all the same.
    private static let ignoreBrokenPipes: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()

    /// A pipe whose two ends are closed on exec: the child gets its end as a standard stream
    /// through `dup2`, which clears the flag on the copy alone.
    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw ChildProcessError(message: "could not make a pipe for a child: \(String(cString: strerror(errno)))")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// Waits for the exit without reaping (`WNOWAIT`), then reaps under the lock that `kill()`
    /// holds, so a signal can never reach another process that was given the freed pid.
    private func reap() {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == -1, errno == EINTR {}
        status.withLock { status in
            var raw: Int32 = 0
            guard waitpid(pid, &raw, 0) == pid else {
                status = 127  // someone else reaped it; report it gone rather than wait forever
                return
            }
            // The exit code when it exited, else the signal that ended it (as Foundation reports).
            let signal = raw & 0x7f
            status = signal == 0 ? (raw >> 8) & 0xff : signal
        }
        exited.signal()
    }

    /// Whether the child has exited (non-blocking).
    public var hasExited: Bool { status.withLock { $0 != nil } }

    /// Blocks until the child has exited.
    public func wait() {
        exited.wait()
        exited.signal()  // later waits return at once
    }

    /// Blocks until the child has exited or `timeout` passes; true if it exited.
    public func wait(timeout: Duration) -> Bool {
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        guard exited.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success else { return false }
        exited.signal()
        return true
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
        return terminationStatus
    }

    /// Asks the child to end (SIGTERM) if it is still running, without waiting for it.
    public func terminate() {
        status.withLock { status in
            if status == nil { _ = Glibc.kill(pid, SIGTERM) }
        }
    }

    /// Sends SIGKILL if the child is still running, then waits for it.
    public func kill() {
        status.withLock { status in
            if status == nil { _ = Glibc.kill(pid, SIGKILL) }
        }
        wait()
    }

    /// The exit status, or the signal number if it was killed; waits for the exit first.
    public var terminationStatus: Int32 {
        wait()
        return status.withLock { $0 ?? 0 }
    }

    /// Runs `executable` with `arguments`, waits, and returns its standard output and status.
    /// Output goes through a temporary file, never a pipe, so a chatty child cannot block.
    public static func output(of executable: URL, _ arguments: [String]) async throws -> (status: Int32, stdout: Data) {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("child-\(getpid())-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: file) }
        let status = try await ChildProcess(executable: executable, arguments: arguments, standardOutput: .file(file))
            .finished()
        return (status, try Data(contentsOf: file))
    }
}

/// glibc's spawn extensions (2.29, 2.34), which its headers only declare under `_GNU_SOURCE`
/// and so Swift's Glibc module does not import; looked up at run time instead.
private enum GlibcExtensions {
    typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    static let addChdir: AddChdir? = symbol("posix_spawn_file_actions_addchdir_np")
    static let addCloseFrom: AddCloseFrom? = symbol("posix_spawn_file_actions_addclosefrom_np")

    private static func symbol<Function>(_ name: String) -> Function? {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(address, to: Function.self)
    }
}

/// A child process could not be started.
public struct ChildProcessError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
