internal import CTesseract
import Dispatch
import Foundation
import Logging

/// One Tesseract engine with its own serial queue: every Tesseract and
/// Leptonica call of this engine runs there, never on Swift's cooperative pool.
///
/// `@unchecked Sendable`: the only mutable state is `handle`, which is touched
/// only inside blocks on `queue` (serial), so at most one thread uses it at a time.
/// Create one per worker (init costs 50-100 ms) and reuse it; for several images
/// at once use `OCREnginePool`.
public final class OCREngine: @unchecked Sendable {
    public let configuration: OCRConfiguration
    private let queue: DispatchQueue
    private let handle: TessHandle
    private let logger: Logger
    private let tessdataDirectory: String
    /// The orientation and script detector (Tesseract's `osd` model), made on first need; touched only on `queue`.
    private var orientationHandle: TessHandle??

    /// - Throws: `OCRError` `ocr.model-missing` or `ocr.init-failed`.
    public init(configuration: OCRConfiguration = OCRConfiguration(), logger: Logger) throws {
        _ = LeptonicaSetup.silenced
        let directory = try configuration.resolveTessdataDirectory()
        let start = DispatchTime.now()
        self.handle = try TessHandle.make(
            directory: directory,
            languages: configuration.languages.joined(separator: "+"),
            variables: configuration.variables
        )
        self.configuration = configuration
        self.tessdataDirectory = directory
        self.queue = DispatchQueue(label: "receipts.ocr-engine", qos: .userInitiated)
        self.logger = logger
        logger.debug(
            "OCR engine ready",
            metadata: [
                "ocr.tessdata": "\(directory)", "ocr.languages": "\(configuration.languages)",
                "ocr.init_ms": "\(Self.seconds(since: start) * 1000)",
            ]
        )
    }

    // MARK: Async API (work runs on the engine's queue)

    /// Loads, preprocesses and recognises an image file.
    public func recognize(contentsOf url: URL, preprocessing: PreprocessingOptions? = nil) async throws -> OCRPage {
        try await onQueue { try self.fileOnQueue(url, preprocessing: preprocessing) }
    }

    /// Decodes, preprocesses and recognises encoded image bytes.
    public func recognize(data: Data, preprocessing: PreprocessingOptions? = nil) async throws -> OCRPage {
        try await onQueue { try self.dataOnQueue(data, preprocessing: preprocessing) }
    }

    /// Preprocesses and recognises a decoded image.
    public func recognize(_ image: OCRImage, preprocessing: PreprocessingOptions? = nil) async throws -> OCRPage {
        try await onQueue { try self.recognizeOnQueue(image, preprocessing: preprocessing ?? self.configuration.preprocessing) }
    }

    /// Runs only the preprocessing stages (e.g. to look at, or re-read parts of, what Tesseract sees).
    public func preprocess(_ image: OCRImage, options: PreprocessingOptions? = nil) async throws -> PreprocessedImage {
        try await onQueue { try self.preprocessOnQueue(image, options: options) }
    }

    /// Recognises one sub-rectangle of an image as it is (no preprocessing), optionally
    /// restricted to the characters in `whitelist` (e.g. "0123456789.,-$" to re-read prices).
    /// - Throws: `OCRError` `ocr.invalid-region` when the box is empty or outside the image.
    public func recognize(
        region: OCRBox,
        in image: OCRImage,
        whitelist: String? = nil,
        pageSegmentationMode: PageSegmentationMode = .singleBlock
    ) async throws -> OCRPage {
        try await onQueue {
            try self.regionOnQueue(
                region: region,
                in: image,
                whitelist: whitelist,
                pageSegmentationMode: pageSegmentationMode
            )
        }
    }

    // MARK: Blocking API (for callers that already own a thread, such as benchmarks)

    /// Blocking version of `recognize(contentsOf:)`; runs on the engine's queue.
    public func recognizeBlocking(contentsOf url: URL, preprocessing: PreprocessingOptions? = nil) throws -> OCRPage {
        try queue.sync { try fileOnQueue(url, preprocessing: preprocessing) }
    }

    public func recognizeBlocking(data: Data, preprocessing: PreprocessingOptions? = nil) throws -> OCRPage {
        try queue.sync { try dataOnQueue(data, preprocessing: preprocessing) }
    }

