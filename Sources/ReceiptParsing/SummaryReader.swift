import Foundation
import ReceiptModel

/// What the summary block of a receipt says: subtotal, taxes, tip, total and payment.
struct Summary {
    var subtotal: Amount?
    var taxes: [ParsedReceipt.Tax] = []
    /// A tax line naming the sum of all taxes ("TOTAL TAX 0.72").
    var totalTax: Amount?
    var tip: Amount?
    var total: Amount?
    var totalConfidence: Double = 0
    var payment = ParsedReceipt.Payment()
    /// The first line of the block: the items end above it.
    var firstSummaryLine: Int?
    /// A rounding line was printed: the total differs from the exact sum on purpose.
    var hasRounding = false
    /// The total is printed more than once, or is what was paid (tendered minus change):
    /// no arithmetic repair may change it.
    var totalConfirmed = false
    /// The tax was not read but follows from the subtotal and the total.
    var taxInferred = false
    /// The subtotal was not read but follows from the total and the tax added above it.
    var subtotalInferred = false
}

/// Reads the summary block: collects the amounts its keyword lines give, chooses the total
/// among the candidates by `SummaryScoring`, then fills and repairs what arithmetic says
/// must be there (a dropped decimal point, an unread tax, amounts OCR moved off their labels).
struct SummaryReader {
    /// An amount that may be the total, what its own line says of it, and that line.
    struct TotalCandidate {
        var amount: Amount
        var score: Double
        var line: Int
    }

    private let scoring: SummaryScoring
    /// The lines, with amounts a skewed photo moved off their labels put back.
    private let lines: [AnalyzedLine]
    private let priceColumnOffset: Double?
    /// Every amount printed on the receipt, for counting repeats.
    private let allAmounts: [Amount]

    private var summary = Summary()
    private var totalCandidates: [TotalCandidate] = []
    private var subtotals: [(amount: Amount, line: Int)] = []
    private var firstTotalLine: Int?
    private var roundings: [Amount] = []
    /// The taxes as printed, before any is inferred or repaired: the sums below use them.
    private var printedTax: Amount?
    /// The lines the taxes were read from.
    private var taxLines: [Int] = []

    private init(_ lines: [AnalyzedLine], scoring: SummaryScoring) {
        let realigned = SummaryLayout.realigned(lines, offset: SummaryLayout.priceColumnOffset(lines))
        self.lines = realigned
        self.scoring = scoring
        priceColumnOffset = SummaryLayout.priceColumnOffset(realigned)
        allAmounts = realigned.flatMap { $0.money.map(\.amount) }
    }

    /// What the summary block of `lines` says, its total chosen by `scoring`.
    static func read(_ lines: [AnalyzedLine], scoring: SummaryScoring = SummaryScoring()) -> Summary {
        var reader = SummaryReader(lines, scoring: scoring)
        return reader.read()
    }

    /// The summary, in steps that each see what the ones before found: the order matters.
    private mutating func read() -> Summary {
        collectCandidates()
        summary.subtotal = subtotals.first?.amount
        // Taxes from a German VAT table ("A 19,00 % 50,38 9,58") are already per line; keep as read.
        printedTax = summary.totalTax ?? (summary.taxes.isEmpty ? nil : summary.taxes.map(\.amount).reduce(Amount.zero, +))
        chooseTotal()
        if summary.total == nil { takeRepeatedAmountAsTotal() }
        repairPointlessTotal()
        repairPointlessTax()
        inferUnreadTax()
        repairPointlessSubtotal()
        findSummaryBySum()
        inferUnreadSubtotal()
        readVATTable()
        if let total = summary.total {
            let paid = summary.payment.tendered.map { $0 - (summary.payment.change ?? .zero) }
            summary.totalConfirmed = paid == total || allAmounts.filter({ $0 == total }).count >= 3
        }
        return summary
    }

    // MARK: Collecting

