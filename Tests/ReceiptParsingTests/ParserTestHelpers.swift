import Foundation
import ReceiptModel
import Testing

@testable import ReceiptParsing

/// The lines of `text` as the parser analyses them, with its default limits.
func analyzed(_ text: String) -> [AnalyzedLine] {
    AnalyzedLine.lines(of: ParserInput(text: text), maxLines: 2_000, maxLineLength: 400)
}

/// The amount `text` prints; a text that is no amount fails the test.
func amount(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Amount {
    guard let value = Amount(text) else {
        Issue.record("not an amount: \(text)", sourceLocation: sourceLocation)
        return .zero
    }
    return value
}
