import Foundation
import ReceiptTesting
import Testing

@testable import ReceiptOCR

/// Our one-pass Sauvola binarisation must give Leptonica's pixels exactly: readings (and every
/// accuracy figure measured with Leptonica's) stay what they were.
@Suite(.timeLimit(.minutes(5)))
struct SauvolaThresholdTests {
    /// Both binarisations of one 8-bit page; nil pairs when either refuses it.
    private func bothBinarizations(_ image: OCRImage) -> (ours: PixHandle?, leptonica: PixHandle?) {
        image.withPix { pix in
            guard let gray = Preprocessor.toGray(pix) else { return (nil, nil) }
            return (Preprocessor.binarize(gray), Preprocessor.leptonicaBinarize(gray))
        }
    }

    @Test func equalsLeptonicaOnEveryFixtureAsTheStagesBeforeItLeaveIt() throws {
        let images = Fixtures.receiptImages()
        try #require(images.count >= 10)
        // The page binarisation sees: cropped, enlarged and deskewed photos; scans as they are.
        let before: PreprocessingOptions = [.orientation, .grayscale, .crop, .scale, .deskew]
        for url in images {
            let image = try OCRImage(contentsOf: url)
            let (page, _) = try Preprocessor.run(image, options: before)
            let ours = try #require(Preprocessor.binarize(page), "\(url.lastPathComponent)")
            let leptonica = try #require(Preprocessor.leptonicaBinarize(page), "\(url.lastPathComponent)")
            #expect(ours.hasSamePixels(as: leptonica), "\(url.lastPathComponent) \(page.width)x\(page.height)")
        }
    }

    @Test(arguments: [(53, 53), (97, 61), (200, 131), (333, 70)])
    func equalsLeptonicaOnTexturedPagesOfOddSizes(width: Int, height: Int) throws {
        // Noise, hard black-and-white edges (the largest deviations) and a gradient, so that
        // every branch of the threshold and the mirrored edges are exercised.
        var generator = SplitMix64(seed: UInt64(width * 1000 + height))
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let index = y * width + x
                switch (x / 17 + y / 13) % 3 {
                case 0: pixels[index] = UInt8(truncatingIfNeeded: generator.next())
                case 1: pixels[index] = (x + y) % 2 == 0 ? 0 : 255
                default: pixels[index] = UInt8((x * 255) / width)
                }
            }
        }
        let (ours, leptonica) = bothBinarizations(try OCRImage(grayPixels: pixels, width: width, height: height))
        let mine = try #require(ours)
        let reference = try #require(leptonica)
        #expect(mine.hasSamePixels(as: reference))
    }

    @Test func refusesWhatLeptonicaRefuses() throws {
        // Narrower than the 51-pixel window plus its border.
        let image = try OCRImage(grayPixels: [UInt8](repeating: 200, count: 52 * 80), width: 52, height: 80)
        let (ours, leptonica) = bothBinarizations(image)
        #expect(ours == nil)
        #expect(leptonica == nil)
    }
}

/// A small seeded generator, so the textured pages are the same on every run.
private struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
