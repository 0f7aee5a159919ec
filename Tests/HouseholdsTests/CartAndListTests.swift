import Foundation
import Households
import ReceiptModel
import Testing

@Suite struct CartEditorTests {
    @Test("ticking the last item completes the cart and names who bought it; unticking reopens it")
    func ticksComplete() async throws {
        try await HouseholdTestBed.with { bed in
            let cart = try await bed.carts.create(in: bed.household, name: "Groceries", currency: "EUR", by: bed.ana).value
            let milk = try await bed.carts.addItem(
                to: cart.id,
                in: bed.household,
                ItemInput(name: "Milk", price: Amount(Decimal(string: "1.29")!, scale: 2)),
                by: bed.ana,
                ifMatch: nil
            ).1
            let eggs = try await bed.carts.addItem(
                to: cart.id,
                in: bed.household,
                ItemInput(name: "Eggs", price: Amount(Decimal(string: "2.50")!, scale: 2)),
                by: bed.ana,
                ifMatch: nil
            ).1
            let milkId = try #require(milk.id)
            let eggsId = try #require(eggs.id)

            let half = try await bed.carts.tick(milkId, of: cart.id, in: bed.household, completed: true, by: bed.ana, ifMatch: nil).0.value
            #expect(!half.completed)
            #expect(half.totalPrice == Amount(Decimal(string: "3.79")!, scale: 2))

            let done = try await bed.carts.tick(eggsId, of: cart.id, in: bed.household, completed: true, by: bed.ana, ifMatch: nil).0
            #expect(done.value.completed)
            #expect(done.value.purchasedByUser == "Ana")
            #expect(done.value.items.allSatisfy { $0.completedBy == "Ana" })

            // A second tick of a ticked item changes nothing: no new revision.
            let again = try await bed.carts.tick(eggsId, of: cart.id, in: bed.household, completed: true, by: bed.ana, ifMatch: nil).0
            #expect(again.rev == done.rev)

            let reopened = try await bed.carts.tick(milkId, of: cart.id, in: bed.household, completed: false, by: bed.ana, ifMatch: nil).0.value
            #expect(!reopened.completed)
            #expect(reopened.purchasedByUser == nil)
        }
    }

    @Test("an edit naming a stale revision is refused with request.stale")
    func staleIfMatch() async throws {
        try await HouseholdTestBed.with { bed in
            let cart = try await bed.carts.create(in: bed.household, name: "Groceries", currency: "EUR", by: bed.ana)
            _ = try await bed.carts.addItem(to: cart.value.id, in: bed.household, ItemInput(name: "Milk"), by: bed.ana, ifMatch: cart.rev)
            let stale = await #expect(throws: HouseholdError.self) {
                try await bed.carts.addItem(to: cart.value.id, in: bed.household, ItemInput(name: "Eggs"), by: bed.ana, ifMatch: cart.rev)
            }
            #expect(stale?.code == .stale)
        }
    }
}

@Suite struct ShoppingListTests {
    @Test("entries are added, edited (name, quantity, unit, note cleared), ticked and removed")
    func entryEdits() async throws {
        try await HouseholdTestBed.with { bed in
            let list = try await bed.lists.create(in: bed.household, name: "Weekly", by: bed.ana).value
            let entry = try await bed.lists.addEntry(
                to: list.id,
                in: bed.household,
                EntryInput(name: "tomato", quantity: 2, note: "ripe"),
                by: bed.ana,
                ifMatch: nil
            ).1
            #expect(entry.addedBy == "Ana")
            #expect(entry.addedByUserId == bed.ana.id)

            let edited = try await bed.lists.editEntry(
                entry.id,
                of: list.id,
                in: bed.household,
                EntryInput(name: "tomatoes", quantity: 6, unit: "pcs", note: .some(nil)),
                by: bed.ana,
                ifMatch: nil
            ).1
            #expect(edited.name == "tomatoes")
            #expect(edited.quantity == 6)
            #expect(edited.unit == "pcs")
            #expect(edited.note == nil)

            let ticked = try await bed.lists.editEntry(
                entry.id,
                of: list.id,
                in: bed.household,
                EntryInput(completed: true),
                by: bed.ana,
                ifMatch: nil
            ).1
            #expect(ticked.completed)
            #expect(ticked.completedBy == "Ana")

            let emptied = try await bed.lists.deleteEntry(entry.id, of: list.id, in: bed.household, by: bed.ana.id, ifMatch: nil).value
            #expect(emptied.entries.isEmpty)
            let gone = await #expect(throws: HouseholdError.self) {
                try await bed.lists.editEntry(entry.id, of: list.id, in: bed.household, EntryInput(completed: false), by: bed.ana, ifMatch: nil)
            }
            #expect(gone?.code == .entryNotFound)
        }
    }

    @Test("a blank entry name is refused and changes nothing")
    func invalidEdit() async throws {
        try await HouseholdTestBed.with { bed in
            let list = try await bed.lists.create(in: bed.household, name: "Weekly", by: bed.ana)
            let entry = try await bed.lists.addEntry(to: list.value.id, in: bed.household, EntryInput(name: "bread"), by: bed.ana, ifMatch: nil)
            let refused = await #expect(throws: HouseholdError.self) {
                try await bed.lists.editEntry(entry.1.id, of: list.value.id, in: bed.household, EntryInput(name: "  "), by: bed.ana, ifMatch: nil)
            }
            #expect(refused?.code == .invalidInput)
            #expect(try await bed.lists.list(list.value.id, in: bed.household, for: bed.ana.id).rev == entry.0.rev)
        }
    }
}
