import Foundation
import Logging
import ReceiptEvaluation
import ReceiptModel
import ReceiptOCR
import ReceiptParsing
import ReceiptPipeline
import ReceiptTesting
import Testing

/// Receipts in French, Italian, Spanish and Dutch through the real read path: the first
/// (English) reading picks the language, the receipt is read again with `eng+<lang>`, and the
/// fields come out right. The fixtures are rendered by `scripts/make-fixtures.py`.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct LanguageReadingTests {
    /// Fixture name prefix → the language it is printed in.
    static let fixtures: [(prefix: String, language: ReceiptLanguage)] = [
        ("fr-boulangerie-lilas", .french), ("it-alimentari-rossi", .italian),
        ("es-cafeteria-esquina", .spanish), ("nl-kaashandel-meer", .dutch),
    ]

    static var logger: Logger {
        var logger = Logger(label: "test")
        logger.logLevel = .error
        return logger
    }

    @Test func europeanFixturesAreReadInTheirLanguage() async throws {
        // The models come from scripts/install-deps.sh; without them this test cannot say anything.
        _ = try OCRConfiguration(languages: ["eng", "fra", "ita", "spa", "nld"]).resolveTessdataDirectory()
        let cases = RenderedFixtures.cases(Self.fixtures)
        try #require(cases.count == 8, "a clean render and a photo-like variant of each of the 4 receipts")
        let pool = try OCREnginePool(workers: 2, logger: Self.logger)
        let reader = ReceiptReader(ocr: pool)
        let readings = try await RenderedFixtures.read(cases.map(\.image), with: reader)
        for (item, reading) in zip(cases, readings) {
            let name = item.image.lastPathComponent
            let label = try JSONDecoder().decode(
                ReceiptLabel.self,
                from: Data(contentsOf: item.image.deletingPathExtension().appendingPathExtension("json"))
            )
            #expect(reading.language == item.language, "\(name)")
            #expect(reading.receipt.language == item.language.isoCode, "\(name)")
            #expect(reading.receipt.total == label.total, "\(name) total")
            #expect(reading.receipt.date == label.date, "\(name) date")
            // The Spanish and Dutch receipts print their VAT only in a table (base, rate, VAT)
            // with no tax word on the VAT's own row: read by the rate's arithmetic.
            #expect(reading.receipt.tax == label.tax, "\(name) tax")
            #expect(reading.receipt.currency == "EUR", "\(name) currency")
        }
        // One pool per language, made when first needed and kept.
        #expect(Set(pool.loadedLanguageSets) == Set(Self.fixtures.map { ReceiptReader.ocrLanguages(for: $0.language) }))
    }

    @Test func englishReceiptsLoadNoOtherModel() async throws {
        let pool = try OCREnginePool(workers: 1, logger: Self.logger)
        let reader = ReceiptReader(ocr: pool)
        for name in ["us-cafe-beanleaf.png", "my-gst-kedai.png", "us-diner-harbor--photo.jpg"] {
            let reading = try await reader.read(contentsOf: Fixtures.url("receipts/\(name)"))
            #expect(reading.language == nil, "\(name)")
            #expect(reading.receipt.language == nil, "\(name)")
        }
        #expect(pool.loadedLanguageSets.isEmpty)
    }

    @Test func aMissingLanguageModelLeavesTheEnglishReading() async throws {
        // A model folder holding only English (and the orientation model).
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessdata-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let installed = try OCRConfiguration(languages: ["eng", "osd"]).resolveTessdataDirectory()
        for model in ["eng", "osd"] {
            try FileManager.default.createSymbolicLink(
                at: folder.appendingPathComponent("\(model).traineddata"),
                withDestinationURL: URL(fileURLWithPath: installed).appendingPathComponent("\(model).traineddata")
            )
        }
        let pool = try OCREnginePool(workers: 1, configuration: OCRConfiguration(tessdataDirectory: folder.path), logger: Self.logger)
        #expect(throws: OCRError.self) { try pool.withLanguages(["eng", "fra"]) }
        let reading = try await ReceiptReader(ocr: pool).read(contentsOf: Fixtures.url("receipts/fr-boulangerie-lilas.png"))
        #expect(reading.language == .french)
        #expect(reading.receipt.warnings.contains { $0.hasPrefix("ocr.language-missing") }, "\(reading.receipt.warnings)")
        #expect(reading.receipt.total == Amount("18.95"))
        #expect(pool.loadedLanguageSets.isEmpty)
    }

    @Test func aPoolForTheSameLanguagesIsItself() throws {
        let pool = try OCREnginePool(workers: 1, logger: Self.logger)
        #expect(try pool.withLanguages(["eng"]) === pool)
    }
}
