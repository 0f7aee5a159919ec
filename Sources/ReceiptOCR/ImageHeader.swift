/// Image container formats that `ReceiptOCR` accepts.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg, png, tiff, webp, bmp, gif
}

/// What the first bytes of a file say, read without decoding any pixels.
public struct ImageHeader: Sendable, Hashable {
    public var format: ImageFormat
    public var width: Int
    public var height: Int
    /// EXIF orientation (1...8) for JPEG files that carry one, else 1.
    public var exifOrientation: Int

    public var pixelCount: Int { width * height }

    /// Reads the format and dimensions from the header of an image file.
    /// - Throws: `OCRError` with `image.empty`, `image.unsupported-format` or
    ///   `image.truncated` (the header itself is cut short or malformed).
    public static func parse(_ bytes: [UInt8]) throws -> ImageHeader {
        try bytes.withUnsafeBufferPointer { try parse($0) }
    }

    static func parse(_ b: UnsafeBufferPointer<UInt8>) throws -> ImageHeader {
        guard !b.isEmpty else {
            throw OCRError(.imageEmpty, "the file is empty (0 bytes): re-copy or re-export the image")
        }
        guard let format = sniff(b) else {
            throw OCRError(
                .imageUnsupportedFormat,
                "not an image in a supported format (JPEG, PNG, TIFF, WebP, BMP, GIF): check the file, or convert it to PNG or JPEG"
            )
        }
        let reader = ByteReader(bytes: b)
        let parsed: (Int, Int, Int)?
        switch format {
        case .png: parsed = pngSize(reader)
        case .jpeg: parsed = jpegSize(reader)
        case .gif: parsed = reader.u16le(6).flatMap { w in reader.u16le(8).map { (w, $0, 1) } }
        case .bmp: parsed = bmpSize(reader)
        case .tiff: parsed = tiffSize(reader, base: 0).map { ($0.0, $0.1, 1) }
        case .webp: parsed = webpSize(reader)
        }
        guard let (width, height, orientation) = parsed, width > 0, height > 0 else {
            throw OCRError(
                .imageTruncated,
                "the \(format.rawValue.uppercased()) header is truncated or corrupt (no valid dimensions): re-copy or re-export the image"
            )
        }
        return ImageHeader(format: format, width: width, height: height, exifOrientation: orientation)
    }

