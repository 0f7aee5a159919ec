import Foundation
import Logging
import ReceiptModel
import ReceiptOCR
import ReceiptParsing
import ReceiptPipeline
import ReceiptTesting
import Testing

/// `eval --save-text` keeps every reading of an image so that the reader's rules can be
/// measured again without OCR: a replay must give what the live reading gave.
@Suite(.serialized, .timeLimit(.minutes(5))) struct SavedReadingsTests {
    static var logger: Logger {
        var logger = Logger(label: "saved-readings-tests")
        logger.logLevel = .error
        return logger
    }

    @Test func aReplayGivesTheLiveReadingAndEveryStageIsSaved() async throws {
        let reader = ReceiptReader(ocr: try OCREnginePool(workers: 1, logger: Self.logger))
        let (reading, saved) = try await reader.readRecording(contentsOf: Fixtures.url("receipts/fr-boulangerie-lilas.png"))
        // English and the language read: each stage of each, whether the rules asked for it or not.
        #expect(reading.language == .french)
        for languages in [nil, ["eng", "fra"]] as [[String]?] {
            for stage in ReadingStage.allCases { #expect(saved.tesseract[SavedReadings.key(languages: languages, stage: stage)] != nil) }
        }
        let decoded = try JSONDecoder().decode(SavedReadings.self, from: JSONEncoder().encode(saved))
        let replayed = try await ReceiptReader.replay(decoded)
        #expect(replayed.receipt == reading.receipt)
        #expect(replayed.page.text == reading.page.text)
        #expect(replayed.language == reading.language)
    }
}
