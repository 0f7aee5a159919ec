internal import CTesseract
import Foundation

/// Named preprocessing stages, each of which can be switched off for measurement.
///
/// Stages run in this order: orientation, grayscale, crop, scale, deskew,
/// normalize, binarize.
public struct PreprocessingOptions: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Apply the EXIF orientation of JPEG photos.
    public static let orientation = PreprocessingOptions(rawValue: 1 << 0)
    /// Convert colour to 8-bit gray.
    public static let grayscale = PreprocessingOptions(rawValue: 1 << 1)
    /// Find the receipt (the largest bright region) in a photo and crop to it.
    public static let crop = PreprocessingOptions(rawValue: 1 << 2)
    /// Scale so that text is about `PreprocessingTuning.targetTextHeight` pixels high.
    public static let scale = PreprocessingOptions(rawValue: 1 << 3)
    /// Measure the skew of the text lines and rotate it away.
    public static let deskew = PreprocessingOptions(rawValue: 1 << 4)
    /// Flatten uneven lighting (shadows, gradients) to a white background.
    public static let normalize = PreprocessingOptions(rawValue: 1 << 5)
    /// Adaptive (local) binarisation to black text on white.
    public static let binarize = PreprocessingOptions(rawValue: 1 << 6)

    /// Apply `scale` and `binarize` only to photo-like images (gray or unevenly lit paper); clean
    /// flat scans skip them (on the corpus they lost more on scans than they gained).
    public static let adaptive = PreprocessingOptions(rawValue: 1 << 7)

    /// After reading: a page that reads poorly is checked with Tesseract's orientation detector
    /// (the `osd` model) and, when it is sideways or upside down, turned and read again.
    public static let detectOrientation = PreprocessingOptions(rawValue: 1 << 8)

    /// After reading: bands printed in tall condensed glyphs (the double-height total line)
    /// are stretched to ordinary proportions and read again on their own.
    public static let tallLines = PreprocessingOptions(rawValue: 1 << 9)

    /// Enlarge twice and thicken dark strokes (a gray erosion): joins the separate dots of
    /// dot-matrix print into strokes Tesseract can read. Only for a later reading of a receipt
    /// the ordinary stages could not read: it blurs fine print.
    public static let thicken = PreprocessingOptions(rawValue: 1 << 10)

    /// With `scale`: enlarge small text only up to ``PreprocessingTuning/leanTextHeight``, not to
    /// ``PreprocessingTuning/targetTextHeight`` (larger text is still shrunk as usual). Fewer
    /// pixels for Tesseract, for measuring (`receipts eval --fast --stages default,lean`): on
    /// the tuning part's US photos it cut `--fast`'s CPU by 14 % but lost 7 totals of 104, so no
    /// mode uses it (docs/history/ingest-speed.md, 2026-11-26).
    public static let leanScale = PreprocessingOptions(rawValue: 1 << 11)

    /// No preprocessing: Tesseract sees the decoded image as it is.
    public static let none: PreprocessingOptions = []
    /// Every stage.
    public static let all: PreprocessingOptions = [
        .orientation, .grayscale, .crop, .scale, .deskew, .normalize, .binarize, .detectOrientation, .tallLines,
    ]
    /// The combination that found the most labelled totals on the development corpus.
    public static let `default`: PreprocessingOptions = [
        .orientation, .grayscale, .crop, .scale, .deskew, .binarize, .adaptive, .detectOrientation, .tallLines,
    ]

    /// Stage names in pipeline order, as used on the command line.
    public static let names: [(String, PreprocessingOptions)] = [
        ("orientation", .orientation), ("grayscale", .grayscale), ("crop", .crop), ("scale", .scale),
        ("deskew", .deskew), ("normalize", .normalize), ("binarize", .binarize), ("adaptive", .adaptive),
        ("osd", .detectOrientation), ("tall", .tallLines), ("thicken", .thicken), ("lean", .leanScale),
    ]

    /// Parses a comma-separated list of stage names ("" or "none" for no stages, "all", "default").
    public init?(names list: String) {
        var result: PreprocessingOptions = []
        for raw in list.split(separator: ",") {
            let name = raw.trimmingCharacters(in: .whitespaces).lowercased()
            switch name {
            case "none", "": continue
            case "all": result.formUnion(.all)
            case "default": result.formUnion(.default)
            default:
                guard let stage = Self.names.first(where: { $0.0 == name })?.1 else { return nil }
                result.insert(stage)
            }
        }
        self = result
    }

    public var description: String {
        let parts = Self.names.filter { contains($0.1) }.map(\.0)
        return parts.isEmpty ? "none" : parts.joined(separator: ",")
    }
}