    /// Walks the lines once: subtotals, total candidates, rounding adjustments, taxes, tip
    /// and payment, each from its keyword line.
    private mutating func collectCandidates() {
        /// Where the tax table printed after the total begins: its "Total" row sums its columns.
        var taxTableStart: Int?
        var usedDetached = Set<Int>()
        for (position, line) in lines.enumerated() {
            // A keyword line without an amount may carry it on a line of its own ("TOTAL" / "12.50").
            var amount = line.lastAmount
            if amount == nil, line.kind != .other,
                let detached = SummaryLayout.detachedAmountLine(lines, for: position, offset: priceColumnOffset, used: usedDetached)
            {
                amount = lines[detached].lastAmount
                usedDetached.insert(detached)
                if detached < position, detached < summary.firstSummaryLine ?? position { summary.firstSummaryLine = detached }
            }
            if firstTotalLine != nil, taxTableStart == nil, Keywords.containsAny(Keywords.words(line.text), Keywords.taxTable) {
                taxTableStart = line.index
            }
            guard let amount else { continue }
            switch kind(of: line, at: position) {
            case .subtotal:
                // A second, larger "subtotal" ("SUB TOTAL 64.00" … "NET TOTAL 67.85") may be the total: arithmetic decides.
                if let first = subtotals.first, amount.value > first.amount.value {
                    totalCandidates.append(TotalCandidate(amount: amount, score: scoring.largerSubtotal, line: line.index))
                    firstTotalLine = firstTotalLine ?? line.index
                }
                subtotals.append((amount, line.index))
                summary.firstSummaryLine = summary.firstSummaryLine ?? line.index
            case .total:
                if taxTableStart != nil { continue }
                totalCandidates.append(TotalCandidate(amount: amount, score: scoring.lineScore(of: line, amount: amount), line: line.index))
                summary.firstSummaryLine = summary.firstSummaryLine ?? line.index
                firstTotalLine = firstTotalLine ?? line.index
            case .rounding:
                summary.hasRounding = true
                // A small adjustment, or the rounded total printed on the rounding line itself.
                if amount.value != 0, abs(amount.value) < 0.05 {
                    roundings.append(amount)
                } else if amount.value >= 0.05 {
                    totalCandidates.append(TotalCandidate(amount: amount, score: scoring.roundedTotalLine, line: line.index))
                }
            case .tax:
                // A tax summary table printed after the total (or the payment) repeats taxes
                // already read, and its base column is no tax.
                if firstTotalLine != nil || summary.payment.tendered != nil, !summary.taxes.isEmpty || summary.totalTax != nil { continue }
                taxLines.append(line.index)
                if Keywords.containsAny(Keywords.words(line.text), Keywords.totalTax) {
                    summary.totalTax = amount
                } else {
                    let label = line.label.trimmingCharacters(in: .whitespaces).prefix(40).description
                    summary.taxes.append(ParsedReceipt.Tax(label: label, rate: Self.taxRate(in: line), amount: amount))
                }
                if line.money.count == 1 || summary.firstSummaryLine != nil { summary.firstSummaryLine = summary.firstSummaryLine ?? line.index }
            case .tip:
                // "Suggested tip: 15% (3.65)" lists choices, not a tip paid.
                if amount.value > 0, !Keywords.containsAny(Keywords.words(line.text), ["SUGGESTED", "SUGGESTION", "GUIDE"]) {
                    summary.tip = summary.tip ?? amount
                }
            case .tendered:
                if summary.payment.tendered == nil { summary.payment.tendered = amount }
                if Keywords.containsAny(Keywords.words(line.text), Keywords.cash) { summary.payment.method = summary.payment.method ?? "cash" }
            case .change:
                summary.payment.change = amount.value < 0 ? -amount : amount
            case .card:
                if summary.firstSummaryLine != nil { summary.payment.method = summary.payment.method ?? "card" }
            default:
                break
            }
        }
        for line in lines where line.kind == .card {
            if let last4 = CardNumber.last4(in: line.text) {
                summary.payment.cardLast4 = last4
                summary.payment.method = "card"
            }
        }
    }

