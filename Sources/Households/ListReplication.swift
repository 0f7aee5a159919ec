import Foundation
import ReceiptModel
import Replication

extension HouseholdList {
    /// The list's own fields that replicate.
    static let replicatedFields = ["name"]
    /// The entry fields that replicate, each a register of its own: two members changing
    /// different fields of one entry both keep their change.
    static let entryFields = [
        "name", "quantity", "unit", "note", "priority", "completed", "completedBy", "addedBy", "addedByUserId", "addedOn", "product", "photo",
        "bought",
    ]

    /// The list as a replicated document (see ``ReplicaStamps``).
    public func replicated() throws -> ReplicatedDocument {
        (stamps ?? ReplicaStamps()).state(of: try values())
    }

    /// Merges a replicated state into the list: the list takes the merged name, entries and
    /// stamps; everything that does not replicate (household, sharing, guests) stays.
    /// - Parameter order: entry ids in the order to show them (the other side's order); entries
    ///   it does not name keep their place, and new ones follow by `addedOn`, then id.
    public mutating func merge(_ state: ReplicatedDocument, order: [String]? = nil) throws {
        let merged = try replicated().merged(with: state)
        if case .string(let text)? = merged.fields["name"]?.value { name = text }
        var byId: [String: Entry] = [:]
        for (id, entry) in merged.entries {
            if let values = entry.values { byId[id] = try Self.entry(id: id, values) }
        }
        entries = ReplicaStamps.order(byId, preferred: (order ?? []) + entries.map(\.id), addedOn: \.addedOn)
        let stamps = ReplicaStamps(merged: merged, fields: Self.replicatedFields, entryFields: Self.entryFields)
        // A list that never had stamps keeps none until something is stamped.
        if self.stamps != nil || stamps != ReplicaStamps() { self.stamps = stamps }
    }

    /// Stamps what changed since `before` (see ``ReplicaStamps/stamping(_:from:to:clock:)``).
    mutating func stampChanges(since before: HouseholdList, clock: SharedHybridClock) throws {
        stamps = try ReplicaStamps.stamping(before.stamps, from: try before.values(), to: try values(), clock: clock)
    }

    func values() throws -> ReplicaValues {
        ReplicaValues(
            fields: ["name": .string(name)],
            entries: try entries.map { entry in
                (entry.id, ReplicaValues.pick(Self.entryFields, from: try JSONValue(encoding: entry).objectValue ?? [:]))
            }
        )
    }

    static func entry(id: String, _ values: [String: JSONValue]) throws -> Entry {
        var object = values.filter { $0.value != .null && entryFields.contains($0.key) }
        object["id"] = .string(id)
        if let priority = object["priority"] {
            guard case .string(let text) = priority, EntryPriority(rawValue: text) != nil else {
                throw HouseholdError.invalid("lists.state.entries.\(id).priority", "An entry's priority is one of low, normal, high.")
            }
        }
        do {
            return try JSONValue.object(object).decode(as: Entry.self)
        } catch {
            throw HouseholdError.invalid("lists.state.entries.\(id)", "Entry \(id) is not a complete list entry: \(error)")
        }
    }
}
