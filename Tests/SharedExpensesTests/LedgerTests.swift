import Expenses
import Foundation
import Households
import ReceiptModel
import SharedExpenses
import Testing

@Suite struct LedgerTests {
    @Test("an expense splits evenly by default; only its uploader edits it; the total is kept")
    func addAndEdit() async throws {
        try await LedgerTestBed.with { bed in
            let group = try await bed.groups.create(name: "Flat", members: [bed.bo.id], currency: "EUR", by: bed.ana.id).value
            let added = try await bed.ledger.add(ExpenseInput(group: group.id, merchant: "Market", total: Amount("10.01")), by: bed.ana.id)
            #expect(try added.value.expense.shares().values.sorted() == [500, 501])
            #expect(added.value.expense.payers == [bed.ana.id: 1001])

            let notUploader = await #expect(throws: HouseholdError.self) {
                try await bed.ledger.edit(added.value.id, ExpenseLedger.Edit(notes: "mine"), by: bed.bo.id, ifMatch: nil)
            }
            #expect(notUploader?.code == .notUploader)

            let edited = try await bed.ledger.edit(
                added.value.id,
                ExpenseLedger.Edit(split: SplitInput(mode: .exact, amounts: [bed.ana.id: Amount("2.01")!, bed.bo.id: Amount("8.00")!])),
                by: bed.ana.id,
                ifMatch: nil
            )
            #expect(try edited.value.expense.shares() == [bed.ana.id: 201, bed.bo.id: 800])
            #expect(edited.value.expense.total == 1001)

            let wrongSum = await #expect(throws: ExpenseError.self) {
                try await bed.ledger.edit(
                    added.value.id,
                    ExpenseLedger.Edit(split: SplitInput(mode: .exact, amounts: [bed.ana.id: Amount("1.00")!])),
                    by: bed.ana.id,
                    ifMatch: nil
                )
            }
            #expect(wrongSum != nil)
        }
    }

    @Test("a personal expense is seen by its participants only")
    func personalVisibility() async throws {
        try await LedgerTestBed.with { bed in
            let added = try await bed.ledger.add(
                ExpenseInput(currency: "EUR", total: Amount("6.00"), split: SplitInput(mode: .evenly, members: [bed.ana.id, bed.bo.id])),
                by: bed.ana.id
            ).value
            #expect(try await bed.ledger.expenses(of: bed.bo.id).map(\.value.id) == [added.id])
            let outsider = await #expect(throws: HouseholdError.self) { try await bed.ledger.expense(added.id, for: bed.cy.id) }
            #expect(outsider?.code == .expenseNotFound)
            let stranger = await #expect(throws: HouseholdError.self) {
                try await bed.ledger.add(
                    ExpenseInput(currency: "EUR", total: Amount("6.00"), split: SplitInput(mode: .evenly, members: [bed.ana.id, bed.cy.id])),
                    by: bed.ana.id
                )
            }
            #expect(stranger?.code == .notFriend)
        }
    }

    @Test("a receipt split by item gives each member their lines")
    func byItem() async throws {
        let cart = CartDocument(
            id: "c1",
            name: "Diner",
            addedByUser: "Ana",
            addedOn: "2026-11-20T19:00:00Z",
            currency: "USD",
            items: [CartItem(name: "Burger", price: Amount("12.00")), CartItem(name: "Salad", price: Amount("8.00"))],
            total: Amount("20.00"),
            source: DocumentSource(file: "diner.jpg")
        )
        try await LedgerTestBed.with(carts: ["c1": cart]) { bed in
            let group = try await bed.groups.create(name: "Dinner", members: [bed.bo.id], by: bed.ana.id).value
            let added = try await bed.ledger.add(
                ExpenseInput(
                    group: group.id,
                    receipt: ReceiptInput(household: "h_1", cart: "c1"),
                    split: SplitInput(mode: .byItem, items: ["0": [bed.ana.id: 1], "1": [bed.bo.id: 1]])
                ),
                by: bed.ana.id
            ).value
            #expect(added.expense.currency == "USD")
            #expect(try added.expense.shares() == [bed.ana.id: 1200, bed.bo.id: 800])
            #expect(added.merchant == nil)
            #expect(added.receipt?.cartId == "c1")
        }
    }
}
