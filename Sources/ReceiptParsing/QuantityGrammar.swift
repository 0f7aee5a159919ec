import Foundation
import ReceiptModel

/// An item line as read so far: the name's tokens, the line price, and the quantity and
/// unit price the quantity grammar found around them.
struct ItemDraft {
    var tokens: [Substring]
    var price: Amount
    var quantity: Decimal = 1
    /// A weight unit ("lb", "kg"), nil for a count.
    var unit: String?
    var unitPrice: Amount?
    /// The line printed only the unit price ("2 x 1,29"): `price` is computed from it.
    var unitPriceOnly = false
    var confidence: Double
}

/// How receipts print quantities: a count before the name ("2 Lunch"), a count or weight
/// at a unit price ("2 @ 1.99", "2 x 3.50", "0.52 lb @ 2.99/lb"), a multi-buy ("3 AT 2 FOR
/// 5.00"), or a unit price column beside the line price ("MILO 2 3.50 7.00").
enum QuantityGrammar {
    /// Reads every quantity form the draft's tokens hold, taking them out of the name.
    static func read(_ draft: inout ItemDraft) {
        readCountedAt(&draft)
        readMultiBuy(&draft)
        if draft.quantity == 1, let quantity = leadingQuantity(&draft.tokens) { draft.quantity = quantity }
        readUnitPriceColumn(&draft)
    }

    /// "2 @ 1.99", "2 x 3.50", "0.52 lb @ 2.99/lb", "2 X" before the price.
    static func readCountedAt(_ draft: inout ItemDraft) {
        let tokens = draft.tokens
        guard
            let marker = tokens.firstIndex(where: { $0 == "@" || $0.lowercased() == "x" || $0 == "*" })
                ?? tokens.firstIndex(where: { $0.hasPrefix("@") && $0.count > 1 }),
            var counted = countedAt(tokens, marker: marker)
        else { return }
        // "0,89 x 2 1,78": the price before the marker, the count after it. Their product is the
        // line's amount either way; the one with cents is the price ("3.00 x 200 6.00" is 3 at
        // 2.00 whose point OCR lost: the product says so).
        if counted.unit == nil, counted.start == marker - 1, marker + 1 < tokens.count, Numbers.isDigits(tokens[marker + 1]),
            let count = Numbers.quantity(tokens[marker + 1]), count >= 1, count < 1000, let price = pricedQuantity(tokens[marker - 1]),
            (price * count).rounded(scale: draft.price.scale) == draft.price
        {
            counted.quantity = count
            counted.unitPrice = (price, marker + 1)
        }
        draft.quantity = counted.quantity
        draft.unit = counted.unit
        draft.unitPrice = counted.unitPrice?.amount
        let afterMarker = tokens[marker...].map { $0.hasPrefix("@") ? $0.dropFirst() : $0 }
        draft.tokens = Array(tokens[0..<counted.start])
        let unread =
            afterMarker.dropFirst().contains { $0.contains(where: \.isNumber) } || afterMarker.first.map { $0.contains(where: \.isNumber) } == true
        if draft.unitPrice == nil, !unread {
            // "2 x 1,29" with no line total: the amount is the unit price.
            draft.unitPrice = draft.price
            draft.price = (draft.price * draft.quantity).rounded(scale: draft.price.scale)
            draft.unitPriceOnly = true
        }
        if let unitPrice = draft.unitPrice, draft.unit == nil, (unitPrice * draft.quantity).rounded(scale: 2) != draft.price {
            draft.confidence *= 0.8
        }
    }

