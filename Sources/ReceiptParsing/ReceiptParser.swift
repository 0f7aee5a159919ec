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
        let summary = SummaryReader.read(lines)
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
