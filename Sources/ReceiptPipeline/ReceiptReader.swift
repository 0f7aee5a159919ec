import Foundation
import Logging
import ReceiptOCR
import ReceiptParsing
import Synchronization

/// OCR and parsing of one receipt image, with more readings when the first is unsure.
///
/// No single reading suits every receipt, so the reader reads once and spends more only where
/// the parsed result shows it is needed. The neural reader (when installed; not `--fast`) reads
/// every receipt first, because it reads receipts, phone photos most of all, better than
/// Tesseract; a reading it is sure of (total and date found, arithmetic adding up) is the
/// receipt. Tesseract reads the others, and each field comes from the reading the evidence backs
/// (``ParsedReceipt/choosingPerField(from:)``). Without a neural reading, binarising a
/// photo helps most receipts and hurts some (thin or faded print, dot-matrix text, logos), so a
/// reading without a total or a date, or failing its arithmetic checks, is followed by one of the
/// image as it is; a receipt still without a total is read enlarged with thickened strokes
/// (dot-matrix print); items that still do not add up get an unbinarised reading
/// (``grayReading``). A receipt whose first reading shows another language is read again with
/// that language's model beside English. The parser merges the readings, preferring the fields
/// that make the receipt's arithmetic add up.
///
/// `ingest`, `eval` and the server's receipt workers all read through this type, so `eval`
/// measures what they store. The measurements behind each step are in docs/READING.md and
/// docs/history/accuracy.md.
public struct ReceiptReader: Sendable {
    public struct Reading: Sendable {
        /// The reading the receipt is based on (the first, preprocessed one unless the plain
        /// image read far better): its text and boxes go into the cart.
        public var page: OCRPage
        public var receipt: ParsedReceipt
        /// Whether the image was read a second time.
        public var reread: Bool
        /// Seconds spent in OCR over all readings.
        public var ocrSeconds: Double
        /// Whether the neural reader read it (it reads every receipt when installed, except `--fast`).
        public var neural: Bool = false
        /// Seconds the neural reader took (part of ``ocrSeconds``), so its cost can be told apart.
        public var neuralSeconds: Double = 0
        /// The language the receipt is printed in, nil for English receipts; Tesseract read it
        /// again with that language's model unless the neural reading was kept.
        public var language: ReceiptLanguage?
        /// The Tesseract passes made, in order: ``SavedReadings/key(languages:stage:)`` of each
        /// reading (`first`, `plain`, `eng+fra/first`, …) and `script` for the script detector;
        /// empty when the neural reading was sure. What a receipt cost, pass by pass
        /// (`receipts-bench profile`), also when replayed from saved readings.
        public var tesseractPasses: [String] = []
    }

    /// Preprocessing of the second reading: the image as it is, turned upright.
    public static let secondReading: PreprocessingOptions = [.orientation]
    /// How much higher the second reading's mean word confidence must be for it to become the base.
    static let betterReadingMargin = 0.2

    /// Preprocessing of the third reading, for a receipt still without a total: enlarged with
    /// thickened strokes, which joins the dots of dot-matrix print.
    public static let thirdReading: PreprocessingOptions = [.orientation, .grayscale, .thicken]

    /// Preprocessing of the last reading, for a receipt whose items still do not add up to its
    /// subtotal: the default stages without binarisation, so Tesseract thresholds the enhanced
    /// gray page itself (binarising a photo can break faint price digits). Its items replace the
    /// others only when they add up (eval: US items F1 0.717 -> 0.724, tax 33 -> 35 of 48).
    public static let grayReading: PreprocessingOptions = PreprocessingOptions.default.subtracting([.binarize, .adaptive])

    public let ocr: OCREnginePool
    /// The neural reader, when installed: it reads every receipt first; Tesseract reads those
    /// it leaves unsure (no total or date, or arithmetic that does not add up). On the corpus its
    /// reading alone scores total 145, date 140, merchant 147, subtotal 40, tax 42 of
    /// 155/154/155/45/48 against 141, 133, 134, 36, 35 for Tesseract's (docs/NEURAL-READER.md).
    public var neural: NeuralReaderPool?
    /// Read an unsure receipt again, up to three more times (each costs one more OCR pass on the
    /// receipts that need it).
    public var rereadWhenUnsure: Bool
    /// Read a receipt that the first reading shows to be in another language again with
    /// that language's model (``LanguageDetection``), and keep the reading the parser is surer
    /// of; English receipts pay nothing for it. Not without `rereadWhenUnsure` (one reading).
    public var pickLanguage: Bool

