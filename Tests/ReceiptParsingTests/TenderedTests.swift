import Foundation
import ReceiptModel
import Testing

@testable import ReceiptParsing

/// The cash handed over is not the total (issue 31): a large round amount near the bottom,
/// labelled as cash tendered, with the change given after it.
@Suite struct TenderedTests {
    @Test(arguments: [
        "CAFE ONE\nLatte 19.50\nTOTAL 19.50\nCASH TENDERED 20.00\nCHANGE 0.50",
        "CAFE ONE\nLatte 19.50\nTOTAL 19.50\nTOTAL CASH 20.00\nCHANGE 0.50",
        "CAFE ONE\nLatte 19.50\nTotal 19.50\nAmount Paid 20.00\nChange 0.50",
        "CAFE ONE\nLatte 19.50\nTOTAL 19.50\nTOTAL TENDERED 20.00\nCHANGE DUE 0.50",
        "CAFE ONE\nLatte 19.50\nTOTAL 19.50\nCash Amount 20.00\nChange 0.50",
        "CAFE ONE\nLatte 19.50\nBalance Due 19.50\nAMOUNT TENDERED 20.00\nCHANGE 0.50",
        "CAFE ONE\nLatte 18.00\nSubtotal 18.00\nTax 1.50\nCASH 20.00\nCHANGE 0.50",
        "CAFE ONE\nLatte 18.00\nSubtotal 18.00\nTax 1.50\nT0TAI l9.5O\nCASH 20.00\nCHANGE 0.50",
        "CAFE ONE\nLatte 18.00\nSubtotal 18.00\nTax 1.50\nAMOUNT TENDERED 20.00\nCHANGE 0.50",
        "CAFE ONE\nLatte 19.50\nTOTAL CASH 20.00\nCHANGE 0.50",
        "CAFE ONE\nLatte 19.50\nAmount Paid 20.00\nChange 0.50",
        "KEDAI MAJU\nROTI 19.50\nJUMLAH 19.50\nTUNAI 20.00\nBAKI 0.50",
        "CAFETERIA\nCafé 19,50\nTotal 19,50\nEfectivo 20,00\nCambio 0,50",
        "BÄCKEREI\nBrot 19,50\nSumme 19,50\nGegeben Bar 20,00\nRückgeld 0,50",
    ])
    func theTotalIsNotTheCashTendered(_ text: String) {
        let receipt = ReceiptParser().parse(text: text)
        #expect(receipt.total == Amount("19.50"))
        #expect(receipt.payment.tendered == Amount("20.00"))
    }

    @Test func whatWasPaidRepairsAMisreadTotalWhenTheSumAgrees() {
        let receipt = ReceiptParser().parse(text: "CAFE ONE\nPasta 49.50\nSubtotal 49.50\nTax 2.97\nTotal 802.47\nPAYMENT 52.47\nVISA XXXX1234")
        #expect(receipt.total == Amount("52.47"))
        #expect(receipt.warnings.contains("total.repaired"))
    }

    @Test func aRoundTotalPaidExactlyStaysTheTotal() {
        let receipt = ReceiptParser().parse(text: "CAFE ONE\nLunch 20.00\nTOTAL 20.00\nCASH 20.00\nCHANGE 0.00")
        #expect(receipt.total == Amount("20.00"))
    }

    @Test func aTotalLineNamingAPaymentWithoutChangeAfterItStaysATotal() {
        #expect(Keywords.namesPayment("TOTAL CASH 20.00"))
        #expect(Keywords.namesPayment("AMOUNT TENDERED 20.00"))
        #expect(Keywords.namesPayment("Amount Paid 20.00"))
        #expect(!Keywords.namesPayment("GRAND TOTAL 20.00"))
        #expect(!Keywords.namesPayment("Summe Bar 20,00"))
        // No change line: what was paid in cash is the total.
        #expect(ReceiptParser().parse(text: "CAFE ONE\nLatte 19.50\nTOTAL CASH 19.50").total == Amount("19.50"))
        // "Gesamt Bar" is the total, the amount given below it the tendered one.
        let german = ReceiptParser().parse(text: "BÄCKEREI\nBrot 12,34\nGesamt Bar 12,34\nGegeben 20,00\nRückgeld 7,66")
        #expect(german.total == Amount("12.34"))
        #expect(german.payment.tendered == Amount("20.00"))
    }
}
