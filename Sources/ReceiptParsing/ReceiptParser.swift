import Foundation
import ReceiptModel

/// Turns receipt text (plain or OCR lines with boxes) into a checked `ParsedReceipt`.
///
/// The parser is pure: no I/O, no shared state, safe to call from any task.
/// Arithmetic (items → subtotal → total, quantity × unit price, tendered − total)
/// chooses between candidate readings and repairs OCR digit confusions.
public struct ReceiptParser: Sendable {
    /// Lines longer than this are cut before analysis (hostile input stays linear).
    public var maxLineLength = 400
    /// At most this many lines are read.
    public var maxLines = 2_000

    public init() {}

    /// Parses plain text.
    public func parse(text: String) -> ParsedReceipt { parse(ParserInput(text: text)) }

    /// Parses an OCR page, then merges in second readings (for example the price
    /// column re-read with a digit whitelist): a reread's money fields replace the
    /// first reading's when they make the arithmetic checks pass.
    public func parse(_ input: ParserInput, rereads: [ParserInput] = []) -> ParsedReceipt {
        var result = parseOnce(input)
        for reread in rereads {
            result = result.merging(parseOnce(reread))
        }
        return result
    }

    // MARK: - Parsing

    func parseOnce(_ input: ParserInput) -> ParsedReceipt {
        let lines = AnalyzedLine.lines(of: input, maxLines: maxLines, maxLineLength: maxLineLength)
        var receipt = ParsedReceipt()
        var warnings: [String] = []
        let fullText = lines.map(\.text).joined(separator: "\n")

        receipt.currency = CurrencyDetection.currency(of: lines)
        let monthFirst: Bool? = receipt.currency.map { $0 == "USD" }

        // Date and time.
        var dateCandidates: [DateCandidate] = []
        for line in lines { dateCandidates += Dates.candidates(in: line.text, index: line.index) }
        var dateLine: Int?
        if let date = Dates.resolve(dateCandidates, monthFirstLocale: monthFirst) {
            receipt.date = date.iso
            dateLine = date.lineIndex
            receipt.confidence["date"] = date.confidence
        }
        if let dateLine, let t = Dates.time(in: lines[dateLine].text) { receipt.time = t } else {
            receipt.time = lines.lazy.compactMap { Dates.time(in: $0.text) }.first
        }

        // Totals block.
        let summary = readSummary(lines)
        receipt.subtotal = summary.subtotal
        receipt.taxes = summary.taxes
        receipt.tax = summary.taxes.isEmpty ? nil : summary.taxes.map(\.amount).reduce(Amount.zero, +)
        if let totalTax = summary.totalTax { receipt.tax = totalTax; if receipt.taxes.isEmpty { receipt.taxes = [ParsedReceipt.Tax(label: "Tax", amount: totalTax)] } }
        if summary.taxInferred {
            warnings.append("tax.inferred")
            receipt.confidence["tax"] = 0.5
        }
        receipt.tip = summary.tip
        receipt.total = summary.total
        receipt.confidence["total"] = summary.totalConfidence
        receipt.payment = summary.payment

        // Header: merchant, address, phone.
        let firstMoneyLine = lines.first(where: { !$0.money.isEmpty })?.index ?? lines.count
        receipt.merchant = readMerchant(lines, headerEnd: firstMoneyLine)
        receipt.confidence["merchant"] = receipt.merchant.name == nil ? 0 : 0.7

        // Items: lines with a price above the first summary line.
        // Items: lines with a price above the summary (its first line with an amount, or a
        // total or subtotal keyword whose amount OCR lost).
        let keywordEnd = lines.first(where: isBareSummaryKeyword)?.index ?? lines.count
        let itemsEnd = min(summary.firstSummaryLine ?? lines.count, keywordEnd)
        var items = Self.withoutSumLines(readItems(lines, range: 0..<itemsEnd, excluding: dateLine), sums: [receipt.subtotal, receipt.total, receipt.total.map { $0 - (receipt.tax ?? .zero) }].compactMap { $0 })
        if receipt.subtotal == nil, let split = Self.splitAtRunningSum(items) {
            items = split.items
            receipt.subtotal = split.sum
        }
        if let target = receipt.subtotal ?? receipt.tax.flatMap({ tax in receipt.total.map { $0 - tax } }) {
            items = Self.fitted(items, to: target)
        }
        receipt.items = Self.consolidated(items)

        // Checks and repair.
        ArithmeticChecks.apply(to: &receipt, warnings: &warnings, repair: !summary.hasRounding && !summary.totalConfirmed)
        // A discount on the whole bill, printed between the subtotal and the total, is an item of its own.
        if receipt.subtotal != nil { receipt.items += Self.billDiscounts(lines, from: itemsEnd) }
        if receipt.total == nil, !lines.isEmpty { warnings.append("total.missing") }
        if receipt.date == nil, !fullText.isEmpty { warnings.append("date.missing") }
        receipt.warnings = warnings
        receipt.needsReview = receipt.total == nil || !receipt.checks.allPassed || (receipt.confidence["total"] ?? 0) < 0.6
        return receipt
    }

    // MARK: Summary block

