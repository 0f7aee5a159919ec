import ReceiptModel

/// The one error type of `ReceiptOCR`: a stable dotted `code` for programs and
/// a `message` that tells a person what to do.
///
/// Codes: `image.unreadable`, `image.empty`, `image.unsupported-format`,
/// `image.truncated`, `image.too-large`, `image.too-small`,
/// `ocr.model-missing`, `ocr.init-failed`, `ocr.failed`, `ocr.invalid-region`.
public struct OCRError: DomainError, Hashable {
    /// A stable code; never changes meaning between versions.
    public typealias Code = ErrorCode<OCRError>

    public let code: Code
    /// What went wrong and what to do about it.
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}

extension ErrorCode where Domain == OCRError {
    /// The file could not be read (missing, no permission, a directory).
    public static var imageUnreadable: Self { Self(rawValue: "image.unreadable") }
    /// The file or buffer has no bytes.
    public static var imageEmpty: Self { Self(rawValue: "image.empty") }
    /// The bytes are not an image in a supported format (JPEG, PNG, TIFF, WebP, BMP, GIF).
    public static var imageUnsupportedFormat: Self { Self(rawValue: "image.unsupported-format") }
    /// The header is valid but the image data is cut short or corrupt.
    public static var imageTruncated: Self { Self(rawValue: "image.truncated") }
    /// More pixels than the configured limit (decompression-bomb guard).
    public static var imageTooLarge: Self { Self(rawValue: "image.too-large") }
    /// Too few pixels for text to be readable.
    public static var imageTooSmall: Self { Self(rawValue: "image.too-small") }
    /// The Tesseract language model (traineddata) was not found.
    public static var modelMissing: Self { Self(rawValue: "ocr.model-missing") }
    /// Tesseract could not be initialised for another reason.
    public static var initFailed: Self { Self(rawValue: "ocr.init-failed") }
    /// Recognition itself failed.
    public static var failed: Self { Self(rawValue: "ocr.failed") }
    /// A requested sub-rectangle lies outside the image or is empty.
    public static var invalidRegion: Self { Self(rawValue: "ocr.invalid-region") }
}
