import Foundation
import Testing

@testable import ReceiptParsing

/// The merchant cues of issue 31 (`MerchantCues`), each on a reading that shows its case.
@Suite struct MerchantCueTests {
    func read(_ text: String, known: [String] = []) -> (name: String?, confidence: Double?) {
        var input = ParserInput(text: text)
        input.knownMerchants = known
        let receipt = ReceiptParser().parse(input)
        return (receipt.merchant.name, receipt.confidence.merchant)
    }

    /// A line of words of one height each, at `y`.
    func line(_ text: String, y: Double, height: Double, confidence: Double = 0.95) -> ParserInput.Line {
        var x = 40.0
        let words = text.split(separator: " ").map { word -> ParserInput.Word in
            defer { x += Double(word.count) * height * 0.6 + 12 }
            return ParserInput.Word(
                text: String(word),
                box: .init(x: x, y: y, width: Double(word.count) * height * 0.6, height: height),
                confidence: confidence
            )
        }
        return ParserInput.Line(text: text, words: words)
    }

    @Test func theNameStatedInTheFooterBeatsASloganAtTheTop() {
        let text = "Fresh Food Every Day\nPRICES YOU CAN TRUST\nBREAD 2.50\nMILK 1.20\nTOTAL 3.70\nThank you for shopping at Greenway Grocers!\n"
        #expect(read(text).name == "Greenway Grocers")
    }