    struct Summary {
        var subtotal: Amount?
        var taxes: [ParsedReceipt.Tax] = []
        var totalTax: Amount?
        var tip: Amount?
        var total: Amount?
        var totalConfidence: Double = 0
        var payment = ParsedReceipt.Payment()
        var firstSummaryLine: Int?
        /// A rounding line was printed: the total differs from the exact sum on purpose.
        var hasRounding = false
        /// The total is printed more than once, or is what was paid (tendered minus change):
        /// no arithmetic repair may change it.
        var totalConfirmed = false
        /// The tax was not read but follows from the subtotal and the total.
        var taxInferred = false
    }

    func readSummary(_ lines: [AnalyzedLine]) -> Summary {
        let lines = Self.realigned(lines, offset: Self.priceColumnOffset(lines))
        var s = Summary()
        var totalCandidates: [(amount: Amount, score: Double, line: Int)] = []
        /// Where the tax table printed after the total begins: its "Total" row sums its columns.
        var taxTableStart: Int?
        var subtotals: [(Amount, Int)] = []
        var firstTotalLine: Int?
        var roundings: [Amount] = []
        var usedDetached = Set<Int>()
        let offset = Self.priceColumnOffset(lines)
        let allAmounts = lines.flatMap { $0.money.map(\.amount) }
        for (position, line) in lines.enumerated() {
            // A keyword line without an amount may carry it on a line of its own ("TOTAL" / "12.50").
            var amount = line.lastAmount
            if amount == nil, line.kind != .other, let j = detachedAmountLine(lines, for: position, offset: offset, used: usedDetached) {
                amount = lines[j].lastAmount
                usedDetached.insert(j)
                if j < position, let first = s.firstSummaryLine ?? Optional(position), j < first { s.firstSummaryLine = j }
            }
            if firstTotalLine != nil, taxTableStart == nil, Keywords.containsAny(Keywords.words(line.text), Keywords.taxTable) { taxTableStart = line.index }
            guard let amount else { continue }
            switch line.kind {
            case .subtotal:
                // A second, larger "subtotal" ("SUB TOTAL 64.00" … "NET TOTAL 67.85") may be the total: arithmetic decides.
                if let first = subtotals.first, amount.value > first.0.value {
                    totalCandidates.append((amount, 0.5, line.index))
                    firstTotalLine = firstTotalLine ?? line.index
                }
                subtotals.append((amount, line.index))
                s.firstSummaryLine = s.firstSummaryLine ?? line.index
            case .total:
                if taxTableStart != nil { continue }
                let words = Keywords.words(line.text)
                var score = Keywords.containsAny(words, Keywords.strongTotal) ? 2.0 : 1.0
                if Keywords.contains(words, "AMOUNT") && !Keywords.containsAny(words, ["TOTAL", "DUE"]) { score = 0.5 }
                if Keywords.containsAny(words, ["TOTAL"]) { score += 0.5 }
                if line.money.last?.repaired == true { score -= 0.5 }
                if amount.value <= 0 { score -= 2 }
                totalCandidates.append((amount, score, line.index))
                s.firstSummaryLine = s.firstSummaryLine ?? line.index
                firstTotalLine = firstTotalLine ?? line.index
            case .rounding:
                s.hasRounding = true
                // A small adjustment, or the rounded total printed on the rounding line itself.
                if amount.value != 0, abs(amount.value) < 0.05 { roundings.append(amount) } else if amount.value >= 0.05 {
                    totalCandidates.append((amount, 1, line.index))
                }
            case .tax:
                // A tax summary table printed after the total (or the payment) repeats taxes
                // already read, and its base column is no tax.
                if firstTotalLine != nil || s.payment.tendered != nil, !s.taxes.isEmpty || s.totalTax != nil { continue }
                let words = Keywords.words(line.text)
                if Keywords.containsAny(words, Keywords.totalTax) { s.totalTax = amount } else {
                    s.taxes.append(ParsedReceipt.Tax(label: line.label.trimmingCharacters(in: .whitespaces).prefix(40).description, rate: rate(in: line), amount: amount))
                }
                if line.money.count == 1 || s.firstSummaryLine != nil { s.firstSummaryLine = s.firstSummaryLine ?? line.index }
            case .tip:
                // "Suggested tip: 15% (3.65)" lists choices, not a tip paid.
                if amount.value > 0, !Keywords.containsAny(Keywords.words(line.text), ["SUGGESTED", "SUGGESTION", "GUIDE"]) { s.tip = s.tip ?? amount }
            case .tendered:
                        if s.payment.tendered == nil { s.payment.tendered = amount }
                if Keywords.containsAny(Keywords.words(line.text), ["CASH", "TUNAI", "BAR"]) { s.payment.method = s.payment.method ?? "cash" }
            case .change:
                s.payment.change = amount.value < 0 ? -amount : amount
            case .card:
                if s.firstSummaryLine != nil { s.payment.method = s.payment.method ?? "card" }
            default:
                break
            }
        }
        for line in lines where line.kind == .card {
            if let last4 = CardNumber.last4(in: line.text) { s.payment.cardLast4 = last4; s.payment.method = "card" }
        }
        if let sub = subtotals.first { s.subtotal = sub.0 }
        // Taxes from a German VAT table ("A 19,00 % 50,38 9,58") are already per line; keep as read.
        let taxSum = s.totalTax ?? (s.taxes.isEmpty ? nil : s.taxes.map(\.amount).reduce(Amount.zero, +))

        // Total: score candidates; arithmetic and repetition are strong evidence.
        let paid = s.payment.tendered.flatMap { t in s.payment.change.map { t - $0 } }
        var best: (amount: Amount, score: Double)?
        for c in totalCandidates {
            var score = c.score
            if let sub = s.subtotal {
                let exact = sub + (taxSum ?? .zero) + (s.tip ?? .zero)
                if exact == c.amount { score += 3 } else if ArithmeticChecks.isCashRounding(c.amount, of: exact) { score += 3.2 } else if c.amount < sub { score -= 1 }
            }
            let repeats = allAmounts.filter { $0 == c.amount }.count
            score += min(Double(repeats - 1), 2) * 0.5
            // A total explained by another total: rounded ("Total 7.16", "Rounding -0.01", "TOTAL 7.15"),
            // or with a charge printed between them ("Total 24.36", "Service Charge 8.90", "Total 33.26").
            let others = totalCandidates.filter { $0.line != c.line }
            if others.contains(where: { b in roundings.contains { b.amount + $0 == c.amount || b.amount - $0 == c.amount } }) { score += 3 }
            if others.contains(where: { b in b.line < c.line && b.amount < c.amount && Self.charges(lines, between: b.line, and: c.line) == c.amount - b.amount }) {
                score += 3
            }
            // The summary runs subtotal, tax, rounding, total: a larger total printed below a tax or
            // rounding line is the one paid, an earlier one ("Total Amount 49.60") a partial sum.
            if others.contains(where: { b in b.line < c.line && b.amount < c.amount && lines[b.line..<c.line].contains { [.tax, .rounding].contains($0.kind) } }) {
                score += 2
            }
            if paid == c.amount { score += 2 }
            // "Total Payable", "Amount Due", "Grand Total": the amount to pay, whatever precedes it,
            // unless what was paid (tendered minus change) says OCR lost a digit of it.
            if c.amount.value > 0, paid == nil || paid == c.amount, Keywords.containsAny(Keywords.words(lines[c.line].text), Keywords.finalTotal) {
                score += 3.5
            }
            if best == nil || score > best!.score || (score == best!.score && c.amount > best!.amount) { best = (c.amount, score) }
        }
        if let best {
            s.total = best.amount
            s.totalConfidence = min(0.99, 0.5 + best.score * 0.1)
            // A rounding adjustment printed after the total, with no rounded total line: the
            // total is the amount printed, unless the rounded amount is printed too (tendered exactly).
            if let r = roundings.first, roundings.count == 1, !totalCandidates.contains(where: { $0.amount == best.amount + r || $0.amount == best.amount - r }),
               ArithmeticChecks.isCashRounding(best.amount + r, of: best.amount), allAmounts.contains(best.amount + r) {
                s.total = best.amount + r
            }
        } else if let sub = s.subtotal, let taxSum {
            s.total = sub + taxSum
            s.totalConfidence = 0.5
        } else if let paid = lines.first(where: { $0.kind == .card && $0.lastAmount != nil })?.lastAmount
                    ?? s.payment.tendered.map({ t in t - (s.payment.change ?? .zero) }) {
            // No total line read: what was paid by card (or cash minus change) is the total.
            s.total = paid
            s.totalConfidence = 0.5
        }
        // No total line at all: the largest amount printed at least twice (total, then paid) in the lower part.
        if s.total == nil {
            let lower = lines.suffix(max(1, lines.count * 2 / 3)).flatMap { line in line.kind == .change ? [] : line.money.map(\.amount) }
            var counts: [Amount: Int] = [:]
            for a in lower where a.value > 0 { counts[a, default: 0] += 1 }
            let ceiling = lines.suffix(max(1, lines.count * 2 / 3)).filter { ![.tendered, .change].contains($0.kind) }.flatMap { $0.money.map(\.amount) }.max()
            if let best = counts.filter({ $0.value >= 2 }).keys.max(), best == ceiling {
                s.total = best
                s.totalConfidence = 0.4
            }
        }
        // Repair a dropped decimal point ("TOTAL 5658", "TAX 211") where the other two amounts say what it must be.
        if s.total == nil, let sub = s.subtotal, let value = Self.withoutPoint(lines, .total, equal: sub + (taxSum ?? .zero)) {
            s.total = value
            s.totalConfidence = 0.7
        }
        if taxSum == nil, let sub = s.subtotal, let total = s.total, total > sub,
           let value = Self.withoutPoint(lines, .tax, equal: total - sub - (s.tip ?? .zero)) {
            s.taxes = [ParsedReceipt.Tax(label: "Tax", amount: value)]
        }
        // A tax line whose amount OCR could not read, between a subtotal and a total that
        // both were read: the tax is their difference (flagged as inferred).
        if s.taxes.isEmpty, s.totalTax == nil, let sub = s.subtotal, let total = s.total, let subLine = subtotals.first?.1,
           let totalLine = firstTotalLine, subLine < totalLine, lines[subLine..<totalLine].contains(where: { $0.kind == .tax && $0.money.isEmpty }) {
            let difference = total - sub - (s.tip ?? .zero)
            if difference.value > 0, difference.value < sub.value / 4 {
                s.taxes = [ParsedReceipt.Tax(label: "Tax", amount: difference)]
                s.taxInferred = true
            }
        }
        if s.subtotal == nil, let total = s.total, let taxSum, let value = Self.withoutPoint(lines, .subtotal, equal: total - taxSum - (s.tip ?? .zero)) {
            s.subtotal = value
        }
        // Amounts OCR separated from their labels ("50.05" / "Subtotal 5.46" / "55.51" / "Total 9.01"):
        // when the labels give no consistent subtotal + tax = total, their sum finds them.
        // A sum smaller than the total read is a partial one (a tax group, the goods of one rate),
        // and a total named as the amount to pay ("Total Payable") stays.
        let exact = s.subtotal.map { $0 + (s.taxes.isEmpty && s.totalTax == nil ? .zero : taxSum ?? .zero) + (s.tip ?? .zero) }
        let totalRead = s.total.flatMap { t in totalCandidates.last { $0.amount == t }.map { (amount: t, line: $0.line) } }
        let totalIsFinal = totalRead.map { Keywords.containsAny(Keywords.words(lines[$0.line].text), Keywords.finalTotal) } ?? false
        if exact == nil || exact != s.total && !(s.total.map { ArithmeticChecks.isCashRounding($0, of: exact!) } ?? false),
           let found = Self.summaryBySum(lines, total: totalRead)
            ?? Self.summaryBySum(lines, total: nil).flatMap({ found in !totalIsFinal && s.total.map { found.total >= $0 } != false ? found : nil }) {
            s.subtotal = found.subtotal
            s.taxes = [ParsedReceipt.Tax(label: "Tax", amount: found.tax)]
            s.totalTax = nil
            s.total = found.total
            // The sum holds without a tip: a "tip" read beside these shifted amounts is one of them.
            s.tip = nil
        }
        if let total = s.total {
            let paid = s.payment.tendered.map { $0 - (s.payment.change ?? .zero) }
            s.totalConfirmed = paid == total || allAmounts.filter({ $0 == total }).count >= 3
        }
        if s.subtotal == nil, let total = s.total, let taxSum, let sub = subtotals.last?.0, sub + taxSum == total { s.subtotal = sub }
        return s
    }

