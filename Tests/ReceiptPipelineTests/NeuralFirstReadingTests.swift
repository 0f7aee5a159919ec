import Foundation
import Logging
import ReceiptModel
import ReceiptOCR
import ReceiptPipeline
import ReceiptTesting
import Testing

/// The default reading with the neural reader installed: it reads first, and a reading it is
/// sure of is the receipt; Tesseract reads the rest.
@Suite(.serialized, .timeLimit(.minutes(5))) struct NeuralFirstReadingTests {
    static var logger: Logger {
        var logger = Logger(label: "neural-first-tests")
        logger.logLevel = .error
        return logger
    }

    @Test func aReceiptTheNeuralReaderIsSureOfIsNotReadByTesseract() async throws {
        // The installed reader, ignoring `RECEIPTS_NEURAL=off` (which `make test` sets for the other
        // tests); without it there is nothing to test here (NeuralReaderTests fails on CI then).
        guard let configuration = NeuralReader.Configuration.installed(environment: [:]) else { return }
        let neural = NeuralReaderPool(workers: 1, configuration: configuration, logger: Self.logger)
        let reader = ReceiptReader(ocr: try OCREnginePool(workers: 1, logger: Self.logger), neural: neural)
        let reading = try await reader.read(contentsOf: Fixtures.url("receipts/us-grocery-freshmart.png"))
        await neural.stop()
        #expect(reading.neural)
        #expect(reading.receipt.total == Amount("43.48"))
        #expect(reading.receipt.date != nil)
        // All the OCR time is the neural reader's: Tesseract did not read it.
        #expect(reading.ocrSeconds == reading.neuralSeconds)
        #expect(!reading.reread)
    }

    @Test func aNeuralReaderThatFailsLeavesTesseractsReadingAndSaysSo() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("neural-broken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A "reader" that exits before it is ready.
        let script = folder.appendingPathComponent("broken-reader.py")
        try Data("import sys\nsys.exit(3)\n".utf8).write(to: script)
        let broken = NeuralReader.Configuration(python: URL(fileURLWithPath: "/usr/bin/python3"), script: script, timeout: .seconds(20))
        let neural = NeuralReaderPool(workers: 1, configuration: broken, logger: Self.logger)
        let reader = ReceiptReader(ocr: try OCREnginePool(workers: 1, logger: Self.logger), neural: neural)
        let reading = try await reader.read(contentsOf: Fixtures.url("receipts/us-grocery-freshmart.png"))
        await neural.stop()
        #expect(!reading.neural)
        #expect(reading.neuralSeconds == 0)
        #expect(reading.receipt.total == Amount("43.48"))
        #expect(reading.receipt.warnings.contains { $0.hasPrefix("The neural reader could not read this receipt") })
    }
}