    /// A quantity printed as a price, with two decimals after its point or comma ("0,89"), as
    /// a price; nil for a count ("2") or a weight ("0.525").
    static func pricedQuantity(_ token: Substring) -> Amount? {
        let parts = token.split(separator: token.contains(",") ? "," : ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, Numbers.quantity(token) != nil else { return nil }
        return Numbers.money(token, allowRepair: false)?.0
    }

    /// "2 AT 1 FOR 1.12", "3 AT 2 FOR 5.00": a multi-buy line under its item, whose amount
    /// is the price of M units; the item above cost N of them.
    static func readMultiBuy(_ draft: inout ItemDraft) {
        let tokens = draft.tokens
        guard draft.unitPrice == nil, draft.quantity == 1, let at = tokens.firstIndex(where: { $0.uppercased() == "AT" }), at >= 1,
            let quantity = Numbers.quantity(tokens[at - 1]), quantity > 0
        else { return }
        let rest = Array(tokens[(at + 1)...])
        let units: Decimal
        if rest.isEmpty {
            units = 1
        } else if rest.count == 2, rest[1].uppercased() == "FOR", let count = Numbers.quantity(rest[0]), count > 0 {
            units = count
        } else {
            return
        }
        let price = draft.price
        let unitPrice = Amount(price.value / units, scale: price.scale).rounded(scale: price.scale)
        draft.quantity = quantity
        draft.unitPrice = unitPrice
        draft.price = (unitPrice * quantity).rounded(scale: price.scale)
        draft.unitPriceOnly = true
        draft.tokens = Array(tokens[0..<(at - 1)])
    }

    /// A unit price column left of the line price, maybe with a quantity column: "MILO 2 3.50 7.00".
    static func readUnitPriceColumn(_ draft: inout ItemDraft) {
        guard draft.unitPrice == nil, let index = draft.tokens.lastIndex(where: { Numbers.money($0, allowRepair: false) != nil }),
            let (unitPrice, _, _) = Numbers.money(draft.tokens[index], allowRepair: false)
        else { return }
        let scale = draft.price.scale
        let quantity = index > 0 ? Numbers.quantity(draft.tokens[index - 1]).flatMap { $0 > 0 && $0 < 1000 ? $0 : nil } : nil
        if let quantity, (unitPrice * quantity).rounded(scale: scale) == draft.price {
            draft.quantity = quantity
            draft.unitPrice = unitPrice
            draft.tokens = Array(draft.tokens[0..<(index - 1)])
        } else {
            if (unitPrice * draft.quantity).rounded(scale: scale) == draft.price { draft.unitPrice = unitPrice }
            draft.tokens = Array(draft.tokens[0..<index])
        }
    }

    /// Removes and returns a leading quantity: "2 Lunch 45.90", "2x Coke 3.00", "1. Onion Naan", "1 #6 3 TENDER ML".
    static func leadingQuantity(_ tokens: inout [Substring]) -> Decimal? {
        guard let first = tokens.first, tokens.count >= 2 else { return nil }
        var quantityText = first
        if quantityText.lowercased().hasSuffix("x") { quantityText = quantityText.dropLast() }
        // "1. Onion Naan"; a longer number with a point is a menu number ("16. Spicy Salmon Roll").
        if quantityText.count == 2, quantityText.last == "." { quantityText = quantityText.dropLast() }
        // The name may open with a menu number ("1 13. Shrimp Tempura Roll").
        let menuNumber = tokens.count >= 3 && tokens[1].last == "." && Numbers.isDigits(tokens[1].dropLast()) && tokens[2].contains(where: \.isLetter)
        guard let quantity = Numbers.quantity(quantityText), quantity >= 1, quantity <= 99, !quantityText.contains("."),
            tokens[1].contains(where: \.isLetter) || menuNumber || (tokens[1].first.map { "#$*>+".contains($0) } == true && tokens.count >= 3)
        else { return nil }
        tokens.removeFirst()
        return quantity
    }

    /// "2 @ 1.99", "0.52 lb @ 2.99/lb", "(2 @14.00)": around the marker (`@`, `x`, `*`) at token
    /// `marker`, the quantity (with its weight unit) before it, where that starts, and the unit
    /// price after it (same token or a later one; nil when none reads as money).
    static func countedAt(
        _ tokens: [Substring],
        marker at: Int,
        allowRepair: Bool = true
    )
        -> (start: Int, quantity: Decimal, unit: String?, unitPrice: (amount: Amount, index: Int)?)?
    {
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
            let priceIndex = tokens.indices.last(where: { $0 > unitPrice.index && tokens[$0].contains(where: \.isNumber) })
        else { return nil }
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
}
