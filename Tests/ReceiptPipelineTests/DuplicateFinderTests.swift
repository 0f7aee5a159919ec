import DocumentStore
import Foundation
import ReceiptModel
import ReceiptTesting
import Testing

@testable import ReceiptPipeline

@Suite struct DuplicateFinderTests {
    static func cart(
        _ id: String,
        merchant: String? = "Fresh Mart",
        date: String? = "2026-03-09",
        time: String? = "14:32",
        total: String? = "43.48",
        currency: String? = "USD",
        household: String? = nil
    ) -> CartDocument {
        var cart = CartDocument(
            id: id,
            name: id,
            addedByUser: "a",
            addedOn: "2026-03-09T15:00:00Z",
            merchant: merchant.map { Merchant(name: $0) },
            date: date,
            time: time,
            currency: currency,
            total: total.flatMap { Amount($0) },
            source: DocumentSource(file: id, sha256: id)
        )
        cart.household = household
        return cart
    }

    @Test("same merchant, date, time and total: a duplicate of the first; anything different: not")
    func rules() async throws {
        try await TemporaryStores.with(.sqlite) { store, _ in
            try await store.put(collection: CartDocument.collection, id: "first", document: try JSONValue(encoding: Self.cart("first")))
            let finder = DuplicateFinder(store: store)
            #expect(try await finder.original(of: Self.cart("second", merchant: "FRESH  MART")) == "first")
            #expect(try await finder.original(of: Self.cart("no-time", time: nil)) == "first")
            #expect(try await finder.original(of: Self.cart("later", time: "18:05")) == nil)
            #expect(try await finder.original(of: Self.cart("dearer", total: "43.49")) == nil)
            #expect(try await finder.original(of: Self.cart("euro", currency: "EUR")) == nil)
            #expect(try await finder.original(of: Self.cart("other-day", date: "2026-03-10")) == nil)
            #expect(try await finder.original(of: Self.cart("no-merchant", merchant: nil)) == nil)
            #expect(try await finder.original(of: Self.cart("shared", household: "h1")) == nil)
            // A third copy points at the first, not at the second.
            var second = Self.cart("second")
            second.possibleDuplicateOf = "first"
            try await store.put(collection: CartDocument.collection, id: "second", document: try JSONValue(encoding: second))
            #expect(try await finder.original(of: Self.cart("third")) == "first")
        }
    }
}
