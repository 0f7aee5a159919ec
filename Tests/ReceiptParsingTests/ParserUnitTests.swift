import Foundation
import ReceiptModel
import ReceiptTesting
import Testing

@testable import ReceiptParsing

@Suite struct AmountReadingTests {
    @Test(arguments: [
        ("12.50", "12.50"), ("1,234.50", "1234.50"), ("1.234,50", "1234.50"), ("12,50", "12.50"), ("$12.50", "12.50"),
        ("RM12.50", "12.50"), ("4.99F", "4.99"), ("-1.00", "-1.00"), ("1,00-", "-1.00"), ("(2.00)", "-2.00"), ("€3,00", "3.00"),
    ])
    func readsPrintedAmounts(_ text: String, _ expected: String) throws {
        let (amount, _, _) = try #require(Numbers.money(Substring(text)))
        #expect(amount == Amount(expected))
    }

    @Test(arguments: [("1O.5O", "10.50"), ("S.99", "5.99"), ("l2.00", "12.00"), ("B.50", "8.50"), ("§5.10", "55.10")])
    func repairsDigitConfusions(_ text: String, _ expected: String) throws {
        let (amount, repaired, _) = try #require(Numbers.money(Substring(text)))
        #expect(amount == Amount(expected))
        #expect(repaired)
    }

    @Test(arguments: ["12", "1.2", "12.345", "abc", "1,23,45", "2016-05-26", ""])
    func rejectsNonAmounts(_ text: String) {
        #expect(Numbers.money(Substring(text)) == nil)
    }

    @Test func joinsSplitAmounts() {
        #expect(Numbers.tokens("SUMME EUR 26 , 90").last == "26,90")
        #expect(Numbers.tokens("TOTAL 12. 50").last == "12.50")
    }
}

@Suite struct ArithmeticRepairTests {
    @Test func droppedDecimalPointOnTotalIsRepairedByArithmetic() {
        let r = ReceiptParser().parse(text: "SHOP ONE\nBREAD 2.00\nMILK 3.00\nSUBTOTAL 5.00\nTAX 0.40\nTOTAL 540\n")
        #expect(r.total == Amount("5.40"))
        #expect(r.checks.subtotalPlusTaxMatchesTotal == true)
    }

    @Test func letterForDigitInTotalIsRepaired() {
        let r = ReceiptParser().parse(text: "SHOP ONE\nBREAD 2.00\nSUBTOTAL 2.00\nTAX 0.16\nTOTAL 2.l6\n")
        #expect(r.total == Amount("2.16"))
        #expect(r.checks.subtotalPlusTaxMatchesTotal == true)
    }

    @Test func aTotalUnderHalfTheSubtotalTheItemsConfirmIsAMisreadTotal() {
        let text = "TACO HOUSE\nHouse Recipe 26.00\nQueso Fresco 12.00\nMole Enchilada 19.00\nSub-total 57.00\nSales Tax\nTOTAL 9.00\n"
        let r = ReceiptParser().parse(text: text)
        #expect(r.total == Amount("57.00"))
        #expect(r.warnings.contains("total.repaired"))
        // A coupon below the subtotal is no misreading: that total stays.
        let coupon = ReceiptParser().parse(text: "SHOP ONE\nBREAD 6.00\nMILK 4.00\nSUBTOTAL 10.00\nCOUPON -3.00\nTOTAL 7.00\n")
        #expect(coupon.total == Amount("7.00"))
    }

    @Test func arithmeticPicksTheRightTotalAmongCandidates() {
        let text = "SHOP ONE\nBREAD 2.00\nSUBTOTAL 10.00\nTAX 0.80\nTOTAL 10.80\nAMOUNT 20.00\n"
        #expect(ReceiptParser().parse(text: text).total == Amount("10.80"))
    }

    @Test func neverTakesSubtotalQuantityOrSavingsForTotal() {
        let text = "SHOP ONE\nBREAD 9.00\nSUBTOTAL 9.00\nTOTAL QTY 3.00\nTOTAL SAVINGS 1.00\nTOTAL TAX 0.72\nTOTAL 9.72\n"
        let r = ReceiptParser().parse(text: text)
        #expect(r.total == Amount("9.72"))
        #expect(r.tax == Amount("0.72"))
        #expect(r.subtotal == Amount("9.00"))
    }