    /// The line's kind, except that a total line naming a payment followed by a change line
    /// ("AMOUNT TENDERED 20.00", "CHANGE 0.50") is the cash handed over, not a total: taken for
    /// the total, it is a large round amount that tendered minus change contradicts. When
    /// another tendered line comes before the change ("Gesamt Bar 12,34", "Gegeben 20,00"),
    /// that one is the cash handed over and this the total.
    private func kind(of line: AnalyzedLine, at position: Int) -> LineKind {
        guard line.kind == .total, Keywords.namesPayment(line.text),
            let change = lines[(position + 1)...].firstIndex(where: { $0.kind == .change }),
            !lines[(position + 1)..<change].contains(where: { $0.kind == .tendered })
        else { return line.kind }
        return .tendered
    }

    /// The tax rate a tax line prints ("7 %", "SST 6%"), nil when none.
    static func taxRate(in line: AnalyzedLine) -> Decimal? {
        for (i, token) in line.tokens.enumerated() {
            // A rate in brackets ("(9.5%)", "(8.875 %)") is read without them.
            var number = token.trimmingPrefix(while: { "([".contains($0) })
            while number.hasSuffix(")") || number.hasSuffix("]") { number = number.dropLast() }
            if number.hasSuffix("%") {
                number = number.dropLast()
            } else if i + 1 >= line.tokens.count || line.tokens[i + 1] != "%" {
                continue
            }
            if let rate = Numbers.quantity(number), rate > 0, rate < 30 { return rate }
        }
        return nil
    }

    // MARK: Choosing the total

    /// The best-scoring candidate is the total; without candidates, subtotal plus tax or
    /// what was paid.
    private mutating func chooseTotal() {
        let paid = summary.payment.tendered.flatMap { tendered in summary.payment.change.map { tendered - $0 } }
        var best: (amount: Amount, score: Double)?
        for candidate in totalCandidates {
            let score = self.score(candidate, paid: paid)
            if best.map({ score > $0.score || (score == $0.score && candidate.amount > $0.amount) }) ?? true { best = (candidate.amount, score) }
        }
        if let best {
            summary.total = best.amount
            summary.totalConfidence = scoring.confidence(forScore: best.score)
            // A rounding adjustment printed after the total, with no rounded total line: the
            // total is the amount printed, unless the rounded amount is printed too (tendered exactly).
            if let rounding = roundings.first, roundings.count == 1,
                !totalCandidates.contains(where: { $0.amount == best.amount + rounding || $0.amount == best.amount - rounding }),
                ArithmeticChecks.isCashRounding(best.amount + rounding, of: best.amount), allAmounts.contains(best.amount + rounding)
            {
                summary.total = best.amount + rounding
            }
        } else if let subtotal = summary.subtotal, let printedTax {
            summary.total = subtotal + printedTax
            summary.totalConfidence = scoring.derivedTotalConfidence
        } else if let paid = lines.first(where: { $0.kind == .card && $0.lastAmount != nil })?.lastAmount
            ?? summary.payment.tendered.map({ tendered in tendered - (summary.payment.change ?? .zero) })
        {
            // No total line read: what was paid by card (or cash minus change) is the total.
            summary.total = paid
            summary.totalConfidence = scoring.derivedTotalConfidence
        }
    }

