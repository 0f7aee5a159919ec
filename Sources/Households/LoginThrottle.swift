import Foundation

/// Slows down password guessing: after ``freeFailures`` failed logins for a key (an account or a
/// client address) within ``window``, each further attempt must wait, doubling from
/// ``baseDelay`` up to ``maxDelay``. A successful login clears the account's count.
///
/// Per process: several server instances each keep their own counts, so the effective limit is
/// multiplied by the instance count, which still bounds guessing.
public actor LoginThrottle {
    public let freeFailures: Int
    public let window: TimeInterval
    public let baseDelay: TimeInterval
    public let maxDelay: TimeInterval

    private struct Record {
        var failures: Int
        var first: Date
        var last: Date
    }

    private var records: [String: Record] = [:]

    public init(freeFailures: Int = 5, window: TimeInterval = 900, baseDelay: TimeInterval = 30, maxDelay: TimeInterval = 900) {
        self.freeFailures = freeFailures
        self.window = window
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    /// Whole seconds the caller must still wait, or `nil` when an attempt is allowed now.
    public func delay(for keys: [String], now: Date) -> Int? {
        var longest: TimeInterval = 0
        for key in keys {
            guard let record = records[key], now.timeIntervalSince(record.first) < window,
                record.failures >= freeFailures
            else { continue }
            let wait = min(maxDelay, baseDelay * pow(2, Double(record.failures - freeFailures)))
            longest = max(longest, record.last.addingTimeInterval(wait).timeIntervalSince(now))
        }
        return longest > 0 ? Int(longest.rounded(.up)) : nil
    }

    public func recordFailure(for keys: [String], now: Date) {
        if records.count > 100_000 { records = records.filter { now.timeIntervalSince($0.value.first) < window } }
        for key in keys {
            if var record = records[key], now.timeIntervalSince(record.first) < window {
                record.failures += 1
                record.last = now
                records[key] = record
            } else {
                records[key] = Record(failures: 1, first: now, last: now)
            }
        }
    }

    public func reset(_ keys: [String]) {
        for key in keys { records[key] = nil }
    }
}