    @Test func brokenAmountsOnSummaryLinesAreReadWhole() {
        let r = ReceiptParser().parse(text: "SHOP ONE\nBREAD 44.32\nSUBTOTAL 44 32\nTAX: 4-21\nTotal $48 .53\n")
        #expect(r.subtotal == Amount("44.32"))
        #expect(r.tax == Amount("4.21"))
        #expect(r.total == Amount("48.53"))
        // Not on item lines, where "2 50" may be a quantity and a code.
        #expect(ReceiptParser().parse(text: "SHOP ONE\nBREAD 2 50\nTOTAL 3.00\n").items.isEmpty)
    }

    @Test func taxIsTheRightmostAmountAndPercentagesAreNoAmounts() {
        let r = ReceiptParser().parse(text: "SHOP ONE\nBREAD 17.35\nSUBTOTAL 17.35\nTAX 7.000% ON 17.35 1.21\nTOTAL 18.56\n")
        #expect(r.tax == Amount("1.21"))
        let s = ReceiptParser().parse(text: "SHOP ONE\nBREAD 17.35\nSUBTOTAL 17.35\nSALES TAX 7.00 %\nTOTAL 17.35\n")
        #expect(s.tax == nil)
    }

    @Test func droppedPointOnTaxIsRepairedByArithmetic() {
        let r = ReceiptParser().parse(text: "SHOP ONE\nPHO 22.25\nSubtotal 22.25\nTAX 211\nTotal 24.36\n")
        #expect(r.tax == Amount("2.11"))
        #expect(r.checks.subtotalPlusTaxMatchesTotal == true)
        #expect(!r.warnings.contains("tax.inferred"))
        // Without the arithmetic to back it, an integer is no reading: the tax is only inferred.
        let other = ReceiptParser().parse(text: "SHOP ONE\nPHO 22.25\nSubtotal 22.25\nTAX 299\nTotal 24.36\n")
        #expect(other.warnings.contains("tax.inferred"))
    }

    @Test func priceOnALineOfItsOwnIsPairedByThePriceColumn() {
        // A skewed photo: the price column sits ~10 px above its labels, so "25.22" (read as a
        // line of its own above SUB-TOTAL) belongs to SUB-TOTAL, and "1.74" to Food Tax.
        let input = ParserInput(
            lines: [
                line([("CAFE", 200, 500), ("ROMA", 280, 500)]),
                line([("SODA", 200, 576), ("2.49", 650, 566)]),
                line([("STEAK", 200, 625), ("22.73", 650, 615)]),
                line([("25.22", 660, 664)]),
                line([("SUB-TOTAL", 200, 675)]),
                line([("1.74", 660, 712)]),
                line([("Food", 200, 722), ("Tax", 280, 722)]),
                line([("Total", 200, 770), ("26.96", 650, 760)]),
            ],
            pageWidth: 800
        )
        let r = ReceiptParser().parse(input)
        #expect(r.subtotal == Amount("25.22"))
        #expect(r.tax == Amount("1.74"))
        #expect(r.total == Amount("26.96"))
        #expect(r.items.map(\.name) == ["SODA", "STEAK"])
    }

    @Test func aTotalPrintedAgainOrPaidExactlyIsNotRepaired() {
        // GST-inclusive: "Nett Total" is the amount paid, the GST line is part of it.
        let text = "KEDAI ONE\nNASI 4.40\nTEH 2.60\nTotal Amount: $7.00\nGST @6%: $0.40\nNett Total: $7.00\nCASH $7.00\nChange $0.00\n"
        #expect(ReceiptParser().parse(text: text).total == Amount("7.00"))
        #expect(Keywords.kind(of: "Nett Total: 7.00") == .total)
        #expect(Keywords.kind(of: "NET TOTAL 7.00") == .subtotal)
    }