    public func recognizeBlocking(_ image: OCRImage, preprocessing: PreprocessingOptions? = nil) throws -> OCRPage {
        try queue.sync { try recognizeOnQueue(image, preprocessing: preprocessing ?? configuration.preprocessing) }
    }

    /// Blocking version of `preprocess(_:options:)`.
    public func preprocessBlocking(_ image: OCRImage, options: PreprocessingOptions? = nil) throws -> PreprocessedImage {
        try queue.sync { try preprocessOnQueue(image, options: options) }
    }

    public func recognizeRegionBlocking(
        region: OCRBox,
        in image: OCRImage,
        whitelist: String? = nil,
        pageSegmentationMode: PageSegmentationMode = .singleBlock
    ) throws -> OCRPage {
        try queue.sync {
            try regionOnQueue(region: region, in: image, whitelist: whitelist, pageSegmentationMode: pageSegmentationMode)
        }
    }

    // MARK: On the queue

    func onQueue<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try work() })
            }
        }
    }

    private func fileOnQueue(_ url: URL, preprocessing: PreprocessingOptions?) throws -> OCRPage {
        try recognizeOnQueue(loading: { try OCRImage(contentsOf: url, limits: configuration.imageLimits) }, preprocessing: preprocessing)
    }

    private func dataOnQueue(_ data: Data, preprocessing: PreprocessingOptions?) throws -> OCRPage {
        try recognizeOnQueue(loading: { try OCRImage(data: data, limits: configuration.imageLimits) }, preprocessing: preprocessing)
    }

    /// Recognises the image `load` gives; the page's timing counts the loading too.
    private func recognizeOnQueue(loading load: () throws -> OCRImage, preprocessing: PreprocessingOptions?) throws -> OCRPage {
        let start = DispatchTime.now()
        let image = try load()
        let loaded = Self.seconds(since: start)
        var page = try recognizeOnQueue(image, preprocessing: preprocessing ?? configuration.preprocessing)
        page.timing.load = loaded
        return page
    }

    private func preprocessOnQueue(_ image: OCRImage, options: PreprocessingOptions?) throws -> PreprocessedImage {
        let (pix, report) = try Preprocessor.run(image, options: options ?? configuration.preprocessing)
        return PreprocessedImage(image: OCRImage(pix: pix, header: image.header), report: report)
    }

    private func regionOnQueue(
        region: OCRBox,
        in image: OCRImage,
        whitelist: String?,
        pageSegmentationMode: PageSegmentationMode
    ) throws -> OCRPage {
        guard region.width > 0, region.height > 0, region.x >= 0, region.y >= 0,
            region.maxX <= image.width, region.maxY <= image.height
        else {
            throw OCRError(
                .invalidRegion,
                "region \(region) is empty or outside the \(image.width)x\(image.height) image: pass a box inside the image"
            )
        }
        guard let pix = image.withPix({ $0.copy() }) else { throw Preprocessor.outOfMemory }
        let api = handle.pointer
        if let whitelist { _ = TessBaseAPISetVariable(api, "tessedit_char_whitelist", whitelist) }
        defer { if whitelist != nil { _ = TessBaseAPISetVariable(api, "tessedit_char_whitelist", "") } }
        var report = PreprocessingReport()
        report.outputWidth = image.width
        report.outputHeight = image.height
        return try recognizePix(
            pix,
            region: region,
            mode: pageSegmentationMode,
            source: (image.width, image.height),
            report: report
        )
    }

    private func recognizeOnQueue(_ image: OCRImage, preprocessing: PreprocessingOptions) throws -> OCRPage {
        let (pix, report) = try Preprocessor.run(image, options: preprocessing)
        var page = try recognizePix(
            pix,
            region: nil,
            mode: configuration.pageSegmentationMode,
            source: (image.width, image.height),
            report: report
        )
        var readTurned = false
        if preprocessing.contains(.detectOrientation), page.confidence < PreprocessingTuning.orientationCheckBelow, !Self.readsUpright(page) {
            let start = DispatchTime.now()
            let turned = try recognizeTurned(pix, report: report, source: (image.width, image.height))
            // Detection and the second reading are OCR work too: counted, so "time outside OCR" stays honest.
            let firstReading = page.timing.recognize
            if let turned, turned.confidence > page.confidence {
                page = turned
                readTurned = true
            }
            page.timing.recognize = firstReading + Self.seconds(since: start)
        }
        // A turned page's boxes are in the turned image's coordinates, not `pix`'s.
        if preprocessing.contains(.tallLines), !readTurned {
            let start = DispatchTime.now()
            let before = page.timing
            page = try rereadTallLines(of: page, in: pix)
            page.timing = before
            page.timing.recognize += Self.seconds(since: start)
        }
        page.timing.preprocess = report.seconds
        return page
    }

    /// The orientation and script detector, made on first need (nil without the `osd` model).
    func osdDetector() -> TessHandle? {
        if orientationHandle == nil {
            do {
                orientationHandle = .some(try TessHandle.make(directory: tessdataDirectory, languages: "osd", variables: [:]))
            } catch {
                logger.debug("no orientation detection: the osd model is missing (apt-get install tesseract-ocr-osd)")
                orientationHandle = .some(nil)
            }
        }
        return orientationHandle ?? nil
    }

    /// Reads each tall condensed band of `pix` again, stretched to ordinary proportions and
    /// scaled to a comfortable glyph height, and merges the result into the page.
    private func rereadTallLines(of page: OCRPage, in pix: PixHandle) throws -> OCRPage {
        var page = page
        for band in TallLines.bands(in: pix) {
            let scale = 1.2 * PreprocessingTuning.targetTextHeight / band.glyphHeight
            let stretch = scale * band.stretch
            // A white border: Tesseract reads a line cropped tight to its glyphs poorly.
            let border = Int32(0.5 * PreprocessingTuning.targetTextHeight)
            guard let crop = pix.clipped(to: band.box),
                let scaled = PixHandle(pixScaleGeneral(crop.pointer, Float(stretch), Float(scale), 0, 0)),
                let padded = PixHandle(pixAddBorder(scaled.pointer, border, scaled.depth == 1 ? 0 : 255))
            else { continue }
            let reading = try recognizePix(
                padded,
                region: nil,
                mode: .singleLine,
                source: (page.sourceWidth, page.sourceHeight),
                report: page.preprocessing
            )
            let words = reading.words.map { word in
                OCRWord(
                    text: word.text,
                    box: OCRBox(
                        x: band.box.x + Int(Double(word.box.x - Int(border)) / stretch),
                        // One line: the band's height, so no word strays onto a neighbouring line.
                        y: band.box.y,
                        width: Int(Double(word.box.width) / stretch),
                        height: band.box.height
                    ),
                    confidence: word.confidence
                )
            }
            logger.debug(
                "tall band read again",
                metadata: [
                    "ocr.band": "\(band.box)", "ocr.stretch": "\(band.stretch)",
                    "ocr.text": "\(words.map { "\($0.text)/\(Int($0.confidence * 100))" }.joined(separator: " "))",
                ]
            )
            if var merged = TallLines.merge(band.box, reading: words, into: page) {
                if !merged.preprocessing.applied.contains("tall") { merged.preprocessing.applied.append("tall") }
                page = merged
            }
        }
        return page
    }

    /// Whether a poorly read page still has many words read confidently as lines of text (wider
    /// than tall), or a few amounts: then it is upright, just faint or blurred, and the
    /// orientation detector (about 0.15 s a page) need not look. A turned page read as if
    /// upright gives almost no confident words and no amounts.
    static func readsUpright(_ page: OCRPage) -> Bool {
        let words = page.lines.flatMap(\.words).filter { $0.box.width > $0.box.height }
        let confident = words.filter { $0.confidence >= PreprocessingTuning.uprightWordConfidence && $0.text.count >= 3 }
        return confident.count >= PreprocessingTuning.uprightWords
            || words.count(where: { looksLikeAmount($0.text) }) >= PreprocessingTuning.uprightAmounts
    }

    /// `12.34`, `$12.34`, `12,34A`: one to five digits, a point or comma, two digits, with at
    /// most two other characters (a currency sign, a tax letter) on either side.
    static func looksLikeAmount(_ text: String) -> Bool {
        let isDigit: (Character) -> Bool = { ("0"..."9").contains($0) }
        let characters = Array(text)
        guard let first = characters.firstIndex(where: isDigit), let last = characters.lastIndex(where: isDigit),
            first <= 2, characters.count - 1 - last <= 2
        else { return false }
        let core = characters[first...last]
        guard let separator = core.lastIndex(where: { $0 == "." || $0 == "," }) else { return false }
        let whole = core[core.startIndex..<separator]
        let cents = core[(separator + 1)...]
        return (1...5).contains(whole.count) && cents.count == 2 && whole.allSatisfy(isDigit) && cents.allSatisfy(isDigit)
    }

    /// A photo taken sideways or upside down without an EXIF orientation reads as garbage with
    /// low confidence. Tesseract's orientation detector (the `osd` model) says how the text is
    /// turned; the page is turned back and read again. Runs only on poorly read pages, so a
    /// normal receipt pays nothing. Nil when the detector is unsure or the text is upright.
    private func recognizeTurned(_ pix: PixHandle, report: PreprocessingReport, source: (Int, Int)) throws -> OCRPage? {
        guard let (degrees, confidence, _) = detectOrientationAndScript(pix) else { return nil }
        // The detected clockwise rotation of the text; Leptonica turns clockwise by quarter turns.
        let quarterTurns = ((360 - degrees) / 90) % 4
        logger.debug("orientation", metadata: ["ocr.osd_degrees": "\(degrees)", "ocr.osd_confidence": "\(confidence)"])
        guard quarterTurns != 0, confidence >= PreprocessingTuning.orientationMinConfidence,
            let turned = PixHandle(pixRotateOrth(pix.pointer, Int32(quarterTurns)))
        else { return nil }
        var turnedReport = report
        turnedReport.rotationQuarterTurns = (report.rotationQuarterTurns + quarterTurns) % 4
        turnedReport.applied.append("osd")
        turnedReport.outputWidth = turned.width
        turnedReport.outputHeight = turned.height
        return try recognizePix(
            turned,
            region: nil,
            mode: configuration.pageSegmentationMode,
            source: source,
            report: turnedReport
        )
    }

    private func recognizePix(
        _ pix: PixHandle,
        region: OCRBox?,
        mode: PageSegmentationMode,
        source: (Int, Int),
        report: PreprocessingReport
    ) throws -> OCRPage {
        let api = handle.pointer
        let start = DispatchTime.now()
        TessBaseAPISetImage2(api, pix.pointer)
        defer { TessBaseAPIClear(api) }
        TessBaseAPISetSourceResolution(api, 300)
        if let region {
            TessBaseAPISetRectangle(api, Int32(region.x), Int32(region.y), Int32(region.width), Int32(region.height))
        }
        TessBaseAPISetPageSegMode(api, TessPageSegMode(rawValue: UInt32(mode.rawValue)))
        guard TessBaseAPIRecognize(api, nil) == 0 else {
            throw OCRError(.failed, "Tesseract failed to recognise the image: check that it is a readable picture of text")
        }
        var words: [OCRWord] = []
        if let iterator = TessBaseAPIGetIterator(api) {
            defer { TessResultIteratorDelete(iterator) }
            let pageIterator = TessResultIteratorGetPageIteratorConst(iterator)
            repeat {
                guard let cText = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
                let text = String(cString: cText).trimmingCharacters(in: .whitespacesAndNewlines)
                TessDeleteText(cText)
                var left: Int32 = 0
                var top: Int32 = 0
                var right: Int32 = 0
                var bottom: Int32 = 0
                guard !text.isEmpty, TessPageIteratorBoundingBox(pageIterator, RIL_WORD, &left, &top, &right, &bottom) != 0
                else { continue }
                let confidence = Double(TessResultIteratorConfidence(iterator, RIL_WORD)) / 100
                words.append(
                    OCRWord(
                        text: text,
                        box: OCRBox(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top)),
                        confidence: min(1, max(0, confidence))
                    )
                )
            } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        }
        let lines = LineBuilder.lines(from: words)
        let elapsed = Self.seconds(since: start)
        logger.trace("recognised page", metadata: ["ocr.words": "\(words.count)", "ocr.seconds": "\(elapsed)"])
        return OCRPage(
            width: pix.width,
            height: pix.height,
            sourceWidth: source.0,
            sourceHeight: source.1,
            lines: lines,
            confidence: words.meanConfidence,
            timing: OCRTiming(recognize: elapsed),
            preprocessing: report
        )
    }

    static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}
