import Foundation
import ReceiptModel
import Testing

@testable import ReceiptParsing

@Suite struct SummaryReaderTests {
    @Test func readsTheBlockAndThePayment() {
        let summary = SummaryReader.read(analyzed("BREAD 5.00\nSUBTOTAL 5.00\nTAX 0.40\nTOTAL 5.40\nCASH 10.00\nCHANGE 4.60"))
        #expect(summary.subtotal == Amount("5.00"))
        #expect(summary.taxes == [ParsedReceipt.Tax(label: "TAX", amount: amount("0.40"))])
        #expect(summary.total == Amount("5.40"))
        #expect(summary.payment == ParsedReceipt.Payment(method: "cash", tendered: Amount("10.00"), change: Amount("4.60")))
        #expect(summary.firstSummaryLine == 1)
        // Paid (tendered minus change) equals the total: no repair may change it.
        #expect(summary.totalConfirmed)
    }

    @Test func aTotalTaxLineAndATaxRateAreRead() {
        #expect(SummaryReader.read(analyzed("SUBTOTAL 9.00\nTOTAL TAX 0.72\nTOTAL 9.72")).totalTax == Amount("0.72"))
        #expect(SummaryReader.read(analyzed("SUBTOTAL 10.00\nSST 6% 0.60\nTOTAL 10.60")).taxes.first?.rate == 6)
    }

    @Test func aRoundingLineRoundsTheTotal() {
        let summary = SummaryReader.read(analyzed("SUBTOTAL 7.16\nROUNDING -0.01\nTOTAL 7.15"))
        #expect(summary.total == Amount("7.15"))
        #expect(summary.hasRounding)
    }

    @Test func aSuggestedTipIsNoTip() {
        #expect(SummaryReader.read(analyzed("SUBTOTAL 20.00\nSuggested tip: 15% 3.00\nTOTAL 20.00")).tip == nil)
        #expect(SummaryReader.read(analyzed("SUBTOTAL 20.00\nTIP 3.00\nTOTAL 23.00")).tip == Amount("3.00"))
    }

    @Test func aMaskedCardNumberMeansCard() {
        let summary = SummaryReader.read(analyzed("TOTAL 10.80\nVISA XXXX1234 10.80"))
        #expect(summary.payment.method == "card")
        #expect(summary.payment.cardLast4 == "1234")
    }

    @Test func aTotalThatLostItsPointIsFoundByTheSubtotal() {
        let summary = SummaryReader.read(analyzed("SUBTOTAL 5.00\nTOTAL 500"))
        #expect(summary.total == Amount("5.00"))
        #expect(summary.totalConfidence == SummaryScoring().pointRepairConfidence)
    }

    @Test func aTaxThatLostItsPointIsFoundBySubtotalAndTotal() {
        let summary = SummaryReader.read(analyzed("SUBTOTAL 20.00\nTAX 160\nTOTAL 21.60"))
        #expect(summary.taxes.map(\.amount) == [Amount("1.60")])
        #expect(!summary.taxInferred)
    }

    @Test func anUnreadTaxBetweenSubtotalAndTotalIsInferred() {
        let summary = SummaryReader.read(analyzed("SUBTOTAL 10.00\nSales Tax\nTOTAL 10.80"))
        #expect(summary.taxes.map(\.amount) == [Amount("0.80")])
        #expect(summary.taxInferred)
    }

    @Test func noTotalLineTakesTheLargestAmountPrintedTwice() {
        let summary = SummaryReader.read(analyzed("SHOP\nBREAD 2.00\nMILK 3.00\n5.00\nTHANK YOU 5.00"))
        #expect(summary.total == Amount("5.00"))
        #expect(summary.totalConfidence == SummaryScoring().repeatedAmountConfidence)
    }

    @Test func amountsSeparatedFromTheirLabelsAreFoundByTheirSum() {
        let summary = SummaryReader.read(analyzed("50.05\nSubtotal 5.46\n55.51\nTotal 9.01"))
        #expect(summary.subtotal == Amount("50.05"))
        #expect(summary.taxes.map(\.amount) == [Amount("5.46")])
        #expect(summary.total == Amount("55.51"))
    }

    @Test func aTaxTablePrintedAfterTheTotalIsNotReadAgain() {
        let summary = SummaryReader.read(analyzed("SUBTOTAL 10.00\nGST 0.60\nTOTAL 10.60\nGST SUMMARY\nTOTAL 10.00 0.60"))
        #expect(summary.total == Amount("10.60"))
        #expect(summary.taxes.map(\.amount) == [Amount("0.60")])
    }

    @Test func anUnreadSubtotalFollowsFromTotalAndARateConfirmedSalesTax() {
        // 8 % of 12.50 is 1.00: the subtotal line OCR lost is the total less the tax.
        let summary = SummaryReader.read(analyzed("PASTA 12.50\nxx itm\nThank you\nSales Tax (8%) 1.00\nTotal 13.50"))
        #expect(summary.subtotal == Amount("12.50"))
        #expect(summary.subtotalInferred)
        #expect(SummaryReader.taxRate(in: analyzed("Sales Tax (9.5%) $0.83")[0]) == Decimal(string: "9.5"))
    }

    @Test func theAmountRightAboveTheTaxIsTheSubtotalWhenTheArithmeticSaysSo() {
        // "Goods" is no subtotal keyword, but 20.00 + 1.50 is what was paid.
        let summary = SummaryReader.read(analyzed("2 Soup 20.00\nGoods 20.00\nTax 1.50\nPaid 21.50"))
        #expect(summary.subtotal == Amount("20.00"))
        #expect(!summary.subtotalInferred)
        // An amount above the tax that does not add up is left alone.
        #expect(SummaryReader.read(analyzed("Goods 19.00\nTax 1.50\nPaid 21.50")).subtotal == nil)
    }

    @Test func noSubtotalIsInferredWithoutARateThatConfirmsIt() {
        // No rate printed, a rate that does not fit, or a VAT share printed below the total.
        #expect(SummaryReader.read(analyzed("Sales Tax 1.00\nTotal 13.50")).subtotal == nil)
        #expect(SummaryReader.read(analyzed("Sales Tax (8%) 2.00\nTotal 13.50")).subtotal == nil)
        #expect(SummaryReader.read(analyzed("SUMME 13.50\nMwSt 19% 2.16")).subtotal == nil)
    }
}