    @Test func anUnreadableTaxFollowsFromSubtotalAndTotal() {
        let r = ReceiptParser().parse(text: "CAFE ONE\nWINGS 13.50\nSUBTOTAL: 13.50\nTAX: ee ee\nTOTAL: $14.36\n")
        #expect(r.tax == Amount("0.86"))
        #expect(r.warnings.contains("tax.inferred"))
        // No tax line at all: nothing is inferred. A subtotal printed after the total is no range to search.
        #expect(ReceiptParser().parse(text: "CAFE ONE\nWINGS 13.50\nSUBTOTAL: 13.50\nTOTAL: $14.36\n").tax == nil)
        #expect(ReceiptParser().parse(text: "CAFE ONE\nTOTAL 14.36\nTAX ee\nSUBTOTAL 13.50\n").tax == nil)
        #expect(ReceiptParser().parse(text: "CAFE ONE\nTax: ‘$1.06\nTOTAL 14.36").tax == Amount("1.06"))
    }

    @Test func badlyMisreadLongKeywordsAndBrokenAmountsWithScraps() {
        #expect(Keywords.kind(of: "4 Suotota! 24.08") == .subtotal)
        #expect(Keywords.kind(of: "TOTAL ROUNDED RM 7.15") == .total)
        #expect(ReceiptParser().parse(text: "CAFE\nWINGS 13.50\nSUBTOTAL:   13-50   ane\nTOTAL 13.50").subtotal == Amount("13.50"))
    }

    @Test func anAmountAboveWithAScrapOfLabelBelongsToItsOwnLine() {
        let input = ParserInput(
            lines: [
                line([("PASTA", 200, 500), ("CAFE", 280, 500)]),
                line([("Root", 10, 608), ("Beer", 80, 608), ("$2.50", 420, 608)]),
                line([("ubtota]", 10, 683), ("$28.48", 420, 683)]),
                line([("ax", 10, 725), ("$2.28", 420, 725)]),
                line([("otal", 10, 757)]),
            ],
            pageWidth: 600
        )
        #expect(ReceiptParser().parse(input).total != Amount("2.28"))
    }

    @Test func failingChecksAskForReview() {
        let r = ReceiptParser().parse(text: "SHOP ONE\nBREAD 2.00\nSUBTOTAL 2.00\nTAX 0.16\nTOTAL 9.99\n")
        #expect(r.checks.subtotalPlusTaxMatchesTotal == false)
        #expect(r.needsReview)
        #expect(r.warnings.contains("total.arithmetic-mismatch"))
    }

    @Test func rereadMergesInWhenItFixesTheChecks() {
        let parser = ReceiptParser()
        let first = ParserInput(text: "SHOP ONE\nBREAD 2.00\nSUBTOTAL 2.00\nTAX 0.16\nTOTAL 7.16\n")
        let reread = ParserInput(text: "SUBTOTAL 2.00\nTAX 0.16\nTOTAL 2.16\n")
        let r = parser.parse(first, rereads: [reread])
        #expect(r.total == Amount("2.16"))
        #expect(r.checks.subtotalPlusTaxMatchesTotal == true)
        #expect(r.merchant.name == "SHOP ONE")
        #expect(!r.needsReview)
    }
}

/// A line of words at (x, y) page positions, 60 × 34 px each, as OCR gives them.
func line(_ words: [(String, Double, Double)]) -> ParserInput.Line {
    ParserInput.Line(
        text: words.map(\.0).joined(separator: " "),
        words: words.map { ParserInput.Word(text: $0.0, box: .init(x: $0.1, y: $0.2, width: 60, height: 34)) }
    )
}

@Suite struct DateTests {
    func date(_ text: String) -> String? { ReceiptParser().parse(text: text).date }

    @Test(arguments: [
        ("5/26/2016", "2016-05-26"), ("26.05.16", "2016-05-26"), ("2016-05-26", "2016-05-26"), ("26 MAY 2016", "2016-05-26"),
        ("May 26, 16", "2016-05-26"), ("26/05/2016 13:02", "2016-05-26"), ("Datum: 26.05.2016", "2016-05-26"), ("14 MAC 2017", "2017-03-14"),
    ])
    func readsDateForms(_ text: String, _ expected: String) {
        #expect(date(text) == expected)
    }

    @Test func dayFirstOrMonthFirstFromLocale() {
        #expect(date("TOTAL $5.00\n03/04/2016") == "2016-03-04")
        #expect(date("SUMME EUR 5,00\n03.04.2016") == "2016-04-03")
        #expect(date("TOTAL RM5.00\n03/04/2016") == "2016-04-03")
    }