    static func sniff(_ b: UnsafeBufferPointer<UInt8>) -> ImageFormat? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            guard b.count >= offset + prefix.count else { return false }
            for (i, byte) in prefix.enumerated() where b[offset + i] != byte { return false }
            return true
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts([0x42, 0x4D]) && b.count >= 26 { return .bmp }
        return nil
    }

    private static func pngSize(_ r: ByteReader) -> (Int, Int, Int)? {
        // Signature (8), IHDR length (4) "IHDR" (4), width (4), height (4).
        guard r.count >= 24, r.ascii(12, 4) == "IHDR", let w = r.u32be(16), let h = r.u32be(20) else { return nil }
        return (w, h, 1)
    }

    private static func bmpSize(_ r: ByteReader) -> (Int, Int, Int)? {
        guard let w = r.i32le(18), let h = r.i32le(22) else { return nil }
        return (abs(w), abs(h), 1)
    }

    private static func webpSize(_ r: ByteReader) -> (Int, Int, Int)? {
        switch r.ascii(12, 4) {
        case "VP8 ":
            // Frame tag (3) + start code 9d 01 2a + 14-bit width/height.
            guard r.u8(23) == 0x9D, r.u8(24) == 0x01, r.u8(25) == 0x2A,
                let w = r.u16le(26), let h = r.u16le(28)
            else { return nil }
            return (w & 0x3FFF, h & 0x3FFF, 1)
        case "VP8L":
            guard r.u8(20) == 0x2F, let b0 = r.u8(21), let b1 = r.u8(22), let b2 = r.u8(23), let b3 = r.u8(24)
            else { return nil }
            let bits = Int(b0) | Int(b1) << 8 | Int(b2) << 16 | Int(b3) << 24
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1, 1)
        case "VP8X":
            guard let w = r.u24le(24), let h = r.u24le(27) else { return nil }
            return (w + 1, h + 1, 1)
        default:
            return nil
        }
    }

    /// Walks JPEG markers to the first SOF; picks up the EXIF orientation on the way.
    private static func jpegSize(_ r: ByteReader) -> (Int, Int, Int)? {
        var offset = 2
        var orientation = 1
        while offset + 4 <= r.count {
            guard r.u8(offset) == 0xFF, let marker = r.u8(offset + 1) else { return nil }
            if marker == 0xFF {
                offset += 1
                continue
            }  // fill byte
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset += 2
                continue
            }
            guard let length = r.u16be(offset + 2), length >= 2 else { return nil }
            let segment = offset + 4
            if marker == 0xE1, r.ascii(segment, 6) == "Exif\0\0", let o = tiffOrientation(r, base: segment + 6) {
                orientation = o
            }
            // SOF0...SOF15 except DHT (C4), JPG (C8) and DAC (CC).
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                guard let h = r.u16be(segment + 1), let w = r.u16be(segment + 3) else { return nil }
                return (w, h, orientation)
            }
            if marker == 0xDA || marker == 0xD9 { return nil }  // scan data before any SOF
            offset = segment + length - 2
        }
        return nil
    }

    /// Reads IFD0 of a TIFF structure starting at `base`: (width, height, orientation).
    private static func tiffIFD0(_ r: ByteReader, base: Int) -> (Int?, Int?, Int?)? {
        guard let order = r.ascii(base, 2), order == "II" || order == "MM" else { return nil }
        let little = order == "II"
        func u16(_ o: Int) -> Int? { little ? r.u16le(base + o) : r.u16be(base + o) }
        func u32(_ o: Int) -> Int? { little ? r.u32le(base + o) : r.u32be(base + o) }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        var width: Int?
        var height: Int?
        var orientation: Int?
        for i in 0..<min(count, 512) {
            let entry = ifd + 2 + i * 12
            guard let tag = u16(entry), let type = u16(entry + 2) else { return nil }
            let value = type == 3 ? u16(entry + 8) : u32(entry + 8)
            switch tag {
            case 256: width = value
            case 257: height = value
            case 274: orientation = value
            default: break
            }
        }
        return (width, height, orientation)
    }

    private static func tiffSize(_ r: ByteReader, base: Int) -> (Int, Int)? {
        guard let (w, h, _) = tiffIFD0(r, base: base), let w, let h else { return nil }
        return (w, h)
    }

    private static func tiffOrientation(_ r: ByteReader, base: Int) -> Int? {
        guard let (_, _, o) = tiffIFD0(r, base: base), let o, (1...8).contains(o) else { return nil }
        return o
    }
}

/// Bounds-checked reads from a byte buffer; every read returns nil past the end.
struct ByteReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var count: Int { bytes.count }

    func u8(_ o: Int) -> UInt8? { o >= 0 && o < bytes.count ? bytes[o] : nil }
    func u16be(_ o: Int) -> Int? {
        guard let a = u8(o), let b = u8(o + 1) else { return nil }
        return Int(a) << 8 | Int(b)
    }
    func u16le(_ o: Int) -> Int? {
        guard let a = u8(o), let b = u8(o + 1) else { return nil }
        return Int(b) << 8 | Int(a)
    }
    func u24le(_ o: Int) -> Int? {
        guard let a = u8(o), let b = u8(o + 1), let c = u8(o + 2) else { return nil }
        return Int(c) << 16 | Int(b) << 8 | Int(a)
    }
    func u32be(_ o: Int) -> Int? {
        guard let hi = u16be(o), let lo = u16be(o + 2) else { return nil }
        return hi << 16 | lo
    }
    func u32le(_ o: Int) -> Int? {
        guard let lo = u16le(o), let hi = u16le(o + 2) else { return nil }
        return hi << 16 | lo
    }
    func i32le(_ o: Int) -> Int? { u32le(o).map { Int(Int32(truncatingIfNeeded: $0)) } }
    func ascii(_ o: Int, _ n: Int) -> String? {
        guard o >= 0, o + n <= bytes.count else { return nil }
        return String(decoding: bytes[o..<(o + n)], as: UTF8.self)
    }
}
