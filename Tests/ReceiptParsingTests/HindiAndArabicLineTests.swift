import Foundation
import ReceiptModel
import Testing

@testable import ReceiptParsing

/// Right-to-left lines as OCR gives them (words left to right as they stand on the page, with
/// boxes) put back in reading order, and the words and item names of a receipt printed in Hindi.
@Suite struct HindiAndArabicLineTests {
    /// A line of words laid out left to right, 100 px apart.
    static func line(_ text: String) -> ParserInput.Line {
        let words = text.split(separator: " ").enumerated().map { index, word in
            ParserInput.Word(text: String(word), box: .init(x: Double(index) * 100, y: 0, width: 80, height: 20), confidence: 0.9)
        }
        return ParserInput.Line(text: text, words: words)
    }

    @Test(arguments: [
        ("النور مقهى", "مقهى النور"),
        ("الحديثة النخيل تموينات", "تموينات النخيل الحديثة"),
        ("6.00   كرك شاي 2 x 3.00", "6.00   شاي كرك 2 x 3.00"),
        ("Subtotal   الفرعي المجموع   52.50", "Subtotal   المجموع الفرعي   52.50"),
        ("TOTAL الإجمالي SAR 123.86", "TOTAL الإجمالي SAR 123.86"),
        ("12.00   دجاج شاورما", "شاورما دجاج   12.00"),
        ("15:42   التاريخ 14/03/2024", "14/03/2024 التاريخ   15:42"),
        ("4.50   2 @ 2.25 حمص", "حمص 2 @ 2.25   4.50"),
        ("12.00 עולם שלום", "שלום עולם 12.00"),
        ("AL WAHA SUPERMARKET", "AL WAHA SUPERMARKET"),
        ("चावल   450.00", "चावल   450.00"),
    ])
    func wordsStandingLeftToRightAreTurnedRound(ocr: String, reading: String) {
        let turned = RightToLeft.readingOrder(Self.line(ocr))
        #expect(turned.text == reading)
        #expect(turned.words.map(\.text) == reading.split(separator: " ").map(String.init), "the words in step with the text")
    }

    /// Typed text, and words whose boxes already run right to left, are in reading order.
    @Test func linesWithoutLeftToRightBoxesStayAsTheyAre() {
        let typed = ParserInput.Line(text: "مقهى النور")
        #expect(RightToLeft.readingOrder(typed) == typed)
        var rightToLeft = Self.line("مقهى النور")
        rightToLeft.words[0].box?.x = 300
        #expect(RightToLeft.readingOrder(rightToLeft) == rightToLeft)
    }

    @Test func theMerchantOfAnArabicPageReadsAsPrinted() {
        let input = ParserInput(lines: [Self.line("النور مقهى"), Self.line("دبي زايد الشيخ شارع"), Self.line("TRN 100234567800003")])
        #expect(ReceiptParser().parse(input).merchant.name == "مقهى النور")
    }

    @Test(arguments: [("उप योग 1341.00", LineKind.subtotal), ("वापसी 91.95", .change), ("कुल राशि ₹1408.05", .total), ("नकद 1500.00", .tendered)])
    func hindiSummaryWords(line: String, kind: LineKind) {
        #expect(Keywords.kind(of: ScriptText.normalized(line)) == kind, "\(line)")
    }

    @Test func aHindiReceiptReadsItsSubtotalTaxTotalAndChange() {
        let receipt = ReceiptParser().parse(
            text: """
                अग्रवाल किराना स्टोर
                दिनांक 14/03/2024 समय 15:42
                चावल 450.00
                आटा 420.00
                उप योग 870.00
                जीएसटी 5% 43.50
                कुल राशि ₹913.50
                नकद 1000.00
                वापसी 86.50
                """
        )
        #expect(receipt.subtotal == Amount("870.00"))
        #expect(receipt.tax == Amount("43.50"))
        #expect(receipt.total == Amount("913.50"))
        #expect(receipt.payment.change == Amount("86.50"))
        #expect(receipt.date == "2024-03-14")
        #expect(receipt.currency == "INR")
    }

    /// A date line whose date stands in a column of its own leaves its label as the line's
    /// longest segment: a label is never the name.
    @Test func aDateLabelIsNoMerchant() {
        let receipt = ReceiptParser().parse(
            text: """
                अग्रवाल किराना स्टोर
                एम आई रोड जयपुर   302001
                GSTIN O8ABCDE1234F1Z5
                कर बीजक
                दिनांक   14/03/2024   समय 15:42
                चावल   450.00
                आटा   420.00
                कुल राशि   ₹870.00
                """
        )
        #expect(receipt.merchant.name == "अग्रवाल किराना स्टोर")
        #expect(Dates.isLabelOnly("दिनांक") && Dates.isLabelOnly("Date") && !Dates.isLabelOnly("Date Palm Cafe"))
    }

    /// A Devanagari syllable is one character of several letters: `चीनी` (sugar) has four, and
    /// names the count line below it as a three-letter Latin name would.
    @Test func aShortHindiNameAboveItsCountLineIsAnItem() {
        let receipt = ReceiptParser().parse(
            text: """
                चावल   450.00
                चीनी
                  2 x 48.00   96.00
                आटा   420.00
                कुल राशि   ₹966.00
                """
        )
        #expect(receipt.items.map(\.name) == ["चावल", "चीनी", "आटा"])
        #expect(receipt.items.map(\.quantity) == [1, 2, 1])
        #expect(ItemNames.letterCount("चीनी") == 4 && ItemNames.letterCount("Milk 2L") == 5)
    }
}