    @Test func dayFirstFromOtherDatesOnTheReceipt() {
        #expect(date("Date 03/04/2016\nValid until 25/04/2016\nTOTAL $5.00") == "2016-04-03")
    }

    @Test(arguments: [
        ("TOTAL $5.00\nO3/O9/2O24", "2024-03-09"), ("TOTAL 5.00\n03 / 09 / 2024", "2024-03-09"),
        ("Date : 30/83/2018 10:13 PM\nTOTAL RM 5.00", "2018-03-30"), ("12-02-2618 11:34:45 AM\nJUMLAH RM5.00", "2018-02-12"),
        ("Datum 98.10.16 14:16 Uhr\nSUMME EUR 5,00", "2016-10-08"), ("14/fMay/2017 02:56:39", "2017-05-14"),
        ("CARRY-OUT, SUN JUN 24 20:49:53 2018", "2018-06-24"), ("Mar18°18 10:54AM", "2018-03-18"), ("Datum: 04, 04. 2020", "2020-04-04"),
        ("Datum 07,04,20 14:37 Uhr", "2020-04-07"), ("Doc No CS00010930 Date: 1770372018\nTOTAL RM 5.00", "2018-03-17"),
        ("4 June 23, 2019 at 2:33 PM", "2019-06-23"),
    ])
    func readsDatesThroughOCRNoise(_ text: String, _ expected: String) {
        #expect(date(text) == expected)
    }

    @Test func strayCurrencyLettersAreNoLocaleCue() {
        // "Rm" (a dining room) and a lone "£" in noise must not make the receipt Malaysian or British (day-first).
        let r = ReceiptParser().parse(text: "AM Dining Rm\n£ ~ i\nSODA 2.49\nDate: 09/08/2017 12:45 PM\nTOTAL 2.49")
        #expect(r.currency == "USD")
        #expect(r.date == "2017-09-08")
        #expect(ReceiptParser().parse(text: "TOTAL RM 5.00\n09/08/2017").currency == "MYR")
    }

    @Test func impossibleDatesAreNotRepairedIntoOthers() {
        #expect(date("32/13/2016") == nil)
        #expect(date("2016-13-45") == nil)
    }

    @Test func readsTimes() {
        #expect(ReceiptParser().parse(text: "05/26/2016 12:53 PM").time == "12:53")
        #expect(ReceiptParser().parse(text: "05/26/2016 1:05 PM").time == "13:05")
        #expect(ReceiptParser().parse(text: "26.05.16 13:02:11").time == "13:02:11")
    }
}

@Suite struct KeywordTests {
    @Test(arguments: [
        ("TOTAL", LineKind.total), ("T0TAL", .total), ("TOTA1", .total), ("Amount Due", .total), ("SUMME", .total), ("ZU ZAHLEN", .total),
        ("JUMLAH", .total), ("GESAMT", .total), ("SUBTOTAL", .subtotal), ("Sub Total", .subtotal), ("SUBT0TAL", .subtotal),
        ("TOTAL QTY", .count), ("TOTAL SAVINGS", .discount), ("TOTAL TAX", .tax), ("GST 6%", .tax), ("MwSt 19%", .tax),
        ("CHANGE", .change), ("Rückgeld", .change), ("TIP", .tip), ("VOID", .void), ("PFAND", .deposit), ("Coffee", .other),
    ])
    func classifies(_ text: String, _ kind: LineKind) {
        #expect(Keywords.kind(of: text + " 1.00") == kind)
    }
}

@Suite struct HostileInputTests {
    /// A parser that went quadratic on a megabyte of text would take hours; the time limit says
    /// so without timing each input, which on a loaded machine measures the load (3.7 s for all of
    /// them alone in a debug build, 11 s for one of them beside the whole test run).
    @Test(.timeLimit(.minutes(2))) func survivesOnHostileText() {
        var generator = SystemRandomNumberGenerator()
        let garbage = String(decoding: (0..<50_000).map { _ in UInt8.random(in: 0...255, using: &generator) }, as: UTF8.self)
        let inputs = [
            String(repeating: "9", count: 1_000_000),
            String(repeating: "TOTAL 1.00 ", count: 100_000),
            String(repeating: "12.34\n", count: 100_000),
            garbage,
            String(repeating: "0", count: 300_000) + "." + String(repeating: "1", count: 300_000),
            String(repeating: "\n", count: 100_000),
            "", "TOTAL", "$", "..,,..", String(repeating: "1/1/1 ", count: 50_000),
        ]
        let parser = ReceiptParser()
        for input in inputs {
            _ = parser.parse(text: input).total
        }
    }

