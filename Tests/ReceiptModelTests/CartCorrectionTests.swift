import Foundation
import ReceiptModel
import Testing

@Suite struct CartCorrectionTests {
    static let cart = CartDocument(
        id: "c",
        name: "c",
        addedByUser: "a",
        addedOn: "2026-01-01T00:00:00Z",
        merchant: Merchant(name: "FRSH MRT", address: "1820 W Main St"),
        date: "2024-09-03",
        items: [CartItem(name: "WHL MLK", price: Amount("3.49")), CartItem(name: "EGGS", price: Amount("2.89"))],
        total: Amount("34.48"),
        totalPrice: Amount("34.48"),
        needsReview: true,
        source: DocumentSource(file: "c.jpg")
    )

    @Test("corrected fields change, are marked verified, and settle the review")
    func applies() throws {
        var cart = Self.cart
        try CartCorrection(
            merchant: "Fresh Mart",
            date: "2024-03-09",
            total: Amount("43.48"),
            items: [1: .init(name: "Large eggs", price: Amount("2.98"))]
        ).apply(to: &cart)
        #expect(cart.merchant?.name == "Fresh Mart")
        #expect(cart.merchant?.address == "1820 W Main St")
        #expect(cart.date == "2024-03-09")
        #expect(cart.total == Amount("43.48"))
        #expect(cart.totalPrice == Amount("43.48"))
        #expect(cart.items[1].name == "Large eggs")
        #expect(cart.items[0].name == "WHL MLK")
        #expect(cart.verified == ["merchant", "date", "total", "items[1].name", "items[1].price"])
        #expect(!cart.needsReview)
        // Verifying the same field again does not list it twice.
        try CartCorrection(total: Amount("43.48")).apply(to: &cart)
        #expect(cart.verified.filter { $0 == "total" }.count == 1)
    }

    @Test("the reader's value of each corrected field is kept from the first correction")
    func keepsOriginals() throws {
        var cart = Self.cart
        cart.merchant = nil
        try CartCorrection(merchant: "Fresh Mart", total: Amount("43.48"), items: [1: .init(price: Amount("2.98"))]).apply(to: &cart)
        try CartCorrection(total: Amount("43.84"), items: [0: .init(name: "Whole milk")]).apply(to: &cart)
        #expect(
            cart.original == [
                "merchant": .null, "total": .string("34.48"), "items[1].price": .string("2.89"), "items[0].name": .string("WHL MLK"),
            ]
        )
        // Kept in the document, as read back.
        let decoded = try JSONValue(encoding: cart).decode(as: CartDocument.self)
        #expect(decoded.original == cart.original)
        #expect(decoded.verified == ["merchant", "total", "items[1].price", "items[0].name"])
    }

    @Test(
        "impossible corrections name the field and change nothing",
        arguments: [
            (CartCorrection(date: "2024-02-30"), "date"), (CartCorrection(date: "9/3/24"), "date"),
            (CartCorrection(merchant: "  "), "merchant"), (CartCorrection(items: [2: .init(name: "x")]), "items"),
            (CartCorrection(items: [0: .init(name: "")]), "items"),
        ]
    )
    func refuses(correction: CartCorrection, field: String) throws {
        var cart = Self.cart
        #expect { try correction.apply(to: &cart) } throws: { ($0 as? CorrectionError)?.field == field }
        #expect(cart.verified.isEmpty)
    }
}