    public init(ocr: OCREnginePool, rereadWhenUnsure: Bool = true, neural: NeuralReaderPool? = nil, pickLanguage: Bool = true) {
        self.ocr = ocr
        self.rereadWhenUnsure = rereadWhenUnsure
        self.neural = neural
        self.pickLanguage = pickLanguage
    }

    /// The reader `ingest` and the server's workers use: with `rereadWhenUnsure` (the default mode)
    /// the installed neural reader reads first, one process per engine of `ocr`, each started on
    /// its first receipt; without it (`--fast`) Tesseract reads once and no process is started.
    public static func installed(ocr: OCREnginePool, rereadWhenUnsure: Bool, logger: Logger) -> ReceiptReader {
        ReceiptReader(
            ocr: ocr,
            rereadWhenUnsure: rereadWhenUnsure,
            neural: rereadWhenUnsure ? NeuralReaderPool.installed(workers: ocr.workers, logger: logger) : nil
        )
    }

    /// The Tesseract models a receipt in `language` is read with: English beside it, for the
    /// English words every receipt prints (card names, `TOTAL`) and because
    /// `eng+<lang>` read the language fixtures better than `<lang>` alone (docs/READING.md).
    /// Cyrillic and Greek are read with their own model alone: beside English, lookalike capitals
    /// come out as Latin letters (`METPHTA` for `ΜΕΤΡΗΤΑ` on the Greek fixture with `eng+ell`).
    public static func ocrLanguages(for language: ReceiptLanguage) -> [String] {
        switch language {
        case .english: ["eng"]
        case .russian, .greek: [language.tesseractCode]
        default: ["eng", language.tesseractCode]
        }
    }

    public func read(data: Data) async throws -> Reading {
        try await read(
            source(
                neuralSource: {
                    // The neural reader takes a path: the bytes go to a private temporary file.
                    let file = FileManager.default.temporaryDirectory.appendingPathComponent("receipt-\(UUID().uuidString)")
                    try data.write(to: file, options: .atomic)
                    return (file, temporary: true)
                },
                script: { pool in try await pool.detectScript(data: data) }
            ) { pool, preprocessing in try await pool.recognize(data: data, preprocessing: preprocessing) }
        )
    }

    public func read(contentsOf url: URL) async throws -> Reading {
        try await read(source(contentsOf: url))
    }

    /// Reads as ``read(data:)`` does, then names a merchant already known (the household's
    /// earlier carts) as it was spelled before when the kept page's header, footer or web address
    /// names it (``ReceiptParser/knownMerchant(in:besides:)``).
    public func read(data: Data, knownMerchants: [String]) async throws -> Reading {
        var reading = try await read(data: data)
        guard !knownMerchants.isEmpty else { return reading }
        let input = ParserInput(ocrPage: reading.page, knownMerchants: knownMerchants)
        if let name = ReceiptParser().knownMerchant(in: input, besides: [reading.receipt.merchant.name].compactMap { $0 }) {
            reading.receipt.merchant.name = name
            reading.receipt.confidence.merchant = ReceiptParser.knownMerchantConfidence
        }
        return reading
    }

    /// Reads the image as ``read(contentsOf:)`` does, then also with every Tesseract reading the
    /// rules did not ask for (each stage, with English and with the language read), so that
    /// ``replay(_:rereadWhenUnsure:pickLanguage:)`` can measure changed rules on the same
    /// readings (`receipts eval --save-text`).
    public func readRecording(contentsOf url: URL) async throws -> (reading: Reading, readings: SavedReadings) {
        let recorder = ReadingRecorder()
        let source = source(contentsOf: url).recording(into: recorder)
        let reading = try await read(source)
        func readAllStages(_ languages: [String]?) async {
            for stage in ReadingStage.allCases
            where recorder.state.withLock({ $0.tesseract[SavedReadings.key(languages: languages, stage: stage)] == nil }) {
                _ = try? await source.tesseract(languages, stage)
            }
        }
        await readAllStages(nil)
        // The languages the neural reading and Tesseract's first reading show.
        var languages = Set([reading.language].compactMap { $0 })
        if let first = recorder.state.withLock({ $0.tesseract[SavedReadings.key(languages: nil, stage: .first)] }),
            let other = LanguageDetection.otherLanguage(ParserInput(ocrPage: first))
        {
            languages.insert(other)
        }
        for language in languages { await readAllStages(Self.ocrLanguages(for: language)) }
        return (reading, recorder.state.withLock { $0 })
    }

