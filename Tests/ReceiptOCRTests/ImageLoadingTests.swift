import Foundation
import ReceiptOCR
import ReceiptTesting
import Testing

@Suite struct ImageLoadingTests {
    private func code(loading data: Data, named name: String, limits: ImageLimits = .default) throws -> String? {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        do {
            _ = try OCRImage(contentsOf: url, limits: limits)
            return nil
        } catch let error as OCRError {
            #expect(!error.message.isEmpty)
            return error.code.rawValue
        }
    }

    @Test func emptyFileIsImageEmpty() throws {
        #expect(try code(loading: Data(), named: "empty.png") == "image.empty")
    }

    @Test func randomBytesAreUnsupported() throws {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[0] = 0x00  // make sure no magic number matches by chance
        #expect(try code(loading: Data(bytes), named: "noise.bin") == "image.unsupported-format")
    }

    @Test func textFileNamedJPEGIsUnsupported() throws {
        let text = Data("TOTAL 12.34\nthis is not a picture\n".utf8)
        #expect(try code(loading: text, named: "receipt.jpg") == "image.unsupported-format")
    }

    @Test func truncatedPNGIsTruncated() throws {
        let png = try TestSupport.syntheticPNG(width: 400, height: 300)
        #expect(try code(loading: png.prefix(png.count / 2), named: "cut.png") == "image.truncated")
        // Cut inside the header itself.
        #expect(try code(loading: png.prefix(20), named: "cut-header.png") == "image.truncated")
    }

    @Test func truncatedJPEGIsTruncated() throws {
        let jpeg = try #require(Fixtures.receiptImages().first { $0.pathExtension == "jpg" })
        let data = try Data(contentsOf: jpeg)
        #expect(try code(loading: data.prefix(data.count / 3), named: "cut.jpg") == "image.truncated")
    }

    @Test func hugeDeclaredPNGIsTooLargeBeforeDecoding() throws {
        let header = TestSupport.pngHeader(width: 20000, height: 20000)
        #expect(try code(loading: header, named: "bomb.png") == "image.too-large")
        // A custom limit applies too.
        let small = try TestSupport.syntheticPNG(width: 400, height: 300)
        #expect(try code(loading: small, named: "ok.png", limits: ImageLimits(maxPixels: 100_000)) == "image.too-large")
        #expect(try code(loading: small, named: "ok.png") == nil)
    }

    @Test func tinyImageIsTooSmall() throws {
        let tiny = try TestSupport.syntheticPNG(width: 60, height: 300)
        #expect(try code(loading: tiny, named: "tiny.png") == "image.too-small")
    }

    @Test func missingFileIsUnreadable() throws {
        do {
            _ = try OCRImage(contentsOf: URL(fileURLWithPath: "/nonexistent/receipt.png"))
            Issue.record("expected an error")
        } catch let error as OCRError {
            #expect(error.code == .imageUnreadable)
        }
    }

    @Test func headerParsingReadsDimensionsOfEveryFormat() throws {
        #expect(try ImageHeader.parse(Array(TestSupport.pngHeader(width: 640, height: 480))).width == 640)
        let gif: [UInt8] = Array("GIF89a".utf8) + [0x20, 0x03, 0x58, 0x02] + [UInt8](repeating: 0, count: 8)
        let gifHeader = try ImageHeader.parse(gif)
        #expect(gifHeader.format == .gif && gifHeader.width == 800 && gifHeader.height == 600)
        var bmp = [UInt8](repeating: 0, count: 54)
        bmp[0] = 0x42
        bmp[1] = 0x4D
        bmp[18] = 0x00
        bmp[19] = 0x04  // 1024
        bmp[22] = 0x00
        bmp[23] = 0xFD
        bmp[24] = 0xFF
        bmp[25] = 0xFF  // -768 (top-down)
        let bmpHeader = try ImageHeader.parse(bmp)
        #expect(bmpHeader.format == .bmp && bmpHeader.width == 1024 && bmpHeader.height == 768)
        var webp: [UInt8] = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8) + Array("VP8X".utf8)
        webp += [10, 0, 0, 0, 0, 0, 0, 0] + [0x1F, 0x03, 0x00] + [0x57, 0x02, 0x00]  // 800 x 600 (minus one)
        let webpHeader = try ImageHeader.parse(webp)
        #expect(webpHeader.format == .webp && webpHeader.width == 800 && webpHeader.height == 600)
    }

    @Test func jpegHeaderCarriesEXIFOrientation() throws {
        // SOI, APP1 Exif with a big-endian TIFF IFD holding Orientation = 6, then SOF0 3000x4000.
        var tiff: [UInt8] = Array("MM".utf8) + [0x00, 0x2A, 0, 0, 0, 8]
        tiff += [0, 1] + [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0] + [0, 0, 0, 0]
        let app1Body: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        let length = app1Body.count + 2
        var jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + app1Body
        jpeg += [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x0F, 0xA0, 0x0B, 0xB8, 0x03] + [UInt8](repeating: 0, count: 9)
        let header = try ImageHeader.parse(jpeg)
        #expect(header.format == .jpeg)
        #expect(header.width == 3000 && header.height == 4000)
        #expect(header.exifOrientation == 6)
    }

    @Test func everyFixtureImageLoads() throws {
        let images = Fixtures.receiptImages()
        #expect(images.count >= 12)
        for url in images {
            let image = try OCRImage(contentsOf: url)
            #expect(image.width >= 100 && image.height >= 100, "\(url.lastPathComponent)")
        }
    }
}
