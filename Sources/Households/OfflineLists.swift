import DocumentStore
import Foundation
import ReceiptModel
import Replication

/// Shopping lists in a store of one's own (the CLI's local store), edited without a server and
/// without accounts: the same checks and the same stamps as the server's edits, so that
/// ``LocalReplica`` can merge them with the household's lists later.
public struct OfflineLists: Sendable {
    public let records: Records
    let clock: SharedHybridClock
    let now: @Sendable () -> Date

    /// - Parameter replica: this store's replica id (``LocalReplica/state()``).
    public init(records: Records, replica: String, now: @escaping @Sendable () -> Date = Date.init) {
        self.records = records
        clock = SharedHybridClock(replica: replica, now: now)
        self.now = now
    }

    /// Every list in the store, oldest first.
    public func all() async throws -> [HouseholdList] {
        try await records.all(HouseholdList.self, DocumentQuery(collection: HouseholdList.collection, sort: SortKey("createdAt"))).map(\.value)
    }

    /// A list by id, or by name when exactly one list has it.
    public func list(_ idOrName: String) async throws -> HouseholdList {
        if let stored = try await records.get(HouseholdList.self, HouseholdList.collection, idOrName) { return stored.value }
        let several = "Several lists are called '\(idOrName)'; give the list's id (receipts list show)."
        return try Self.element(idOrName, of: try await all(), { ($0.id, $0.name) }, notFound: ShoppingLists.notFound, several: several)
    }

    /// A new list. Without a household it joins the household of the next `receipts sync`.
    public func create(name: String, household: String?, by displayName: String) async throws -> HouseholdList {
        var list = HouseholdList(
            id: Identifiers.make("l"),
            household: household ?? "",
            name: try HouseholdDirectory.validName(name),
            createdBy: displayName,
            createdAt: Instant.string(now()),
            entries: []
        )
        var stamps = ReplicaStamps()
        stamps.fields["name"] = clock.stamp()
        list.stamps = stamps
        try await records.put(list, HouseholdList.collection, list.id, expectedRev: 0)
        return list
    }

    public func rename(_ idOrName: String, to name: String) async throws -> HouseholdList {
        let name = try HouseholdDirectory.validName(name)
        return try await change(idOrName) { list in list.name = name }.0
    }

    /// Deletes a list; the next sync deletes it on the server too, even if it was changed there
    /// meanwhile (deletion wins, as for entries).
    public func delete(_ idOrName: String) async throws -> HouseholdList {
        let list = try await list(idOrName)
        if !list.household.isEmpty { try await LocalReplica(records: records, now: now).forget(list: list.id) }
        try await records.store.delete(collection: HouseholdList.collection, id: list.id)
        return list
    }

    public func addEntry(to idOrName: String, _ input: EntryInput, by displayName: String) async throws -> (HouseholdList, HouseholdList.Entry) {
        // No account here: the server gives the entry the syncing member's id.
        let entry = try ShoppingLists.newEntry(input, addedBy: displayName, userId: "", now: now())
        return try await change(idOrName) { list in
            list.entries.append(entry)
            return entry
        }
    }

    /// Edits (or ticks) an entry, found by id or, when exactly one entry has it, by name.
    public func editEntry(
        _ entry: String,
        of idOrName: String,
        _ input: EntryInput,
        by displayName: String
    ) async throws -> (HouseholdList, HouseholdList.Entry) {
        let edit = try ShoppingLists.entryEdit(input, by: displayName)
        return try await change(idOrName) { list in
            let index = try Self.index(of: entry, in: list)
            edit(&list.entries[index])
            return list.entries[index]
        }
    }

    public func deleteEntry(_ entry: String, of idOrName: String) async throws -> HouseholdList {
        try await change(idOrName) { list in
            let index = try Self.index(of: entry, in: list)
            list.entries.remove(at: index)
        }.0
    }

    func change<R: Sendable>(_ idOrName: String, _ body: (inout HouseholdList) throws -> R) async throws -> (HouseholdList, R) {
        let id = try await list(idOrName).id
        let (stored, result) = try await records.update(
            HouseholdList.self,
            HouseholdList.collection,
            id,
            ifMatch: nil,
            notFound: ShoppingLists.notFound
        ) { list in
            try list.stampingChanges(clock: clock, body)
        }
        return (stored.value, result)
    }

    static func index(of entry: String, in list: HouseholdList) throws -> Int {
        try index(
            of: entry,
            in: list.entries.map { ($0.id, $0.name) },
            notFound: ShoppingLists.entryNotFound,
            several: "Several entries are called '\(entry)'; give the entry's id (receipts list show)."
        )
    }

    /// The element whose id is `key`, else the only one named `key` (any case).
    static func element<T>(
        _ key: String,
        of elements: [T],
        _ idAndName: (T) -> (id: String?, name: String),
        notFound: HouseholdError,
        several: String
    ) throws -> T {
        elements[try index(of: key, in: elements.map(idAndName), notFound: notFound, several: several)]
    }

    /// The position of the element whose id is `key`, else of the only one named `key` (any case).
    static func index(of key: String, in elements: [(id: String?, name: String)], notFound: HouseholdError, several: String) throws -> Int {
        if let index = elements.firstIndex(where: { $0.id == key }) { return index }
        let named = elements.indices.filter { elements[$0].name.caseInsensitiveCompare(key) == .orderedSame }
        guard named.count == 1 else { throw named.isEmpty ? notFound : HouseholdError(notFound.code, several) }
        return named[0]
    }
}
