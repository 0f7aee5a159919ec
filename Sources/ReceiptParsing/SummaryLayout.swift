import Foundation
import ReceiptModel

/// Where the summary block's amounts sit relative to their labels: a price column that a
/// skewed photo shifted, an amount OCR put on a line of its own or printed without its point.
enum SummaryLayout {
    /// The summary lines with amounts moved up to the label they belong to, where a skewed
    /// photo made OCR join each amount to the label below: "Tax" / "Total: $6.93" / "$93.58",
    /// when the price column puts $6.93 at the height of "Tax" and $93.58 at that of "Total".
    static func realigned(_ lines: [AnalyzedLine], offset: Double?) -> [AnalyzedLine] {
        guard let offset, lines.count >= 3 else { return lines }
        let summaryKinds: [LineKind] = [.subtotal, .tax, .total]
        var lines = lines
        for p in 1..<(lines.count - 1) {
            let above = lines[p - 1]
            let line = lines[p]
            let below = lines[p + 1]
            guard summaryKinds.contains(above.kind), above.money.isEmpty, summaryKinds.contains(line.kind), line.money.count == 1,
                let amount = line.money.first, amount.tokenIndex == line.tokens.count - 1,
                below.kind == .other, below.money.count == 1, let lower = below.money.first, below.label.filter(\.isLetter).count < 2,
                let amountTop = line.lastTop, let aboveTop = above.firstTop, let lineTop = line.firstTop, let belowTop = below.lastTop,
                let height = line.height, height > 0
            else { continue }
            guard abs(amountTop - offset - aboveTop) < abs(amountTop - offset - lineTop), abs(belowTop - offset - lineTop) < height * 0.8 else {
                continue
            }
            lines[p - 1].tokens.append(line.tokens[amount.tokenIndex])
            lines[p - 1].money = [
                MoneyToken(amount: amount.amount, tokenIndex: lines[p - 1].tokens.count - 1, repaired: amount.repaired, flag: amount.flag)
            ]
            lines[p].tokens[amount.tokenIndex] = below.tokens[lower.tokenIndex]
            lines[p].money = [MoneyToken(amount: lower.amount, tokenIndex: amount.tokenIndex, repaired: lower.repaired, flag: lower.flag)]
            lines[p + 1].money = []
        }
        return lines
    }

    /// How far (in pixels) the price column sits below its labels on this page: the median,
    /// over lines with a label and a price, of the price word's top minus the first word's
    /// top. A skewed or curved photo lifts or drops the whole column; nil without boxes.
    static func priceColumnOffset(_ lines: [AnalyzedLine]) -> Double? {
        let offsets = lines.compactMap { line -> Double? in
            guard let last = line.money.last, last.tokenIndex == line.tokens.count - 1, line.tokens.count >= 2,
                line.tokens[..<last.tokenIndex].contains(where: { $0.contains(where: \.isLetter) }),
                let firstTop = line.firstTop, let lastTop = line.lastTop
            else { return nil }
            return lastTop - firstTop
        }.sorted()
        return offsets.isEmpty ? nil : offsets[offsets.count / 2]
    }

    /// The line holding only the amount of the keyword line at `position`, when OCR put
    /// the price on a line of its own: the next line, or with word boxes the neighbour
    /// (above or below) whose price sits where the price column says it should. Lines in
    /// `used` already gave their amount to another keyword.
    static func detachedAmountLine(_ lines: [AnalyzedLine], for position: Int, offset: Double?, used: Set<Int>) -> Int? {
        // Below, the amount may carry OCR scraps; above, it must stand alone (a scrap there
        // may be the cropped keyword of its own line: "ax $2.28" above "otal").
        func amountOnly(_ j: Int) -> Bool {
            j >= 0 && j < lines.count && !used.contains(j) && lines[j].kind == .other && lines[j].money.count == 1
                && (j > position ? !Keywords.words(lines[j].label).contains { $0.count >= 3 } : lines[j].label.filter(\.isLetter).count < 2)
        }
        let line = lines[position]
        if let offset, let top = line.firstTop, let height = line.height, height > 0 {
            let near = [position - 1, position + 1].filter(amountOnly).compactMap { j -> (Int, Double)? in
                lines[j].lastTop.map { (j, abs($0 - offset - top)) }
            }
            if let best = near.min(by: { $0.1 < $1.1 }), best.1 < height * 0.8 { return best.0 }
            if !near.isEmpty { return nil }
        }
        return amountOnly(position + 1) ? position + 1 : nil
    }

    /// `expected` when a line of `kind` prints it without its decimal point ("TAX 211" for 2.11).
    static func withoutPoint(_ lines: [AnalyzedLine], _ kind: LineKind, equal expected: Amount) -> Amount? {
        guard expected.value > 0 else { return nil }
        for line in lines where line.kind == kind && line.money.isEmpty {
            for token in line.tokens {
                let digits = Numbers.withoutCurrency(token)
                guard digits.count >= 3, digits.count <= 9, digits.allSatisfy(\.isASCIIDigit) else { continue }
                if let value = Amount(String(digits.dropLast(2)) + "." + String(digits.suffix(2))), value == expected { return value }
            }
        }
        return nil
    }

    /// The sum of the single amounts printed on the lines strictly between two lines
    /// (a service charge or tip between a total and the grand total); nil when there are none.
    static func charges(_ lines: [AnalyzedLine], between first: Int, and last: Int) -> Amount? {
        guard last - first >= 2, last - first <= 4 else { return nil }
        let amounts = lines[(first + 1)..<last].compactMap { line -> Amount? in
            [.other, .tip].contains(line.kind) && line.money.count == 1 ? line.lastAmount : nil
        }
        guard !amounts.isEmpty, amounts.allSatisfy({ $0.value > 0 }) else { return nil }
        return amounts.reduce(Amount.zero, +)
    }
}
