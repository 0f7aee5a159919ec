import Foundation

/// Runs blocking work (a C library's loop, a wait for a child process) on a thread of its own
/// and waits for it without holding a thread. Swift's cooperative pool has as many threads as the
/// machine has cores, two here: a test that blocks one of them for a minute slows every other
/// test of the run that awaits anything (a store's statements, a server's answers), and timing
/// out those looks like their fault.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
