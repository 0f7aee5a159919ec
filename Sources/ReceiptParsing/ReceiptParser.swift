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

    func parseOnce(_ input: ParserInput) -> ParsedReceipt {
        let lines = AnalyzedLine.lines(of: input.withScriptsNormalized, maxLines: maxLines, maxLineLength: maxLineLength)
        var receipt = ParsedReceipt()
        var warnings: [String] = []

        receipt.currency = CurrencyDetection.currency(of: lines)
        let dateLine = readDate(lines, into: &receipt)

        let summary = SummaryReader.read(lines)
        fill(&receipt, from: summary, warnings: &warnings)

        // Header: merchant, address, phone.
        let firstMoneyLine = lines.first(where: { !$0.money.isEmpty })?.index ?? lines.count
        (receipt.merchant, receipt.confidence.merchant) = readMerchant(lines, headerEnd: firstMoneyLine, known: input.knownMerchants)

        // Items: lines with a price above the summary (its first line with an amount, or a
        // total or subtotal keyword whose amount OCR lost).
        let keywordEnd = lines.first(where: Self.isBareSummaryKeyword)?.index ?? lines.count
        let itemsEnd = min(summary.firstSummaryLine ?? lines.count, keywordEnd)
        let sums = [receipt.subtotal, receipt.total, receipt.total.map { $0 - (receipt.tax ?? .zero) }].compactMap { $0 }
        var items = Self.withoutSumLines(ItemReader.items(in: lines, range: 0..<itemsEnd, excluding: dateLine), sums: sums)
        if receipt.subtotal == nil, let split = Self.splitAtRunningSum(items) {
            items = split.items
            receipt.subtotal = split.sum
        }
        if let target = receipt.subtotal ?? receipt.tax.flatMap({ tax in receipt.total.map { $0 - tax } }) {
            items = Self.fitted(items, to: target)
        }
        receipt.items = Self.consolidated(items)

        // A total the receipt confirms, or one a rounding line explains, is not repaired.
        ArithmeticChecks.apply(to: &receipt, warnings: &warnings, repair: !summary.hasRounding && !summary.totalConfirmed)
        // A discount on the whole bill, printed between the subtotal and the total, is an item of its own.
        if receipt.subtotal != nil { receipt.items += Self.billDiscounts(lines, from: itemsEnd) }
        if receipt.total == nil, !lines.isEmpty { warnings.append("total.missing") }
        if receipt.date == nil, !lines.map(\.text).joined(separator: "\n").isEmpty { warnings.append("date.missing") }
        receipt.warnings = warnings
        receipt.needsReview = receipt.reviewNeeded
        return receipt
    }

    /// Sets the receipt's date and time; returns the line the date was read from.
    func readDate(_ lines: [AnalyzedLine], into receipt: inout ParsedReceipt) -> Int? {
        // US receipts print the month first.
        let monthFirst: Bool? = receipt.currency.map { $0 == "USD" }
        let candidates = lines.flatMap { Dates.candidates(in: $0.text, index: $0.index) }
        var dateLine: Int?
        if let date = Dates.resolve(candidates, monthFirstLocale: monthFirst) {
            receipt.date = date.iso
            dateLine = date.lineIndex
            receipt.confidence.date = date.confidence
        }
        // The time printed beside the date, else the first one printed.
        if let dateLine, let time = Dates.time(in: lines[dateLine].text) {
            receipt.time = time
        } else {
            receipt.time = lines.lazy.compactMap { Dates.time(in: $0.text) }.first
        }
        return dateLine
    }

    /// Copies the summary's fields into the receipt.
    func fill(_ receipt: inout ParsedReceipt, from summary: Summary, warnings: inout [String]) {
        receipt.subtotal = summary.subtotal
        receipt.taxes = summary.taxes
        receipt.tax = summary.taxes.isEmpty ? nil : summary.taxes.map(\.amount).reduce(Amount.zero, +)
        if let totalTax = summary.totalTax {
            receipt.tax = totalTax
            if receipt.taxes.isEmpty { receipt.taxes = [ParsedReceipt.Tax(label: "Tax", amount: totalTax)] }
        }
        if summary.taxInferred {
            warnings.append("tax.inferred")
        }
        if summary.subtotalInferred { warnings.append("subtotal.inferred") }
        receipt.tip = summary.tip
        receipt.total = summary.total
        receipt.confidence.total = summary.totalConfidence
        receipt.payment = summary.payment
    }

    /// A short line naming the total or subtotal (its amount lost or on another line),
    /// not a column header ("ITEM QTY AMOUNT", "Art.-Nr. Bezeichnung Betrag").
    static func isBareSummaryKeyword(_ line: AnalyzedLine) -> Bool {
        guard [.total, .subtotal].contains(line.kind), line.money.isEmpty else { return false }
        let words = Keywords.words(line.text)
        return words.count <= 3 && Keywords.containsAny(words, Keywords.summaryHeads) && !Keywords.containsAny(words, Keywords.columnHeads)
    }
}
