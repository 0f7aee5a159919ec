import Foundation
import Hummingbird
import Synchronization

/// Encoded answers to household-wide reads (a page of carts, one cart), kept while the store has
/// not changed: each entry holds the store's last sequence number, which every write anywhere
/// (any server instance on a shared PostgreSQL) raises. Membership is checked before the cache is
/// consulted, keys name the household, and the cached bodies hold nothing specific to the member
/// who asked.
final class ResponseCache: Sendable {
    /// An encoded answer and its revision (the ETag), when it has one.
    struct Answer: Sendable {
        /// Shared, not copied, by every response that sends it.
        var body: ByteBuffer
        var etag: Int? = nil
    }

    private struct Entry {
        var sequence: Int64
        var answer: Answer
    }

    private let entries = Mutex<[String: Entry]>([:])
    private let capacity: Int

    init(capacity: Int = 2048) {
        self.capacity = capacity
    }

    func answer(for key: String, sequence: Int64) -> Answer? {
        entries.withLock { entries in
            guard let entry = entries[key], entry.sequence == sequence else { return nil }
            return entry.answer
        }
    }

    /// The answer for `key` at `sequence`: from memory, or made by `make`, kept and returned.
    func answer(for key: String, sequence: Int64, make: () async throws -> Answer) async rethrows -> Answer {
        if let known = answer(for: key, sequence: sequence) { return known }
        let made = try await make()
        store(made, for: key, sequence: sequence)
        return made
    }

    func store(_ answer: Answer, for key: String, sequence: Int64) {
        entries.withLock { entries in
            // Stale entries go first; beyond that, any (a simple bound, not an LRU).
            if entries.count >= capacity {
                entries = entries.filter { $0.value.sequence == sequence }
                if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            }
            entries[key] = Entry(sequence: sequence, answer: answer)
        }
    }
}
