import Foundation
import ReceiptModel
import Replication

/// The stamps behind a list's replicated fields, kept in the stored list (`"stamps"`, a
/// compatible extension: readers that do not know it keep it and ignore it). With them, a list
/// is a ``ReplicatedDocument``: API edits, offline edits and synced states all merge by the same
/// rules (per field, the later stamp wins; a deleted entry stays deleted).
public struct ListStamps: Codable, Sendable, Hashable {
    /// The list's own fields (`name`): field → stamp of its last write.
    public var fields: [String: HybridTimestamp] = [:]
    /// Entry id → field → stamp of its last write.
    public var entries: [String: [String: HybridTimestamp]] = [:]
    /// Deleted entries: id → stamp of the deletion. Kept so that an entry deleted here is never
    /// brought back by a replica that edited it before hearing of the deletion.
    public var removed: [String: HybridTimestamp] = [:]

    public init() {}

    var newest: HybridTimestamp? {
        (Array(fields.values) + entries.values.flatMap(\.values) + Array(removed.values)).max()
    }
}

extension HouseholdList {
    /// The list's own fields that replicate.
    static let replicatedFields = ["name"]
    /// The entry fields that replicate, each a register of its own: two members changing
    /// different fields of one entry both keep their change.
    static let entryFields = [
        "name", "quantity", "unit", "note", "completed", "completedBy", "addedBy", "addedByUserId", "addedOn", "product", "photo", "bought",
    ]

    /// The list as a replicated document. Fields written before replication existed carry
    /// ``HybridTimestamp/zero``, below every real write.
    public func replicated() throws -> ReplicatedDocument {
        let stamps = stamps ?? ListStamps()
        var document = ReplicatedDocument()
        document.fields["name"] = Register(.string(name), at: stamps.fields["name"] ?? .zero)
        for entry in entries {
            let values = try Self.values(of: entry)
            let entryStamps = stamps.entries[entry.id] ?? [:]
            document.entries[entry.id] = ReplicatedEntry(
                fields: values.reduce(into: [String: Register]()) { registers, pair in
                    registers[pair.key] = Register(pair.value, at: entryStamps[pair.key] ?? .zero)
                })
        }
        for (id, stamp) in stamps.removed { document.entries[id] = ReplicatedEntry(removed: stamp) }
        return document
    }

    /// Merges a replicated state into the list: the list takes the merged name, entries and
    /// stamps; everything that does not replicate (household, sharing, guests) stays.
    /// - Parameter order: entry ids in the order to show them (the other side's order); entries
    ///   it does not name keep their place, and new ones follow by `addedOn`, then id.
    public mutating func merge(_ state: ReplicatedDocument, order: [String]? = nil) throws {
        let merged = try replicated().merged(with: state)
        if case .string(let text)? = merged.fields["name"]?.value { name = text }
        var stamps = ListStamps()
        // Zero stamps are what a missing stamp reads as: not stored, so merging a list with its
        // own state writes nothing.
        stamps.fields = merged.fields.filter { Self.replicatedFields.contains($0.key) && $0.value.at != .zero }.mapValues(\.at)
        var byId: [String: Entry] = [:]
        for (id, entry) in merged.entries {
            if let removed = entry.removed {
                stamps.removed[id] = removed
            } else {
                byId[id] = try Self.entry(id: id, entry.fields.mapValues(\.value))
                let entryStamps = entry.fields.filter { Self.entryFields.contains($0.key) && $0.value.at != .zero }.mapValues(\.at)
                if !entryStamps.isEmpty { stamps.entries[id] = entryStamps }
            }
        }
        let preferred = (order ?? []) + entries.map(\.id)
        var seen = Set<String>()
        var ordered: [Entry] = []
        for id in preferred where !seen.contains(id) {
            seen.insert(id)
            if let entry = byId[id] { ordered.append(entry) }
        }
        ordered += byId.values.filter { !seen.contains($0.id) }.sorted { ($0.addedOn, $0.id) < ($1.addedOn, $1.id) }
        entries = ordered
        // A list that never had stamps keeps none until something is stamped.
        if self.stamps != nil || stamps != ListStamps() { self.stamps = stamps }
    }

    /// Stamps what changed since `before` with one new reading of `clock`, later than every
    /// stamp the list holds: an edit made on what the editor saw wins over it. Removed entries
    /// become tombstones.
    mutating func stampChanges(since before: HouseholdList, clock: SharedHybridClock) throws {
        var stamps = before.stamps ?? ListStamps()
        // One reading for the whole change, taken only when something changed.
        var reading: HybridTimestamp?
        let newest = stamps.newest
        func next() -> HybridTimestamp {
            if let reading { return reading }
            let made = clock.stamp(after: newest)
            reading = made
            return made
        }
        if name != before.name {
            let stamp = next()
            stamps.fields["name"] = stamp
        }
        let old = Dictionary(before.entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for entry in entries {
            let previous = try old[entry.id].map(Self.values)
            let values = try Self.values(of: entry)
            for field in Self.entryFields where previous?[field] != values[field] {
                let stamp = next()
                stamps.entries[entry.id, default: [:]][field] = stamp
            }
        }
        let current = Set(entries.map(\.id))
        for id in old.keys where !current.contains(id) {
            let stamp = next()
            stamps.entries[id] = nil
            stamps.removed[id] = stamp
        }
        if reading != nil || self.stamps != nil { self.stamps = stamps }
    }

    /// An entry's replicated fields, absent optionals as `null` (so clearing a note replicates).
    static func values(of entry: Entry) throws -> [String: JSONValue] {
        let object = try JSONValue(encoding: entry).objectValue ?? [:]
        return Dictionary(uniqueKeysWithValues: entryFields.map { ($0, object[$0] ?? .null) })
    }

    static func entry(id: String, _ values: [String: JSONValue]) throws -> Entry {
        var object = values.filter { $0.value != .null && entryFields.contains($0.key) }
        object["id"] = .string(id)
        do {
            return try JSONValue.object(object).decode(as: Entry.self)
        } catch {
            throw HouseholdError.invalid("lists.state.entries.\(id)", "Entry \(id) is not a complete list entry: \(error)")
        }
    }
}
