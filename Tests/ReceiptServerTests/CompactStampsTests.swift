import DocumentStore
import Foundation
import HouseholdApp
import ReceiptModel
import ReceiptServer
import ReceiptTesting
import Replication
import Testing

@testable import Households

/// Stamps are stored compactly: an entry written at once holds one shared stamp (`"*"`), and a
/// later edit adds only the fields it wrote. Reading them back gives every field its stamp.
@Suite struct CompactStampsTests {
    @Test("an added item holds one stamp; a tick adds two; every field still has its stamp")
    func itemsHoldOneSharedStampAndTheirEdits() async throws {
        try await TemporaryStores.with(.sqlite) { store, _ in
            let services = HouseholdServices(store: store, bcryptCost: 4, logger: ServerHarness.logger)
            try await services.prepare(logger: ServerHarness.logger)
            let user = try await services.accounts.signUp(email: "c@example.org", displayName: "C", password: "long enough")
            let home = try await services.directory.create(name: "Home", by: user).value.id
            let cart = try await services.carts.create(in: home, name: "Shop", currency: "EUR", by: user).value.id
            let (_, milk) = try await services.carts.addItem(
                to: cart,
                in: home,
                ItemInput(name: "Milk", price: Amount("1.19")),
                by: user,
                ifMatch: nil
            )
            let milkId = try #require(milk.id)

            func storedStamps() async throws -> ReplicaStamps {
                let stored = try await store.get(collection: CartDocument.collection, id: cart)
                return try #require(try stored?.document.decode(as: CartDocument.self).stamps)
            }
            let added = try await storedStamps()
            #expect(added.entries[milkId]?.keys.sorted() == [ReplicaStamps.everyField])
            let addedAt = added.stamp(entry: milkId, field: "name")
            #expect(addedAt != .zero)

            _ = try await services.carts.tick(milkId, of: cart, in: home, completed: true, by: user, ifMatch: nil)
            let ticked = try await storedStamps()
            #expect(Set(ticked.entries[milkId]?.keys ?? [:].keys) == [ReplicaStamps.everyField, "completed", "completedBy"])
            #expect(ticked.stamp(entry: milkId, field: "name") == addedAt)
            #expect(ticked.stamp(entry: milkId, field: "completed") > addedAt)

            // The replicated state gives every field its stamp, as the expanded form did.
            var stored = try #require(try await store.get(collection: CartDocument.collection, id: cart)?.document.decode(as: CartDocument.self))
            let state = try stored.replicated()
            #expect(state.entries[milkId]?.fields["price"]?.at == addedAt)
            #expect(state.entries[milkId]?.fields["completed"]?.at == ticked.stamp(entry: milkId, field: "completed"))

            // An offline edit of the name made before the tick merges per field: the newer tick
            // stays, the name (stamped later than the add) wins.
            var offline = state
            let later = HybridTimestamp(wallMillis: addedAt.wallMillis + 1, counter: 0, replica: "phone")
            offline.entries[milkId]?.fields["name"] = Register(.string("Oat milk"), at: later)
            offline.entries[milkId]?.fields["completed"] = Register(.bool(false), at: later)
            try stored.merge(offline)
            let merged = try #require(stored.items.first { $0.id == milkId })
            #expect(merged.name == "Oat milk")
            #expect(merged.completed == true)
        }
    }

    @Test("stamps stored before compaction (one per field) still read and merge")
    func expandedStampsStillRead() throws {
        let old = HybridTimestamp(wallMillis: 1_000, counter: 0, replica: "srv_a")
        var stamps = ReplicaStamps()
        stamps.entries["i_1"] = Dictionary(uniqueKeysWithValues: CartDocument.itemFields.map { ($0, old) })
        #expect(stamps.stamp(entry: "i_1", field: "completed") == old)
        // A merged state with all fields stamped is stored compactly again.
        var document = ReplicatedDocument()
        document.entries["i_1"] = ReplicatedEntry(
            fields: Dictionary(uniqueKeysWithValues: CartDocument.itemFields.map { ($0, Register(.null, at: old)) })
        )
        let compacted = ReplicaStamps(merged: document, fields: ["name"], entryFields: CartDocument.itemFields)
        #expect(compacted.entries["i_1"] == [ReplicaStamps.everyField: old])
        // A field without a stamp of its own (written before replication) keeps reading as zero.
        document.entries["i_1"]?.fields["completed"] = Register(.bool(true), at: .zero)
        let partial = ReplicaStamps(merged: document, fields: ["name"], entryFields: CartDocument.itemFields)
        #expect(partial.entries["i_1"]?[ReplicaStamps.everyField] == nil)
        #expect(partial.stamp(entry: "i_1", field: "completed") == .zero)
    }
}