    /// The candidate's own line score plus what arithmetic, repetition and payment say of it.
    private func score(_ candidate: TotalCandidate, paid: Amount?) -> Double {
        var score = candidate.score
        if let subtotal = summary.subtotal {
            let exact = subtotal + (printedTax ?? .zero) + (summary.tip ?? .zero)
            if exact == candidate.amount {
                score += scoring.addsUp
            } else if ArithmeticChecks.isCashRounding(candidate.amount, of: exact) {
                score += scoring.addsUpByRounding
            } else if candidate.amount < subtotal {
                score -= scoring.belowSubtotalPenalty
            }
        }
        let repeats = allAmounts.filter { $0 == candidate.amount }.count
        score += min(Double(repeats - 1), scoring.maxCountedRepeats) * scoring.perRepeat
        // A total explained by another total: rounded, or with charges printed between them.
        let others = totalCandidates.filter { $0.line != candidate.line }
        if others.contains(where: { other in roundings.contains { other.amount + $0 == candidate.amount || other.amount - $0 == candidate.amount } })
        {
            score += scoring.explainedByRounding
        }
        let earlierSmaller = others.filter { $0.line < candidate.line && $0.amount < candidate.amount }
        if earlierSmaller.contains(where: { SummaryLayout.charges(lines, between: $0.line, and: candidate.line) == candidate.amount - $0.amount }) {
            score += scoring.explainedByCharges
        }
        // A larger total printed below a tax or rounding line is the one paid, an earlier one
        // ("Total Amount 49.60") a partial sum.
        if earlierSmaller.contains(where: { other in lines[other.line..<candidate.line].contains { [.tax, .rounding].contains($0.kind) } }) {
            score += scoring.belowTaxOrRounding
        }
        if paid == candidate.amount { score += scoring.matchesPaid }
        // The amount to pay, whatever precedes it, unless what was paid (tendered minus
        // change) says OCR lost a digit of it.
        if candidate.amount.value > 0, paid == nil || paid == candidate.amount,
            Keywords.containsAny(Keywords.words(lines[candidate.line].text), Keywords.finalTotal)
        {
            score += scoring.finalTotalKeyword
        }
        return score
    }

    /// No total line at all: the largest amount printed at least twice (total, then paid) in
    /// the lower two thirds, when no larger amount (other than tendered or change) is printed there.
    private mutating func takeRepeatedAmountAsTotal() {
        let lower = lines.suffix(max(1, lines.count * 2 / 3))
        var counts: [Amount: Int] = [:]
        for line in lower where line.kind != .change {
            for amount in line.money.map(\.amount) where amount.value > 0 { counts[amount, default: 0] += 1 }
        }
        let ceiling = lower.filter { ![.tendered, .change].contains($0.kind) }.flatMap { $0.money.map(\.amount) }.max()
        if let repeated = counts.filter({ $0.value >= 2 }).keys.max(), repeated == ceiling {
            summary.total = repeated
            summary.totalConfidence = scoring.repeatedAmountConfidence
        }
    }

    // MARK: Repairs

    /// A total line that lost its decimal point ("TOTAL 5658") where subtotal and tax say what it must be.
    private mutating func repairPointlessTotal() {
        guard summary.total == nil, let subtotal = summary.subtotal,
            let value = SummaryLayout.withoutPoint(lines, .total, equal: subtotal + (printedTax ?? .zero))
        else { return }
        summary.total = value
        summary.totalConfidence = scoring.pointRepairConfidence
    }

    /// A tax line that lost its decimal point ("TAX 211") where subtotal and total say what it must be.
    private mutating func repairPointlessTax() {
        guard printedTax == nil, let subtotal = summary.subtotal, let total = summary.total, total > subtotal,
            let value = SummaryLayout.withoutPoint(lines, .tax, equal: total - subtotal - (summary.tip ?? .zero))
        else { return }
        summary.taxes = [ParsedReceipt.Tax(label: "Tax", amount: value)]
    }

