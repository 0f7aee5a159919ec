import Foundation
import ReceiptModel
import ReceiptParsing
import Testing

@testable import ReceiptPipeline

/// A later Tesseract reading of a receipt the neural reader was unsure of.
@Suite struct RereadMergeTests {
    let parser = ReceiptParser()
    /// Both engines read the total after the tip; subtotal and tax alone do not add up to it.
    var agreed: ParsedReceipt { parser.parse(text: "LANDFALL\nCoffee 6.00\nSubtotal 6.00\nTax 0.40\nTip l.l5\nTotal 7.55\n") }
    /// A reread that lost the tip and the final total, and read the total before the tip.
    var partial: ParsedReceipt { parser.parse(text: "LANDFALL\nCoffee 6.00\nSubtotal 6.00\nTax 0.40\nTotal 6.40\n") }

    @Test func aTotalBothEnginesReadIsNotReplacedByOneThatAddsUp() {
        #expect(agreed.total == Amount("7.55"))
        #expect(agreed.checks.subtotalPlusTaxMatchesTotal == false)
        #expect(partial.checks.subtotalPlusTaxMatchesTotal == true)
        #expect(ReceiptReader.merging(agreed, reread: partial, totalAgreed: true).total == Amount("7.55"))
        // One engine's total is replaced by a reading whose arithmetic passes, as before.
        #expect(ReceiptReader.merging(agreed, reread: partial, totalAgreed: false).total == Amount("6.40"))
    }
}
