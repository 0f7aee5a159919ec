import Foundation
import ReceiptModel
import Testing

@testable import ReceiptParsing

@Suite struct QuantityGrammarTests {
    /// The draft of a line whose name tokens are `tokens` and whose last amount is `price`.
    func draft(_ tokens: [Substring], price: String) -> ItemDraft {
        ItemDraft(tokens: tokens, price: amount(price), confidence: 1)
    }

    @Test(arguments: [
        (["2", "Lunch"], 2, ["Lunch"]), (["2x", "Coke"], 2, ["Coke"]), (["1.", "Onion", "Naan"], 1, ["Onion", "Naan"]),
        (["1", "#6", "3", "TENDER"], 1, ["#6", "3", "TENDER"]), (["1", "13.", "Shrimp", "Roll"], 1, ["13.", "Shrimp", "Roll"]),
    ])
    func aLeadingQuantityIsTakenOff(_ tokens: [String], _ quantity: Int, _ rest: [String]) {
        var tokens = tokens.map { Substring($0) }
        #expect(QuantityGrammar.leadingQuantity(&tokens) == Decimal(quantity))
        #expect(tokens == rest.map { Substring($0) })
    }

    @Test(arguments: [["16.", "Spicy", "Salmon"], ["Coke"], ["100", "Pipers"], ["2", "500"]])
    func noLeadingQuantity(_ tokens: [String]) {
        let printed = tokens.map { Substring($0) }
        var tokens = printed
        #expect(QuantityGrammar.leadingQuantity(&tokens) == nil)
        #expect(tokens == printed)
    }

    @Test func aWeightAtAUnitPrice() throws {
        let counted = try #require(QuantityGrammar.countedAt(["0.52", "lb", "@", "2.99/lb"], marker: 2))
        #expect(counted.start == 0)
        #expect(counted.quantity == Decimal(string: "0.52"))
        #expect(counted.unit == "lb")
        #expect(counted.unitPrice?.amount == Amount("2.99"))
        #expect(counted.unitPrice?.index == 3)
        let bracketed = try #require(QuantityGrammar.countedAt(["(2", "@14.00)"], marker: 1))
        #expect(bracketed.quantity == 2)
        #expect(bracketed.unitPrice?.amount == Amount("14.00"))
    }

    @Test func aCountAtAUnitPriceBeforeTheLinePrice() {
        var item = draft(["Soda", "2", "@", "1.99"], price: "3.98")
        QuantityGrammar.read(&item)
        #expect(item.tokens == ["Soda"])
        #expect(item.quantity == 2)
        #expect(item.unitPrice == Amount("1.99"))
        #expect(item.price == Amount("3.98"))
        #expect(!item.unitPriceOnly)
        #expect(item.confidence == 1)
    }

    /// Issue 31: the price before the marker and the count after it; the one with cents is the price.
    @Test func aPriceBeforeTheMarkerAndTheCountAfterIt() {
        var item = draft(["Bulgur-Kräuter", "0,89", "x", "2"], price: "1.78")
        QuantityGrammar.read(&item)
        #expect(item.tokens == ["Bulgur-Kräuter"])
        #expect(item.quantity == 2)
        #expect(item.unitPrice == Amount("0.89"))
        #expect(item.price == Amount("1.78"))
        #expect(item.confidence == 1)
    }

    @Test func aWeightBeforeTheMarkerStaysTheQuantity() {
        var weighed = draft(["Hack", "0,525", "x", "9"], price: "4.73")
        QuantityGrammar.read(&weighed)
        #expect(weighed.quantity == Decimal(string: "0.525"))
        // A unit price whose point OCR lost: 3 at 2.00, as the line price says.
        var pointless = draft(["Tea", "3.00", "x", "200"], price: "6.00")
        QuantityGrammar.read(&pointless)
        #expect(pointless.quantity == 3)
        var counted = draft(["Soda", "2", "x", "1,99"], price: "3.98")
        QuantityGrammar.read(&counted)
        #expect(counted.quantity == 2)
        #expect(counted.unitPrice == Amount("1.99"))
    }

    @Test func aCountWithOnlyTheUnitPricePrintedGivesTheLinePrice() {
        var item = draft(["2", "x"], price: "1.29")
        QuantityGrammar.read(&item)
        #expect(item.tokens.isEmpty)
        #expect(item.quantity == 2)
        #expect(item.unitPrice == Amount("1.29"))
        #expect(item.price == Amount("2.58"))
        #expect(item.unitPriceOnly)
    }

    @Test func aUnitPriceThatDoesNotMultiplyLowersTheConfidence() {
        var item = draft(["Soda", "2", "@", "1.99"], price: "4.98")
        QuantityGrammar.read(&item)
        #expect(item.confidence == 0.8)
    }

    @Test func aMultiBuyPricesTheUnitsItCounts() {
        var three = draft(["3", "AT", "2", "FOR"], price: "5.00")
        QuantityGrammar.read(&three)
        #expect(three.quantity == 3)
        #expect(three.unitPrice == Amount("2.50"))
        #expect(three.price == Amount("7.50"))
        var two = draft(["2", "AT"], price: "1.12")
        QuantityGrammar.read(&two)
        #expect(two.quantity == 2)
        #expect(two.price == Amount("2.24"))
    }

    @Test func aUnitPriceColumnWithItsQuantityColumn() {
        var item = draft(["MILO", "2", "3.50"], price: "7.00")
        QuantityGrammar.read(&item)
        #expect(item.tokens == ["MILO"])
        #expect(item.quantity == 2)
        #expect(item.unitPrice == Amount("3.50"))
        // A number left of the price that does not multiply is no unit price, but goes.
        var odd = draft(["MILO", "3.50"], price: "7.00")
        QuantityGrammar.read(&odd)
        #expect(odd.tokens == ["MILO"])
        #expect(odd.unitPrice == nil)
    }

    @Test func aWeighedLinePriceMisreadIsRepairedByWeightTimesUnitPrice() throws {
        let input = ParserInput(
            lines: [
                line([("BANANAS", 10, 100), ("0.52", 200, 100), ("lb", 260, 100), ("@", 300, 100), ("2.99/lb", 330, 100), ("1555", 450, 100)])
            ],
            pageWidth: 600
        )
        let weighed = try #require(AnalyzedLine.lines(of: input, maxLines: 10, maxLineLength: 400).first)
        let repaired = try #require(QuantityGrammar.repairedByQuantity(weighed))
        #expect(repaired.lastAmount == Amount("1.55"))
        #expect(QuantityGrammar.repairedByQuantity(repaired) == nil)
    }
}
