import Foundation
import HouseholdApp
import Households
import ReceiptModel
import Testing

@Suite struct HouseholdReceiptFilingTests {
    static func receiptCart(household: String, total: String) -> CartDocument {
        var cart = CartDocument(
            id: CartDocument.receiptCartID(imageSHA256: "ab12", household: household),
            name: "FRESH MART",
            addedByUser: "operator",
            addedOn: "2024-03-09T10:00:00Z",
            items: [CartItem(name: "Milk", price: Amount(total))],
            total: Amount(total),
            source: DocumentSource(file: "receipt.png", sha256: "ab12")
        )
        cart.household = household
        return cart
    }

    @Test("an ingested receipt is the owner's purchase, logged once; a second reading keeps the members' cart unless it replaces it")
    func filingGoesThroughTheChangeLog() async throws {
        try await Household.with { h in
            let filing = try await HouseholdReceiptFiling(services: h.services, household: h.home, member: nil, logger: Household.logger)
            let first = try await filing.file(Self.receiptCart(household: h.home, total: "3.49"), replacing: false)
            #expect(first.purchasedByUser == "Alice" && first.addedByUserId == h.user.id)
            #expect(first.items.first?.id != nil)
            _ = try await h.services.carts.update(first.id, in: h.home, name: "Groceries", keepDuplicate: nil, by: h.user.id, ifMatch: nil)

            let again = try await filing.file(Self.receiptCart(household: h.home, total: "9.99"), replacing: false)
            #expect(again.name == "Groceries" && again.total == Amount("3.49"))
            let replaced = try await filing.file(Self.receiptCart(household: h.home, total: "9.99"), replacing: true)
            #expect(replaced.total == Amount("9.99") && replaced.addedByUserId == h.user.id)

            let log = try await h.services.carts.changes(of: first.id, in: h.home, for: h.user.id)
            #expect(log.map(\.action) == [.created, .changed, .changed])
            #expect(log.allSatisfy { $0.userId == h.user.id })
        }
    }

    @Test("a member that is not in the household, or a household that does not exist, is refused before anything is read")
    func unknownMemberOrHousehold() async throws {
        try await Household.with { h in
            await #expect(throws: HouseholdError.self) {
                try await HouseholdReceiptFiling(services: h.services, household: h.home, member: "Zed", logger: Household.logger)
            }
            await #expect(throws: HouseholdError.householdNotFound) {
                try await HouseholdReceiptFiling(services: h.services, household: "h_missing", member: nil, logger: Household.logger)
            }
            let byName = try await HouseholdReceiptFiling(services: h.services, household: h.home, member: "Alice", logger: Household.logger)
            #expect(try await byName.file(Self.receiptCart(household: h.home, total: "1.00"), replacing: false).purchasedByUser == "Alice")
        }
    }
}
