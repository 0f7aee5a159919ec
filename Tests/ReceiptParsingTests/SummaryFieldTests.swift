import Foundation
import ReceiptModel
@testable import ReceiptParsing
import Testing

/// The receipt-level fields (total, date, merchant) from OCR-like text.
@Suite struct TotalSelectionTests {
    @Test func payableTotalBeatsAQualifiedTotalAboveIt() {
        let text = """
            ABC BAKERIES SDN BHD
            BREAD 28.32
            Total 0% supplies: -/.43
            Total 6% supplies (excl. GST): 28.32
            (ST: 1.69
            Total 6% supplies (Inc. GST): 30.01
            Total @% supplies: -7.43
            Total Payable: 22,58
            """
        #expect(ReceiptParser().parse(text: text).total == Amount("22.58"))
    }

    @Test func payableTotalContradictedByWhatWasPaidLosesItsWeight() {
        let text = """
            SHOP ONE SDN BHD
            PEN 33.50
            Total Sales Inclusive GST @6% 33.50
            Total 33.50
            Final Total ——=SS«#3 3,50
            CASH 50.00
            CHANGE 16.50
            """
        #expect(ReceiptParser().parse(text: text).total == Amount("33.50"))
    }

    @Test func totalBelowTheTaxAndRoundingLinesIsTheOnePaid() {
        let text = """
            SHOP ONE SDN BHD
            2 SET A 53.70
            Total Amount 49.60
            GST 6% 3.27
            Rounding Adj : 0.08
            TOTAL: RM 57.80
            """
        #expect(ReceiptParser().parse(text: text).total == Amount("57.80"))
    }

    @Test func roundingAfterTheTotalIsAppliedOnlyWhenTheRoundedAmountIsPrinted() {
        let printed = "GUARDIAN SDN BHD\nWATER 2.56\nTOTAL (GST INCL) 2.56\nCASH 50.55\nROUNDING ADJUSTMENTS 0.01-\nCHANGE DUE 48.00\n"
        #expect(ReceiptParser().parse(text: printed).total == Amount("2.56"))
        let tendered = "SUSHI SDN BHD\nSUSHI 31.02\nTotal (Inclusive of GST): 31.02\nRounding Adj: -0.02\nCASH : 31.00\n"
        #expect(ReceiptParser().parse(text: tendered).total == Amount("31.00"))
    }

    @Test func theTaxTableAfterTheTotalGivesNoTotal() {
        let text = """
            SHOP ONE
            SIMEN 174.90
            Total Sales (Excluding GST) : 180.00
            TotalGST : 10.80
            Totd/Sales (Inclusive of GST) : 190.80
            GST SUMMARY
            TaxCode % Amt(RM) Tax(RM)
            Total 180.00 10,80
            """
        #expect(ReceiptParser().parse(text: text).total == Amount("190.80"))
    }

    @Test func salesInclusiveOfTaxIsATotalAndMisreadCurrencyStillMarksAnAmount() {
        let text = """
            SUPER SHOP SDN BHD
            RICE 5KG 17.00
            igtal Gales (Incl. GST 6%) RM367.10
            Kel Jota! RH367,10
            """
        let r = ReceiptParser().parse(text: text)
        #expect(r.total == Amount("367.10"))
        #expect(Numbers.money("RH367,10")?.0 == Amount("367.10"))
    }
}

@Suite struct DateEvidenceTests {
    @Test func yearWithItsSecondDigitMisreadIsThisCentury() {
        #expect(ReceiptParser().parse(text: "DINER\n7/26/2319 10:56:49 PM\nTOTAL 5.00").date == "2019-07-26")
    }

    @Test func monthNameWithOneLetterMisreadIsAMonth() {
        #expect(ReceiptParser().parse(text: "DINER\njure 23, 2019 at 2:33 PM\nTOTAL 5.00").date == "2019-06-23")
        // A clean date elsewhere outranks the repaired reading.
        #expect(ReceiptParser().parse(text: "DINER\n1 MARS 12\n2019-05-03\nTOTAL 5.00").date == "2019-05-03")
    }
}

@Suite struct MerchantHeaderTests {
    @Test func aLineEndingInTheDocumentTitleEndsTheHeader() {
        let text = """
            SANYO STATIONERY SHOP
            NO. 31G&33G, JALAN SETIA INDAH X ,U13/X
            40170 SETIA ALAM
            Tel: +603-3362 4137
            ID No: 001531760640   TAX INVOICE
            Issued By :
            SANYU SUPPLY SDN BHD (1135772-K)
            PEN 3.50
            """
        #expect(ReceiptParser().parse(text: text).merchant.name == "SANYO STATIONERY SHOP")
    }

    @Test func aLoneLetterAtTheEndOfTheNameIsDropped() {
        #expect(ReceiptParser.trimmedJunk("ciry TAST F") == "ciry TAST")
    }
}
