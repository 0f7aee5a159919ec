internal import CTesseract
import Foundation

/// The writing system of a page, as Tesseract's orientation and script detector (the `osd`
/// model) names it: `Latin`, `Cyrillic`, `Greek`, `Han`, `Arabic`, `Thai`, `Devanagari`, …
public struct DetectedScript: Sendable, Hashable, Codable {
    /// The detector's name of the script.
    public var name: String
    /// The detector's confidence (not a probability: about 1 for a guess, 3 and more for a clear page).
    public var confidence: Double

    /// Whether the page is printed in the Latin alphabet (or the detector could not tell).
    public var isLatin: Bool { name == "Latin" || !isConfident }
    /// Whether the detector is sure enough to read the page with another script's model.
    public var isConfident: Bool { confidence >= PreprocessingTuning.scriptMinConfidence }
}

extension PreprocessingTuning {
    /// Pages whose first reading's mean word confidence is at least this are taken as Latin
    /// without asking the script detector: the English model reads Cyrillic and Greek print as
    /// lookalike Latin letters at 0.67-0.75 (the rendered ru/el fixtures, clean and photo),
    /// and Latin print at 0.86-0.96 (phone photos of Latin receipts often lower, which is why
    /// the reader also asks that the reading show no language's words).
    public static let scriptCheckBelow = 0.8
    /// The stages of the image the detector sees: the first reading's, without the ones that
    /// read (orientation check, tall lines).
    public static let scriptDetectionStages: PreprocessingOptions = PreprocessingOptions.default.subtracting([.detectOrientation, .tallLines])
    /// The detector's script confidence needed to read a page in another script: the rendered
    /// Cyrillic and Greek fixtures gave 1.4-4.8 (named Latin pages 1.1-1.3). Low, because the
    /// reading in the script's language must then show that language's words to be kept.
    public static let scriptMinConfidence = 1.0
}

extension OCREngine {
    /// The script of the text in an image file (Tesseract's orientation and script detector on
    /// the preprocessed page), nil without the `osd` model or an answer. About 0.3 s of CPU on a
    /// 766x1204 receipt: the reader asks only for pages read poorly and showing no language.
    public func detectScript(contentsOf url: URL) async throws -> DetectedScript? {
        try await detectScript { try OCRImage(contentsOf: url) }
    }

    /// The script of the text in encoded image bytes (see ``detectScript(contentsOf:)``).
    public func detectScript(data: Data) async throws -> DetectedScript? {
        try await detectScript { try OCRImage(data: data) }
    }

    private func detectScript(loading load: @escaping @Sendable () throws -> OCRImage) async throws -> DetectedScript? {
        try await onQueue {
            let (pix, _) = try Preprocessor.run(try load(), options: PreprocessingTuning.scriptDetectionStages)
            return self.detectScript(pix)
        }
    }

    /// The detector's reading of `pix`'s script, nil when it has no answer (no `osd` model, too
    /// little text). Runs on the engine's queue.
    ///
    /// Measured on the rendered Cyrillic and Greek fixtures, scaling the page down first (text
    /// 10-18 px high) neither saved time nor kept the answers: the Greek page's confidence fell
    /// from 3.2 to 0.9 at 13 px. The detector sees the page as it was read.
    func detectScript(_ pix: PixHandle) -> DetectedScript? {
        detectOrientationAndScript(pix)?.script
    }

    /// Tesseract's orientation and script detection on `pix`: the clockwise rotation of the text
    /// in degrees, the confidence of that, and the script. Nil without the `osd` model or an answer.
    func detectOrientationAndScript(_ pix: PixHandle) -> (degrees: Int, confidence: Double, script: DetectedScript?)? {
        guard let detector = osdDetector() else { return nil }
        TessBaseAPISetImage2(detector.pointer, pix.pointer)
        defer { TessBaseAPIClear(detector.pointer) }
        var degrees: Int32 = 0
        var confidence: Float = 0
        // The script name points into the model's own tables (capi passes it through from
        // TessBaseAPI::DetectOrientationScript): nothing to free, whatever capi.h's old comment says.
        var script: UnsafePointer<CChar>?
        var scriptConfidence: Float = 0
        guard TessBaseAPIDetectOrientationScript(detector.pointer, &degrees, &confidence, &script, &scriptConfidence) != 0
        else { return nil }
        let detected = script.map { DetectedScript(name: String(cString: $0), confidence: Double(scriptConfidence)) }
        return (Int(degrees), Double(confidence), detected)
    }
}
