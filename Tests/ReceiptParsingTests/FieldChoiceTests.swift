import Foundation
import ReceiptModel
import Testing

@testable import ReceiptParsing

/// Two engines' readings of one receipt, combined field by field (issue 31).
@Suite struct FieldChoiceTests {
    let parser = ReceiptParser()

    /// The rounded total one engine read right, whose misread change line made its reading
    /// unsure, is kept against the other engine's misread total that nothing checks (issue 31).
    @Test func theTotalTheArithmeticBacksIsKeptFromTheUnsureReading() {
        let neural = parser.parse(
            text: """
                KEDAI RUNCIT MAJU SDN BHD
                12/03/2018
                ROTI CANAI 2.00
                TEH TARIK 6.98
                ROUNDING ADJ 0.02
                Rounded Total (RM): 9.00
                CASH 10.00
                CHANGE 1.60
                """
        )
        let tesseract = parser.parse(
            text: """
                KEDAI RUNCIT MAJU SDN BHD
                12/03/2018
                ROTI CANAI 2.00
                TEH TARIK 6.98
                Rounded Total (RM): 9.60
                CASH 10.00
                """
        )
        #expect(neural.total == amount("9.00"))
        #expect(neural.needsReview)
        #expect(tesseract.total == amount("9.60"))
        // Keeping Tesseract's whole reading and filling its gaps keeps its total.
        #expect(tesseract.merging(neural).total == amount("9.60"))
        // Whichever reading is preferred, the items' sum rounded says which total is right.
        #expect(neural.choosingPerField(from: tesseract).total == amount("9.00"))
        #expect(tesseract.choosingPerField(from: neural).total == amount("9.00"))
    }

    @Test func eachFieldComesFromTheReadingWhoseArithmeticAddsUp() {
        // The first reading misread the tax, the second the total.
        let first = ParsedReceipt(subtotal: amount("20.00"), tax: amount("1.80"), total: amount("21.60"))
        let second = ParsedReceipt(subtotal: amount("20.00"), tax: amount("1.60"), total: amount("27.60"))
        let chosen = first.choosingPerField(from: second)
        #expect(chosen.tax == amount("1.60"))
        #expect(chosen.total == amount("21.60"))
        #expect(chosen.checks.subtotalPlusTaxMatchesTotal == true)
        #expect(!chosen.warnings.contains("total.arithmetic-mismatch"))
    }

    @Test func itemsThatAddUpDecideBetweenTwoSubtotals() {
        let items = [
            ParsedReceipt.Item(name: "Soup", text: "Soup 4.50", price: amount("4.50")),
            ParsedReceipt.Item(name: "Bread", text: "Bread 2.25", price: amount("2.25")),
        ]
        let first = ParsedReceipt(items: items, subtotal: amount("6.25"))
        let second = ParsedReceipt(items: items, subtotal: amount("6.75"))
        #expect(first.choosingPerField(from: second).subtotal == amount("6.75"))
        #expect(second.choosingPerField(from: first).subtotal == amount("6.75"))
    }

    @Test func aTotalThatIsTheCashHandedOverLosesToTheOnePaid() {
        let payment = ParsedReceipt.Payment(method: "cash", tendered: amount("20.00"), change: amount("0.50"))
        let first = ParsedReceipt(total: amount("20.00"), payment: payment, confidence: FieldConfidence(total: 0.9))
        let second = ParsedReceipt(total: amount("19.50"), confidence: FieldConfidence(total: 0.8))
        let chosen = first.choosingPerField(from: second)
        #expect(chosen.total == amount("19.50"))
        #expect(chosen.checks.tenderedMinusTotalMatchesChange == true)
    }

    @Test func withoutArithmeticTheConfidenceThenThisReadingDecides() {
        let first = ParsedReceipt(
            merchant: .init(name: "GREEN FIELD"),
            date: "2016-05-26",
            total: amount("12.00"),
            confidence: FieldConfidence(merchant: 0.7, date: 0.6, total: 0.6)
        )
        let second = ParsedReceipt(
            merchant: .init(name: "GREEN FIEL0"),
            date: "2016-05-28",
            total: amount("12.80"),
            confidence: FieldConfidence(merchant: 0.7, date: 0.9, total: 0.9)
        )
        let chosen = first.choosingPerField(from: second)
        #expect(chosen.merchant.name == "GREEN FIELD")
        #expect(chosen.date == "2016-05-28")
        #expect(chosen.total == amount("12.80"))
    }

    @Test func aFieldOneReadingLacksComesFromTheOther() {
        let first = ParsedReceipt(merchant: .init(name: nil), total: amount("5.40"), warnings: ["date.missing"])
        let second = ParsedReceipt(merchant: .init(name: "SHOP ONE"), date: "2024-03-01", currency: "USD", subtotal: amount("5.00"))
        let chosen = first.choosingPerField(from: second)
        #expect(chosen.merchant.name == "SHOP ONE")
        #expect(chosen.date == "2024-03-01")
        #expect(chosen.currency == "USD")
        #expect(chosen.subtotal == amount("5.00"))
        #expect(chosen.total == amount("5.40"))
        #expect(!chosen.warnings.contains("date.missing"))
    }
}