    @Test func aNamingPhraseMayEndItsLine() {
        let text = "Quality Since 1984\nBREAD 2.50\nTOTAL 2.50\nThank You For Shopping\nAt Guardian\n"
        #expect(read(text).name == "Guardian")
        #expect(read("Quality Since 1984\nBREAD 2.50\nTOTAL 2.50\nThank you for shopping at\nGreenway Grocers\n").name == "Greenway Grocers")
        // Without a preposition the next line is no name.
        #expect(read("Quality Since 1984\nBREAD 2.50\nTOTAL 2.50\nTHANK YOU FOR YOUR BUSINESS\nReceipt Copy Here\n").name != "Receipt Copy Here")
        #expect(
            MerchantCues.statedNames(analyzed("THANK YOU FOR CHOOSING US.\nWELCOME TO Harbor Books\nMERCHANT NAME: BLUE FERN CAFE")) == [
                "Harbor Books", "BLUE FERN CAFE",
            ]
        )
    }

    @Test func aWelcomeLineNamesTheShop() {
        #expect(read("WELCOME TO SUNRISE MART\n123 MAIN STREET\nSPRINGFIELD IL 62701\nSODA 1.50\nTOTAL 1.50").name == "SUNRISE MART")
    }

    @Test func aHeaderNameTheFooterRepeatsIsKeptAndConfirmed() {
        let text = "TESCO EXTRA\n12 HIGH STREET\nMILK 1.20\nTOTAL 1.20\nThank you for shopping at Tesco\n"
        let result = read(text)
        #expect(result.name == "TESCO EXTRA")
        #expect(result.confidence == 0.85)
        #expect(read("NEIGHBOURHOOD DELI\n12 HIGH STREET\nMILK 1.20\nTOTAL 1.20").confidence == 0.7)
    }

    @Test func englishLegalFormsOfOtherCountries() {
        for name in ["WOOLIES FOODS PTY LTD", "LIM SENG PTE LTD", "SHARMA TRADERS PVT LTD", "GULF FRESH FZE", "ACME CORPORATION"] {
            #expect(ReceiptParser.hasLegalForm(name, words: Keywords.words(name)), "\(name)")
        }
        // The company line in the footer under a logo OCR could not read.
        #expect(read("#@ %%\n~~ ..\nBREAD 2.50\nTOTAL 2.50\nHarbour Provisions Pty Ltd\n").name == "Harbour Provisions Pty Ltd")
    }

    @Test func webAndMailAddressesNameTheShop() {
        let lines = analyzed("Visit us at www.tesco.co.uk\ninfo@brightbakes.com.au\nfollow us facebook.com/x\nTel.No 123")
        #expect(ReceiptParser().domainNames(lines) == ["TESCO", "BRIGHTBAKES"])
        #expect(read("~~ ..\nBREAD 2.50\nTOTAL 2.50\nwww.brightbakes.com.au").name == "BRIGHTBAKES")
    }

    @Test func logoSizedTextIsNoNameAndLargePrintIs() {
        // A logo read as a few letters, three times the print's height, above the real name.
        var lines = [line("ATER", y: 40, height: 110, confidence: 0.99), line("WINGS PLACE", y: 170, height: 36)]
        lines += (0..<6).map { line("ITEM \($0) 1.00", y: 220 + Double($0) * 40, height: 34) }
        lines.append(line("TOTAL 6.00", y: 480, height: 34))
        #expect(ReceiptParser().parse(ParserInput(lines: lines, pageWidth: 600)).merchant.name == "WINGS PLACE")
        // The name printed double height beats a line of ordinary print above it.
        var large = [line("OPEN DAILY", y: 10, height: 34), line("Corner Pantry", y: 60, height: 34), line("RIVERSIDE BAKERY", y: 110, height: 68)]
        large += (0..<6).map { line("ITEM \($0) 1.00", y: 220 + Double($0) * 40, height: 34) }
        #expect(ReceiptParser().parse(ParserInput(lines: large, pageWidth: 600)).merchant.name == "RIVERSIDE BAKERY")
    }

    @Test func aKnownMerchantIsNamedAsBeforeDespiteOCRErrors() {
        let known = ["Greenway Grocers", "Riverside Bakery"]
        let result = read("GREENVVAY GR0CERS\n14 ELM ROAD\nBREAD 2.50\nTOTAL 2.50", known: known)
        #expect(result.name == "Greenway Grocers")
        #expect(result.confidence == 0.95)
        // Named only in the footer, under a logo.
        #expect(read("#@ %%\nBREAD 2.50\nTOTAL 2.50\nThanks for shopping at RIVERSIDE BAKERY", known: known).name == "Riverside Bakery")
        // Another shop is not taken for a known one.
        #expect(read("CORNER PANTRY\n14 ELM ROAD\nBREAD 2.50\nTOTAL 2.50", known: known).name == "CORNER PANTRY")
        // A shop word alone is no part of a known name worth naming it by.
        #expect(!MerchantCues.names("MARKET", "Sunrise Market"))
        #expect(!MerchantCues.names("SUPERMARKET", "Supermarket Jaya"))
        #expect(MerchantCues.names("BRIGHTBAKES", "Bright Bakes Pty Ltd"))
        // A name stored from a misreading that reads as an address names nothing.
        #expect(read("HEMPSTEAD NY\n519 FULTON AVE\nBREAD 2.50\nTOTAL 2.50", known: ["519 Fulton Ave"]).name != "519 Fulton Ave")
        // Short or generic known names match nothing.
        #expect(MerchantCues.knownMerchant(in: ["RECEIPT", "CAFE ROYAL"], known: ["Cafe", "Receipt"]) == nil)
    }

    @Test func aSloganIsNoName() {
        #expect(MerchantCues.sentencePenalty("Fresh food, fair prices") > 0)
        #expect(MerchantCues.sentencePenalty("House of Pies") == 0)
        #expect(MerchantCues.sentencePenalty("FRESH FOOD FAIR PRICES") == 0)
        #expect(read("Baked fresh every morning\nCorner Pantry\n27 Station St\nBREAD 2.50\nTOTAL 2.50").name == "Corner Pantry")
    }

    @Test func theCompanyItsWebAddressNamesInTheFooterBeatsAGuessAtTheTop() {
        let text =
            "Baked fresh every morning\n27 Station St, Fitzroy VIC 3065\nBREAD 8.50\nTOTAL 8.50\nBright Bakes Pty Ltd\nABN 51 824 753 556\nwww.brightbakes.com.au"
        let result = read(text)
        #expect(result.name == "Bright Bakes Pty Ltd")
        #expect(result.confidence == 0.85)
        // A company in the footer that no web address names (a card processor) leaves the header alone.
        #expect(read("CORNER PANTRY\n27 Station St\nBREAD 8.50\nTOTAL 8.50\nPayments by Tillpoint Pty Ltd").name == "CORNER PANTRY")
    }

    @Test func contactHoursAndRegistrationLinesAreNoNames() {
        for line in ["MON-FRI 9AM-5PM", "Open daily 7am - 10pm", "info@brightbakes.com.au", "ABN 51 824 753 556", "TRN 100234567800003"] {
            #expect(MerchantCues.isNeverAName(line), "\(line)")
        }
        for line in ["TIN ROOF CAFE", "SUNRISE MARKET", "7-ELEVEN"] {
            #expect(!MerchantCues.isNeverAName(line), "\(line)")
        }
        #expect(read("MON-SAT 8AM-9PM\nTHE TIN ROOF\n9 HILL ROAD\nBREAD 2.50\nTOTAL 2.50").name == "THE TIN ROOF")
    }
}
