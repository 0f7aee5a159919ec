internal import CTesseract

extension OCREngine {
    /// The version of the Tesseract library linked in, e.g. "5.3.0" (for `source.pipeline`).
    public static var tesseractVersion: String {
        String(cString: TessVersion())
    }
}