    /// The reading ``read(contentsOf:)`` would give with these readings (saved by
    /// ``readRecording(contentsOf:)``), without OCR.
    public static func replay(_ saved: SavedReadings, rereadWhenUnsure: Bool = true, pickLanguage: Bool = true) async throws -> Reading {
        try await read(ReadingSource.replaying(saved), rereadWhenUnsure: rereadWhenUnsure, pickLanguage: pickLanguage)
    }

    private func source(contentsOf url: URL) -> ReadingSource {
        source(neuralSource: { (url, temporary: false) }, script: { pool in try await pool.detectScript(contentsOf: url) }) {
            pool,
            preprocessing in
            try await pool.recognize(contentsOf: url, preprocessing: preprocessing)
        }
    }

    private func source(
        neuralSource: @escaping () throws -> (URL, temporary: Bool),
        script detectScript: @escaping (OCREnginePool) async throws -> DetectedScript?,
        _ recognizeWith: @escaping (OCREnginePool, PreprocessingOptions?) async throws -> OCRPage
    ) -> ReadingSource {
        let ocr = ocr
        let neural: (() async throws -> OCRPage)? = (rereadWhenUnsure ? self.neural : nil).map { neural in
            {
                let (source, temporary) = try neuralSource()
                defer { if temporary { try? FileManager.default.removeItem(at: source) } }
                return try await neural.read(contentsOf: source)
            }
        }
        var source = ReadingSource(neural: neural) { languages, stage in
            try await recognizeWith(try languages.map { try ocr.withLanguages($0) } ?? ocr, stage.preprocessing)
        }
        source.script = { try await detectScript(ocr) }
        return source
    }

    private func read(_ source: ReadingSource) async throws -> Reading {
        try await Self.read(source, rereadWhenUnsure: rereadWhenUnsure, pickLanguage: pickLanguage)
    }

    private static func read(_ source: ReadingSource, rereadWhenUnsure: Bool, pickLanguage: Bool) async throws -> Reading {
        let passes = Mutex<[String]>([])
        var logged = source
        logged.tesseract = { languages, stage in
            passes.withLock { $0.append(SavedReadings.key(languages: languages, stage: stage)) }
            return try await source.tesseract(languages, stage)
        }
        logged.script = {
            passes.withLock { $0.append("script") }
            return try await source.script()
        }
        var reading = try await readPassByPass(logged, rereadWhenUnsure: rereadWhenUnsure, pickLanguage: pickLanguage)
        reading.tesseractPasses = passes.withLock { $0 }
        return reading
    }

    /// Tesseract's reading of a receipt as the language and reread steps refine it.
    private struct TesseractProgress {
        var page: OCRPage
        var receipt: ParsedReceipt
        var ocrSeconds: Double
        /// The model of the reading kept, which later readings use (nil: the pool's own).
        var languages: [String]?
        var language: ReceiptLanguage?
        var reread = false
    }

