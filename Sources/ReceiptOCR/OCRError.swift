import ReceiptModel

/// The one error type of `ReceiptOCR`: a stable dotted `code` for programs and
/// a `message` that tells a person what to do.
///
/// Codes: `image.unreadable`, `image.empty`, `image.unsupported-format`,
/// `image.truncated`, `image.too-large`, `image.too-small`,
/// `ocr.model-missing`, `ocr.init-failed`, `ocr.failed`, `ocr.invalid-region`.
public struct OCRError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable code; never changes meaning between versions.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The file could not be read (missing, no permission, a directory).
        public static let imageUnreadable = Code(rawValue: "image.unreadable")
        /// The file or buffer has no bytes.
        public static let imageEmpty = Code(rawValue: "image.empty")
        /// The bytes are not an image in a supported format (JPEG, PNG, TIFF, WebP, BMP, GIF).
        public static let imageUnsupportedFormat = Code(rawValue: "image.unsupported-format")
        /// The header is valid but the image data is cut short or corrupt.
        public static let imageTruncated = Code(rawValue: "image.truncated")
        /// More pixels than the configured limit (decompression-bomb guard).
        public static let imageTooLarge = Code(rawValue: "image.too-large")
        /// Too few pixels for text to be readable.
        public static let imageTooSmall = Code(rawValue: "image.too-small")
        /// The Tesseract language model (traineddata) was not found.
        public static let modelMissing = Code(rawValue: "ocr.model-missing")
        /// Tesseract could not be initialised for another reason.
        public static let initFailed = Code(rawValue: "ocr.init-failed")
        /// Recognition itself failed.
        public static let failed = Code(rawValue: "ocr.failed")
        /// A requested sub-rectangle lies outside the image or is empty.
        public static let invalidRegion = Code(rawValue: "ocr.invalid-region")
    }

    public let code: Code
    /// What went wrong and what to do about it.
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }
}

extension OCRError: CodedError {
    public var errorCode: String { code.rawValue }
}