/// What preprocessing did to one image.
public struct PreprocessingReport: Sendable, Hashable, Codable {
    /// Stages that changed the image, in order.
    public var applied: [String] = []
    /// Clockwise quarter turns applied for the EXIF orientation (0...3).
    public var rotationQuarterTurns: Int = 0
    /// The receipt's box in the (oriented) input image, when cropped.
    public var crop: OCRBox?
    /// The estimated text height (median glyph height, px) before scaling.
    public var estimatedTextHeight: Double?
    /// The scale factor applied (1 when not scaled).
    public var scale: Double = 1
    /// The skew angle corrected, in degrees.
    public var skewDegrees: Double = 0
    /// Size of the image handed to Tesseract.
    public var outputWidth: Int = 0
    public var outputHeight: Int = 0
    public var seconds: Double = 0
}

/// The image Tesseract will read, plus the report of how it was made.
public struct PreprocessedImage: Sendable {
    public var image: OCRImage
    public var report: PreprocessingReport
}

/// Tuning constants of the stages (measured on ../shared/corpus; see the OCR benchmark).
public enum PreprocessingTuning {
    /// Median glyph height the scale stage aims for, in pixels.
    public static let targetTextHeight = 26.0
    /// Largest output the scale stage may produce, in pixels.
    public static let maxOutputPixels = 16_000_000
    /// The glyph height ``PreprocessingOptions/leanScale`` enlarges smaller text to. The LSTM
    /// recogniser scales every text line to its own input height anyway, so what enlarging
    /// costs is the layout analysis and binarisation of 2-8x the pixels; what it buys is glyph
    /// shapes the binarisation keeps (16 and 20 px both lost totals, dates and taxes).
    public static let leanTextHeight = 20.0
    /// An image whose longer side is below this is a thumbnail: its glyphs are too small to be
    /// measured, so it is enlarged by ``thumbnailScale`` and left gray for Tesseract's own
    /// threshold: binarising interpolated few-pixel glyphs breaks them (on the corpus's
    /// 250-350 px photos the total is read on 2 of 3 instead of 0). Leaving gray every image
    /// enlarged 2x or more was measured too, and lost 9 of the 49 US photos' totals.
    public static let thumbnailSide = 600
    public static let thumbnailScale = 3.0
    /// Pages narrower than ``smallPageWidth`` (after the crop to the receipt) are enlarged to
    /// ``enlargedPageWidth`` first, clean or photo-like. Measured with `--fast` on 18 tuning-part
    /// receipts (12 US photos, 6 Malaysian scans) scaled down to a width: enlarging 250 px pages
    /// to 800 px read 8 totals instead of 4 and 5 dates instead of 1; at 300 and 400 px it gained
    /// 1 and 2 totals but lost 1 and 2 dates at twice the CPU (1000 and 1200 px did no better),
    /// so only the narrowest pages are enlarged. The neural reader read all 18 totals at 300 px.
    public static let smallPageWidth = 320
    public static let enlargedPageWidth = 800
    /// Pages read with a mean word confidence below this are checked for sideways or upside-down
    /// text (upright receipts in the corpus and fixtures read at 0.5-0.95; a sideways one ~0.3).
    public static let orientationCheckBelow = 0.55
    /// A poorly read page with at least `uprightWords` words of 3 or more characters read with
    /// `uprightWordConfidence`, each wider than tall, is upright: no orientation check.
    public static let uprightWords = 15
    public static let uprightWordConfidence = 0.85
    /// A poorly read page with at least this many amounts read as `12.34` or `12,34` is upright
    /// too, however low their confidence. Upside down, an amount's separator sits at the top of
    /// the line and is read as an apostrophe or not at all; sideways, no row of digits forms.
    /// Measured: 22 photos and fixtures turned 90 or 180 degrees showed none; 7 of the 10
    /// upright corpus pages that were checked showed 2 to 6 (each check costs about 0.15 s).
    public static let uprightAmounts = 2
    /// The orientation detector's confidence needed to turn a page.
    public static let orientationMinConfidence = 2.0
}

