import DocumentStore
import Foundation
import HouseholdApp
import Households
import ReceiptModel
import ReceiptTesting
import Testing

/// The receipt worker names a merchant the household already has as the household spelled it
/// (issue 31): the known merchants are the household's own carts', never another household's.
@Suite(.timeLimit(.minutes(5))) struct KnownMerchantJobTests {
    @Test("an uploaded receipt from a shop the household knows is named as before")
    func knownMerchantIsNamedAsBefore() async throws {
        try await Household.with { h in
            // An earlier cart of this household, its merchant written in title case by a member;
            // another household wrote it differently, and more often.
            let earlier: [(String, String, String)] =
                [("earlier", "Sunrise Market", h.home), ("other-1", "Sunrise Mkt", "elsewhere"), ("other-2", "Sunrise Mkt", "elsewhere")]
            for (id, name, household) in earlier {
                var cart = CartDocument(
                    id: id,
                    name: id,
                    addedByUser: "Alice",
                    addedOn: "2026-03-09T15:00:00Z",
                    merchant: Merchant(name: name),
                    source: DocumentSource(file: id, sha256: id)
                )
                cart.household = household
                try await h.store.put(collection: CartDocument.collection, id: id, document: try JSONValue(encoding: cart))
            }
            let photo = Fixtures.url("receipts/us-market-sunrise.png")
            _ = try await h.services.jobs.enqueue(image: try Data(contentsOf: photo), fileName: "a.png", household: h.home, by: h.user)
            guard case .done(let cartId) = try await ReceiptJobReadingTests.readQueuedJob(h) else {
                Issue.record("not read")
                return
            }
            let cart = try await h.services.carts.cart(cartId, in: h.home, for: h.user.id)
            #expect(cart.value.merchant?.name == "Sunrise Market")
        }
    }
}