    /// A subtotal, a tax and their total told by their sum, in the summary block (from the line
    /// above its first subtotal or total keyword): an amount, a smaller one (at most a quarter
    /// of it) and their sum below them, within six lines. With `total` (its amount and line),
    /// only the two amounts above that line summing to it are looked for. The amounts are the
    /// last of lines that are no payment; the sum found closest to the keywords wins.
    static func summaryBySum(_ lines: [AnalyzedLine], total: (amount: Amount, line: Int)?) -> (subtotal: Amount, tax: Amount, total: Amount)? {
        guard let keyword = lines.first(where: { [.subtotal, .total].contains($0.kind) && !Keywords.containsAny(Keywords.words($0.text), Keywords.columnHeads) }) else { return nil }
        let amounts = lines[max(0, keyword.index - 1)...].compactMap { line -> (amount: Amount, line: Int)? in
            guard [.other, .subtotal, .tax, .total].contains(line.kind), let a = line.lastAmount, a.value > 0 else { return nil }
            return (a, line.index)
        }
        for (k, sum) in amounts.enumerated() where total.map({ $0.line == sum.line }) ?? true {
            for j in amounts.indices.prefix(k).reversed() where sum.line - amounts[j].line <= 6 {
                for i in amounts.indices.prefix(j).reversed() where sum.line - amounts[i].line <= 6 {
                    let (sub, tax) = (amounts[i].amount, amounts[j].amount)
                    if sub + tax == sum.amount, tax.value * 4 <= sub.value { return (sub, tax, sum.amount) }
                }
            }
        }
        return nil
    }