    @Test func randomShortLinesNeverCrash() {
        var rng = SeededGenerator(seed: 42)
        let alphabet = Array("0123456789.,:/-$€ RMTOTALSUBxX@lbkg%*()\n\tABCDEFabcdef")
        for _ in 0..<300 {
            let text = String((0..<Int.random(in: 0...400, using: &rng)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] })
            let r = ReceiptParser().parse(text: text)
            #expect(r.items.allSatisfy { !$0.name.isEmpty })
        }
    }
}

@Suite struct MerchantTests {
    func name(_ text: String) -> String? { ReceiptParser().parse(text: text).merchant.name }

    @Test func legalFormMisreadByOCRIsRecognisedAndSpelledRight() {
        #expect(name("MR. D.I.Y. (M) SON BHO\n(CO.REG : 860671-D)\nLOT 1851-A, JALAN KPB 6,\nTOTAL RM 5.00") == "MR. D.I.Y. (M) SDN BHD")
        #expect(ReceiptParser.hasLegalForm("99 SPEED MART S/B (519537-X)", words: Keywords.words("99 SPEED MART S/B (519537-X)")))
        #expect(!ReceiptParser.hasLegalForm("SON OF A BAKER", words: Keywords.words("SON OF A BAKER")))
    }

    @Test func registrationNumberIsCutButNotAnOutletNumber() {
        #expect(name("KMF FOODICIOUS SDN BHD (1132106-H)\nNO. 9-G, JALAN PERUBATAN 2,\nTOTAL 5.00") == "KMF FOODICIOUS SDN BHD")
        #expect(name("MR. D.I.Y. (4) SDN BHD\nCo-REG:84604671-D\nTOTAL 5.00") == "MR. D.I.Y. (4) SDN BHD")
    }

    @Test func theSellerAtTheTopWinsOverAnOwnerOrBuyerBelowTheTitle() {
        let text =
            "SANYU STATIONERY SHOP\nNO. 31G, JALAN SETIA INDAH\n40170 SETIA ALAM\nTAX INVOICE\nOwned By :\nSANYU SUPPLY SDN BHD (1135772-K)\nPEN 2.00\nTOTAL 2.00"
        #expect(name(text) == "SANYU STATIONERY SHOP")
    }

    @Test func nameAboveTheAddressBeatsABranchOrSloganLine() {
        #expect(
            name("FRISCH EINKAUFEN GENUSS ERLEBEN\nWUNSCHLOS GLUCKLICH\nMarktplatz Lehr\nDetmolder Str. 4\n33102 Paderborn\nEUR\nBROT 1,00")
                == "Marktplatz Lehr"
        )
    }

    @Test func aGermanStreetWrittenAsOneWordIsPartOfTheAddress() {
        #expect(name("FRISCHMARKT\nLindenstrasse 27\n50674 Koeln\nTel. 0221 555 0188\nEUR\nBROT 1,00 A\nSUMME 1,00") == "FRISCHMARKT")
        #expect(name("BACKHAUS MEYER\nBahnhofstraße 3a\n33102 Paderborn\nBROT 1,00\nSUMME 1,00") == "BACKHAUS MEYER")
    }

    @Test func junkAtTheEndsOfAPhotographedLineIsCut() {
        #expect(ReceiptParser.nameSegment("4   Araxi Burger Aventura   Be") == "Araxi Burger Aventura")
        #expect(ReceiptParser.nameSegment("Longboards   ee") == "Longboards")
        #expect(ReceiptParser.nameSegment("CARL'S JR. 1100375") == "CARL'S JR. 1100375")
    }

    @Test func aShopWordLineJoinsTheNameBelowIt() {
        #expect(name("RISTORANTE   1 ,\nBELLAGIO (CO)\nTELEFONO 031/951888\n4 COPERTO   12.00\nTOTALE 12.00") == "RISTORANTE BELLAGIO (CO)")
    }

    @Test func aWordBelowTheAddressBlockIsNoName() {
        #expect(name("EL POLLO LOCO\n5451\n7519 ATLANTIC AVE\nCUDAHY, CA 90201\neT LIAH\n1 Burrito Cmb   8.28\nTOTAL 8.28") == "EL POLLO LOCO")
    }

    @Test func handwrittenLowercaseNoteIsNoMerchant() {
        #expect(name("tan woon yann\nKEDAI MAJU\nJALAN BESAR 1\nTOTAL RM 5.00") == "KEDAI MAJU")
    }
}