enum Preprocessor {
    static func run(_ image: OCRImage, options: PreprocessingOptions) throws -> (PixHandle, PreprocessingReport) {
        let start = DispatchTime.now()
        var report = PreprocessingReport()
        // Our own copy first (under the image's lock): all later steps are private to this thread.
        var pix: PixHandle = try image.withPix { source in
            if options.contains(.grayscale), let gray = toGray(source) { return gray }
            guard let copy = source.copy() else { throw outOfMemory }
            return copy
        }
        if options.contains(.grayscale) { report.applied.append("grayscale") }

        if options.contains(.orientation), image.header.exifOrientation != 1,
            let oriented = applyEXIFOrientation(pix, image.header.exifOrientation)
        {
            pix = oriented.0
            report.rotationQuarterTurns = oriented.1
            report.applied.append("orientation")
        }
        if options.contains(.crop), let (cropped, box) = cropToReceipt(pix) {
            pix = cropped
            report.crop = box
            report.applied.append("crop")
        }
        if options.contains(.scale) { enlargeIfNarrow(&pix, report: &report) }
        var options = options
        if options.contains(.adaptive), !looksLikePhoto(pix) {
            options.subtract([.scale, .binarize])
        } else if options.contains(.adaptive) {
            report.applied.append("photo")
        }
        if options.contains(.scale) { scaleToTextHeight(&pix, options: &options, report: &report) }
        if options.contains(.deskew), let (straight, angle) = deskew(pix) {
            pix = straight
            report.skewDegrees = angle
            report.applied.append("deskew")
        }
        if options.contains(.normalize), let gray = grayView(pix),
            let normalized = PixHandle(pixBackgroundNormSimple(gray.pointer, nil, nil))
        {
            pix = normalized
            report.applied.append("normalize")
        }
        if options.contains(.thicken), let thick = thicken(pix) {
            pix = thick.0
            report.scale *= thick.1
            report.applied.append("thicken")
        }
        if options.contains(.binarize), let binary = binarize(pix) {
            pix = binary
            report.applied.append("binarize")
        }
        report.outputWidth = pix.width
        report.outputHeight = pix.height
        report.seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return (pix, report)
    }

    /// A narrow page (a photo shared in a chat or on the web, 250-450 px) is enlarged before
    /// anything measures it, clean or photo-like: its glyphs are a few pixels high.
    private static func enlargeIfNarrow(_ pix: inout PixHandle, report: inout PreprocessingReport) {
        guard pix.width < PreprocessingTuning.smallPageWidth else { return }
        let most = (Double(PreprocessingTuning.maxOutputPixels) / Double(pix.width * pix.height)).squareRoot()
        let factor = Float(min(Double(PreprocessingTuning.enlargedPageWidth) / Double(pix.width), most))
        if factor > 1, let enlarged = PixHandle(pixScaleGeneral(pix.pointer, factor, factor, 0, 0)) {
            report.scale = Double(enlarged.width) / Double(pix.width)
            pix = enlarged
            report.applied.append("enlarge")
        }
    }

    /// Scales the page so that its text is the height Tesseract reads best. A thumbnail whose text
    /// height cannot be measured is scaled by a guess instead, and then not binarised.
    private static func scaleToTextHeight(_ pix: inout PixHandle, options: inout PreprocessingOptions, report: inout PreprocessingReport) {
        let height = estimateTextHeight(pix)
        report.estimatedTextHeight = height
        let enlargeTo = options.contains(.leanScale) ? PreprocessingTuning.leanTextHeight : PreprocessingTuning.targetTextHeight
        if let height, let scaled = scaleForText(pix, textHeight: height, enlargeTo: enlargeTo) {
            pix = scaled.0
            report.scale *= scaled.1
            report.applied.append("scale")
        } else if height == nil, max(pix.width, pix.height) < PreprocessingTuning.thumbnailSide,
            let scaled = scaleForText(pix, textHeight: PreprocessingTuning.targetTextHeight / PreprocessingTuning.thumbnailScale)
        {
            pix = scaled.0
            report.scale *= scaled.1
            report.applied.append("scale")
            report.applied.append("thumbnail")
            options.remove(.binarize)
        }
    }

    static let outOfMemory = OCRError(.failed, "Leptonica could not allocate memory for the image: free memory or use a smaller image")

    /// 8-bit gray for reading only: `pix` itself when already 8-bit (callers make new images from
    /// it and never change it), else a converted copy. Saves a copy of the page in most stages.
    static func grayView(_ pix: PixHandle) -> PixHandle? {
        pix.depth == 8 ? pix : toGray(pix)
    }

    /// 8-bit gray version (a new handle; a copy when already 8-bit).
    static func toGray(_ pix: PixHandle) -> PixHandle? {
        switch pix.depth {
        case 8: return pix.copy()
        case 32: return PixHandle(pixConvertRGBToGray(pix.pointer, 0, 0, 0))
        default: return PixHandle(pixConvertTo8(pix.pointer, 0))
        }
    }