    private static func readPassByPass(_ source: ReadingSource, rereadWhenUnsure: Bool, pickLanguage: Bool) async throws -> Reading {
        let parser = ReceiptParser()
        // The neural reader reads first: a reading it is sure of is the receipt, and Tesseract
        // reads only the receipts it leaves unsure (see `neural`).
        var neuralReading: (page: OCRPage, receipt: ParsedReceipt)?
        var neuralFailure: String?
        if rereadWhenUnsure, let neural = source.neural {
            switch await readNeurally(neural, pickLanguage: pickLanguage) {
            case .sure(let reading): return reading
            case .unsure(let page, let receipt): neuralReading = (page, receipt)
            case .failed(let warning): neuralFailure = warning
            }
        }
        let first = try await source.tesseract(nil, .first)
        var progress = TesseractProgress(
            page: first,
            receipt: parser.parse(ParserInput(ocrPage: first)),
            ocrSeconds: first.timing.total + (neuralReading?.page.timing.total ?? 0)
        )
        let neuralSeconds = neuralReading?.page.timing.total ?? 0
        let neuralRead = neuralReading != nil
        if let neuralFailure { progress.receipt.warnings.append(neuralFailure) }
        try await readInItsLanguage(&progress, source: source, parser: parser, rereadWhenUnsure: rereadWhenUnsure, pickLanguage: pickLanguage)
        // The neural reading was unsure too: each field from the reading the evidence backs
        // (arithmetic, then confidence, then the neural reader, which is right more often).
        // The neural reader's models read Latin and Chinese: its reading of Cyrillic or Greek is noise.
        if let other = progress.language, ScriptLanguages.neuralCannotRead(other) { neuralReading = nil }
        if let neuralReading {
            var combined = neuralReading.receipt.choosingPerField(from: progress.receipt)
            // What Tesseract's reading says of the reading itself (a language model missing).
            combined.warnings += progress.receipt.warnings.filter { $0.hasPrefix("ocr.") }
            combined.language = progress.receipt.language
            progress.receipt = combined
        }
        // Tesseract's rereads (the image as it is, thickened strokes, the gray page) were chosen for
        // Tesseract alone. Beside a neural reading (which reads the image as it is, unbinarised)
        // they changed no field of the tuning part (104 receipts, replayed: the same 99 totals,
        // 99 dates, 99 merchants, 28 subtotals, 30 taxes, items F1 0.840) and cost 0.33 s CPU per
        // unsure US photo and 0.43 s per unsure SROIE scan (docs/history/ingest-speed.md): they
        // are made only when there is no neural reading (none installed, failed, or set aside).
        if rereadWhenUnsure && neuralReading == nil {
            try await rereadWhileUnsure(&progress, source: source, parser: parser)
        }
        return Reading(
            page: progress.page,
            receipt: progress.receipt,
            reread: progress.reread,
            ocrSeconds: progress.ocrSeconds,
            neural: neuralRead,
            neuralSeconds: neuralSeconds,
            language: progress.language
        )
    }

    /// Reads the receipt again in its language when it is not English: told by its words, or,
    /// for a page the English model read poorly, by Tesseract's script detector (Cyrillic,
    /// Greek, Thai, …) or a currency whose country prints another script beside English (see
    /// `ScriptLanguages`). One reading (`--fast`) means one: the language is then only noted.
    private static func readInItsLanguage(
        _ progress: inout TesseractProgress,
        source: ReadingSource,
        parser: ReceiptParser,
        rereadWhenUnsure: Bool,
        pickLanguage: Bool
    ) async throws {
        if pickLanguage, let other = LanguageDetection.otherLanguage(ParserInput(ocrPage: progress.page)) {
            progress.language = other
        }
        var scriptReading: OCRPage?
        var bilingual = false
        let cued = ScriptLanguages.cued(byCurrency: progress.receipt.currency)
        if pickLanguage, rereadWhenUnsure, progress.language == nil, progress.page.confidence < PreprocessingTuning.scriptCheckBelow,
            !cued.isEmpty || !LanguageDetection.showsAnyLanguage(progress.page.lines.map(\.text)), let script = try await source.script()
        {
            let read = try await Self.readInScript(script, cued: cued, source: source)
            progress.receipt.warnings += read.warnings
            progress.ocrSeconds += read.seconds - (read.page?.timing.total ?? 0)
            progress.language = read.language
            scriptReading = read.page
            bilingual = read.cued
        }
        if pickLanguage, rereadWhenUnsure, let other = progress.language {
            do {
                let second: OCRPage
                if let scriptReading { second = scriptReading } else { second = try await source.tesseract(Self.ocrLanguages(for: other), .first) }
                progress.ocrSeconds += second.timing.total
                let secondReceipt = parser.parse(ParserInput(ocrPage: second))
                if scriptReading != nil {
                    // The English reading of another script is lookalike letters: nothing to keep
                    // but the date's digits, unless the page is in English too (then it fills
                    // every gap: Tesseract's Arabic model loses the date of `Date التاريخ 14/03/2024`).
                    progress.receipt = bilingual ? secondReceipt.merging(progress.receipt) : secondReceipt.takingDate(from: progress.receipt)
                    progress.page = second
                    progress.languages = Self.ocrLanguages(for: other)
                } else if Self.sureness(secondReceipt, page: second) >= Self.sureness(progress.receipt, page: progress.page) {
                    progress.receipt = secondReceipt.merging(progress.receipt)
                    progress.page = second
                    progress.languages = Self.ocrLanguages(for: other)
                } else {
                    progress.receipt = progress.receipt.merging(secondReceipt)
                }
            } catch let error as OCRError where error.code == .modelMissing || error.code == .initFailed {
                // Read in English as before, and say so on the cart.
                progress.receipt.warnings.append(
                    "ocr.language-missing: the receipt looks \(other.isoCode) but Tesseract's \(other.tesseractCode) model could not be loaded (apt-get install tesseract-ocr-\(other.tesseractCode)); it was read with the English model only."
                )
            }
        }
        progress.receipt.language = progress.language?.isoCode
    }

