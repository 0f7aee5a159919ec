import Foundation
import ReceiptModel
import Testing

@testable import ReceiptParsing

@Suite struct SummaryLayoutTests {
    @Test func anAmountPrintedWithoutItsPointIsFoundByTheAmountItMustBe() {
        let lines = analyzed("SUBTOTAL 5.00\nTOTAL 540")
        #expect(SummaryLayout.withoutPoint(lines, .total, equal: amount("5.40")) == Amount("5.40"))
        #expect(SummaryLayout.withoutPoint(lines, .total, equal: amount("5.41")) == nil)
        #expect(SummaryLayout.withoutPoint(lines, .tax, equal: amount("5.40")) == nil)
    }

    @Test func chargesAreTheSingleAmountsBetweenTwoTotals() {
        let lines = analyzed("Total 24.36\nService Charge 8.90\nTotal 33.26")
        #expect(SummaryLayout.charges(lines, between: 0, and: 2) == Amount("8.90"))
        #expect(SummaryLayout.charges(lines, between: 0, and: 1) == nil)
    }

    @Test func aKeywordsAmountOnTheNextLineIsDetached() {
        let lines = analyzed("TOTAL\n12.50")
        #expect(SummaryLayout.detachedAmountLine(lines, for: 0, offset: nil, used: []) == 1)
        #expect(SummaryLayout.detachedAmountLine(lines, for: 0, offset: nil, used: [1]) == nil)
        #expect(SummaryLayout.detachedAmountLine(analyzed("TOTAL\nTHANK YOU 12.50"), for: 0, offset: nil, used: []) == nil)
    }

    @Test func thePriceColumnOffsetIsTheMedianDrop() {
        let input = ParserInput(
            lines: [
                line([("BREAD", 10, 100), ("2.00", 400, 110)]),
                line([("MILK", 10, 200), ("3.00", 400, 212)]),
                line([("EGGS", 10, 300), ("4.00", 400, 330)]),
            ],
            pageWidth: 600
        )
        #expect(SummaryLayout.priceColumnOffset(AnalyzedLine.lines(of: input, maxLines: 10, maxLineLength: 400)) == 12)
        #expect(SummaryLayout.priceColumnOffset(analyzed("BREAD 2.00")) == nil)
    }

    @Test func amountsASkewedPhotoJoinedToTheLabelBelowMoveBackUp() {
        // The price column runs 40 px below its labels: $6.93 sits at the height of "Tax".
        let input = ParserInput(
            lines: [
                line([("Tax", 10, 500)]),
                line([("Total:", 10, 540), ("$6.93", 400, 540)]),
                line([("$93.58", 400, 580)]),
            ],
            pageWidth: 600
        )
        let lines = SummaryLayout.realigned(AnalyzedLine.lines(of: input, maxLines: 10, maxLineLength: 400), offset: 40)
        #expect(lines.map(\.lastAmount) == [Amount("6.93"), Amount("93.58"), nil])
        #expect(lines[0].kind == .tax)
        #expect(lines[1].kind == .total)
    }
}
