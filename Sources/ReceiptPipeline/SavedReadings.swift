import Foundation
import ReceiptOCR
import Synchronization

/// Which of Tesseract's readings of an image (see ``ReceiptReader``).
public enum ReadingStage: String, Codable, Sendable, CaseIterable {
    /// The default preprocessing.
    case first
    /// ``ReceiptReader/secondReading``: the image as it is.
    case plain
    /// ``ReceiptReader/thirdReading``: enlarged, strokes thickened.
    case thickened
    /// ``ReceiptReader/grayReading``: the default stages without binarisation.
    case gray

    /// The preprocessing of this reading (nil: the engine's default).
    public var preprocessing: PreprocessingOptions? {
        switch self {
        case .first: nil
        case .plain: ReceiptReader.secondReading
        case .thickened: ReceiptReader.thirdReading
        case .gray: ReceiptReader.grayReading
        }
    }
}

/// Every OCR reading of one image: the neural reader's and each of Tesseract's, by language set
/// and stage. `receipts eval --save-text` keeps them so that a change to the parser or to how
/// ``ReceiptReader`` combines readings can be measured again without OCR
/// (``ReceiptReader/replay(_:rereadWhenUnsure:pickLanguage:)``), on every reading the reader
/// could ask for, not only those the current rules asked for.
public struct SavedReadings: Codable, Sendable {
    public var neural: OCRPage?
    /// Why the neural reader failed on this image, when it did.
    public var neuralFailure: String?
    /// Tesseract's readings by ``key(languages:stage:)``.
    public var tesseract: [String: OCRPage]
    /// What Tesseract's script detector said of the page, when the reader asked.
    public var script: DetectedScript?

    public init(neural: OCRPage? = nil, neuralFailure: String? = nil, tesseract: [String: OCRPage] = [:]) {
        self.neural = neural
        self.neuralFailure = neuralFailure
        self.tesseract = tesseract
    }

    /// `base/first`, `eng+deu/plain`: the language set (`base` for the pool's own) and the stage.
    public static func key(languages: [String]?, stage: ReadingStage) -> String {
        "\(languages?.joined(separator: "+") ?? "base")/\(stage.rawValue)"
    }
}

/// Where ``ReceiptReader`` gets the readings of one image: the engines, or saved readings.
struct ReadingSource {
    /// The neural reading; nil when there is no neural reader.
    var neural: (() async throws -> OCRPage)?
    /// Tesseract's reading with `languages` (nil: the pool's own) at `stage`. Throws
    /// `ocr.model-missing` when the language set cannot be read.
    var tesseract: (_ languages: [String]?, _ stage: ReadingStage) async throws -> OCRPage
    /// Tesseract's script detector on the page (nil: it has no answer).
    var script: () async throws -> DetectedScript? = { nil }

    /// Replays `saved`; a reading not saved fails as a model that is not installed would.
    static func replaying(_ saved: SavedReadings) -> ReadingSource {
        let neural: (() async throws -> OCRPage)?
        if let page = saved.neural {
            neural = { page }
        } else if let failure = saved.neuralFailure {
            neural = { throw OCRError(.failed, failure) }
        } else {
            neural = nil
        }
        var source = ReadingSource(neural: neural) { languages, stage in
            guard let page = saved.tesseract[SavedReadings.key(languages: languages, stage: stage)] else {
                throw OCRError(.modelMissing, "no saved reading \(SavedReadings.key(languages: languages, stage: stage))")
            }
            return page
        }
        source.script = { saved.script }
        return source
    }

    /// This source, keeping every reading it gives in `recorder`.
    func recording(into recorder: ReadingRecorder) -> ReadingSource {
        let neural = self.neural.map { read in
            {
                do {
                    let page = try await read()
                    recorder.state.withLock { $0.neural = page }
                    return page
                } catch {
                    recorder.state.withLock { $0.neuralFailure = "\(error)" }
                    throw error
                }
            }
        }
        let tesseract = self.tesseract
        let script = self.script
        var source = ReadingSource(neural: neural) { languages, stage in
            let page = try await tesseract(languages, stage)
            recorder.state.withLock { $0.tesseract[SavedReadings.key(languages: languages, stage: stage)] = page }
            return page
        }
        source.script = {
            let detected = try await script()
            recorder.state.withLock { $0.script = detected }
            return detected
        }
        return source
    }
}

/// The readings a recording ``ReadingSource`` gave.
final class ReadingRecorder: Sendable {
    let state = Mutex(SavedReadings())
}
