import Foundation
import Households
import ReceiptModel
import SharedExpenses
import Testing

@Suite struct PaymentTests {
    @Test("a share marked paid settles it once; balances and settle-up follow; the expense can no longer be deleted")
    func markPaid() async throws {
        try await LedgerTestBed.with { bed in
            let group = try await bed.groups.create(name: "Flat", members: [bed.bo.id], currency: "EUR", by: bed.ana.id).value
            let expense = try await bed.ledger.add(ExpenseInput(group: group.id, total: Amount("9.14")), by: bed.ana.id).value
            var balances = try await bed.payments.balances(ofGroup: group.id, for: bed.bo.id)
            #expect(balances.suggestions.map(\.amount) == [Amount("4.57")!])

            let notUploader = await #expect(throws: HouseholdError.self) {
                try await bed.payments.markPaid(expense: expense.id, member: bed.bo.id, by: bed.bo.id)
            }
            #expect(notUploader?.code == .notUploader)
            let paid = try await bed.payments.markPaid(expense: expense.id, member: bed.bo.id, by: bed.ana.id)
            #expect(paid.map(\.amount) == [457])
            let twice = await #expect(throws: HouseholdError.self) {
                try await bed.payments.markPaid(expense: expense.id, member: bed.bo.id, by: bed.ana.id)
            }
            #expect(twice?.code == .sharePaid)

            balances = try await bed.payments.balances(ofGroup: group.id, for: bed.bo.id)
            #expect(balances.suggestions.isEmpty)
            let delete = await #expect(throws: HouseholdError.self) { try await bed.ledger.delete(expense.id, by: bed.ana.id, ifMatch: nil) }
            #expect(delete?.code == .hasPayments)
        }
    }

    @Test("a transfer is recorded by one of its two members; friend standings show what is owed")
    func transfersAndStandings() async throws {
        try await LedgerTestBed.with { bed in
            let group = try await bed.groups.create(name: "Flat", members: [bed.bo.id], currency: "EUR", by: bed.ana.id).value
            _ = try await bed.ledger.add(ExpenseInput(group: group.id, total: Amount("20.00")), by: bed.ana.id)
            let forbidden = await #expect(throws: HouseholdError.self) {
                try await bed.payments.recordTransfer(
                    in: group.id,
                    from: bed.bo.id,
                    to: bed.ana.id,
                    amount: Amount("1.00")!,
                    currency: "EUR",
                    by: bed.cy.id
                )
            }
            #expect(forbidden?.code == .groupNotFound)
            _ = try await bed.payments.recordTransfer(
                in: group.id,
                from: bed.bo.id,
                to: bed.ana.id,
                amount: Amount("4.00")!,
                currency: "EUR",
                by: bed.bo.id
            )

            let standings = try await bed.payments.friendStandings(of: bed.ana.id, friends: bed.friends)
            #expect(standings.map(\.friend.id) == [bed.bo.id])
            #expect(standings.first?.balances == ["EUR": Amount("-6.00")!])
            #expect(standings.first?.statuses == [.uploadedByMe: 1])
            let bos = try await bed.payments.friendStandings(of: bed.bo.id, friends: bed.friends)
            #expect(bos.first?.balances == ["EUR": Amount("6.00")!])
            #expect(bos.first?.statuses == [.toPay: 1])
        }
    }
}