    /// The summary lines with amounts moved up to the label they belong to, where a skewed
    /// photo made OCR join each amount to the label below: "Tax" / "Total: $6.93" / "$93.58",
    /// when the price column puts $6.93 at the height of "Tax" and $93.58 at that of "Total".
    static func realigned(_ lines: [AnalyzedLine], offset: Double?) -> [AnalyzedLine] {
        guard let offset, lines.count >= 3 else { return lines }
        let summaryKinds: [LineKind] = [.subtotal, .tax, .total]
        var lines = lines
        for p in 1..<(lines.count - 1) {
            let above = lines[p - 1], line = lines[p], below = lines[p + 1]
            guard summaryKinds.contains(above.kind), above.money.isEmpty, summaryKinds.contains(line.kind), line.money.count == 1,
                  let amount = line.money.first, amount.tokenIndex == line.tokens.count - 1,
                  below.kind == .other, below.money.count == 1, let lower = below.money.first, below.label.filter(\.isLetter).count < 2,
                  let amountTop = line.lastTop, let aboveTop = above.firstTop, let lineTop = line.firstTop, let belowTop = below.lastTop,
                  let height = line.height, height > 0 else { continue }
            guard abs(amountTop - offset - aboveTop) < abs(amountTop - offset - lineTop), abs(belowTop - offset - lineTop) < height * 0.8 else { continue }
            lines[p - 1].tokens.append(line.tokens[amount.tokenIndex])
            lines[p - 1].money = [MoneyToken(amount: amount.amount, tokenIndex: lines[p - 1].tokens.count - 1, repaired: amount.repaired, flag: amount.flag)]
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
                  line.tokens[..<last.tokenIndex].contains(where: { $0.contains(where: \.isLetter) }), let a = line.firstTop, let b = line.lastTop else { return nil }
            return b - a
        }.sorted()
        return offsets.isEmpty ? nil : offsets[offsets.count / 2]
    }

