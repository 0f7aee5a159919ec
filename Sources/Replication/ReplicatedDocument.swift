import Foundation
import ReceiptModel

/// A last-writer-wins register: one field's value and the stamp of the write that set it.
public struct Register: Sendable, Hashable, Codable {
    public var value: JSONValue
    public var at: HybridTimestamp

    public init(_ value: JSONValue, at: HybridTimestamp) {
        self.value = value
        self.at = at
    }

    /// The later write. Two writes never share a stamp (a replica's readings are unique and
    /// replica ids differ), except values stamped ``HybridTimestamp/zero`` before replication
    /// existed; those are ordered by their canonical JSON, so every replica still agrees.
    public func merged(with other: Register) -> Register {
        if at != other.at { return at > other.at ? self : other }
        return JSONWriter.encode(value) >= JSONWriter.encode(other.value) ? self : other
    }
}

/// One entry of a replicated document (a list entry, a cart item): a register per field, or a
/// tombstone. Deletion wins: once any replica deleted the entry it stays deleted, whatever the
/// stamps of edits made elsewhere, so an old offline edit never brings it back. A tombstone
/// keeps no fields (they can never show again).
public struct ReplicatedEntry: Sendable, Hashable, Codable {
    public var fields: [String: Register]
    public var removed: HybridTimestamp?

    public init(fields: [String: Register] = [:], removed: HybridTimestamp? = nil) {
        self.fields = removed == nil ? fields : [:]
        self.removed = removed
    }

    public var isRemoved: Bool { removed != nil }

    public func merged(with other: ReplicatedEntry) -> ReplicatedEntry {
        switch (removed, other.removed) {
        case (let a?, let b?): return ReplicatedEntry(removed: max(a, b))
        case (let a?, nil): return ReplicatedEntry(removed: a)
        case (nil, let b?): return ReplicatedEntry(removed: b)
        case (nil, nil): return ReplicatedEntry(fields: ReplicatedDocument.merge(fields, other.fields))
        }
    }

    /// The values of a live entry; nil for a tombstone.
    public var values: [String: JSONValue]? {
        removed == nil ? fields.mapValues(\.value) : nil
    }
}

/// The replicated state of a document with fields of its own and a set of entries (a shopping
/// list and its entries): a state-based CRDT. ``merge(_:)`` is commutative, associative and
/// idempotent, so replicas that have seen the same writes, in any order, any number of times,
/// hold the same state.
///
/// Writes made through ``set(_:_:at:)``, ``set(entry:_:_:at:)`` and ``remove(entry:at:)`` are
/// the only way a replica changes its state; each takes the stamp of the writing replica's
/// clock. A tick is a write of `completed`, so ticking twice is the same as once.
public struct ReplicatedDocument: Sendable, Hashable, Codable {
    public var fields: [String: Register]
    public var entries: [String: ReplicatedEntry]

    public init(fields: [String: Register] = [:], entries: [String: ReplicatedEntry] = [:]) {
        self.fields = fields
        self.entries = entries
    }

    /// Sets a field of the document itself.
    public mutating func set(_ field: String, _ value: JSONValue, at stamp: HybridTimestamp) {
        fields[field] = fields[field].map { $0.merged(with: Register(value, at: stamp)) } ?? Register(value, at: stamp)
    }

    /// Sets a field of an entry (creating the entry). A removed entry stays removed.
    public mutating func set(entry id: String, _ field: String, _ value: JSONValue, at stamp: HybridTimestamp) {
        var entry = entries[id] ?? ReplicatedEntry()
        guard !entry.isRemoved else { return }
        entry.fields[field] = entry.fields[field].map { $0.merged(with: Register(value, at: stamp)) } ?? Register(value, at: stamp)
        entries[id] = entry
    }

    /// Deletes an entry: a tombstone, kept so that the deletion reaches every replica.
    public mutating func remove(entry id: String, at stamp: HybridTimestamp) {
        entries[id] = (entries[id] ?? ReplicatedEntry()).merged(with: ReplicatedEntry(removed: stamp))
    }

    public mutating func merge(_ other: ReplicatedDocument) {
        fields = Self.merge(fields, other.fields)
        for (id, entry) in other.entries {
            entries[id] = entries[id].map { $0.merged(with: entry) } ?? entry
        }
    }

    public func merged(with other: ReplicatedDocument) -> ReplicatedDocument {
        var copy = self
        copy.merge(other)
        return copy
    }

    /// The live entries' values, by id.
    public var liveEntries: [String: [String: JSONValue]] {
        entries.compactMapValues(\.values)
    }

    /// The newest stamp anywhere in the state: a replica that edits on top of this state stamps
    /// after it (see ``SharedHybridClock/stamp(after:)``).
    public var newestStamp: HybridTimestamp? {
        let stamps =
            fields.values.map(\.at)
            + entries.values.flatMap { entry in entry.fields.values.map(\.at) + (entry.removed.map { [$0] } ?? []) }
        return stamps.max()
    }

    static func merge(_ a: [String: Register], _ b: [String: Register]) -> [String: Register] {
        a.merging(b) { $0.merged(with: $1) }
    }
}
