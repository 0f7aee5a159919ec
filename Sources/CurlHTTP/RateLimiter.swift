import Foundation
import ReceiptModel
import Synchronization

/// A token bucket: at most `requestsPerMinute` on average, bursts up to `burst`.
///
/// ``acquire()`` reserves a slot immediately (so waiters are served in call
/// order) and sleeps until it is due.
public final class RateLimiter: Sendable {
    private struct State {
        var tokens: Double
        var last: ContinuousClock.Instant
    }

    public let requestsPerMinute: Double
    public let burst: Double
    private let state: Mutex<State>

    /// - Parameters:
    ///   - requestsPerMinute: the average rate; `0` or less disables limiting.
    ///   - burst: how many requests may go at once after a quiet period.
    public init(requestsPerMinute: Double, burst: Int = 1) {
        self.requestsPerMinute = requestsPerMinute
        self.burst = Double(max(1, burst))
        state = Mutex(State(tokens: Double(max(1, burst)), last: .now))
    }

    /// How long the caller must wait for its slot; the slot is taken.
    func reserve(now: ContinuousClock.Instant = .now) -> Duration {
        guard requestsPerMinute > 0 else { return .zero }
        let perSecond = requestsPerMinute / 60
        return state.withLock { state in
            let elapsed = now - state.last
            state.tokens = min(burst, state.tokens + elapsed.seconds * perSecond)
            state.last = now
            state.tokens -= 1
            if state.tokens >= 0 { return .zero }
            return .milliseconds(Int((-state.tokens / perSecond * 1000).rounded(.up)))
        }
    }

    /// Waits for the next slot.
    public func acquire() async throws {
        let wait = reserve()
        if wait > .zero {
            try await Task.sleep(for: wait)
        }
    }
}
