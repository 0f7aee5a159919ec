import Foundation
import ReceiptModel
import Testing

@testable import ReceiptParsing

@Suite struct ArithmeticChecksTests {
    /// The receipt after `repairByArithmetic`, and the warnings it gave.
    private func repaired(_ receipt: ParsedReceipt) -> (ParsedReceipt, [String]) {
        var receipt = receipt
        var warnings: [String] = []
        ArithmeticChecks.repairByArithmetic(&receipt, warnings: &warnings)
        return (receipt, warnings)
    }

    @Test(arguments: [("7.15", "7.16", true), ("7.20", "7.18", true), ("7.16", "7.15", false), ("7.20", "7.16", false), ("7.15", "7.15", false)])
    func cashRoundingIsToFiveCentsWithinTwo(_ total: String, _ exact: String, _ expected: Bool) {
        #expect(ArithmeticChecks.isCashRounding(amount(total), of: amount(exact)) == expected)
    }

    @Test func digitDifferencesCountPositionsOfEqualLengthAmounts() {
        #expect(ArithmeticChecks.digitDifferences(amount("5.40"), amount("5.90")) == 1)
        #expect(ArithmeticChecks.digitDifferences(amount("3.81"), amount("8.31")) == 2)
        #expect(ArithmeticChecks.digitDifferences(amount("12.00"), amount("1.20")) == nil)
    }

    @Test func theTotalMatchesExactlyOrByCashRounding() {
        #expect(ArithmeticChecks.totalMatches(ParsedReceipt(subtotal: Amount("2.00"), tax: Amount("0.16"), total: Amount("2.16"))) == true)
        #expect(ArithmeticChecks.totalMatches(ParsedReceipt(subtotal: Amount("7.16"), total: Amount("7.15"))) == true)
        #expect(ArithmeticChecks.totalMatches(ParsedReceipt(subtotal: Amount("2.00"), tax: Amount("0.16"), total: Amount("9.99"))) == false)
        #expect(ArithmeticChecks.totalMatches(ParsedReceipt(total: Amount("9.99"))) == nil)
    }

    @Test func oneMisreadDigitInTheTotalIsRepaired() {
        let (receipt, warnings) = repaired(ParsedReceipt(subtotal: Amount("5.00"), tax: Amount("0.40"), total: Amount("5.90")))
        #expect(receipt.total == Amount("5.40"))
        #expect(warnings == ["total.repaired"])
        #expect(receipt.confidence.total == 0.7)
    }

    @Test func oneMisreadDigitInTheTaxIsRepairedWhenTheTotalHasOtherDigits() {
        let (receipt, warnings) = repaired(
            ParsedReceipt(
                subtotal: Amount("9.50"),
                taxes: [.init(label: "GST", rate: 7, amount: amount("0.20"))],
                tax: Amount("0.20"),
                total: Amount("10.20")
            )
        )
        #expect(receipt.tax == Amount("0.70"))
        #expect(receipt.taxes == [.init(label: "GST", rate: 7, amount: amount("0.70"))])
        #expect(receipt.total == Amount("10.20"))
        #expect(warnings == ["tax.repaired"])
    }

    @Test(
        arguments: [("852.47", "52.47"), ("612.00", "12.00"), ("52.47", "2.47"), ("152.47", nil), ("8.47", nil), ("-852.47", nil)]
            as [(String, String?)]
    )
    func aFirstDigitThatMayBeACurrencySignCanBeDropped(_ printed: String, _ expected: String?) {
        #expect(ArithmeticChecks.withoutMisreadSign(amount(printed)) == expected.flatMap { Amount($0) })
    }

    @Test func aTotalWhoseDollarSignWasReadAsADigitIsRepaired() {
        // "Total $52.47" read as "Total 852.47" (the neural reader on a narrow box).
        let (receipt, warnings) = repaired(ParsedReceipt(subtotal: Amount("49.50"), tax: Amount("2.97"), total: Amount("852.47")))
        #expect(receipt.total == Amount("52.47"))
        #expect(warnings == ["total.repaired"])
        // The same first digit where the amounts do not agree without it stays as printed.
        let (other, _) = repaired(ParsedReceipt(subtotal: Amount("49.50"), tax: Amount("2.97"), total: Amount("852.48")))
        #expect(other.total == Amount("852.48"))
    }

    @Test func aSubtotalWhoseDollarSignWasReadAsADigitIsRepaired() {
        let (receipt, warnings) = repaired(ParsedReceipt(subtotal: Amount("549.50"), tax: Amount("2.97"), total: Amount("52.47")))
        #expect(receipt.subtotal == Amount("49.50"))
        #expect(warnings == ["subtotal.repaired"])
    }

    @Test func aCashRoundedTotalIsNoMisreading() {
        let (receipt, warnings) = repaired(ParsedReceipt(subtotal: Amount("7.16"), total: Amount("7.15")))
        #expect(receipt.total == Amount("7.15"))
        #expect(warnings.isEmpty)
    }

    @Test func applyFillsEveryCheckItCanMake() {
        var receipt = ParsedReceipt(
            items: [
                .init(name: "BREAD", text: "BREAD 2.00", price: amount("2.00")),
                .init(name: "SODA", text: "SODA 2 @ 1.50 3.00", quantity: 2, unitPrice: Amount("1.50"), price: amount("3.00")),
            ],
            subtotal: Amount("5.00"),
            tax: Amount("0.40"),
            total: Amount("5.40"),
            payment: .init(tendered: Amount("10.00"), change: Amount("4.60"))
        )
        var warnings: [String] = []
        ArithmeticChecks.apply(to: &receipt, warnings: &warnings)
        #expect(
            receipt.checks
                == ParsedReceipt.Checks(
                    itemsMatchSubtotal: true,
                    subtotalPlusTaxMatchesTotal: true,
                    quantityTimesUnitPriceMatches: true,
                    tenderedMinusTotalMatchesChange: true
                )
        )
        #expect(warnings.isEmpty)
        #expect(receipt.confidence.total == 0.95)
        #expect(receipt.confidence.items == 0.95)
    }

    @Test func applyWithoutRepairWarnsOfEachFailedCheck() {
        var receipt = ParsedReceipt(
            items: [.init(name: "BREAD", text: "BREAD 2.00", price: amount("2.00"))],
            subtotal: Amount("5.00"),
            tax: Amount("0.40"),
            total: Amount("5.90")
        )
        var warnings: [String] = []
        ArithmeticChecks.apply(to: &receipt, warnings: &warnings, repair: false)
        #expect(receipt.total == Amount("5.90"))
        #expect(receipt.checks.itemsMatchSubtotal == false)
        #expect(receipt.checks.subtotalPlusTaxMatchesTotal == false)
        #expect(warnings == ["items.sum-mismatch", "total.arithmetic-mismatch"])
        #expect(receipt.confidence.items == 0.6)
    }
}
