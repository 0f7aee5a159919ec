import Foundation
import Logging
import ReceiptOCR
import ReceiptPipeline
import ReceiptTesting
import Testing

/// Which Tesseract passes the reader makes (`Reading.tesseractPasses`): the rereads of an unsure
/// receipt (the image as it is, thickened strokes, the gray page) are for Tesseract alone; beside
/// a neural reading they changed no field of the tuning part and cost a third of a second each.
@Suite(.serialized, .timeLimit(.minutes(5))) struct TesseractPassesTests {
    static var logger: Logger {
        var logger = Logger(label: "tesseract-passes-tests")
        logger.logLevel = .error
        return logger
    }

    /// Every stage of a fixture, with the first reading cut to its header so that it is unsure,
    /// and the whole first reading.
    static func unsureReadings() async throws -> (saved: SavedReadings, header: OCRPage, whole: OCRPage) {
        let reader = ReceiptReader(ocr: try OCREnginePool(workers: 1, logger: logger))
        var (_, saved) = try await reader.readRecording(contentsOf: Fixtures.url("receipts/us-grocery-freshmart.png"))
        let firstKey = SavedReadings.key(languages: nil, stage: .first)
        let whole = try #require(saved.tesseract[firstKey])
        var header = whole
        header.lines = Array(header.lines.prefix(2))
        saved.tesseract[firstKey] = header
        return (saved, header, whole)
    }

    @Test func anUnsureReceiptIsReadAgainByTesseractAloneButNotBesideANeuralReading() async throws {
        var (saved, header, _) = try await Self.unsureReadings()
        // Tesseract alone: the unsure first reading is followed by the plain image's.
        let alone = try await ReceiptReader.replay(saved)
        #expect(alone.tesseractPasses.contains(SavedReadings.key(languages: nil, stage: .plain)))
        #expect(alone.reread)
        // Beside an unsure neural reading (here the same header): Tesseract reads once.
        saved.neural = header
        let beside = try await ReceiptReader.replay(saved)
        #expect(beside.neural)
        #expect(beside.tesseractPasses.filter { $0 != "script" } == [SavedReadings.key(languages: nil, stage: .first)])
        #expect(!beside.reread)
    }

    @Test func aSureNeuralReadingMakesNoTesseractPass() async throws {
        var (saved, _, whole) = try await Self.unsureReadings()
        saved.neural = whole
        let reading = try await ReceiptReader.replay(saved)
        #expect(reading.neural)
        #expect(reading.tesseractPasses.isEmpty)
    }
}
