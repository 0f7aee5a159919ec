import ReceiptOCR
import ReceiptParsing

/// Which languages a receipt in a script other than Latin is read in, and whether a reading
/// bears its language out.
///
/// Tesseract's script detector tells scripts apart by the shapes of their glyphs, and it
/// mistakes Greek capitals for Cyrillic (the rendered Greek fixture: `Cyrillic`, confidence
/// 3.2): so a Cyrillic or Greek page is read in the detected language first and, when that
/// reading shows none of the language's words, in the other.
enum ScriptLanguages {
    /// The languages to try for `script`, in order; empty for Latin (read as before) and for
    /// scripts without an installed language here.
    static func candidates(for script: DetectedScript) -> [ReceiptLanguage] {
        guard !script.isLatin else { return [] }
        switch script.name {
        case "Cyrillic": return [.russian, .greek]
        case "Greek": return [.greek, .russian]
        case "Thai": return [.thai]
        case "Devanagari": return [.hindi]
        case "Arabic": return [.arabic]
        default: return []
        }
    }

    /// Whether a reading in `language` shows that language: its marker words, or, for the
    /// languages told by their script alone (no marker words), any reading at all.
    static func confirms(_ language: ReceiptLanguage, _ page: OCRPage) -> Bool {
        guard LanguageDetection.hasMarkers(language) else { return true }
        let scores = LanguageDetection.scores(page.lines.map(\.text))
        return scores[language, default: 0] >= LanguageDetection.minimumScore
    }

    /// Whether the language is printed in a script the neural reader's models (Latin and
    /// Chinese) cannot read: its reading of such a receipt is no evidence.
    static func neuralCannotRead(_ language: ReceiptLanguage) -> Bool {
        [.russian, .greek, .thai, .hindi, .arabic].contains(language)
    }
}

extension ReceiptReader {
    /// What reading a page in its script gave: the language it bore out and that reading, the
    /// seconds spent (the readings that did not bear theirs out too), and a warning per
    /// language whose model is missing.
    struct ScriptReading {
        var language: ReceiptLanguage?
        var page: OCRPage?
        var seconds = 0.0
        var warnings: [String] = []
    }

    /// Reads a page the script detector saw in another script with each candidate language's
    /// model, until one reading shows its language; none is kept when none does (a Latin page
    /// the detector misjudged stays English).
    static func readInScript(_ script: DetectedScript, source: ReadingSource) async throws -> ScriptReading {
        var result = ScriptReading()
        for candidate in ScriptLanguages.candidates(for: script) {
            let page: OCRPage
            do {
                page = try await source.tesseract(ocrLanguages(for: candidate), .first)
            } catch let error as OCRError where error.code == .modelMissing || error.code == .initFailed {
                result.warnings.append(
                    "ocr.language-missing: the receipt looks \(candidate.isoCode) (\(script.name) script) but Tesseract's \(candidate.tesseractCode) model could not be loaded (apt-get install tesseract-ocr-\(candidate.tesseractCode)); it was read with the English model only."
                )
                continue
            }
            result.seconds += page.timing.total
            if ScriptLanguages.confirms(candidate, page) {
                result.language = candidate
                result.page = page
                break
            }
        }
        return result
    }
}
