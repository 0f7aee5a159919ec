import Foundation
import ReceiptModel
import Testing

@Suite struct CartDocumentTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    @Test func theDocumentedExampleDecodesAndReencodesUnchanged() throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("documents/cart-example.json"))
        let cart = try JSONCoding.decoder.decode(CartDocument.self, from: data)
        #expect(cart.items.count == 2)
        #expect(cart.total == Amount("56.58"))
        #expect(cart.total?.description == "56.58")
        #expect(cart.items[0].quantity == 2)
        #expect(cart.items[0].unitPrice?.description == "22.95")
        #expect(cart.items[1].product?.barcode == "0049000028911")
        #expect(cart.merchant?.phone == "(562) 597-0906")
        #expect(cart.taxes.first?.amount == Amount("4.68"))
        #expect(cart.checks.subtotalPlusTaxMatchesTotal == true)
        #expect(cart.source.width == 750)
        #expect(cart.extra.isEmpty)
        // Every member, nulls included, survives a round trip.
        let original = try JSONValue(jsonData: data)
        let written = try JSONValue(jsonData: try JSONCoding.encoder.encode(cart))
        #expect(written == original)
    }

    @Test func unknownFieldsAreKeptAtTopLevelAndInItems() throws {
        let text = """
            {"id":"abc","rev":3,"type":"cart","name":"X","addedByUser":"u","addedOn":"2026-01-01T00:00:00Z",
             "loyaltyCard":{"number":"1234","points":12.5},"storeNo":17,
             "items":[{"name":"Milk","price":"1.99","aisle":"dairy","tags":["a",null]}],
             "source":{"file":"a.png"}}
            """
        let cart = try JSONCoding.decoder.decode(CartDocument.self, from: Data(text.utf8))
        #expect(cart.extra["storeNo"] == .number(17))
        #expect(cart.extra["loyaltyCard"]?["points"] == .number(Decimal(string: "12.5")!))
        #expect(cart.items[0].extra["aisle"] == .string("dairy"))
        let back = try JSONValue(jsonData: try JSONCoding.encoder.encode(cart))
        #expect(back["loyaltyCard"] == cart.extra["loyaltyCard"])
        #expect(back["storeNo"] == .number(17))
        #expect(back["items"]?.arrayValue?.first?["aisle"] == .string("dairy"))
        #expect(back["items"]?.arrayValue?.first?["tags"] == .array([.string("a"), .null]))
        #expect(back["rev"] == .number(3))
        // Missing optional fields are written as null, not dropped.
        #expect(back["total"] == .null)
        #expect(back["merchant"] == .null)
    }

    @Test func anExtraKeyNeverOverridesAKnownField() throws {
        var cart = CartDocument(id: "a", name: "n", addedByUser: "u", addedOn: "t", source: DocumentSource(file: "f"))
        cart.extra["name"] = .string("sneaky")
        let back = try JSONValue(jsonData: try JSONCoding.encoder.encode(cart))
        #expect(back["name"] == .string("n"))
    }

    @Test func cartRoundTripsThroughJSON() throws {
        let cart = CartDocument(
            id: String(repeating: "ab", count: 32),
            name: "SHOP 2026-01-02",
            addedByUser: "ann",
            addedOn: "2026-01-02T10:00:00Z",
            merchant: Merchant(name: "SHOP"),
            date: "2026-01-02",
            currency: "EUR",
            items: [
                CartItem(
                    name: "Bananas",
                    quantity: Decimal(string: "0.52"),
                    unit: "kg",
                    unitPrice: Amount("1.99"),
                    price: Amount("1.03"),
                    discount: Amount("-0.10")
                )
            ],
            total: Amount("1.03"),
            totalPrice: Amount("1.03"),
            payment: Payment(method: "card", cardLast4: "1234"),
            warnings: ["total.unchecked"],
            source: DocumentSource(file: "r/1.png", bytes: 10)
        )
        let data = try JSONCoding.encoder.encode(cart)
        let back = try JSONCoding.decoder.decode(CartDocument.self, from: data)
        #expect(back == cart)
        #expect(back.items[0].quantity == Decimal(string: "0.52"))
        #expect(String(decoding: data, as: UTF8.self).contains(#""discount":"-0.10""#))
    }

    @Test func failuresAndListsRoundTrip() throws {
        let failure = FailureRecord(
            id: "f",
            source: DocumentSource(file: "x.jpg"),
            error: "image.unreadable",
            message: "Not an image.",
            failedAt: "2026-01-01T00:00:00Z"
        )
        let failureBack = try JSONCoding.decoder.decode(FailureRecord.self, from: JSONCoding.encoder.encode(failure))
        #expect(failureBack == failure)
        #expect(failureBack.type == "failure")

        let list = ShoppingList(
            id: "l",
            name: "groceries",
            addedByUser: "ann",
            addedOn: "2026-01-01T00:00:00Z",
            items: [ShoppingListItem(name: "milk", quantity: 2, unitPrice: Amount("1.50"), price: Amount("3.00"))],
            totalPrice: Amount("3.00")
        )
        let data = try JSONCoding.encoder.encode(list)
        let listBack = try JSONCoding.decoder.decode(ShoppingList.self, from: data)
        #expect(listBack == list)
        #expect(listBack.completed == false)
        #expect(try JSONValue(jsonData: data)["completed"] == .bool(false))
    }
}
