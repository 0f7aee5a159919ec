import Foundation
import ReceiptModel

/// The arithmetic a receipt must satisfy (items → subtotal, subtotal + tax + tip → total,
/// quantity × unit price → line price, tendered − total → change), and the repair of one
/// misread digit in the summary when the other amounts agree.
enum ArithmeticChecks {
    /// The sum of the items' line prices after their discounts.
    static func itemsSum(_ items: [ParsedReceipt.Item]) -> Amount {
        items.map { $0.price + ($0.discount ?? .zero) }.reduce(Amount.zero, +)
    }

    /// True when `total` is `exact` rounded to 5 cents (cash rounding, as in Malaysia since 2008).
    static func isCashRounding(_ total: Amount, of exact: Amount) -> Bool {
        let difference = total.value - exact.value
        guard difference != 0, difference <= Decimal(string: "0.02")!, difference >= Decimal(string: "-0.02")! else { return false }
        let cents = total.value * 100
        var rounded = Decimal()
        var unrounded = cents
        NSDecimalRound(&rounded, &unrounded, 0, .plain)
        guard rounded == cents else { return false }
        return NSDecimalNumber(decimal: rounded).intValue % 5 == 0
    }

    /// Whether subtotal + tax + tip gives the total, exactly or by cash rounding;
    /// nil when the receipt lacks the subtotal or the total.
    static func totalMatches(_ receipt: ParsedReceipt) -> Bool? {
        guard let subtotal = receipt.subtotal, let total = receipt.total else { return nil }
        let exact = subtotal + (receipt.tax ?? .zero) + (receipt.tip ?? .zero)
        return exact == total || isCashRounding(total, of: exact)
    }

    /// Number of digit positions where two amounts differ (nil when their digit counts differ).
    static func digitDifferences(_ a: Amount, _ b: Amount) -> Int? {
        let x = Array(a.twoDecimals.description.filter(\.isNumber))
        let y = Array(b.twoDecimals.description.filter(\.isNumber))
        guard x.count == y.count else { return nil }
        return zip(x, y).filter { $0 != $1 }.count
    }

    /// The amount without its first digit when that digit may be a currency sign OCR read as a
    /// digit ("$52.47" read "852.47": the S-curve of `$` reads as 8, 5, 6, 3 or 9); nil when
    /// the amount has a single digit before its decimal point or starts with another digit.
    static func withoutMisreadSign(_ amount: Amount) -> Amount? {
        let text = amount.twoDecimals.description
        guard let first = text.first, "35689".contains(first),
            let point = text.firstIndex(of: "."), text.distance(from: text.startIndex, to: point) >= 2
        else { return nil }
        return Amount(String(text.dropFirst()))
    }

    /// Whether `printed` may be OCR's reading of `value`: one digit misread (3/8, 1/7, 5/6), or
    /// a currency sign read as a first digit.
    static func misreads(_ printed: Amount, _ value: Amount) -> Bool {
        digitDifferences(printed, value) == 1 || withoutMisreadSign(printed) == value
    }

    /// Repairs a misread total, subtotal or tax (see `misreads`; the tax by one digit) when the
    /// other two agree with a reading of it.
    static func repairByArithmetic(_ receipt: inout ParsedReceipt, warnings: inout [String]) {
        guard let subtotal = receipt.subtotal, let total = receipt.total else { return }
        let tax = receipt.tax ?? .zero
        let tip = receipt.tip ?? .zero
        let exact = subtotal + tax + tip
        guard exact != total, subtotal + tax != total, !isCashRounding(total, of: exact) else { return }
        // What was paid (tendered minus change) is the sum above it: two printed amounts agree
        // against the total line, which OCR misread ("$52.47" read "802.47").
        if let tendered = receipt.payment.tendered, tendered - (receipt.payment.change ?? .zero) == exact {
            receipt.total = exact
            warnings.append("total.repaired")
            receipt.confidence.total = 0.8
            return
        }
        let itemsSum = itemsSum(receipt.items)
        let itemsConfirmSubtotal = !receipt.items.isEmpty && itemsSum == subtotal
        // A total under half the subtotal is no coupon but a misread total ("TOTAL 9.00" below
        // "Sub-total 152.00"), when the items come within a tenth of the subtotal.
        if total.value * 2 < subtotal.value, !receipt.items.isEmpty, abs((itemsSum - subtotal).value) * 10 <= subtotal.value {
            receipt.total = exact
            warnings.append("total.repaired")
            receipt.confidence.total = 0.5
            return
        }
        // What the printed total may be a misreading of: the whole sum, or, when the items confirm
        // the subtotal, the subtotal and tax alone.
        let readingOf = misreads(total, exact) ? exact : (itemsConfirmSubtotal && misreads(total, subtotal + tax) ? subtotal + tax : nil)
        if let readingOf {
            receipt.total = readingOf
            warnings.append("total.repaired")
            receipt.confidence.total = 0.7
        } else if let printedTax = receipt.tax, digitDifferences(printedTax, total - subtotal - tip) == 1 {
            receipt.tax = total - subtotal - tip
            receipt.taxes = [
                ParsedReceipt.Tax(label: receipt.taxes.first?.label ?? "Tax", rate: receipt.taxes.first?.rate, amount: total - subtotal - tip)
            ]
            warnings.append("tax.repaired")
        } else if misreads(subtotal, total - tax - tip) {
            receipt.subtotal = total - tax - tip
            warnings.append("subtotal.repaired")
        }
    }

    /// Fills `receipt.checks` (after repairing a misread digit when `repair` allows it), with
    /// a warning for each failed check and the total and items confidences the checks give.
    static func apply(to receipt: inout ParsedReceipt, warnings: inout [String], repair: Bool = true) {
        if repair { repairByArithmetic(&receipt, warnings: &warnings) }
        let itemsSum = itemsSum(receipt.items)
        if let subtotal = receipt.subtotal, !receipt.items.isEmpty {
            receipt.checks.itemsMatchSubtotal = itemsSum == subtotal || itemsSum == receipt.total
        } else if let total = receipt.total, receipt.subtotal == nil, receipt.tax == nil, !receipt.items.isEmpty {
            receipt.checks.itemsMatchSubtotal = itemsSum == total
        }
        if let matches = totalMatches(receipt) { receipt.checks.subtotalPlusTaxMatchesTotal = matches }
        let quantityChecks = receipt.items.compactMap { item -> Bool? in
            guard let unitPrice = item.unitPrice, item.quantity != 1 else { return nil }
            return (unitPrice * item.quantity).rounded(scale: item.price.scale) == item.price
        }
        if !quantityChecks.isEmpty { receipt.checks.quantityTimesUnitPriceMatches = quantityChecks.allSatisfy { $0 } }
        if let tendered = receipt.payment.tendered, let change = receipt.payment.change, let total = receipt.total {
            receipt.checks.tenderedMinusTotalMatchesChange = tendered - total == change
        }
        if receipt.checks.itemsMatchSubtotal == false { warnings.append("items.sum-mismatch") }
        if receipt.checks.subtotalPlusTaxMatchesTotal == false { warnings.append("total.arithmetic-mismatch") }
        if receipt.checks.subtotalPlusTaxMatchesTotal == true { receipt.confidence.total = max(receipt.confidence.total ?? 0, 0.95) }
        receipt.confidence.items = receipt.items.isEmpty ? 0 : (receipt.checks.itemsMatchSubtotal == true ? 0.95 : 0.6)
    }
}
