import DocumentStore
import Foundation
import ReceiptModel

/// Presets in a store of one's own (the CLI's local store), without accounts: the same checks
/// and scaling as the server's, added to the store's offline lists (``OfflineLists``), whose
/// stamps `receipts sync` merges. Presets themselves stay in the local store.
public struct OfflinePresets: Sendable {
    let records: Records
    let lists: OfflineLists
    let now: @Sendable () -> Date

    public init(records: Records, lists: OfflineLists, now: @escaping @Sendable () -> Date = Date.init) {
        self.records = records
        self.lists = lists
        self.now = now
    }

    /// Every preset in the store, by name.
    public func all() async throws -> [Preset] {
        try await records.all(Preset.self, DocumentQuery(collection: Preset.collection)).map(\.value)
            .sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    /// A preset by id, or by name when exactly one has it.
    public func preset(_ idOrName: String) async throws -> Preset {
        if let stored = try await records.get(Preset.self, Preset.collection, idOrName) { return stored.value }
        let several = "Several presets are called '\(idOrName)'; give the preset's id (receipts list preset show)."
        return try OfflineLists.element(idOrName, of: try await all(), { ($0.id, $0.name) }, notFound: Presets.notFound, several: several)
    }

    public func create(_ input: PresetInput, by displayName: String) async throws -> Preset {
        let preset = try Presets.checked(input, household: "", by: displayName, now: now())
        try await records.put(preset, Preset.collection, preset.id, expectedRev: 0)
        return preset
    }

    public func delete(_ idOrName: String) async throws -> Preset {
        let preset = try await preset(idOrName)
        try await records.store.delete(collection: Preset.collection, id: preset.id)
        return preset
    }

    /// Adds the preset's entries to a list of the store in one change, scaled to `servings`.
    public func add(
        _ idOrName: String,
        to list: String,
        servings: Int?,
        by displayName: String
    ) async throws -> (HouseholdList, [HouseholdList.Entry]) {
        let preset = try await preset(idOrName)
        let inputs = try preset.entryInputs(for: servings ?? preset.servings)
        let at = now()
        let entries = try inputs.map { try ShoppingLists.newEntry($0, addedBy: displayName, userId: "", now: at) }
        return try await lists.change(list) { list in
            list.entries.append(contentsOf: entries)
            return entries
        }
    }
}

extension OfflineLists {
    /// The store the lists are in (presets are kept beside them).
    public var store: any DocumentStore { records.store }
}
