import Foundation
import Logging
import ReceiptEvaluation
import ReceiptModel
import ReceiptOCR
import ReceiptParsing
import ReceiptPipeline
import ReceiptTesting
import Testing

/// Receipts from Thailand, India, the Emirates and South Africa through the real read path (Tesseract; the tests
/// run with `RECEIPTS_NEURAL=off`), a clean render and a phone-photo variant of each, rendered by
/// `scripts/make-fixtures.py`: the Thai page is told by its script and read with `eng+tha` (its
/// letters come apart and lose their tone marks, its year is Buddhist), the Arabic one likewise
/// with `eng+ara` (amounts on the left, phrases in reverse), the Indian one is English with
/// CGST + SGST and amounts in lakhs, the South African one English with `R 18.99` amounts.
@Suite(.serialized, .timeLimit(.minutes(8)))
struct WorldReadingTests {
    static let fixtures: [(prefix: String, language: ReceiptLanguage)] = [
        ("th-minimart-sukhumvit", .thai), ("in-electronics-bengaluru", .english), ("ae-cafe-alnoor", .arabic),
        ("za-superette-kloof", .english),
    ]

    static var logger: Logger {
        var logger = Logger(label: "test")
        logger.logLevel = .error
        return logger
    }

    @Test func receiptsFromAroundTheWorldReadTheirTotalsTaxesAndCurrencies() async throws {
        _ = try OCRConfiguration(languages: ["eng", "osd", "tha", "ara"]).resolveTessdataDirectory()
        let cases = RenderedFixtures.cases(Self.fixtures)
        try #require(cases.count == 8, "a clean render and a photo-like variant of each of the 4 receipts")
        for (name, language, reading, label) in try await RenderedFixtures.readLabelled(cases, logger: Self.logger) {
            #expect((reading.language ?? .english) == language, "\(name)")
            #expect(reading.receipt.total == label.total, "\(name) total")
            #expect(reading.receipt.tax == label.tax, "\(name) tax")
            #expect(reading.receipt.currency == label.currency, "\(name) currency")
            // Tesseract's Arabic model loses the date of the clean Arabic render (`التاريخ 4` for
            // `التاريخ 14/03/2024`, a Latin date on a right-to-left line); the English reading's digits keep it.
            #expect(reading.receipt.date == label.date, "\(name) date")
        }
    }
}
