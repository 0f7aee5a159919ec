import Foundation
import Households
import ReceiptTesting
import Testing

/// Every call names the household and checks membership: an id from a household the caller is
/// not in answers exactly like an id that does not exist.
@Suite struct MembershipTests {
    @Test("another household's household, cart and list ids answer like missing ones")
    func privacy() async throws {
        try await HouseholdTestBed.with { bed in
            let cart = try await bed.carts.create(in: bed.household, name: "Groceries", currency: "EUR", by: bed.ana).value
            let list = try await bed.lists.create(in: bed.household, name: "Weekly", by: bed.ana).value

            let household = await #expect(throws: HouseholdError.self) { try await bed.directory.household(bed.household, for: bed.bo.id) }
            let missing = await #expect(throws: HouseholdError.self) { try await bed.directory.household("h_missing", for: bed.bo.id) }
            #expect(household == missing)
            #expect(household?.code == .householdNotFound)

            let foreignCart = await #expect(throws: HouseholdError.self) { try await bed.carts.cart(cart.id, in: bed.household, for: bed.bo.id) }
            let missingCart = await #expect(throws: HouseholdError.self) { try await bed.carts.cart("c_missing", in: bed.household, for: bed.bo.id) }
            #expect(foreignCart == missingCart)

            // Naming Bo's own household does not open Ana's cart either.
            let bos = try await bed.directory.create(name: "Bo's", by: bed.bo).value.id
            let crossed = await #expect(throws: HouseholdError.self) { try await bed.carts.cart(cart.id, in: bos, for: bed.bo.id) }
            #expect(crossed?.code == .cartNotFound)
            let crossedList = await #expect(throws: HouseholdError.self) { try await bed.lists.list(list.id, in: bos, for: bed.bo.id) }
            #expect(crossedList?.code == .listNotFound)
        }
    }

    /// An edit names the revision it started from: never `request.stale` with another household's revision.
    @Test("another household's cart or list edited with a wrong If-Match answers not-found, not stale")
    func staleRevisionOfAnotherHousehold() async throws {
        try await HouseholdTestBed.with { bed in
            let cart = try await bed.carts.create(in: bed.household, name: "Groceries", currency: "EUR", by: bed.ana).value
            let list = try await bed.lists.create(in: bed.household, name: "Weekly", by: bed.ana).value
            let bos = try await bed.directory.create(name: "Bo's", by: bed.bo).value.id

            let crossedCart = await #expect(throws: HouseholdError.self) {
                try await bed.carts.update(cart.id, in: bos, name: "Mine", keepDuplicate: nil, by: bed.bo.id, ifMatch: 99)
            }
            let missingCart = await #expect(throws: HouseholdError.self) {
                try await bed.carts.update("c_missing", in: bos, name: "Mine", keepDuplicate: nil, by: bed.bo.id, ifMatch: 99)
            }
            #expect(crossedCart == missingCart)
            #expect(crossedCart?.code == .cartNotFound)

            let crossedList = await #expect(throws: HouseholdError.self) {
                try await bed.lists.rename(list.id, in: bos, to: "Mine", by: bed.bo.id, ifMatch: 99)
            }
            let missingList = await #expect(throws: HouseholdError.self) {
                try await bed.lists.rename("l_missing", in: bos, to: "Mine", by: bed.bo.id, ifMatch: 99)
            }
            #expect(crossedList == missingList)
            #expect(crossedList?.code == .listNotFound)
        }
    }

    @Test("an invited member sees the household's carts; after leaving, no longer")
    func joinAndLeave() async throws {
        try await HouseholdTestBed.with { bed in
            let cart = try await bed.carts.create(in: bed.household, name: "Groceries", currency: "EUR", by: bed.ana).value
            let code = try await bed.directory.invite(to: bed.household, by: bed.ana.id)
            _ = try await bed.directory.join(code: code.code, user: bed.bo)
            #expect(try await bed.carts.cart(cart.id, in: bed.household, for: bed.bo.id).value.name == "Groceries")
            try await bed.directory.leave(bed.household, userId: bed.bo.id)
            await #expect(throws: HouseholdError.self) { try await bed.carts.cart(cart.id, in: bed.household, for: bed.bo.id) }
        }
    }
}