    /// A tax line whose amount OCR could not read, between a subtotal and a total that
    /// both were read: the tax is their difference (flagged as inferred).
    private mutating func inferUnreadTax() {
        guard summary.taxes.isEmpty, summary.totalTax == nil, let subtotal = summary.subtotal, let total = summary.total,
            let subtotalLine = subtotals.first?.line, let totalLine = firstTotalLine, subtotalLine < totalLine,
            lines[subtotalLine..<totalLine].contains(where: { $0.kind == .tax && $0.money.isEmpty })
        else { return }
        let difference = total - subtotal - (summary.tip ?? .zero)
        guard difference.value > 0, difference.value < subtotal.value / 4 else { return }
        summary.taxes = [ParsedReceipt.Tax(label: "Tax", amount: difference)]
        summary.taxInferred = true
    }

    /// No subtotal read, but a tax added above the total (sales tax, printed before the
    /// total it raises, not a VAT share printed after it): the subtotal is the total less
    /// the tax and tip, when the printed rate confirms it (rate × subtotal rounds to the tax).
    private mutating func inferUnreadSubtotal() {
        guard summary.subtotal == nil, let total = summary.total, let printedTax, printedTax.value > 0, !taxLines.isEmpty,
            taxLines.allSatisfy({ $0 < firstTotalLine ?? lines.count })
        else { return }
        let subtotal = total - printedTax - (summary.tip ?? .zero)
        guard subtotal.value > 0 else { return }
        // Printed right above the tax under a label no keyword names ("Food 12.06", "Tax 1.06"):
        // the amount is read, only its label was unknown.
        if let taxLine = taxLines.first, let above = lines[..<taxLine].last(where: { $0.lastAmount != nil }),
            taxLine - above.index <= 2, above.kind == .other, above.lastAmount == subtotal
        {
            summary.subtotal = subtotal
            return
        }
        let rates = summary.taxes.compactMap(\.rate)
        guard firstTotalLine != nil, !rates.isEmpty else { return }
        let expected = rates.map { subtotal.value * $0 / 100 }.reduce(Decimal.zero, +)
        let tolerance = Decimal(string: "0.01")! * Decimal(rates.count)
        guard abs(expected - printedTax.value) <= tolerance else { return }
        summary.subtotal = subtotal
        summary.subtotalInferred = true
    }

    /// A VAT table in the summary block (see `VATTable`): its VAT, one tax per rate, when no tax
    /// line was read, or when the tax read is an amount of the table's rows (a tax heading that
    /// took a row's amount: the table's own arithmetic is the stronger evidence). A VAT table
    /// shows the tax included in the total: it is taken only when its rows add up to the total,
    /// and not when a subtotal read would then contradict the total.
    private mutating func readVATTable() {
        let rows = VATTable.rows(in: Array(lines[min(summary.firstSummaryLine ?? 0, lines.count)...]))
        guard !rows.isEmpty else { return }
        let vat = rows.map(\.vat).reduce(Amount.zero, +)
        let tip = summary.tip ?? .zero
        // Amounts printed on the table's rows: a "subtotal" and "tax" found there by their sum
        // are two of its gross amounts adding up to the total, not a subtotal and a tax.
        let onRows = Set(rows.flatMap { lines[$0.line].money.map(\.amount) })
        var subtotal = summary.subtotal
        if let read = summary.totalTax ?? (summary.taxes.isEmpty ? nil : summary.taxes.map(\.amount).reduce(Amount.zero, +)) {
            // A tax line with its own amount ("dont TVA 1,16") stays: the table may be partly unread.
            guard read != vat, onRows.contains(read) else { return }
            if let printed = subtotal, onRows.contains(printed) { subtotal = nil }
        }
        // The whole table, not the rows OCR left readable: base plus VAT over its rows is the total.
        if let total = summary.total {
            let gross = rows.map { $0.base + $0.vat }.reduce(Amount.zero, +)
            guard gross == total || ArithmeticChecks.isCashRounding(total, of: gross), vat.value * 3 <= total.value else { return }
        }
        if let subtotal, let total = summary.total, subtotal + vat + tip != total { return }
        summary.subtotal = subtotal
        summary.taxes = rows.map { ParsedReceipt.Tax(label: "VAT \($0.rate)%", rate: $0.rate, amount: $0.vat) }
        summary.totalTax = nil
        summary.taxInferred = false
    }

