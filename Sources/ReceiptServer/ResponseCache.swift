import Foundation
import Synchronization

/// Encoded answers to household-wide reads (a page of carts), kept while the store has not
/// changed: the key includes the store's last sequence number, which every write anywhere (any
/// server instance on a shared PostgreSQL) raises. Membership is checked before the cache is
/// consulted, and the cached bodies hold nothing specific to the member who asked.
final class ResponseCache: Sendable {
    private struct Entry {
        var sequence: Int64
        var body: Data
    }

    private let entries = Mutex<[String: Entry]>([:])
    private let capacity: Int

    init(capacity: Int = 2048) {
        self.capacity = capacity
    }

    func body(for key: String, sequence: Int64) -> Data? {
        entries.withLock { entries in
            guard let entry = entries[key], entry.sequence == sequence else { return nil }
            return entry.body
        }
    }

    func store(_ body: Data, for key: String, sequence: Int64) {
        entries.withLock { entries in
            // Stale entries go first; beyond that, any (a simple bound, not an LRU).
            if entries.count >= capacity {
                entries = entries.filter { $0.value.sequence == sequence }
                if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            }
            entries[key] = Entry(sequence: sequence, body: body)
        }
    }
}
