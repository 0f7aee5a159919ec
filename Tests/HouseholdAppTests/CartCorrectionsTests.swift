import DocumentStore
import Foundation
import HouseholdApp
import Households
import Logging
import ReceiptModel
import ReceiptTesting
import Testing

/// A household's services over a temporary store, with one member and their household.
struct Household: Sendable {
    let store: any DocumentStore
    let services: HouseholdServices
    let user: PublicUser
    let home: String

    static let logger: Logger = {
        var logger = Logger(label: "household-app-tests")
        logger.logLevel = .critical
        return logger
    }()

    static func with(_ engine: StoreEngine = .sqlite, _ body: @escaping @Sendable (Household) async throws -> Void) async throws {
        try await TemporaryStores.with(engine) { store, _ in
            let services = HouseholdServices(store: store, bcryptCost: 4, logger: logger)
            try await services.prepare(logger: logger)
            let user = try await services.accounts.signUp(email: "a@example.org", displayName: "Alice", password: "long enough")
            let home = try await services.directory.create(name: "Home", by: user).value.id
            try await body(Household(store: store, services: services, user: user, home: home))
        }
    }
}

@Suite struct CartCorrectionsTests {
    @Test("a correction is saved at the revision read, logged, and refused on a stale one")
    func correctionChecksTheRevision() async throws {
        try await Household.with { h in
            let cart = try await h.services.carts.create(in: h.home, name: "Corner shop", currency: "EUR", by: h.user)
            let (withItem, _) = try await h.services.carts.addItem(
                to: cart.value.id,
                in: h.home,
                ItemInput(name: "MLK", price: Amount("1.10")),
                by: h.user,
                ifMatch: nil
            )
            let correction = CartCorrection(merchant: "Corner Shop", items: [0: .init(name: "Milk")])
            await #expect(throws: HouseholdError.self) {
                try await h.services.corrections.save(correction, to: cart.value.id, in: h.home, by: h.user.id, ifMatch: cart.rev)
            }
            let corrected = try await h.services.corrections.save(correction, to: cart.value.id, in: h.home, by: h.user.id, ifMatch: withItem.rev)
            #expect(corrected.rev == withItem.rev + 1)
            #expect(corrected.value.merchant?.name == "Corner Shop")
            #expect(corrected.value.items.first?.name == "Milk")
            #expect(corrected.value.verified.contains("merchant"))
            let log = try await h.services.carts.changes(of: cart.value.id, in: h.home, for: h.user.id)
            #expect(log.last?.revision == corrected.rev)
        }
    }

    @Test("a correction of another household's cart answers not found")
    func correctionChecksMembership() async throws {
        try await Household.with { h in
            let cart = try await h.services.carts.create(in: h.home, name: "Corner shop", currency: "EUR", by: h.user)
            let bob = try await h.services.accounts.signUp(email: "b@example.org", displayName: "Bob", password: "long enough")
            await #expect(throws: HouseholdError.self) {
                try await h.services.corrections.save(CartCorrection(merchant: "X"), to: cart.value.id, in: h.home, by: bob.id, ifMatch: nil)
            }
        }
    }

    @Test("carts from before households join the oldest household through the write path")
    func householdlessCartsAreAdopted() async throws {
        try await Household.with { h in
            var orphan = CartDocument(
                id: "c_orphan",
                name: "Old receipt",
                addedByUser: "me",
                addedOn: "2024-01-01T00:00:00Z",
                completed: true,
                currency: "EUR",
                totalPrice: Amount("3.00"),
                source: DocumentSource(file: "old.jpg")
            )
            orphan.household = nil
            try await h.store.put(collection: Collections.carts, id: orphan.id, document: try JSONValue(encoding: orphan), expectedRev: 0)
            try await h.services.adoptHouseholdlessCarts(logger: Household.logger)
            let adopted = try await h.services.carts.cart(orphan.id, in: h.home, for: h.user.id)
            #expect(adopted.value.household == h.home)
            #expect(adopted.value.name == "Old receipt")
            #expect(adopted.rev == 2)
        }
    }
}
