import Foundation
import ReceiptModel
import Replication

/// The stamps behind a document's replicated fields, kept in the stored document (`"stamps"`,
/// a compatible extension: readers that do not know it keep it and ignore it). With them, a list
/// or a cart is a ``ReplicatedDocument``: API edits, offline edits and synced states all merge by
/// the same rules (per field, the later stamp wins; a deleted entry stays deleted).
public struct ReplicaStamps: Codable, Sendable, Hashable {
    /// The document's own fields (`name`): field → stamp of its last write.
    public var fields: [String: HybridTimestamp] = [:]
    /// Entry (list entry, cart item) id → field → stamp of its last write. The field
    /// ``everyField`` (`"*"`) stamps every field of the entry not named: an entry written at once
    /// (an added item) holds one stamp instead of thirteen, and a tick adds two. Stamps were three
    /// quarters of a stored cart, and every tick wrote them all.
    public var entries: [String: [String: HybridTimestamp]] = [:]
    /// Deleted entries: id → stamp of the deletion. Kept so that an entry deleted here is never
    /// brought back by a replica that edited it before hearing of the deletion.
    public var removed: [String: HybridTimestamp] = [:]

    /// The key of an entry's stamp for the fields it does not name.
    public static let everyField = "*"

    /// The stamp of an entry's field: its own, else the entry's ``everyField`` stamp, else zero.
    public func stamp(entry id: String, field: String) -> HybridTimestamp {
        guard let stamps = entries[id] else { return .zero }
        return stamps[field] ?? stamps[Self.everyField] ?? .zero
    }
}

/// A replicated document's values, flattened: its own fields and its entries' fields by name,
/// absent optionals as `null` (so clearing a field replicates).
struct ReplicaValues: Equatable {
    var fields: [String: JSONValue]
    var entries: [(id: String, values: [String: JSONValue])]

    static func == (a: ReplicaValues, b: ReplicaValues) -> Bool {
        a.fields == b.fields && a.entries.map(\.id) == b.entries.map(\.id) && a.entries.map(\.values) == b.entries.map(\.values)
    }

    /// The fields of `object` named in `names`, absent ones as `null`.
    static func pick(_ names: [String], from object: [String: JSONValue]) -> [String: JSONValue] {
        Dictionary(uniqueKeysWithValues: names.map { ($0, object[$0] ?? .null) })
    }
}

extension ReplicaStamps {
    /// The replicated state of `values`. Fields written before replication existed carry
    /// ``HybridTimestamp/zero``, below every real write.
    func state(of values: ReplicaValues) -> ReplicatedDocument {
        var document = ReplicatedDocument()
        for (field, value) in values.fields { document.fields[field] = Register(value, at: fields[field] ?? .zero) }
        for (id, entryValues) in values.entries {
            let entryStamps = entries[id] ?? [:]
            let every = entryStamps[Self.everyField] ?? .zero
            document.entries[id] = ReplicatedEntry(
                fields: entryValues.reduce(into: [String: Register]()) { registers, pair in
                    registers[pair.key] = Register(pair.value, at: entryStamps[pair.key] ?? every)
                }
            )
        }
        for (id, stamp) in removed { document.entries[id] = ReplicatedEntry(removed: stamp) }
        return document
    }

    /// The stamps of a merged state, for the named fields. Zero stamps are what a missing stamp
    /// reads as: not stored, so merging a document with its own state writes nothing.
    init(merged: ReplicatedDocument, fields names: [String], entryFields: [String]) {
        self.init()
        fields = merged.fields.filter { names.contains($0.key) && $0.value.at != .zero }.mapValues(\.at)
        for (id, entry) in merged.entries {
            if let stamp = entry.removed {
                removed[id] = stamp
                continue
            }
            let stamps = entry.fields.filter { entryFields.contains($0.key) && $0.value.at != .zero }.mapValues(\.at)
            if !stamps.isEmpty { entries[id] = Self.compacted(stamps, fields: entryFields) }
        }
    }