@Suite struct ItemTests {
    func items(_ text: String) -> [ParsedReceipt.Item] { ReceiptParser().parse(text: text).items }

    @Test func photoNoiseAroundAnItemIsCut() {
        let r = items("CAFE ONE\nq   1 Flying Dog Numero Uno BTL   12.00\nHg 1 Mole Enchilada   19.00   §&\n“1 Dal Fry   10.99\nTOTAL 41.99")
        #expect(r.map(\.name) == ["Flying Dog Numero Uno BTL", "Mole Enchilada", "Dal Fry"])
        #expect(r.map(\.quantity) == [1, 1, 1])
    }

    @Test func quantityAndUnitPriceInParentheses() {
        let r = items("CAFE ONE\nCadillac Margarita (2 @14.00)   28.00\nSandia Margarita ($13.00/ea)   26.00\nTOTAL 54.00")
        #expect(r.first?.name == "Cadillac Margarita")
        #expect(r.first?.quantity == 2)
        #expect(r.first?.unitPrice == Amount("14.00"))
        #expect(r.first?.price == Amount("28.00"))
        #expect(r.last?.name == "Sandia Margarita")
    }

    /// Issue 31: `0,89 x 2` is 2 at 0.89, not 0.89 at 2.00.
    @Test func aPriceBeforeTheCountIsTheUnitPrice() throws {
        let r = items("REWE Markt GmbH\nBulgur-Kräuter 0,89 x 2 1,78 A\nMilch 1,19 A\nSUMME EUR 2,97\n")
        let bulgur = try #require(r.first)
        #expect(bulgur.name == "Bulgur-Kräuter")
        #expect(bulgur.quantity == 2)
        #expect(bulgur.unitPrice == Amount("0.89"))
        #expect(bulgur.price == Amount("1.78"))
    }

    @Test func multiBuyLinesCountTheItemAbove() {
        let r = ReceiptParser().parse(
            text: "VALUE FOODS\nSPAGHETTI 16OZ   2.24 N\n  2 AT 1 FOR 1.12\nCOLA 12PK   7.50 X\n  3 AT 2 FOR 5.00\nSUBTOTAL 9.74\nTOTAL 9.74\n"
        )
        #expect(r.items.map(\.name) == ["SPAGHETTI 16OZ", "COLA 12PK"])
        #expect(r.items.map(\.quantity) == [2, 3])
        #expect(r.items.map(\.unitPrice) == [Amount("1.12"), Amount("2.50")])
        #expect(r.checks.itemsMatchSubtotal == true)
    }