    /// Tesseract's rereads, each only while the receipt still lacks what it can give: the image
    /// as it is when the receipt is unsure, thickened strokes when there is no total, the gray
    /// page when the items do not add up to the subtotal.
    private static func rereadWhileUnsure(_ progress: inout TesseractProgress, source: ReadingSource, parser: ReceiptParser) async throws {
        let languages = progress.languages
        func recognize(_ stage: ReadingStage) async throws -> OCRPage {
            try await source.tesseract(languages, stage)
        }
        if Self.isUnsure(progress.receipt) {
            let second = try await recognize(.plain)
            progress.ocrSeconds += second.timing.total
            let secondReceipt = parser.parse(ParserInput(ocrPage: second))
            // The same merge as `parse(_:rereads:)`, without parsing the first reading again; but
            // when preprocessing ruined the page (purple print on tinted paper binarised to
            // noise) and the plain image reads far better, the plain reading is the base and
            // the first only fills its gaps, so the noise's "merchant" does not win.
            if second.confidence >= progress.page.confidence + Self.betterReadingMargin {
                progress.receipt = secondReceipt.merging(progress.receipt)
                progress.page = second
            } else {
                progress.receipt = progress.receipt.merging(secondReceipt)
            }
            progress.reread = true
        }
        if progress.receipt.total == nil {
            let third = try await recognize(.thickened)
            progress.ocrSeconds += third.timing.total
            progress.receipt = progress.receipt.merging(parser.parse(ParserInput(ocrPage: third)))
        }
        if progress.receipt.checks.itemsMatchSubtotal == false {
            let gray = try await recognize(.gray)
            progress.ocrSeconds += gray.timing.total
            progress.receipt = progress.receipt.merging(parser.parse(ParserInput(ocrPage: gray)))
        }
    }

    /// What the neural reading of a receipt gave.
    enum NeuralOutcome {
        /// Sure of itself: the receipt, Tesseract need not read it.
        case sure(Reading)
        /// Unsure: Tesseract reads the receipt, and the two readings are combined field by field.
        case unsure(OCRPage, ParsedReceipt)
        /// The reader failed: the warning the cart carries, read with Tesseract alone.
        case failed(String)
    }

    private static func readNeurally(_ neural: () async throws -> OCRPage, pickLanguage: Bool) async -> NeuralOutcome {
        do {
            let page = try await neural()
            var receipt = ReceiptParser().parse(ParserInput(ocrPage: page))
            guard !Self.isUnsure(receipt) else { return .unsure(page, receipt) }
            let language = pickLanguage ? LanguageDetection.otherLanguage(ParserInput(ocrPage: page)) : nil
            receipt.language = language?.isoCode
            let seconds = page.timing.total
            return .sure(
                Reading(
                    page: page,
                    receipt: receipt,
                    reread: false,
                    ocrSeconds: seconds,
                    neural: true,
                    neuralSeconds: seconds,
                    language: language
                )
            )
        } catch {
            return .failed("The neural reader could not read this receipt (\(error)); it was read with Tesseract alone.")
        }
    }

    /// How sure the parser is of a reading, to choose between the English and the language
    /// reading: the fields it found and the checks that pass (each a point), then the page's
    /// mean word confidence. Compared as a tuple; the language reading wins ties.
    static func sureness(_ receipt: ParsedReceipt, page: OCRPage) -> (points: Int, confidence: Double) {
        let found = [receipt.total != nil, receipt.date != nil, receipt.merchant.name != nil, !receipt.needsReview]
        let checks = [receipt.checks.subtotalPlusTaxMatchesTotal, receipt.checks.itemsMatchSubtotal, receipt.checks.tenderedMinusTotalMatchesChange]
        let points = found.filter { $0 }.count + checks.filter { $0 == true }.count - checks.filter { $0 == false }.count
        return (points, page.confidence)
    }

    /// No total, no date (eval: date 132 -> 133, subtotal 35 -> 36 of the corpus), or arithmetic
    /// that does not add up (the parser's own review flag).
    static func isUnsure(_ receipt: ParsedReceipt) -> Bool {
        receipt.total == nil || receipt.date == nil || receipt.needsReview
    }
}
