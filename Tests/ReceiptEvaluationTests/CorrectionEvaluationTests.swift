import Foundation
import ReceiptModel
import Testing

@testable import ReceiptEvaluation

@Suite struct CorrectionEvaluationTests {
    /// A cart as the reader left it.
    static func cart(
        _ id: String,
        merchant: String?,
        date: String? = nil,
        total: String?,
        items: [CartItem] = []
    ) -> CartDocument {
        CartDocument(
            id: id,
            name: id,
            addedByUser: "ann",
            addedOn: "2026-01-01T00:00:00Z",
            merchant: merchant.map { Merchant(name: $0) },
            date: date,
            items: items,
            total: total.flatMap(Amount.init),
            totalPrice: total.flatMap(Amount.init),
            source: DocumentSource(file: "\(id).jpg")
        )
    }

    static func corrected(_ cart: CartDocument, _ corrections: CartCorrection...) throws -> CartDocument {
        var cart = cart
        for correction in corrections { try correction.apply(to: &cart) }
        return cart
    }

    /// Three corrected carts (a confirmed total, an amount equal but written differently, a fuzzy
    /// merchant match, fields the reader missed), one never corrected, one verified before the
    /// reader's values were kept.
    static func carts() throws -> [CartDocument] {
        let fresh = cart(
            "a1",
            merchant: "FRSH MRT",
            date: "2024-09-03",
            total: "34.48",
            items: [CartItem(name: "WHL MLK", price: Amount("3.49")), CartItem(name: "EGGS", price: Amount("2.89"))]
        )
        let value = cart("b2", merchant: "VALUE FOODS", total: "12.00")
        let corner = cart("c3", merchant: "TOTAL 7.50", date: "2024-01-05", total: "7.5")
        var old = cart("e5", merchant: "OLD", total: "1.00")
        old.verified = ["total"]
        return [
            try corrected(
                fresh,
                CartCorrection(merchant: "Fresh Mart", total: Amount("34.48"), items: [0: .init(name: "Whole milk")]),
                // The second correction of item 2 keeps the reader's price as it was, not 2.89 → 2.98.
                CartCorrection(items: [1: .init(price: Amount("2.98"))]),
                CartCorrection(items: [1: .init(price: Amount("2.99"))])
            ),
            try corrected(value, CartCorrection(merchant: "Value Foods", date: "2024-03-09", total: Amount("21.00"))),
            try corrected(corner, CartCorrection(merchant: "Corner Shop", date: "2024-01-05", total: Amount("7.50"))),
            cart("d4", merchant: "NOT CORRECTED", total: "5.00"),
            old,
        ]
    }

    @Test("each verified field is scored with the corpus rules against what the reader had")
    func scoresVerifiedFields() throws {
        let outcome = CorrectionEvaluation.evaluate(try Self.carts())
        let fields = outcome.report.overall.fields
        func count(_ field: String) -> String? { fields[field].map { "\($0.correct)/\($0.labelled)" } }
        // 34.48 confirmed, 12.00 ≠ 21.00, 7.5 = 7.50.
        #expect(count("total") == "2/3")
        // FRSH MRT ~ Fresh Mart, VALUE FOODS ~ Value Foods, TOTAL 7.50 ≠ Corner Shop.
        #expect(count("merchant") == "2/3")
        // Nothing read ≠ 2024-03-09; 2024-01-05 confirmed.
        #expect(count("date") == "1/2")
        #expect(count(CorrectionEvaluation.itemName) == "1/1")
        #expect(count(CorrectionEvaluation.itemPrice) == "0/1")
        #expect(fields.count == 5)
        #expect(outcome.report.overall.receipts == 3)
        #expect(outcome.unscored == 1)
        #expect(outcome.report.sets.isEmpty)
        #expect(
            Set(outcome.report.misses.map { "\($0.stem) \($0.field) \($0.expected) \($0.got)" }) == [
                "b2 total 21.00 12.00", "b2 date 2024-03-09 -", "c3 merchant Corner Shop TOTAL 7.50", "a1 items[1].price 2.99 2.89",
            ]
        )
        let table = outcome.report.table()
        #expect(table.contains("overall  (3 receipts)"))
        #expect(table.contains("item_price"))
        #expect(table.contains("2/3"))
    }

    @Test("no corrected carts make an empty report")
    func emptyWithoutCorrections() {
        let outcome = CorrectionEvaluation.evaluate([Self.cart("d4", merchant: "X", total: "5.00")])
        #expect(outcome.report.overall.receipts == 0)
        #expect(outcome.report.overall.fields.isEmpty)
        #expect(outcome.report.misses.isEmpty)
        #expect(outcome.unscored == 0)
    }

    @Test("a corrected product is scored by barcode")
    func products() throws {
        let milk = ProductRef(barcode: "0071230000016", name: "Whole Milk")
        let reader = Self.cart("p1", merchant: "M", total: "1.00", items: [CartItem(name: "MILK", price: Amount("1.00"), product: milk)])
        let confirmed = try Self.corrected(reader, CartCorrection(items: [0: .init(product: ProductRef(barcode: "0071230000016", name: "Milk"))]))
        let changed = try Self.corrected(reader, CartCorrection(items: [0: .init(product: ProductRef(barcode: "0200000040116", name: "Whole Milk"))]))
        let outcome = CorrectionEvaluation.evaluate([confirmed, changed])
        #expect(outcome.report.overall.fields[CorrectionEvaluation.itemProduct].map { "\($0.correct)/\($0.labelled)" } == "1/2")
    }

    @Test(arguments: [("items[2].price", 2, "price"), ("items[10].name", 10, "name")])
    func itemFields(_ field: String, _ index: Int, _ member: String) throws {
        let parsed = try #require(CorrectionEvaluation.itemField(field))
        #expect(parsed.0 == index && parsed.1 == member)
    }

    @Test(arguments: ["items[x].price", "items[2]", "total", "items[2]price"])
    func notItemFields(_ field: String) {
        #expect(CorrectionEvaluation.itemField(field) == nil)
    }
}
