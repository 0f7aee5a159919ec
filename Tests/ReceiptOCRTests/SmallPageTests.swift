import Foundation
import ReceiptTesting
import Testing

@testable import ReceiptOCR

/// Pages narrower than `PreprocessingTuning.smallPageWidth` are enlarged before anything
/// measures them (see the small-image figures in docs/MEASUREMENTS.md).
@Suite struct SmallPageTests {
    @Test func aNarrowPageIsEnlargedAndItsScaleRecorded() async throws {
        let engine = try OCREngine(logger: TestSupport.logger)
        let narrow = try OCRImage(data: try TestSupport.syntheticPNG(width: 240, height: 420))
        let prepared = try await engine.preprocess(narrow, options: [.grayscale, .scale])
        #expect(prepared.report.applied.contains("enlarge"), "\(prepared.report.applied)")
        // Boxes map back to the source through the recorded scale, whatever the scale stage adds.
        #expect(abs(prepared.report.scale - Double(prepared.image.width) / 240) < 0.01, "\(prepared.report.scale)")
    }

    @Test func aPageOfOrdinaryWidthIsNotEnlarged() async throws {
        let engine = try OCREngine(logger: TestSupport.logger)
        let wide = try OCRImage(data: try TestSupport.syntheticPNG(width: 420, height: 600))
        let prepared = try await engine.preprocess(wide, options: [.grayscale, .scale])
        #expect(!prepared.report.applied.contains("enlarge"), "\(prepared.report.applied)")
        // Without the scale stage nothing is enlarged at all.
        let narrow = try OCRImage(data: try TestSupport.syntheticPNG(width: 240, height: 420))
        #expect(try await engine.preprocess(narrow, options: [.grayscale]).image.width == 240)
    }
}
