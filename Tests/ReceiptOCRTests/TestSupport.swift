import Foundation
import Logging
import ReceiptOCR
import ReceiptTesting

enum TestSupport {
    static let logger = Logger(label: "test.ocr")

    /// A fresh temporary folder.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ocr-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Fixture images that have an expected-content `lines` array in their sibling JSON, printed
    /// in letters the English model knows (Latin-1): Polish, Czech and Turkish receipts, and
    /// Cyrillic and Greek ones, are read with their own models (see LocaleReadingTests).
    static func fixturesWithLines() throws -> [(image: URL, lines: [String])] {
        try Fixtures.receiptImages().compactMap { image in
            let json = image.deletingPathExtension().appendingPathExtension("json")
            guard FileManager.default.fileExists(atPath: json.path) else { return nil }
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
            guard let lines = object?["lines"] as? [String], !lines.isEmpty else { return nil }
            let otherScript = lines.joined().unicodeScalars.contains { $0.properties.isAlphabetic && $0.value > 0xFF }
            return otherScript ? nil : (image, lines)
        }
    }

    /// Collapses every run of whitespace to one space and trims.
    static func normalize(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// 1 - Levenshtein distance / length of the expected text (clamped at 0).
    static func characterAccuracy(expected: String, actual: String) -> Double {
        let a = Array(expected.unicodeScalars)
        let b = Array(actual.unicodeScalars)
        guard !a.isEmpty else { return b.isEmpty ? 1 : 0 }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return max(0, 1 - Double(previous[b.count]) / Double(a.count))
    }

    /// A PNG with a valid signature and IHDR chunk (correct CRC) declaring the given size, and no pixel data.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let body: [UInt8] = Array("IHDR".utf8) + be32(width) + be32(height) + [8, 0, 0, 0, 0]  // 8-bit gray
        bytes += be32(13) + body + be32(crc32(body))
        return Data(bytes)
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// A gray test image: white with a few black bars (not text), as PNG bytes.
    static func syntheticPNG(width: Int, height: Int) throws -> Data {
        var pixels = [UInt8](repeating: 255, count: width * height)
        for y in 0..<height where (y / 12) % 3 == 1 {
            for x in (width / 10)..<(width * 9 / 10) where (x / 9) % 2 == 0 { pixels[y * width + x] = 0 }
        }
        return try OCRImage(grayPixels: pixels, width: width, height: height).pngData()
    }
}
