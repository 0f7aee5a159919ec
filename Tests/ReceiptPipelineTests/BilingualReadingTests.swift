import Foundation
import Logging
import ReceiptEvaluation
import ReceiptModel
import ReceiptOCR
import ReceiptParsing
import ReceiptTesting
import Testing

@testable import ReceiptPipeline

/// A Hindi grocery receipt and bilingual English/Arabic receipts of the Emirates and Saudi Arabia
/// through the real read path (Tesseract; the tests run with `RECEIPTS_NEURAL=off`), a clean
/// render and a phone-photo variant of each, rendered by `scripts/make-fixtures.py`. The script
/// detector takes each page for Latin (Latin amounts on every Hindi line, English on every Gulf
/// line); the currency their English reading shows (`₹`/`GSTIN`, `AED`, `SAR`) cues Hindi or
/// Arabic, and the reading in that script is kept because it shows the script's letters. Arabic
/// names and item lines come in reading order (`RightToLeft`), not word by word reversed.
@Suite(.serialized, .timeLimit(.minutes(8)))
struct BilingualReadingTests {
    static let fixtures: [(prefix: String, language: ReceiptLanguage)] = [
        ("in-kirana-jaipur", .hindi), ("ae-supermarket-alwaha", .arabic), ("sa-tamweenat-alnakheel", .arabic),
    ]

    static var logger: Logger { WorldReadingTests.logger }

    @Test func hindiAndBilingualGulfReceiptsReadTheirFieldsAndMerchants() async throws {
        _ = try OCRConfiguration(languages: ["eng", "osd", "hin", "ara"]).resolveTessdataDirectory()
        let cases = RenderedFixtures.cases(Self.fixtures)
        try #require(cases.count == 6, "a clean render and a photo-like variant of each of the 3 receipts")
        for (name, language, reading, label) in try await RenderedFixtures.readLabelled(cases, logger: Self.logger) {
            #expect(reading.language == language, "\(name)")
            #expect(reading.receipt.total == label.total, "\(name) total")
            #expect(reading.receipt.subtotal == label.subtotal, "\(name) subtotal")
            #expect(reading.receipt.tax == label.tax, "\(name) tax")
            #expect(reading.receipt.currency == label.currency, "\(name) currency")
            // The Arabic model loses the Latin date of `Date التاريخ 14/03/2024`; the English
            // reading of the same page keeps it.
            #expect(reading.receipt.date == label.date, "\(name) date")
            #expect(reading.receipt.merchant.name == label.merchant, "\(name) merchant")
        }
    }

    /// The Arabic café's name was read `النور مقهى` (its words as they stand, left to right), and
    /// its item lines `12.00   دجاج شاورما` (the amount first) were no items.
    @Test func arabicNamesAndItemsReadInReadingOrder() async throws {
        let cases = RenderedFixtures.cases([("ae-cafe-alnoor", .arabic)])
        try #require(cases.count == 2)
        for (name, _, reading, label) in try await RenderedFixtures.readLabelled(cases, logger: Self.logger) {
            #expect(reading.receipt.merchant.name == label.merchant, "\(name)")
            #expect(reading.receipt.items.map(\.name) == ["شاي كرك", "شاورما دجاج", "فلافل", "عصير برتقال", "حمص"], "\(name)")
        }
    }

    @Test func currenciesCueTheScriptOfTheirCountry() {
        #expect(ScriptLanguages.cued(byCurrency: "AED") == [.arabic])
        #expect(ScriptLanguages.cued(byCurrency: "SAR") == [.arabic])
        #expect(ScriptLanguages.cued(byCurrency: "INR") == [.hindi])
        #expect(ScriptLanguages.cued(byCurrency: "USD").isEmpty)
        #expect(ScriptLanguages.cued(byCurrency: "EUR").isEmpty)
        #expect(ScriptLanguages.cued(byCurrency: nil).isEmpty)
    }

    /// A cued reading is kept only when a sixth of its words, and at least 3, are in the script:
    /// an Indian receipt in English prints a Hindi word or two.
    @Test func aCuedReadingMustShowItsScript() {
        func words(_ lines: [String]) -> [String] { lines.flatMap { $0.split(separator: " ").map(String.init) } }
        let english = words([
            "SHREE GANESH ELECTRONICS", "LED TV 55in 54,990.00", "Sub Total 1,12,388.00", "Grand Total / कुल 1,32,617.84", "Thank you! धन्यवाद",
        ])
        #expect(!ScriptLanguages.showsLetters(of: .hindi, in: english))
        let hindi = words(["अग्रवाल किराना स्टोर", "दिनांक 14/03/2024", "चावल 450.00", "कुल राशि ₹1408.05", "नकद 1500.00"])
        #expect(ScriptLanguages.showsLetters(of: .hindi, in: hindi))
        #expect(!ScriptLanguages.showsLetters(of: .arabic, in: hindi))
        let gulf = words(["TOTAL الإجمالي SAR 123.86", "Cash نقدا 150.00", "Change الباقي 26.14", "Water 6x1.5L مياه 11.50"])
        #expect(ScriptLanguages.showsLetters(of: .arabic, in: gulf))
    }
}
