import Foundation
import ReceiptModel
import Testing

@testable import ReceiptParsing

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

@Suite struct SummaryRecoveryTests {
    @Test func keywordsWithTheirFirstLetterCutOffAreRead() {
        let r = ReceiptParser().parse(text: "LA PASTA\nRoot Beer $2.50\nubtota] $28.48 RS\nax $2.28 —\notal $30. /6 1\n")
        #expect(r.subtotal == Amount("28.48"))
        #expect(r.tax == Amount("2.28"))
        #expect(r.total == Amount("30.76"))
        // The summary lines are no items.
        #expect(r.items.map(\.name) == ["Root Beer"])
    }

    @Test func theAmountOnTheCardAccountLineIsWhatWasPaid() {
        let r = ReceiptParser().parse(text: "TACO SHOP\n1 Burrito 6.98\nSubTotal vif 3 a\nACCT : KXKKXXKK2276 7.61\n")
        #expect(r.total == Amount("7.61"))
    }

    @Test func amountsAboveTheTotalThatSumToItAreSubtotalAndTax() {
        let r = ReceiptParser().parse(text: "TAVERN\nGrey Goose 3.00\n79.50\nsubtotal a\nrunt 5.57\nTotal 85.07\n85.07\n")
        #expect(r.subtotal == Amount("79.50"))
        #expect(r.tax == Amount("5.57"))
        #expect(r.total == Amount("85.07"))
    }

    @Test func amountsShiftedOffTheirLabelsAreFoundByTheirSum() {
        let text = "MEXICAN RESTAURANT\nFlautas Chicken\n15,95\nColoradito\n50.05\nSubtotal 5.46\ntax\n55.51\nTotal 9.01\nGratuity 18.00%\n64.52\n"
        let r = ReceiptParser().parse(text: text)
        #expect(r.subtotal == Amount("50.05"))
        #expect(r.tax == Amount("5.46"))
        #expect(r.total == Amount("55.51"))
        // The shifted amount under "Gratuity" is no tip: the three add up without one.
        #expect(r.tip == nil)
        #expect(r.checks.subtotalPlusTaxMatchesTotal == true)
    }

    @Test func amountsJoinedToTheLabelBelowOnASkewedPhotoMoveUp() {
        // Words as (text, x, y, height): the price column sits about 24 px below its labels.
        func line(_ words: [(String, Double, Double, Double)]) -> ParserInput.Line {
            ParserInput.Line(
                text: words.map(\.0).joined(separator: "   "),
                words: words.map { ParserInput.Word(text: $0.0, box: ParserInput.Box(x: $0.1, y: $0.2, width: 60, height: $0.3)) }
            )
        }
        let input = ParserInput(
            lines: [
                line([("AKIRA", 150, 100, 30)]),
                // Item lines open with a quantity: the column offset is measured on them too.
                line([("1", 13, 447, 20), ("Sushi", 62, 449, 27), ("Deluxe", 143, 456, 28), ("$20.75", 330, 470, 25)]),
                line([("1", 9, 482, 20), ("Glenmont", 59, 485, 32), ("Roll", 203, 493, 36), ("$15.95", 326, 507, 26)]),
                line([("Tax", 81, 656, 20)]),
                line([("Total:", 79, 677, 40), ("$6.93", 330, 683, 20)]),
                line([("$93.58", 296, 706, 28)]),
            ],
            pageWidth: 420
        )
        let r = ReceiptParser().parse(input)
        #expect(r.tax == Amount("6.93"))
        #expect(r.total == Amount("93.58"))
    }

    @Test func aSmallerSumIsATaxGroupNotTheTotal() {
        let text =
            "BAKERIES SDN BHD\nBREAD 20.00\nTotal 0% supplies: 27.50\nTotal 6% supplies (excl. GST): 3.60\nGST: 0.22\nTotal 6% supplies (Inc. GST): 3.82\nTotal Payable: 31.32\n"
        #expect(ReceiptParser().parse(text: text).total == Amount("31.32"))
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

    @Test func aStoreNumberAfterTheNameDoesNotMakeItLookLikeNoise() {
        let text = "iy rd\nLf\nCARL'S JR 1100375   “~ i\n(916) 962-3415   TR\n8105 MADISON AVE   P\nFAIR OAKS, CA\n1 Burger $5.00\n"
        #expect(ReceiptParser().parse(text: text).merchant.name == "CARL'S JR 1100375")
        #expect(ReceiptParser.withoutStoreNumber("DriveThru #3100") == "DriveThru")
    }

    @Test func ocrNoiseWithAStreetAbbreviationIsNoAddress() {
        // Two-letter scraps of a photo's background ("xy rd") do not open the address block,
        // so the name below them is not taken for a line printed under the address.
        let parser = ReceiptParser()
        #expect(!parser.isAddressLike(analyzed("xy rd")[0]))
        #expect(parser.isAddressLike(analyzed("12 Elm Rd")[0]))
        #expect(parser.isAddressLike(analyzed("Main St")[0]))
    }

    @Test func withoutANameInTheHeaderTheCompanyLineBelowNamesTheShop() {
        let text = "~ ~\nBahnhofstr. 5\n12345 Musterstadt\nBrot 2,49 A\nSUMME 2,49\nBar 5,00\nVielen Dank\nMuster Markt GmbH\n"
        #expect(ReceiptParser().parse(text: text).merchant.name == "Muster Markt GmbH")
        // A street line is an address even when its house number is cut as a fragment.
        #expect(ReceiptParser().parse(text: "Lindenweg 7\n12345 Musterstadt\nBrot 2,49\nSUMME 2,49\n").merchant.name == nil)
        // A name in the header stays the name.
        #expect(ReceiptParser().parse(text: "KORNKAMMER\n" + text).merchant.name == "KORNKAMMER")
    }

    @Test func aLoneLetterAtTheEndOfTheNameIsDropped() {
        #expect(ReceiptParser.trimmedJunk("ciry TAST F") == "ciry TAST")
    }
}
