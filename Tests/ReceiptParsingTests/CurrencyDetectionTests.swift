import Foundation
import Testing

@testable import ReceiptParsing

@Suite struct CurrencyDetectionTests {
    @Test func ringgitBeforeAnAmountMeansMYR() {
        #expect(CurrencyDetection.currency(of: analyzed("KEDAI MAKAN\nNASI LEMAK RM 5.00")) == "MYR")
    }

    @Test func rmThatMarksNoAmountIsNoCue() {
        #expect(CurrencyDetection.currency(of: analyzed("Dining Rm\nCoffee 3.50")) == "USD")
    }

    @Test func decimalCommasAndGermanWordsMeanEUR() {
        #expect(CurrencyDetection.currency(of: analyzed("BROT 1,20\nSUMME 12,50")) == "EUR")
    }

    @Test func poundSignBeforeAnAmountMeansGBP() {
        #expect(CurrencyDetection.currency(of: analyzed("TEA £3.20\nCAKE £2.10")) == "GBP")
    }

    @Test func noAmountsNoCurrency() {
        #expect(CurrencyDetection.currency(of: analyzed("THANK YOU")) == nil)
    }
}
