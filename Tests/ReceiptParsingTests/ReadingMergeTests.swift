import Foundation
import ReceiptModel
import Testing

@testable import ReceiptParsing

@Suite struct ReadingMergeTests {
    @Test func aSecondReadingFillsWhatTheFirstLacks() {
        let first = ParsedReceipt(merchant: .init(name: nil), total: Amount("5.40"))
        let second = ParsedReceipt(merchant: .init(name: "SHOP ONE"), date: "2024-03-01", currency: "USD", total: Amount("9.99"))
        let merged = first.merging(second)
        #expect(merged.merchant.name == "SHOP ONE")
        #expect(merged.date == "2024-03-01")
        #expect(merged.currency == "USD")
        #expect(merged.total == Amount("5.40"))
    }

    @Test func moneyFieldsThatAddUpReplaceOnesThatDoNot() {
        let first = ParsedReceipt(
            subtotal: Amount("2.00"),
            tax: Amount("0.16"),
            total: Amount("7.16"),
            checks: .init(subtotalPlusTaxMatchesTotal: false),
            warnings: ["total.arithmetic-mismatch", "date.missing"],
            needsReview: true
        )
        let second = ParsedReceipt(
            subtotal: Amount("2.00"),
            tax: Amount("0.16"),
            total: Amount("2.16"),
            confidence: FieldConfidence(total: 0.95),
            checks: .init(subtotalPlusTaxMatchesTotal: true)
        )
        let merged = first.merging(second)
        #expect(merged.total == Amount("2.16"))
        #expect(merged.checks.subtotalPlusTaxMatchesTotal == true)
        #expect(merged.confidence.total == 0.95)
        #expect(merged.warnings == ["date.missing"])
        #expect(!merged.needsReview)
    }

    @Test func warningsAboutWhatTheSecondReadingSuppliedGo() {
        let first = ParsedReceipt(
            subtotal: Amount("2.00"),
            tax: Amount("0.16"),
            confidence: FieldConfidence(total: 0.9),
            checks: .init(subtotalPlusTaxMatchesTotal: nil),
            warnings: ["total.missing", "date.missing", "tax.inferred"],
            needsReview: true
        )
        let second = ParsedReceipt(date: "2024-03-01", total: Amount("2.16"), confidence: FieldConfidence(total: 0.9))
        let merged = first.merging(second)
        #expect(merged.date == "2024-03-01")
        #expect(merged.warnings == ["tax.inferred"])
    }

    @Test func aTotalReadWithLittleConfidenceStillNeedsReviewAfterMerging() {
        let first = ParsedReceipt(
            subtotal: Amount("2.00"),
            tax: Amount("0.16"),
            total: Amount("2.16"),
            confidence: FieldConfidence(total: 0.4),
            checks: .init(subtotalPlusTaxMatchesTotal: true)
        )
        let second = ParsedReceipt(date: "2024-03-01")
        #expect(first.merging(second).needsReview)
    }

    @Test func moneyFieldsThatAddUpStay() {
        let first = ParsedReceipt(
            subtotal: Amount("2.00"),
            tax: Amount("0.16"),
            total: Amount("2.16"),
            checks: .init(subtotalPlusTaxMatchesTotal: true)
        )
        let second = ParsedReceipt(
            subtotal: Amount("2.00"),
            tax: Amount("0.61"),
            total: Amount("2.61"),
            checks: .init(subtotalPlusTaxMatchesTotal: true)
        )
        #expect(first.merging(second).tax == Amount("0.16"))
    }

    @Test func itemsThatAddUpReplaceOnesThatDoNot() {
        let bread = ParsedReceipt.Item(name: "BREAD", text: "BREAD 2.00", price: amount("2.00"))
        let misread = ParsedReceipt.Item(name: "BREAD", text: "BREAD 8.00", price: amount("8.00"))
        let first = ParsedReceipt(items: [misread], subtotal: Amount("2.00"), checks: .init(itemsMatchSubtotal: false))
        let second = ParsedReceipt(items: [bread], subtotal: Amount("2.00"), checks: .init(itemsMatchSubtotal: true))
        let merged = first.merging(second)
        #expect(merged.items == [bread])
        #expect(merged.checks.itemsMatchSubtotal == true)
    }

    @Test func aCashRoundedTotalStillAddsUpAfterTheMerge() {
        // A Malaysian receipt: 7.16 rounded to 7.15 in cash. The second reading only adds the date.
        let first = ParsedReceipt(
            currency: "MYR",
            subtotal: Amount("7.16"),
            total: Amount("7.15"),
            confidence: FieldConfidence(total: 0.9),
            checks: .init(subtotalPlusTaxMatchesTotal: true),
            warnings: ["date.missing"],
            needsReview: false
        )
        let merged = first.merging(ParsedReceipt(date: "2018-01-15"))
        #expect(merged.date == "2018-01-15")
        #expect(merged.warnings.isEmpty)
        #expect(merged.checks.subtotalPlusTaxMatchesTotal == true)
        #expect(!merged.needsReview)
    }

    @Test func aRereadOfACashRoundedReceiptKeepsItsChecks() {
        let parser = ReceiptParser()
        let first = ParserInput(text: "KEDAI MAKAN SDN BHD\nNASI LEMAK 7.16\nSUBTOTAL 7.16\nROUNDING -0.01\nTOTAL RM 7.15\nCASH 10.00\nCHANGE 2.85")
        let reread = ParserInput(text: "15/01/2018 12:30")
        let alone = parser.parse(first)
        #expect(alone.checks.subtotalPlusTaxMatchesTotal == true)
        let merged = parser.parse(first, rereads: [reread])
        #expect(merged.date == "2018-01-15")
        #expect(merged.total == Amount("7.15"))
        #expect(merged.checks.subtotalPlusTaxMatchesTotal == true)
        #expect(!merged.needsReview)
    }
}