    /// An entry's stamps with the most frequent one written once as ``everyField``, when every
    /// field has a stamp of its own (a field without one reads as zero, which the shared stamp
    /// would change).
    static func compacted(_ stamps: [String: HybridTimestamp], fields: [String]) -> [String: HybridTimestamp] {
        guard fields.allSatisfy({ stamps[$0] != nil }) else { return stamps }
        var counts: [HybridTimestamp: Int] = [:]
        for stamp in stamps.values { counts[stamp, default: 0] += 1 }
        guard let (common, count) = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), count >= 2 else { return stamps }
        var compact = stamps.filter { $0.value != common }
        compact[everyField] = common
        return compact
    }

    /// The registers a change wrote: the document's fields, entries' fields, removed entries.
    struct Touched {
        var fields: [String] = []
        var entryFields: [(id: String, field: String)] = []
        var removed: [String] = []
        /// Entries `before` did not have: every field of theirs is in `entryFields`.
        var added: [String] = []

        var isEmpty: Bool { fields.isEmpty && entryFields.isEmpty && removed.isEmpty }
    }

    /// What changed from `before` to `after`: fields whose value differs, and entries of
    /// `before` missing from `after` (removed).
    static func touched(from before: ReplicaValues, to after: ReplicaValues) -> Touched {
        var touched = Touched()
        for (field, value) in after.fields where before.fields[field] != value { touched.fields.append(field) }
        let old = Dictionary(before.entries.map { ($0.id, $0.values) }, uniquingKeysWith: { first, _ in first })
        for (id, values) in after.entries {
            if old[id] == nil { touched.added.append(id) }
            for (field, value) in values where old[id]?[field] != value { touched.entryFields.append((id, field)) }
        }
        let current = Set(after.entries.map(\.id))
        touched.removed = old.keys.filter { !current.contains($0) }
        return touched
    }

    /// `stamps` with what changed from `before` to `after` stamped by one new reading of
    /// `clock`, later than every stamp held: an edit made on what the editor saw wins over it.
    /// Removed entries become tombstones. Nil when there were no stamps and nothing changed.
    static func stamping(
        _ stamps: ReplicaStamps?,
        from before: ReplicaValues,
        to after: ReplicaValues,
        clock: SharedHybridClock
    ) throws -> ReplicaStamps? {
        let touched = touched(from: before, to: after)
        guard !touched.isEmpty else { return stamps }
        return try stamping(json: stamps.map { try JSONValue(encoding: $0) }, touched, clock: clock)?.decode(as: ReplicaStamps.self)
    }

    /// The same, on stamps kept as the stored JSON (`{"fields", "entries", "removed"}`; the one
    /// place the rule is applied), without decoding them: a cart holds a stamp per field of every item, and decoding them all on
    /// every tick cost more than the rest of the write.
    static func stamping(json stamps: JSONValue?, _ touched: Touched, clock: SharedHybridClock) -> JSONValue? {
        guard !touched.isEmpty else { return stamps }
        var fields = stamps?["fields"]?.objectValue ?? [:]
        var entries = stamps?["entries"]?.objectValue ?? [:]
        var removed = stamps?["removed"]?.objectValue ?? [:]
        // The newest stamp held, found by comparing texts: their fixed-width form sorts as they do.
        var newest: String?
        func consider(_ value: JSONValue) {
            guard case .string(let text) = value else { return }
            if let held = newest, !held.utf8.lexicographicallyPrecedes(text.utf8) { return }
            newest = text
        }
        fields.values.forEach(consider)
        removed.values.forEach(consider)
        for entry in entries.values { entry.objectValue?.values.forEach(consider) }
        let stamp = JSONValue.string(clock.stamp(after: newest.flatMap(HybridTimestamp.init)).description)
        for field in touched.fields { fields[field] = stamp }
        // A new entry had every field written: one shared stamp says it all.
        let added = Set(touched.added.filter { entries[$0] == nil })
        for id in added { entries[id] = .object([everyField: stamp]) }
        for (id, field) in touched.entryFields where !added.contains(id) {
            var entry = entries[id]?.objectValue ?? [:]
            entry[field] = stamp
            entries[id] = .object(entry)
        }
        for id in touched.removed {
            entries[id] = nil
            removed[id] = stamp
        }
        return .object(["fields": .object(fields), "entries": .object(entries), "removed": .object(removed)])
    }

    /// Entry ids in display order: the preferred order first (the other side's, then this
    /// side's), new entries after, by `addedOn` then id.
    static func order<Entry>(_ entries: [String: Entry], preferred: [String], addedOn: (Entry) -> String) -> [Entry] {
        var seen = Set<String>()
        var ordered: [Entry] = []
        for id in preferred where !seen.contains(id) {
            seen.insert(id)
            if let entry = entries[id] { ordered.append(entry) }
        }
        ordered += entries.filter { !seen.contains($0.key) }.sorted { (addedOn($0.value), $0.key) < (addedOn($1.value), $1.key) }.map(\.value)
        return ordered
    }
}
