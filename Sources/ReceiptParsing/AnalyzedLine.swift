import Foundation
import ReceiptModel

/// One receipt line as the readers see it: its tokens, the amounts among them, the kind its
/// keywords give it, and where OCR put its words.
struct AnalyzedLine {
    var index: Int
    var text: String
    var tokens: [Substring]
    var money: [MoneyToken]
    var kind: LineKind
    var confidence: Double
    /// Right edge of the last money token as a fraction of page width (nil without boxes).
    var priceRightEdge: Double?
    /// Top of the first word and of the last word, and the line height (nil without boxes).
    var firstTop: Double?
    var lastTop: Double?
    var height: Double?
    /// Height of the word with the most letters (nil without boxes): the size the line's text is
    /// printed at, which a logo fragment read beside it ("WJ  WINGS & THINGS") does not change.
    var textHeight: Double?
    /// The OCR word (box and confidence) behind each token; nil entries when the
    /// tokens could not be matched to words (plain text, or a token joined by repair).
    var tokenWords: [ParserInput.Word?] = []

    var lastAmount: Amount? { money.last?.amount }

    /// Sets the tops and height the line's words give.
    mutating func measure(_ words: [ParserInput.Word]) {
        firstTop = words.first?.box?.y
        lastTop = words.last?.box?.y
        height = words.compactMap { $0.box?.height }.max()
        textHeight = words.max { $0.text.filter(\.isLetter).count < $1.text.filter(\.isLetter).count }?.box?.height
    }

    /// The text left of the last amount.
    var label: String {
        guard let last = money.last else { return text }
        return tokens[0..<last.tokenIndex].joined(separator: " ")
    }

    /// The first `maxLines` lines of `input`, each cut to `maxLineLength` characters so that
    /// hostile input stays linear.
    static func lines(of input: ParserInput, maxLines: Int, maxLineLength: Int) -> [AnalyzedLine] {
        var result: [AnalyzedLine] = []
        for (index, line) in input.lines.prefix(maxLines).enumerated() {
            let text = String(line.text.prefix(maxLineLength)).trimmingCharacters(in: .whitespaces)
            var tokens = Numbers.tokens(text)
            let kind = Keywords.kind(of: text)
            var money = amounts(in: tokens)
            var repairedSplit = false
            // A summary line whose amount OCR broke ("SUBTOTAL 44 32", "SUBTOTAL: 13-50"): read it whole.
            if money.isEmpty, kind != .other, let joined = Numbers.brokenAmount(tokens) {
                tokens = joined
                money = amounts(in: tokens)
                repairedSplit = !money.isEmpty
            }
            if repairedSplit, let last = money.indices.last { money[last].repaired = true }
            var edge: Double?
            if let width = input.pageWidth, width > 0, let box = line.words.last?.box {
                edge = box.maxX / width
            }
            var analyzed = AnalyzedLine(
                index: index,
                text: text,
                tokens: tokens,
                money: money,
                kind: kind,
                confidence: line.confidence,
                priceRightEdge: edge
            )
            analyzed.measure(line.words)
            analyzed.tokenWords = ItemLayout.words(of: tokens, in: line.words)
            result.append(analyzed)
        }
        return result
    }

    /// The money amounts of a line's tokens, leaving out dates and times ("12.05.16")
    /// and percentages ("7.00 %": a rate is never an amount).
    static func amounts(in tokens: [Substring]) -> [MoneyToken] {
        Numbers.moneyTokens(in: tokens).filter { money in
            let token = tokens[money.tokenIndex]
            if token.filter({ $0 == "." || $0 == "/" || $0 == ":" }).count > 1 && !token.contains(",") { return false }
            return !(money.tokenIndex + 1 < tokens.count && tokens[money.tokenIndex + 1].hasPrefix("%"))
        }
    }
}
