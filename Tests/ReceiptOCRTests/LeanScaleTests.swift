import Testing

@testable import ReceiptOCR

/// The scale stage's factor for a page of a given text height, with and without `leanScale`
/// (the one reading of `--fast` enlarges small text less; large text shrinks the same).
@Suite struct LeanScaleTests {
    let target = PreprocessingTuning.targetTextHeight
    let lean = PreprocessingTuning.leanTextHeight

    @Test func smallTextIsEnlargedToTheTargetByDefaultAndToTheLeanHeightWhenLean() throws {
        let ordinary = try #require(Preprocessor.textScale(textHeight: 12, enlargeTo: target))
        #expect(abs(ordinary - target / 12) < 1e-9)
        let leaner = try #require(Preprocessor.textScale(textHeight: 12, enlargeTo: lean))
        #expect(abs(leaner - lean / 12) < 1e-9)
        #expect(leaner < ordinary)
    }

    @Test func textBetweenTheLeanHeightAndTheTargetIsLeftAsItIsWhenLean() {
        let between = (lean + target) / 2
        #expect(Preprocessor.textScale(textHeight: between, enlargeTo: lean) == nil)
        #expect(Preprocessor.textScale(textHeight: between, enlargeTo: target) != nil)
        #expect(Preprocessor.textScale(textHeight: target, enlargeTo: target) == nil)
    }

    @Test func largeTextIsShrunkToTheTargetEitherWay() throws {
        let ordinary = try #require(Preprocessor.textScale(textHeight: 2 * target, enlargeTo: target))
        let leaner = try #require(Preprocessor.textScale(textHeight: 2 * target, enlargeTo: lean))
        #expect(abs(ordinary - 0.5) < 1e-9)
        #expect(leaner == ordinary)
    }

    @Test func theStageHasACommandLineName() {
        #expect(PreprocessingOptions(names: "default,lean") == PreprocessingOptions.default.union(.leanScale))
        #expect(PreprocessingOptions.default.union(.leanScale).description.hasSuffix(",lean"))
    }
}
