import Foundation
import ReceiptModel

/// Cart-level rules for the item list: identical lines become one cart line, and the
/// printed subtotal decides between readings of doubtful lines.
extension ReceiptParser {
    /// Consecutive identical item lines ("1 Reg 12pc Falafel 6.50" twice) as one cart line
    /// with the quantities and line prices summed, as a shopping cart holds them. Names
    /// count as identical without case and spacing, or one OCR error apart when long.
    static func consolidated(_ items: [ParsedReceipt.Item]) -> [ParsedReceipt.Item] {
        var result: [ParsedReceipt.Item] = []
        for item in items {
            guard let previous = result.last, isRepeat(item, of: previous) else {
                result.append(item)
                continue
            }
            var merged = previous
            merged.quantity += item.quantity
            merged.price = previous.price + item.price
            merged.unitPrice = previous.unitPrice ?? item.unitPrice
            merged.text += "\n" + item.text
            merged.confidence = min(previous.confidence, item.confidence)
            result[result.count - 1] = merged
        }
        return result
    }

    /// True when `item` repeats `previous`: same quantity and price, no discount, the same name.
    static func isRepeat(_ item: ParsedReceipt.Item, of previous: ParsedReceipt.Item) -> Bool {
        guard item.price.value > 0, item.quantity == 1, previous.discount == nil, item.discount == nil,
            previous.unit == nil, item.unit == nil, item.price * previous.quantity == previous.price
        else { return false }
        let a = comparableName(item.name)
        let b = comparableName(previous.name)
        if a == b { return true }
        return a.count >= 8 && Keywords.editDistance(a, b, limit: 1) <= 1
    }

    /// A name without case and spacing.
    static func comparableName(_ name: String) -> String {
        String(name.lowercased().filter { !$0.isWhitespace })
    }
}

extension ReceiptParser {
    /// The items above a line that prints the sum of all the items above it (a subtotal
    /// whose keyword OCR lost: "ubtota]   $28.48"), and that sum; nil when no line does.
    /// What follows such a line is the summary, not items.
    static func splitAtRunningSum(_ items: [ParsedReceipt.Item]) -> (items: [ParsedReceipt.Item], sum: Amount)? {
        var sum = Amount.zero
        for (k, item) in items.enumerated() {
            if k >= 2, item.price.value > 0, item.price == sum { return (Array(items[..<k]), item.price) }
            sum = sum + item.price + (item.discount ?? .zero)
        }
        return nil
    }

    /// Items without a line that is the sum of the items above it and printed as the
    /// subtotal or total (a summary line whose keyword OCR garbled).
    static func withoutSumLines(_ items: [ParsedReceipt.Item], sums: [Amount]) -> [ParsedReceipt.Item] {
        var result: [ParsedReceipt.Item] = []
        for item in items {
            if result.count >= 2, sums.contains(item.price), ArithmeticChecks.itemsSum(result) == item.price { continue }
            result.append(item)
        }
        return result
    }

    /// The items made to add up to `target` (the printed subtotal) when exactly one change
    /// does it: one doubtful line dropped (a price the subtotal leaves out, read with low
    /// confidence), else one misread digit in one line price (OCR 5/9, 3/8, 1/7) or two
    /// neighbouring digits swapped. Unchanged when the sum already matches or no change,
    /// or more than one, fits.
    static func fitted(_ items: [ParsedReceipt.Item], to target: Amount) -> [ParsedReceipt.Item] {
        let sum = ArithmeticChecks.itemsSum(items)
        let difference = target - sum
        guard difference.value != 0, !items.isEmpty else { return items }
        var repairs: [(index: Int, price: Amount)] = []
        // A weighed line's price that weight × unit price confirms is no misreading.
        func confirmed(_ item: ParsedReceipt.Item) -> Bool {
            item.unit != nil && item.unitPrice.map { ($0 * item.quantity).rounded(scale: item.price.scale) == item.price } == true
        }
        for (i, item) in items.enumerated() where item.price.value > 0 && !confirmed(item) {
            for reading in Set(alternativeReadings(item.price)) where reading - item.price == difference { repairs.append((i, reading)) }
        }
        // Only a doubtful line may go: read with low confidence.
        let drops = items.indices.filter {
            items[$0].price.value > 0 && items[$0].confidence < doubtfulConfidence && items[$0].price + (items[$0].discount ?? .zero) == -difference
        }
        var result = items
        if drops.count == 1, let drop = drops.first {
            result.remove(at: drop)
        } else if repairs.count == 1, drops.isEmpty, let repair = repairs.first {
            var item = result[repair.index]
            item.price = repair.price
            item.unitPrice = unitPrice(of: repair.price, quantity: item.quantity)
            item.confidence = (item.confidence * 0.8 * 100).rounded() / 100
            result[repair.index] = item
        }
        return result
    }

    /// Items read with less confidence than this are doubtful: arithmetic may drop them.
    static let doubtfulConfidence = 0.7

    /// `price / quantity` when it is exact in the price's decimals, else nil.
    static func unitPrice(of price: Amount, quantity: Decimal) -> Amount? {
        guard quantity > 0 else { return nil }
        var unit = Decimal()
        var value = price.value / quantity
        NSDecimalRound(&unit, &value, price.scale, .plain)
        let amount = Amount(unit, scale: price.scale)
        return (amount * quantity).rounded(scale: price.scale) == price ? amount : nil
    }

    /// Readings of a price that differ from it by one digit or by two neighbouring digits
    /// swapped, or that drop a first digit that may be a misread currency sign.
    static func alternativeReadings(_ price: Amount) -> [Amount] {
        let text = Array(price.twoDecimals.description)
        let digitPositions = text.indices.filter { text[$0].isASCIIDigit }
        var readings: [Amount] = []
        for p in digitPositions {
            for digit in "0123456789" where digit != text[p] {
                var changed = text
                changed[p] = digit
                if let a = Amount(String(changed)) { readings.append(a) }
            }
        }
        for (p, q) in zip(digitPositions, digitPositions.dropFirst()) where text[p] != text[q] {
            var swapped = text
            swapped.swapAt(p, q)
            if let a = Amount(String(swapped)) { readings.append(a) }
        }
        if let unsigned = ArithmeticChecks.withoutMisreadSign(price) { readings.append(unsigned) }
        return readings.filter { $0.value > 0 }
    }
}

extension ReceiptParser {
    /// Discounts on the whole bill ("LUNCH DISCOUNT 50% OFF :   -$14.93") printed in the
    /// summary from `start` up to the first total line, as items with a negative price (the
    /// cart document's rule); a savings tally ("TOTAL SAVINGS", "YOU SAVED") is none.
    static func billDiscounts(_ lines: [AnalyzedLine], from start: Int) -> [ParsedReceipt.Item] {
        var items: [ParsedReceipt.Item] = []
        for line in lines.dropFirst(start) {
            if line.kind == .total, !line.money.isEmpty { break }
            guard line.kind == .discount, let last = line.money.last, last.amount.value != 0,
                !Keywords.containsAny(Keywords.words(line.text), ["TOTAL", "SAVED", "SAVINGS"])
            else { continue }
            let name = ItemNames.name(ItemNames.tokens(of: line, columnStart: nil, end: last.tokenIndex))
            guard name.filter(\.isLetter).count >= 3 else { continue }
            let price = last.amount.value < 0 ? last.amount : -last.amount
            items.append(ParsedReceipt.Item(name: name, text: line.text, price: price, confidence: (line.confidence * 100).rounded() / 100))
        }
        return items
    }
}
