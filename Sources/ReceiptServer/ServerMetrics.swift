import Foundation
import Synchronization

/// Request and job counters in the Prometheus text format, served at `/metrics`.
///
/// Hand-written rather than swift-metrics + swift-prometheus: a dozen counters do not justify two
/// more packages in every CI build, and the exposition format is a few lines of text.
final class ServerMetrics: Sendable {
    private struct State {
        var requestsByClass: [String: Int] = [:]
        var durationBuckets = [Int](repeating: 0, count: ServerMetrics.bounds.count + 1)
        var durationSum = 0.0
        var jobs: [String: Int] = [:]
    }

    /// Upper bounds of the request-duration histogram, in seconds.
    static let bounds: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]
    private let state = Mutex(State())

    func recordRequest(status: Int, seconds: Double) {
        state.withLock { state in
            state.requestsByClass["\(status / 100)xx", default: 0] += 1
            let bucket = Self.bounds.firstIndex { seconds <= $0 } ?? Self.bounds.count
            state.durationBuckets[bucket] += 1
            state.durationSum += seconds
        }
    }

    func recordJob(_ outcome: String) {
        state.withLock { $0.jobs[outcome, default: 0] += 1 }
    }

    func exposition() -> String {
        state.withLock { state in
            var lines = ["# HELP receipts_http_requests_total HTTP requests by status class.", "# TYPE receipts_http_requests_total counter"]
            for (status, count) in state.requestsByClass.sorted(by: { $0.key < $1.key }) {
                lines.append("receipts_http_requests_total{status=\"\(status)\"} \(count)")
            }
            lines += ["# HELP receipts_http_request_duration_seconds Time to answer a request.", "# TYPE receipts_http_request_duration_seconds histogram"]
            var cumulative = 0
            for (index, bound) in Self.bounds.enumerated() {
                cumulative += state.durationBuckets[index]
                lines.append("receipts_http_request_duration_seconds_bucket{le=\"\(bound)\"} \(cumulative)")
            }
            cumulative += state.durationBuckets[Self.bounds.count]
            lines.append("receipts_http_request_duration_seconds_bucket{le=\"+Inf\"} \(cumulative)")
            lines.append("receipts_http_request_duration_seconds_sum \(state.durationSum)")
            lines.append("receipts_http_request_duration_seconds_count \(cumulative)")
            lines += ["# HELP receipts_receipt_jobs_total Receipt jobs finished by this process, by outcome.", "# TYPE receipts_receipt_jobs_total counter"]
            for (outcome, count) in state.jobs.sorted(by: { $0.key < $1.key }) {
                lines.append("receipts_receipt_jobs_total{outcome=\"\(outcome)\"} \(count)")
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }
}