    /// The line holding only the amount of the keyword line at `position`, when OCR put
    /// the price on a line of its own: the next line, or with word boxes the neighbour
    /// (above or below) whose price sits where the price column says it should.
    func detachedAmountLine(_ lines: [AnalyzedLine], for position: Int, offset: Double?, used: Set<Int>) -> Int? {
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

    func rate(in line: AnalyzedLine) -> Decimal? {
        for (i, token) in line.tokens.enumerated() {
            var t = token
            if t.hasSuffix("%") { t = t.dropLast() } else if i + 1 < line.tokens.count, line.tokens[i + 1] == "%" {} else { continue }
            if let q = Numbers.quantity(t), q > 0, q < 30 { return q }
        }
        return nil
    }

    // MARK: Items

    func readItems(_ lines: [AnalyzedLine], range: Range<Int>, excluding dateLine: Int?) -> [ParsedReceipt.Item] {
        // On a tilted photo each price first goes back to its own name line.
        let lines = ItemTilt.paired(lines, range: range)
        var items: [ParsedReceipt.Item] = []
        // Indices of the text-only lines just above (the first half of a name whose price follows).
        var pendingName: [Int] = []
        var pendingQuantity: (Decimal, Amount)?
        var namesBelow = false
        var consumedBelow: Int?
        let columnStart = ItemLayout.textColumnStart(lines[range])
        for i in range {
            let line = Self.repairedByQuantity(lines[i]) ?? lines[i]
            if i == dateLine || i == consumedBelow { pendingName = []; continue }
            guard let printedPrice = line.lastAmount, let last = line.money.last else {
                // A text-only line: maybe the first half of a wrapped name, or "2 @ 1.99" without a price.
                let letters = line.text.filter(\.isLetter).count
                if letters >= 3, line.kind == .other, !line.text.contains(":") { pendingName.append(i) } else { pendingName = [] }
                if pendingName.count > 2 { pendingName.removeFirst() }
                continue
            }
            switch line.kind {
            case .discount:
                if !items.isEmpty {
                    let value = printedPrice.value > 0 ? -printedPrice : printedPrice
                    items[items.count - 1].discount = (items[items.count - 1].discount ?? Amount(0, scale: value.scale)) + value
                    items[items.count - 1].text += "\n" + line.text
                }
                pendingName = []
                continue
            case .void:
                if let index = items.lastIndex(where: { $0.price == (printedPrice.value < 0 ? -printedPrice : printedPrice) }) { items.remove(at: index) }
                pendingName = []
                continue
            case .other, .deposit, .tendered, .card, .change:
                break
            default:
                pendingName = []
                continue
            }
            // A card line carrying the card number, or a line opening with a payment word
            // ("Cash 13.25", "Change 0.75"), is payment, not something bought.
            if CardNumber.last4(in: line.text) != nil { pendingName = []; continue }
            if [.tendered, .change, .card].contains(line.kind), let first = line.tokens.first(where: { $0.contains(where: { $0.isLetter || $0.isNumber }) }),
               Keywords.kind(of: String(first)) == line.kind { pendingName = []; continue }
            var tokens = Self.nameTokens(line, columnStart: columnStart, end: last.tokenIndex)
            var price = printedPrice
            var unitPriceOnly = false
            var quantity: Decimal = 1
            var unit: String?
            var unitPrice: Amount?
            var confidence = line.confidence * (last.repaired ? 0.7 : 1)
            // "2 @ 1.99", "2 x 3.50", "0.52 lb @ 2.99/lb", "2 X" before the price.
            if let at = tokens.firstIndex(where: { $0 == "@" || $0.lowercased() == "x" || $0 == "*" }) ?? tokens.firstIndex(where: { $0.hasPrefix("@") && $0.count > 1 }) {
                if let counted = Self.countedAt(tokens, marker: at) {
                    quantity = counted.quantity
                    unit = counted.unit
                    unitPrice = counted.unitPrice?.amount
                    let afterTokens = tokens[at...].map { $0.hasPrefix("@") ? $0.dropFirst() : $0 }
                    tokens = Array(tokens[0..<counted.start])
                    let unread = afterTokens.dropFirst().contains { $0.contains(where: \.isNumber) } || afterTokens.first.map { $0.contains(where: \.isNumber) } == true
                    if unitPrice == nil, !unread {
                        // "2 x 1,29" with no line total: the amount is the unit price.
                        unitPrice = price
                        price = (price * quantity).rounded(scale: price.scale)
                        unitPriceOnly = true
                    }
                    if let u = unitPrice, unit == nil, (u * quantity).rounded(scale: 2) != price { confidence *= 0.8 }
                }
            }
            // "2 AT 1 FOR 1.12", "3 AT 2 FOR 5.00": a multi-buy line under its item, whose amount
            // is the price of M units; the item above cost N of them.
            if unitPrice == nil, quantity == 1, let at = tokens.firstIndex(where: { $0.uppercased() == "AT" }), at >= 1,
               let q = Numbers.quantity(tokens[at - 1]), q > 0 {
                let rest = Array(tokens[(at + 1)...])
                var per: Decimal?
                if rest.isEmpty {
                    per = 1
                } else if rest.count == 2, rest[1].uppercased() == "FOR", let m = Numbers.quantity(rest[0]), m > 0 {
                    per = m
                }
                if let per {
                    let up = Amount(price.value / per, scale: price.scale).rounded(scale: price.scale)
                    quantity = q
                    unitPrice = up
                    price = (up * q).rounded(scale: price.scale)
                    unitPriceOnly = true
                    tokens = Array(tokens[0..<(at - 1)])
                }
            }
            if quantity == 1, let q = Self.leadingQuantity(&tokens) { quantity = q }
            // A unit price column left of the line price, maybe with a quantity column: "MILO 2 3.50 7.00".
            if unitPrice == nil, let upIndex = tokens.lastIndex(where: { Numbers.money($0, allowRepair: false) != nil }),
               let (up, _, _) = Numbers.money(tokens[upIndex], allowRepair: false) {
                let q = upIndex > 0 ? Numbers.quantity(tokens[upIndex - 1]).flatMap { $0 > 0 && $0 < 1000 ? $0 : nil } : nil
                if let q, (up * q).rounded(scale: price.scale) == price {
                    quantity = q
                    unitPrice = up
                    tokens = Array(tokens[0..<(upIndex - 1)])
                } else {
                    if (up * quantity).rounded(scale: price.scale) == price { unitPrice = up }
                    tokens = Array(tokens[0..<upIndex])
                }
            }
            // Item codes / SKUs: long digit runs at the start or end of the name.
            func isCode(_ t: Substring) -> Bool { t.count >= 5 && !t.contains(".") && !t.contains(",") && t.filter(\.isASCIIDigit).count >= t.count - 1 }
            while let f = tokens.first, isCode(f) || (f.count >= 4 && f.allSatisfy(\.isASCIIDigit)) { tokens.removeFirst() }
            while let l = tokens.last, isCode(l) { tokens.removeLast() }
            // "2 x 1,29" on its own line before the item it counts.
            if !unitPriceOnly, let pending = pendingQuantity, quantity == 1, (pending.1 * pending.0).rounded(scale: price.scale) == price {
                quantity = pending.0
                unitPrice = pending.1
            }
            pendingQuantity = nil
            // A bare "2 x 1,29" line counts the item above (or the next one).
            if tokens.isEmpty, quantity != 1, let up = unitPrice, unitPriceOnly, pendingName.isEmpty {
                if let lastItem = items.last, (up * quantity).rounded(scale: price.scale) == lastItem.price, lastItem.quantity == 1 {
                    items[items.count - 1].quantity = quantity
                    items[items.count - 1].unitPrice = up
                    items[items.count - 1].text += "\n" + line.text
                } else {
                    pendingQuantity = (quantity, up)
                }
                continue
            }
            var name = Self.name(tokens)
            var text = line.text
            // A price line without a name: the name is on the line above, or, on receipts
            // that print it below the code and prices ("100027 1 5.25 5.25" / "PARIS"), below.
            let pendingIsHeading = pendingName.last.map { Keywords.containsAny(Keywords.words(lines[$0].text), Keywords.columnHeads) } ?? true
            // The name line's own count ("2 Santa Fe Ckn" above or below "$11.38").
            func takeName(_ j: Int) {
                var nameTokens = Self.nameTokens(lines[j], columnStart: columnStart, end: lines[j].tokens.count)
                if let q = Self.leadingQuantity(&nameTokens), quantity == 1, unitPrice == nil { quantity = q }
                name = Self.name(nameTokens)
            }
            if name.filter(\.isLetter).count < 2, !line.text.contains("%"), namesBelow || pendingIsHeading, i + 1 < range.upperBound, lines[i + 1].money.isEmpty,
               lines[i + 1].kind == .other, lines[i + 1].text.filter(\.isLetter).count >= 3, i + 1 != dateLine {
                takeName(i + 1)
                text = line.text + "\n" + lines[i + 1].text
                namesBelow = true
                consumedBelow = i + 1
            } else if name.filter(\.isLetter).count < 2, let pending = pendingName.last {
                takeName(pending)
                text = lines[pending].text + "\n" + line.text
            }
            pendingName = []
            guard name.filter(\.isLetter).count >= 2, !Self.isNoiseName(name, confidence: confidence) else { continue }
            if unitPrice == nil { unitPrice = Self.unitPrice(of: price, quantity: quantity) }
            items.append(ParsedReceipt.Item(name: name, text: text, quantity: quantity, unit: unit, unitPrice: unitPrice, price: price, discount: nil, confidence: (confidence * 100).rounded() / 100))
        }
        return items
    }

    /// "2 @ 1.99", "0.52 lb @ 2.99/lb", "(2 @14.00)": around the marker (`@`, `x`, `*`) at token
    /// `marker`, the quantity (with its weight unit) before it, where that starts, and the unit
    /// price after it (same token or a later one; nil when none reads as money).
    static func countedAt(_ tokens: [Substring], marker at: Int, allowRepair: Bool = true)
        -> (start: Int, quantity: Decimal, unit: String?, unitPrice: (amount: Amount, index: Int)?)? {
        guard at >= 1 else { return nil }
        var start = at - 1
        var unit: String?
        if ["LB", "LBS", "KG", "G", "OZ"].contains(tokens[start].uppercased()), start >= 1 {
            unit = tokens[start].lowercased() == "lbs" ? "lb" : tokens[start].lowercased()
            start -= 1
        }
        guard let quantity = Numbers.quantity(tokens[start].trimmingPrefix("(")), quantity > 0 else { return nil }
        let unitPrice = tokens.indices[at...].lazy.compactMap { i -> (amount: Amount, index: Int)? in
            let token = tokens[i].hasPrefix("@") ? tokens[i].dropFirst() : tokens[i]
            let cleaned = (token.split(separator: "/").first ?? token).filter { $0 != "(" && $0 != ")" }
            return Numbers.money(Substring(cleaned), allowRepair: allowRepair).map { ($0.0, i) }
        }.first
        return (start, quantity, unit, unitPrice)
    }

    /// "0.52 lb @ 2.99/lb 1755-F": a weighed or counted line whose line price OCR misread (its
    /// point lost, a digit doubled) gets the amount weight × unit price gives, when the printed
    /// digits hold that amount's digits in order with at most one more. Nil when nothing to repair.
    static func repairedByQuantity(_ line: AnalyzedLine) -> AnalyzedLine? {
        let tokens = line.tokens
        guard line.tokenWords.count == tokens.count, let at = tokens.firstIndex(where: { $0.hasPrefix("@") }),
              let counted = countedAt(tokens, marker: at, allowRepair: false), let unitPrice = counted.unitPrice,
              let priceIndex = tokens.indices.last(where: { $0 > unitPrice.index && tokens[$0].contains(where: \.isNumber) }) else { return nil }
        let expected = (unitPrice.amount * counted.quantity).rounded(scale: unitPrice.amount.scale)
        if let (read, _, _) = Numbers.money(tokens[priceIndex]), read == expected { return nil }
        let printed = Array(tokens[priceIndex].filter(\.isASCIIDigit))
        let wanted = Array(expected.description.filter(\.isASCIIDigit))
        guard expected.value > 0, printed.count >= wanted.count, printed.count <= wanted.count + 1 else { return nil }
        var next = 0
        for digit in printed where next < wanted.count && digit == wanted[next] { next += 1 }
        guard next == wanted.count else { return nil }
        var repaired = tokens
        repaired[priceIndex] = Substring(expected.description)
        // The arithmetic vouches for the unit price and the line price however unsure OCR was.
        var words = line.tokenWords
        for index in [unitPrice.index, priceIndex] {
            if var word = words[index] {
                word.confidence = max(word.confidence, 0.9)
                words[index] = word
            }
        }
        return ItemTilt.rebuilt(line, tokens: repaired, words: words)
    }

    /// Names no item has: two letters read unsurely (a photo's background beside a "$0.00"
    /// modifier line), or a web or mail address printed in the footer.
    static func isNoiseName(_ name: String, confidence: Double) -> Bool {
        if name.filter(\.isLetter).count == 2, confidence < 0.5 { return true }
        let squeezed = name.lowercased().filter { !$0.isWhitespace }
        return squeezed.contains("www.") || squeezed.contains("http") || (squeezed.contains("@") && squeezed.contains("."))
            || [".com", ".net", ".org"].contains(where: squeezed.contains)
    }

    /// The words of an item name on `line` before token `end`: without the background
    /// left of the text column, the unsure words after the name, and OCR scraps.
    static func nameTokens(_ line: AnalyzedLine, columnStart: Double?, end: Int) -> [Substring] {
        let start = ItemLayout.marginTokens(line, columnStart: columnStart, end: end)
        return withoutJunk(Array(line.tokens[start..<ItemLayout.confidentEnd(line, start: start, end: end)]))
    }

    /// Removes and returns a leading quantity: "2 Lunch 45.90", "2x Coke 3.00", "1. Onion Naan", "1 #6 3 TENDER ML".
    static func leadingQuantity(_ tokens: inout [Substring]) -> Decimal? {
        guard let first = tokens.first, tokens.count >= 2 else { return nil }
        var qText = first
        if qText.lowercased().hasSuffix("x") { qText = qText.dropLast() }
        // "1. Onion Naan"; a longer number with a point is a menu number ("16. Spicy Salmon Roll").
        if qText.count == 2, qText.last == "." { qText = qText.dropLast() }
        // The name may open with a menu number ("1 13. Shrimp Tempura Roll").
        let menuNumber = tokens.count >= 3 && tokens[1].last == "." && Numbers.isDigits(tokens[1].dropLast()) && tokens[2].contains(where: \.isLetter)
        guard let q = Numbers.quantity(qText), q >= 1, q <= 99, !qText.contains("."),
              tokens[1].contains(where: \.isLetter) || menuNumber || (tokens[1].first.map { "#$*>+".contains($0) } == true && tokens.count >= 3) else { return nil }
        tokens.removeFirst()
        return q
    }

    /// The item name the tokens spell, without a unit price note and stray punctuation at its ends.
    static func name(_ tokens: [Substring]) -> String {
        withoutUnitPriceNote(tokens.joined(separator: " "))
            .trimmingCharacters(in: CharacterSet.alphanumerics.inverted.subtracting(CharacterSet(charactersIn: "&'%()#")))
    }

    /// An item line's words without the OCR noise a photo adds at its ends: fragments
    /// of one or two letters, lowercase scraps before a capitalised name or a quantity,
    /// punctuation ("q   1 Flying Dog", "Hg 1 Mole Enchilada", "SIDE (SM)   §&").
    static func withoutJunk(_ tokens: [Substring]) -> [Substring] {
        var tokens = tokens
        func isJunk(_ t: Substring, before next: Substring?) -> Bool {
            // Quantity marks ("2 x", "2 @") are read later.
            if t.contains(where: \.isNumber) || ["x", "X", "@", "*"].contains(t) { return false }
            let letters = t.filter(\.isLetter)
            if letters.isEmpty { return !t.allSatisfy { "&#+-".contains($0) } || t.count > 1 }
            if letters.count <= 2 && (letters.uppercased() != letters || letters.count == 1 && t.count > 1) { return true }
            if letters.count == 1 { return next.map { $0.first?.isNumber == true } ?? false }
            // A short all-lowercase scrap before a capitalised word or a quantity.
            if letters.count <= 4, letters.lowercased() == letters, let next, next.first.map({ $0.isUppercase || $0.isNumber }) == true { return true }
            return false
        }
        while tokens.count > 1, isJunk(tokens[0], before: tokens[1]) { tokens.removeFirst() }
        // A quantity with a scrap of punctuation stuck to it ("“1 Dal Fry").
        if let first = tokens.first, let start = first.firstIndex(where: { $0.isLetter || $0.isNumber }), start != first.startIndex,
           Numbers.isDigits(first[start...]) {
            tokens[0] = first[start...]
        }
        while tokens.count > 1, let last = tokens.last, isJunk(last, before: nil) && last.filter(\.isLetter).count <= 2 { tokens.removeLast() }
        // Two leading numbers ("2 1 Deccan Special"): the first is noise, the second the quantity.
        if tokens.count > 2, Numbers.isDigits(tokens[0]), tokens[0].count <= 2, Numbers.isDigits(tokens[1]), tokens[1].count <= 2, tokens[2].contains(where: \.isLetter) {
            tokens.removeFirst()
        }
        return tokens
    }

    /// A short line naming the total or subtotal (its amount lost or on another line),
    /// not a column header ("ITEM QTY AMOUNT", "Art.-Nr. Bezeichnung Betrag").
    func isBareSummaryKeyword(_ line: AnalyzedLine) -> Bool {
        guard [.total, .subtotal].contains(line.kind), line.money.isEmpty else { return false }
        let words = Keywords.words(line.text)
        return words.count <= 3 && Keywords.containsAny(words, Keywords.summaryHeads) && !Keywords.containsAny(words, Keywords.columnHeads)
    }

    /// Items without a line that is the sum of the items above it and printed as the
    /// subtotal or total (a summary line whose keyword OCR garbled).
    static func withoutSumLines(_ items: [ParsedReceipt.Item], sums: [Amount]) -> [ParsedReceipt.Item] {
        var result: [ParsedReceipt.Item] = []
        for item in items {
            let above = result.map { $0.price + ($0.discount ?? .zero) }.reduce(Amount.zero, +)
            if result.count >= 2, sums.contains(item.price), above == item.price { continue }
            result.append(item)
        }
        return result
    }

    /// The name without a unit price OCR read inside it ("Sandia Margarita ($13.00/ea)").
    static func withoutUnitPriceNote(_ name: String) -> String {
        guard let open = name.lastIndex(of: "("), name[open...].contains(where: \.isNumber),
              name[open...].contains("/") || name[open...].contains("@") else { return name }
        return String(name[..<open]).trimmingCharacters(in: .whitespaces)
    }

}

extension ParsedReceipt {
    /// Merges a second reading of the same receipt (for example a re-read price
    /// column): a field of `other` replaces this one's when this reading lacks it,
    /// or when taking `other`'s money fields makes failing arithmetic checks pass.
    public func merging(_ other: ParsedReceipt) -> ParsedReceipt {
        var merged = self
        func fill<T>(_ path: WritableKeyPath<ParsedReceipt, T?>) { if merged[keyPath: path] == nil { merged[keyPath: path] = other[keyPath: path] } }
        fill(\.date); fill(\.time); fill(\.currency); fill(\.subtotal); fill(\.tax); fill(\.tip); fill(\.total)
        if merged.merchant.name == nil { merged.merchant = other.merchant }
        if merged.taxes.isEmpty { merged.taxes = other.taxes }
        let mineOK = self.checks.subtotalPlusTaxMatchesTotal == true
        let theirsOK = other.checks.subtotalPlusTaxMatchesTotal == true
        if !mineOK, theirsOK {
            merged.subtotal = other.subtotal; merged.tax = other.tax; merged.taxes = other.taxes; merged.total = other.total; merged.tip = other.tip
            merged.checks.subtotalPlusTaxMatchesTotal = true
            merged.confidence["total"] = other.confidence["total"]
        }
        if self.checks.itemsMatchSubtotal != true, other.checks.itemsMatchSubtotal == true || self.items.isEmpty {
            merged.items = other.items
            merged.checks.itemsMatchSubtotal = other.checks.itemsMatchSubtotal
        }
        if let sub = merged.subtotal, let total = merged.total {
            merged.checks.subtotalPlusTaxMatchesTotal = sub + (merged.tax ?? .zero) + (merged.tip ?? .zero) == total
        }
        merged.warnings = merged.checks.subtotalPlusTaxMatchesTotal == false ? self.warnings : self.warnings.filter { $0 != "total.arithmetic-mismatch" }
        merged.needsReview = merged.total == nil || !merged.checks.allPassed
        return merged
    }
}