    /// Returns the rotated image and the clockwise quarter turns applied.
    static func applyEXIFOrientation(_ pix: PixHandle, _ orientation: Int) -> (PixHandle, Int)? {
        func rotate(_ p: PixHandle, _ quads: Int32) -> PixHandle? { PixHandle(pixRotateOrth(p.pointer, quads)) }
        func flipLR(_ p: PixHandle) -> PixHandle? { PixHandle(pixFlipLR(nil, p.pointer)) }
        switch orientation {
        case 2: return flipLR(pix).map { ($0, 0) }
        case 3: return rotate(pix, 2).map { ($0, 2) }
        case 4: return PixHandle(pixFlipTB(nil, pix.pointer)).map { ($0, 0) }
        case 5: return flipLR(pix).flatMap { rotate($0, 3) }.map { ($0, 3) }
        case 6: return rotate(pix, 1).map { ($0, 1) }
        case 7: return flipLR(pix).flatMap { rotate($0, 1) }.map { ($0, 1) }
        case 8: return rotate(pix, 3).map { ($0, 3) }
        default: return nil
        }
    }

    /// Binary (1 bpp, text = 1) version via Leptonica's adaptive Otsu on a background-normalised
    /// gray; `pix` itself when already binary (for reading only).
    static func analysisBinary(_ pix: PixHandle) -> PixHandle? {
        if pix.depth == 1 { return pix }
        guard let gray = grayView(pix) else { return nil }
        return PixHandle(pixOtsuThreshOnBackgroundNorm(gray.pointer, nil, 10, 15, 100, 50, 255, 2, 2, 0.1, nil))
    }

    /// Boxes of glyph-like connected components on a copy at most `maxSide` pixels long,
    /// with the factor from the image to that copy.
    static func glyphBoxes(_ pix: PixHandle, maxSide: Double) -> (boxes: [OCRBox], factor: Double) {
        let factor = min(1.0, maxSide / Double(max(pix.width, pix.height)))
        guard let base = factor < 1 ? PixHandle(pixScaleGeneral(pix.pointer, Float(factor), Float(factor), 0, 0)) : pix,
            let binary = analysisBinary(base),
            let boxa = pixConnCompBB(binary.pointer, 8)
        else { return ([], factor) }
        var boxaOptional: UnsafeMutablePointer<Boxa>? = boxa
        defer { boxaDestroy(&boxaOptional) }
        var boxes: [OCRBox] = []
        for i in 0..<boxaGetCount(boxa) {
            var x: Int32 = 0
            var y: Int32 = 0
            var w: Int32 = 0
            var h: Int32 = 0
            boxaGetBoxGeometry(boxa, i, &x, &y, &w, &h)
            // Glyph-like: not specks, not rules or blobs, not too wide for a character.
            if h >= 6, h <= 150, w >= 2, w <= 2 * h {
                boxes.append(OCRBox(x: Int(x), y: Int(y), width: Int(w), height: Int(h)))
            }
        }
        return (boxes, factor)
    }

    /// Median height of glyph-like connected components (pixels), or nil if there are too few.
    static func estimateTextHeight(_ pix: PixHandle) -> Double? {
        let glyphs = glyphBoxes(pix, maxSide: 1600)
        guard glyphs.boxes.count >= 20 else { return nil }
        let heights = glyphs.boxes.map(\.height).sorted()
        return Double(heights[heights.count / 2]) / glyphs.factor
    }

    static func scaleForText(
        _ pix: PixHandle,
        textHeight: Double,
        enlargeTo: Double = PreprocessingTuning.targetTextHeight
    ) -> (PixHandle, Double)? {
        guard let factor = textScale(textHeight: textHeight, enlargeTo: enlargeTo) else { return nil }
        var scale = min(4, max(0.25, factor))
        let maxScale = (Double(PreprocessingTuning.maxOutputPixels) / Double(pix.width * pix.height)).squareRoot()
        scale = min(scale, maxScale)
        guard let scaled = PixHandle(pixScaleGeneral(pix.pointer, Float(scale), Float(scale), 0, 0)) else { return nil }
        return (scaled, scale)
    }

    /// The factor that brings text `textHeight` px high to a comfortable height: small text up to
    /// `enlargeTo`, large text down to ``PreprocessingTuning/targetTextHeight``; nil when the
    /// text is already between the two (within a margin).
    static func textScale(textHeight: Double, enlargeTo: Double) -> Double? {
        let target = PreprocessingTuning.targetTextHeight
        if textHeight < 0.9 * min(enlargeTo, target) { return min(enlargeTo, target) / textHeight }
        if textHeight > 1.15 * target { return target / textHeight }
        return nil
    }

