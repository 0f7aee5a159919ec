import Foundation
import ReceiptModel
import Testing

@testable import ReceiptParsing

@Suite struct SummaryScoringTests {
    @Test func aTotalLineScoresByItsKeywordsAndItsAmount() throws {
        let scoring = SummaryScoring()
        let grand = try #require(analyzed("GRAND TOTAL 10.00").first)
        #expect(scoring.lineScore(of: grand, amount: amount("10.00")) == scoring.strongTotalKeyword + scoring.totalWord)
        let bare = try #require(analyzed("AMOUNT 20.00").first)
        #expect(scoring.lineScore(of: bare, amount: amount("20.00")) == scoring.bareAmountKeyword)
        let zero = try #require(analyzed("TOTAL 0.00").first)
        #expect(scoring.lineScore(of: zero, amount: amount("0.00")) == scoring.totalKeyword + scoring.totalWord - scoring.nonPositivePenalty)
    }

    @Test func confidenceGrowsWithTheScoreUpToItsCap() {
        let scoring = SummaryScoring()
        #expect(scoring.confidence(forScore: 2) == 0.7)
        #expect(scoring.confidence(forScore: 10) == 0.99)
    }

    @Test func aRoundedTotalOutweighsTheExactSum() {
        let scoring = SummaryScoring()
        #expect(scoring.addsUpByRounding > scoring.addsUp)
    }

    @Test func theWeightsDecideBetweenCandidates() {
        // "AMOUNT DUE" names the amount to pay; the TOTAL line adds up. The weights choose.
        let lines = analyzed("SUBTOTAL 10.00\nTAX 0.80\nTOTAL 10.80\nAMOUNT DUE 12.00")
        #expect(SummaryReader.read(lines).total == Amount("12.00"))
        var arithmeticFirst = SummaryScoring()
        arithmeticFirst.finalTotalKeyword = 0
        #expect(SummaryReader.read(lines, scoring: arithmeticFirst).total == Amount("10.80"))
    }
}