    /// A subtotal line that lost its decimal point, where total and tax say what it must be.
    private mutating func repairPointlessSubtotal() {
        guard summary.subtotal == nil, let total = summary.total, let printedTax,
            let value = SummaryLayout.withoutPoint(lines, .subtotal, equal: total - printedTax - (summary.tip ?? .zero))
        else { return }
        summary.subtotal = value
    }

    /// Amounts OCR separated from their labels ("50.05" / "Subtotal 5.46" / "55.51" / "Total 9.01"):
    /// when the labels give no consistent subtotal + tax = total, their sum finds them.
    /// A sum smaller than the total read is a partial one (a tax group, the goods of one rate),
    /// and a total named as the amount to pay ("Total Payable") stays.
    private mutating func findSummaryBySum() {
        // Only printed taxes count here: one inferred or repaired above is left out of the sum.
        let taxRead = summary.taxes.isEmpty && summary.totalTax == nil ? .zero : printedTax ?? .zero
        if let subtotal = summary.subtotal, let total = summary.total {
            let exact = subtotal + taxRead + (summary.tip ?? .zero)
            if exact == total || ArithmeticChecks.isCashRounding(total, of: exact) { return }
        }
        let totalRead = summary.total.flatMap { total in totalCandidates.last { $0.amount == total }.map { (amount: total, line: $0.line) } }
        let totalIsFinal = totalRead.map { Keywords.containsAny(Keywords.words(lines[$0.line].text), Keywords.finalTotal) } ?? false
        let unanchored = Self.summaryBySum(lines, total: nil).flatMap { found in
            !totalIsFinal && summary.total.map { found.total >= $0 } != false ? found : nil
        }
        guard let found = Self.summaryBySum(lines, total: totalRead) ?? unanchored else { return }
        summary.subtotal = found.subtotal
        summary.taxes = [ParsedReceipt.Tax(label: "Tax", amount: found.tax)]
        summary.totalTax = nil
        summary.total = found.total
        // The sum holds without a tip: a "tip" read beside these shifted amounts is one of them.
        summary.tip = nil
    }

    /// A subtotal, a tax and their total told by their sum, in the summary block (from the line
    /// above its first subtotal or total keyword): an amount, a smaller one (at most a quarter
    /// of it) and their sum below them, within six lines. With `total` (its amount and line),
    /// only the two amounts above that line summing to it are looked for. The amounts are the
    /// last of lines that are no payment; the sum found closest to the keywords wins.
    static func summaryBySum(_ lines: [AnalyzedLine], total: (amount: Amount, line: Int)?) -> (subtotal: Amount, tax: Amount, total: Amount)? {
        guard
            let keyword = lines.first(where: {
                [.subtotal, .total].contains($0.kind) && !Keywords.containsAny(Keywords.words($0.text), Keywords.columnHeads)
            })
        else { return nil }
        let amounts = lines[max(0, keyword.index - 1)...].compactMap { line -> (amount: Amount, line: Int)? in
            guard [.other, .subtotal, .tax, .total].contains(line.kind), let amount = line.lastAmount, amount.value > 0 else { return nil }
            return (amount, line.index)
        }
        for (k, sum) in amounts.enumerated() where total.map({ $0.line == sum.line }) ?? true {
            for j in amounts.indices.prefix(k).reversed() where sum.line - amounts[j].line <= 6 {
                for i in amounts.indices.prefix(j).reversed() where sum.line - amounts[i].line <= 6 {
                    let (subtotal, tax) = (amounts[i].amount, amounts[j].amount)
                    if subtotal + tax == sum.amount, tax.value * 4 <= subtotal.value { return (subtotal, tax, sum.amount) }
                }
            }
        }
        return nil
    }
}