    /// Measures the skew of the text lines and rotates it away (only when confident).
    static func deskew(_ pix: PixHandle) -> (PixHandle, Double)? {
        guard let binary = analysisBinary(pix) else { return nil }
        var angle: Float = 0
        var confidence: Float = 0
        var status = pixFindSkew(binary.pointer, &angle, &confidence)
        if status != 0 || confidence < 2.5 {
            // Pixel-level clutter (shadow edges, paper borders) can pull the default ±7° sweep to its
            // edge; a wider sweep at a coarser reduction often still finds the text lines.
            status = pixFindSkewSweepAndSearch(binary.pointer, &angle, &confidence, 4, 2, 12, 1, 0.01)
        }
        guard status == 0, confidence >= 2.5, abs(angle) >= 0.1 else { return nil }
        let fill = Int32(L_BRING_IN_WHITE)
        guard
            let rotated = PixHandle(
                pixRotate(pix.pointer, Float(Double(angle) * .pi / 180), Int32(L_ROTATE_AREA_MAP), fill, 0, 0)
            )
        else { return nil }
        return (rotated, Double(angle))
    }

    /// Twice the size (less when that would pass `maxOutputPixels`), then a 5x5 gray erosion.
    /// On the corpus's dot-matrix receipt this reads the total and merchant where every other
    /// reading found nothing.
    static func thicken(_ pix: PixHandle) -> (PixHandle, Double)? {
        guard let gray = grayView(pix) else { return nil }
        let maxScale = (Double(PreprocessingTuning.maxOutputPixels) / Double(pix.width * pix.height)).squareRoot()
        let scale = min(2, maxScale)
        guard let scaled = PixHandle(pixScaleGeneral(gray.pointer, Float(scale), Float(scale), 0, 0)),
            let thick = PixHandle(pixErodeGray(scaled.pointer, 5, 5))
        else { return nil }
        return (thick, scale)
    }

    /// Adaptive binarisation (Sauvola, 25 px window, k = 0.2) to black text on white, 1 bpp.
    /// Measured on the corpus: better than Otsu on a background-normalised image and than
    /// Leptonica's tiled Otsu, which broke thin receipt fonts.
    /// Computed by `SauvolaThreshold` (Leptonica's result, about 2x faster).
    static func binarize(_ pix: PixHandle) -> PixHandle? {
        if pix.depth == 1 { return nil }
        guard let gray = grayView(pix) else { return nil }
        return SauvolaThreshold.binarize(gray, halfWidth: sauvolaHalfWidth, k: sauvolaFactor)
    }

    static let sauvolaHalfWidth = 25
    static let sauvolaFactor: Float = 0.2

    /// Leptonica's own Sauvola binarisation with the same settings: the reference
    /// `SauvolaThreshold` is tested against.
    static func leptonicaBinarize(_ pix: PixHandle) -> PixHandle? {
        guard let gray = grayView(pix) else { return nil }
        var binary: UnsafeMutablePointer<Pix>?
        guard pixSauvolaBinarizeTiled(gray.pointer, Int32(sauvolaHalfWidth), sauvolaFactor, 1, 1, nil, &binary) == 0
        else { return nil }
        return PixHandle(binary)
    }

    /// True when the image looks like a photo (gray or unevenly lit paper) rather than a clean
    /// scan (paper near white, flat background). Measured on the corpus: every flat scan has its
    /// 90th-percentile brightness at 235 or above and a flat background; most phone photos not.
    static func looksLikePhoto(_ pix: PixHandle) -> Bool {
        guard let gray = grayView(pix) else { return true }
        let factor = min(1.0, 300.0 / Double(max(gray.width, gray.height)))
        guard let small = factor < 1 ? PixHandle(pixScaleGeneral(gray.pointer, Float(factor), Float(factor), 0, 0)) : gray
        else { return true }
        var paper: UInt32 = 0
        guard pixGetRankValue(small.pointer, 1, 0.9, &paper) == 0 else { return true }
        // Background: a max filter removes the text, a box blur smooths; its spread measures uneven light.
        guard let background = PixHandle(pixDilateGray(small.pointer, 9, 9)),
            let smooth = PixHandle(pixBlockconv(background.pointer, 5, 5))
        else { return true }
        var high: UInt32 = 0
        var low: UInt32 = 0
        guard pixGetRankValue(smooth.pointer, 1, 0.9, &high) == 0, pixGetRankValue(smooth.pointer, 1, 0.3, &low) == 0
        else { return true }
        return paper < 235 || Int(high) - Int(low) > 12
    }
}
