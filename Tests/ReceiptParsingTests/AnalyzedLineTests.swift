import Foundation
import ReceiptModel
import Testing

@testable import ReceiptParsing

@Suite struct AnalyzedLineTests {
    @Test func aLineKnowsItsKindAmountsAndLabel() throws {
        let line = try #require(analyzed("Sales Tax 0.80").first)
        #expect(line.kind == .tax)
        #expect(line.lastAmount == Amount("0.80"))
        #expect(line.label == "Sales Tax")
    }

    @Test func datesAndPercentagesAreNoAmounts() {
        #expect(AnalyzedLine.amounts(in: Numbers.tokens("12.05.16 PAID 5.00")).map(\.amount) == [Amount("5.00")])
        #expect(AnalyzedLine.amounts(in: Numbers.tokens("SST 6.00 % 1.23")).map(\.amount) == [Amount("1.23")])
    }

    @Test func aBrokenSummaryAmountIsReadWholeAndMarkedRepaired() throws {
        let line = try #require(analyzed("SUBTOTAL 44 32").first)
        #expect(line.lastAmount == Amount("44.32"))
        #expect(line.money.last?.repaired == true)
        // An item line keeps its numbers apart: "2 50" may be a quantity and a code.
        #expect(analyzed("BREAD 2 50").first?.money.isEmpty == true)
    }

    @Test func linesAndLineLengthAreBounded() {
        let input = ParserInput(text: "BREAD 2.00\nMILK 3.00\nEGGS 4.00")
        let lines = AnalyzedLine.lines(of: input, maxLines: 2, maxLineLength: 5)
        #expect(lines.map(\.text) == ["BREAD", "MILK"])
        #expect(lines.allSatisfy { $0.money.isEmpty })
    }

    @Test func wordBoxesGiveThePriceEdgeAndTops() throws {
        let input = ParserInput(lines: [line([("BREAD", 10, 100), ("2.00", 480, 104)])], pageWidth: 600)
        let analyzedLine = try #require(AnalyzedLine.lines(of: input, maxLines: 10, maxLineLength: 400).first)
        #expect(analyzedLine.priceRightEdge == 0.9)
        #expect(analyzedLine.firstTop == 100)
        #expect(analyzedLine.lastTop == 104)
        #expect(analyzedLine.height == 34)
    }
}
