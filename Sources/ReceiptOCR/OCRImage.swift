internal import CTesseract
import Foundation

/// Limits checked on the image header before any pixel is decoded.
public struct ImageLimits: Sendable, Hashable {
    /// Refuse images with more pixels than this (a decompression bomb cannot eat the memory).
    public var maxPixels: Int
    /// Refuse images whose shorter side is below this many pixels: text would be unreadable.
    public var minSide: Int

    public init(maxPixels: Int = 60_000_000, minSide: Int = 100) {
        self.maxPixels = maxPixels
        self.minSide = minSide
    }

    public static let `default` = ImageLimits()
}

/// A decoded image, ready for preprocessing and OCR.
///
/// Immutable after loading. `@unchecked Sendable` because the one C handle it
/// owns is only touched inside `withPix`, which holds `lock`; every
/// preprocessing path starts by making its own copy under that lock, so no
/// Leptonica call (not even a reference-count change) runs on this handle from
/// two threads at once.
public final class OCRImage: @unchecked Sendable {
    /// Size in pixels after decoding (before any EXIF rotation).
    public let width: Int
    public let height: Int
    /// What the file header said (format, dimensions, EXIF orientation).
    public let header: ImageHeader

    private let lock = NSLock()
    private let pix: PixHandle

    init(pix: PixHandle, header: ImageHeader) {
        self.pix = pix
        self.width = pix.width
        self.height = pix.height
        self.header = header
    }

