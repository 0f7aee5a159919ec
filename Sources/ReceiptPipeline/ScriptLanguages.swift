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

    /// The languages of the script a country whose currency the receipt shows prints in beside
    /// (or instead of) English: the Gulf's receipts are bilingual, Indian ones often Hindi. Asked
    /// when the script detector sees Latin: on a page with English on every line (`TOTAL
    /// الإجمالي`, amounts, a VAT number) it does (the bilingual fixtures: Latin, confidence 2.5-3.7),
    /// and it takes a Devanagari page with Latin amounts for Latin, unsurely (0.4-0.6).
    static func cued(byCurrency currency: String?) -> [ReceiptLanguage] {
        switch currency {
        case "AED", "SAR", "QAR", "KWD", "BHD", "OMR": [.arabic]
        case "INR": [.hindi]
        case "THB": [.thai]
        case "RUB": [.russian]
        default: []
        }
    }

    /// The letters of the scripts told by their letters alone (the languages without marker words).
    static func isLetter(of language: ReceiptLanguage, _ value: UInt32) -> Bool {
        switch language {
        case .arabic: (0x0600...0x06FF) ~= value || (0x0750...0x077F) ~= value
        case .hindi: (0x0900...0x097F) ~= value
        case .thai: (0x0E00...0x0E7F) ~= value
        default: false
        }
    }

    /// A reading a currency cue asked for shows its script when at least 3 of its words, and a
    /// sixth of the words with letters, are written in it: an English page read with another
    /// script's model beside English makes a few such words of noise, and an Indian receipt in
    /// English prints a Hindi word or two (`कुल`, `धन्यवाद`).
    static let cuedScriptWords = 3
    static let cuedScriptShare = 1.0 / 6

    /// Whether a reading in `language` shows that language: its marker words, or, for the
    /// languages told by their script alone (no marker words), any reading at all when the
    /// detector saw the script, and enough words in its letters when only a cue pointed to it.
    static func confirms(_ language: ReceiptLanguage, _ page: OCRPage, cued: Bool = false) -> Bool {
        guard LanguageDetection.hasMarkers(language) else { return !cued || showsLetters(of: language, in: page.words.map(\.text)) }
        let scores = LanguageDetection.scores(page.lines.map(\.text))
        return scores[language, default: 0] >= LanguageDetection.minimumScore
    }

    static func showsLetters(of language: ReceiptLanguage, in words: [String]) -> Bool {
        let words = words.filter { $0.unicodeScalars.contains { $0.properties.isAlphabetic } }
        let inScript = words.filter { $0.unicodeScalars.contains { isLetter(of: language, $0.value) } }.count
        return inScript >= cuedScriptWords && Double(inScript) >= Double(words.count) * cuedScriptShare
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
        /// Whether a currency cue, not the detector, chose the language: the page is in English
        /// too, and its English reading keeps what the other model lost.
        var cued = false
        var seconds = 0.0
        var warnings: [String] = []
    }

    /// Reads a page the script detector saw in another script with each candidate language's
    /// model, until one reading shows its language; none is kept when none does (a Latin page
    /// the detector misjudged stays English). A page it saw as Latin is read with the languages
    /// the receipt's currency cues (`ScriptLanguages.cued(byCurrency:)`), kept only when the
    /// reading shows that language's words or letters.
    static func readInScript(_ script: DetectedScript, cued: [ReceiptLanguage] = [], source: ReadingSource) async throws -> ScriptReading {
        var result = ScriptReading()
        let detected = ScriptLanguages.candidates(for: script)
        result.cued = detected.isEmpty
        for candidate in detected.isEmpty ? cued : detected {
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
            if ScriptLanguages.confirms(candidate, page, cued: detected.isEmpty) {
                result.language = candidate
                result.page = page
                break
            }
        }
        return result
    }
}
