import ReceiptModel
import Replication

/// A replicated document (a cart, a list) whose edits are stamped for the next sync
/// (``ReplicaStamps``), so that a change made through the API and one made offline merge by the
/// same rules.
protocol StampedDocument {
    /// Stamps what changed since `before` with `clock`.
    mutating func stampChanges(since before: Self, clock: SharedHybridClock) throws
}

extension StampedDocument {
    /// Runs `body` on the document, then stamps what it changed: the one way an edit of a
    /// replicated document is made.
    mutating func stampingChanges<R>(clock: SharedHybridClock, _ body: (inout Self) throws -> R) throws -> R {
        let before = self
        let result = try body(&self)
        try stampChanges(since: before, clock: clock)
        return result
    }
}

extension CartDocument: StampedDocument {}
extension HouseholdList: StampedDocument {}