    /// Loads and decodes an image file, checking its header first.
    /// - Throws: `OCRError` (`image.unreadable`, `image.empty`, `image.unsupported-format`,
    ///   `image.truncated`, `image.too-large`, `image.too-small`).
    public convenience init(contentsOf url: URL, limits: ImageLimits = .default) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            let why = !exists ? "no such file" : isDirectory.boolValue ? "it is a directory" : "permission denied or I/O error"
            throw OCRError(.imageUnreadable, "cannot read \(url.path): \(why); check the path and permissions")
        }
        try self.init(data: data, limits: limits)
    }

    /// Decodes an image from its encoded bytes (a whole file), checking its header first.
    public convenience init(data: Data, limits: ImageLimits = .default) throws {
        let (pix, header) = try data.withUnsafeBytes { raw in
            try Self.decode(raw.bindMemory(to: UInt8.self), limits: limits)
        }
        self.init(pix: pix, header: header)
    }

    /// Makes an 8-bit grayscale image from raw pixel values (row-major, `width * height` bytes).
    /// Useful for tests and synthetic inputs; no header limits apply.
    public convenience init(grayPixels: [UInt8], width: Int, height: Int) throws {
        guard width > 0, height > 0, grayPixels.count == width * height else {
            throw OCRError(.imageTruncated, "grayPixels has \(grayPixels.count) bytes, expected \(width)x\(height)")
        }
        guard let pix = PixHandle(pixCreate(Int32(width), Int32(height), 8)) else {
            throw OCRError(.failed, "could not allocate a \(width)x\(height) image: out of memory?")
        }
        for y in 0..<height {
            for x in 0..<width {
                pixSetPixel(pix.pointer, Int32(x), Int32(y), UInt32(grayPixels[y * width + x]))
            }
        }
        self.init(pix: pix, header: ImageHeader(format: .png, width: width, height: height, exifOrientation: 1))
    }

    /// Runs `body` with exclusive access to the decoded pixels.
    func withPix<R>(_ body: (PixHandle) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(pix)
    }

    /// The image encoded as PNG (for debugging and for saving preprocessed images).
    public func pngData() throws -> Data {
        try withPix { pix in
            var bytes: UnsafeMutablePointer<UInt8>?
            var size = 0
            guard pixWriteMem(&bytes, &size, pix.pointer, Int32(IFF_PNG)) == 0, let bytes else {
                throw OCRError(.failed, "could not encode the image as PNG")
            }
            defer { free(bytes) }
            return Data(bytes: bytes, count: size)
        }
    }

    /// A small JPEG of the image, `width` pixels wide (never enlarged), upright by its EXIF
    /// orientation, for listing receipts on a phone. Leptonica's scaler low-pass filters when
    /// it shrinks, so text stays legible rather than aliased.
    public func thumbnailJPEG(width: Int = 320, quality: Int = 80) throws -> Data {
        try withPix { pix in
            let factor = min(1, Float(width) / Float(max(1, pix.width)))
            guard let scaled = PixHandle(pixScale(pix.pointer, factor, factor)) else {
                throw OCRError(.failed, "could not scale the image for a thumbnail: out of memory?")
            }
            let upright = Self.rotatedUpright(scaled, exifOrientation: header.exifOrientation) ?? scaled
            // JPEG takes 8-bit gray or 32-bit colour; a 1-bit scan or 16-bit PNG is converted first.
            let depth = pixGetDepth(upright.pointer)
            let encodable = depth == 8 || depth == 32 ? upright : (PixHandle(pixConvertTo32(upright.pointer)) ?? upright)
            var bytes: UnsafeMutablePointer<UInt8>?
            var size = 0
            guard pixWriteMemJpeg(&bytes, &size, encodable.pointer, Int32(quality), 0) == 0, let bytes else {
                throw OCRError(.failed, "could not encode the thumbnail as JPEG")
            }
            defer { free(bytes) }
            return Data(bytes: bytes, count: size)
        }
    }

    /// The EXIF orientations a phone writes (1 upright, 3 upside down, 6 and 8 sideways).
    private static func rotatedUpright(_ pix: PixHandle, exifOrientation: Int) -> PixHandle? {
        switch exifOrientation {
        case 3: return PixHandle(pixRotate180(nil, pix.pointer))
        case 6: return PixHandle(pixRotate90(pix.pointer, 1))
        case 8: return PixHandle(pixRotate90(pix.pointer, -1))
        default: return nil
        }
    }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, limits: ImageLimits) throws -> (PixHandle, ImageHeader) {
        _ = LeptonicaSetup.silenced
        let header = try ImageHeader.parse(bytes)
        let megapixels = Double(header.pixelCount) / 1_000_000
        if header.pixelCount > limits.maxPixels {
            throw OCRError(
                .imageTooLarge,
                String(
                    format: "image is %dx%d (%.1f megapixels), above the limit of %.1f megapixels: downscale it first (or raise the limit)",
                    header.width,
                    header.height,
                    megapixels,
                    Double(limits.maxPixels) / 1_000_000
                )
            )
        }
        if min(header.width, header.height) < limits.minSide {
            throw OCRError(
                .imageTooSmall,
                "image is \(header.width)x\(header.height) pixels, too small to read (each side needs at least \(limits.minSide)): use a larger photo or scan"
            )
        }
        guard let base = bytes.baseAddress else {
            throw OCRError(.imageEmpty, "the file is empty (0 bytes): re-copy or re-export the image")
        }
        let truncated = OCRError(
            .imageTruncated,
            "the \(header.format.rawValue.uppercased()) data is truncated or corrupt and could not be decoded: re-copy or re-export the image"
        )
        let decoded: PixHandle?
        if header.format == .jpeg {
            var warnings: Int32 = 0
            decoded = PixHandle(pixReadMemJpeg(base, bytes.count, 0, 1, &warnings, 0))
            // libjpeg "decodes" a cut-off file with warnings, filling the rest with gray.
            if warnings > 0 && !hasJPEGEnd(bytes) { throw truncated }
        } else {
            decoded = PixHandle(pixReadMem(base, bytes.count))
        }
        guard var pix = decoded, pix.width == header.width, pix.height == header.height else { throw truncated }
        if pixGetColormap(pix.pointer) != nil {
            guard let plain = PixHandle(pixRemoveColormap(pix.pointer, Int32(REMOVE_CMAP_BASED_ON_SRC))) else { throw truncated }
            pix = plain
        }
        return (pix, header)
    }

    /// True when an EOI marker (FF D9) ends the file, allowing a little trailing padding.
    private static func hasJPEGEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let tail = max(1, bytes.count - 64)
        var i = bytes.count - 1
        while i >= tail {
            if bytes[i - 1] == 0xFF && bytes[i] == 0xD9 { return true }
            i -= 1
        }
        return false
    }
}