    @Test func weightTimesUnitPriceRepairsAMisreadLinePrice() {
        let r = ReceiptParser().parse(
            text:
                "FRESH MART\nWHOLE MILK GAL   3.49 F\nROMA TOMATOES\n0.52 lb @ 2.99/lb   1755-F\nCHKN BREAST BNLS   8.47 F\nSUBTOTAL 13.51\nTOTAL 13.51\n"
        )
        #expect(r.items.map(\.name) == ["WHOLE MILK GAL", "ROMA TOMATOES", "CHKN BREAST BNLS"])
        #expect(r.items.map(\.price) == [Amount("3.49"), Amount("1.55"), Amount("8.47")])
        #expect(r.items.dropFirst().first?.unit == "lb")
        #expect(r.checks.itemsMatchSubtotal == true)
        // The same from a photo where the unit price itself was read unsurely.
        let photo = ReceiptParser().parse(
            ParserInput(
                lines: [
                    scored([("FRESH", 300, 300, 0.95), ("MART", 380, 300, 0.95)]),
                    scored([("WHOLE", 60, 400, 0.95), ("MILK", 130, 400, 0.95), ("3.49", 900, 400, 0.95)]),
                    scored([("ROMA", 60, 450, 0.95), ("TOMATOES", 130, 450, 0.95)]),
                    scored([
                        ("0.52", 90, 500, 0.87), ("lb", 160, 500, 0.92), ("@", 230, 500, 0.91), ("2.99/lb", 300, 500, 0.1), ("1755-F", 900, 500, 0.4),
                    ]),
                    scored([("SUBTOTAL", 60, 560, 0.95), ("5.04", 900, 560, 0.95)]),
                    scored([("TOTAL", 60, 620, 0.95), ("5.04", 900, 620, 0.95)]),
                ],
                pageWidth: 1000
            )
        )
        #expect(photo.items.map(\.price) == [Amount("3.49"), Amount("1.55")])
        #expect(photo.items.last?.unitPrice == Amount("2.99"))
        // A weighed price its weight confirms is not "repaired" to fit a misread subtotal.
        let weighed = ReceiptParser().parse(text: "FRESH MART\nMILK   3.49\nBANANAS\n2.14 lb @ 0.59/lb   1.26\nSUBTOTAL 4.78\nTOTAL 4.78\n")
        #expect(weighed.items.map(\.price) == [Amount("3.49"), Amount("1.26")])
    }

    @Test func anUnreadableUnitPriceLeavesTheLinePriceAlone() {
        let r = items("CAFE ONE\nBud Light (2 @3. 7O)   7.40\nTOTAL 7.40")
        #expect(r.first?.price == Amount("7.40"))
    }

    @Test func sumLinesAndCardLinesAreNoItems() {
        let r = items("CAFE ONE\nSoup 10.00\nSalad 5.00\nA Suotota 15.00\nTax 1.20\nTOTAL 16.20\n")
        #expect(r.map(\.name) == ["Soup", "Salad"])
        #expect(items("CAFE ONE\nSoup 7.61\nACCT : XXXXXXXX2276   7.61").map(\.name) == ["Soup"])
    }

    @Test func namesPrintedBelowTheirCodeAndPrices() {
        let text = """
            UMIX
            4/24/2016 6:30:31 PM
            Item   Qty   Price   Total
            Description
            100027   1   5.25   5.25
            PARIS
            100026   1   4.95   4.95
            LE CLASSIQUE
            Netto   MwSt.
            1 19,00 %   8,57   1,63
            Filiale Paderborn
            """
        let r = items(text)
        #expect(r.map(\.name) == ["PARIS", "LE CLASSIQUE"])
        #expect(r.map(\.price) == [Amount("5.25"), Amount("4.95")])
        // Names above their prices stay where they are.
        #expect(items("SHOP\nSoup\n100027 1 5.25 5.25\nTOTAL 5.25").map(\.name) == ["Soup"])
    }

    @Test func quantityBeforeAMenuNumberAndPaymentAndOffersAreNoItems() {
        let r = items("POPEYES\n1 #6 3 TENDER ML   8.69\n1 $ ADD GARLIC FRIES   4.50\nOnline offer   -1.00\nCash   13.25\nChange   0.75")
        #expect(r.map(\.name) == ["#6 3 TENDER ML", "ADD GARLIC FRIES"])
        #expect(r.last?.discount == Amount("-1.00"))
        // A name that merely contains a payment word is still an item.
        #expect(items("KIOSK\nMARS BAR 1.00\nTOTAL 1.00").map(\.name) == ["MARS BAR"])
    }

    @Test func itemsEndAtATotalWhoseAmountWasLost() {
        let r = items("MARKT\nEUR\nBROT 1,00 B\nMILCH 1,09 B\nSUMME EUR\nMastercard EUR 2,09\nauf den Umsatz von 1,76")
        #expect(r.map(\.name) == ["BROT", "MILCH"])
        // A column header naming "Betrag" or "Amount" does not end them.
        #expect(items("SHOP\nArt.-Nr. Bezeichnung Betrag\nSCHRAUBEN 3,49 A\nSumme 3,49").map(\.name) == ["SCHRAUBEN"])
    }
}
