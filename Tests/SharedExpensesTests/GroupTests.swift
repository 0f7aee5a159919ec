import Foundation
import Households
import ReceiptModel
import SharedExpenses
import Testing

@Suite struct GroupTests {
    @Test("a group takes the caller's friends; anyone else is refused; outsiders see it as missing")
    func membership() async throws {
        try await LedgerTestBed.with { bed in
            let group = try await bed.groups.create(name: "Flat", members: [bed.bo.id], currency: "EUR", by: bed.ana.id).value
            #expect(group.members == [bed.ana.id, bed.bo.id])
            #expect(try await bed.groups.groups(of: bed.bo.id).map(\.value.id) == [group.id])

            let stranger = await #expect(throws: HouseholdError.self) {
                try await bed.groups.create(name: "Trip", members: [bed.cy.id], by: bed.ana.id)
            }
            #expect(stranger?.code == .notFriend)

            let outsider = await #expect(throws: HouseholdError.self) { try await bed.groups.group(group.id, for: bed.cy.id) }
            let missing = await #expect(throws: HouseholdError.self) { try await bed.groups.group("g_missing", for: bed.cy.id) }
            #expect(outsider == missing)
            #expect(try await bed.groups.groups(of: bed.cy.id).isEmpty)
        }
    }

    @Test("default weights split an expense that names no split")
    func defaultWeights() async throws {
        try await LedgerTestBed.with { bed in
            let group = try await bed.groups.create(
                name: "Flat",
                members: [bed.bo.id],
                defaultWeights: [bed.ana.id: 2, bed.bo.id: 1],
                currency: "EUR",
                by: bed.ana.id
            ).value
            let added = try await bed.ledger.add(ExpenseInput(group: group.id, total: Amount("30.00")), by: bed.ana.id).value
            #expect(try added.expense.shares() == [bed.ana.id: 2000, bed.bo.id: 1000])
        }
    }
}
