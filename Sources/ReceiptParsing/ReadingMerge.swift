import Foundation
import ReceiptModel

extension ParsedReceipt {
    /// Merges a second reading of the same receipt (for example a re-read price
    /// column): a field of `other` replaces this one's when this reading lacks it,
    /// or when taking `other`'s money fields makes failing arithmetic checks pass.
    public func merging(_ other: ParsedReceipt) -> ParsedReceipt {
        var merged = self
        merged.fillGaps(from: other)
        if checks.subtotalPlusTaxMatchesTotal != true, other.checks.subtotalPlusTaxMatchesTotal == true {
            merged.subtotal = other.subtotal
            merged.tax = other.tax
            merged.taxes = other.taxes
            merged.total = other.total
            merged.tip = other.tip
            merged.checks.subtotalPlusTaxMatchesTotal = true
            merged.confidence.total = other.confidence.total
        }
        if checks.itemsMatchSubtotal != true, other.checks.itemsMatchSubtotal == true || items.isEmpty {
            merged.items = other.items
            merged.checks.itemsMatchSubtotal = other.checks.itemsMatchSubtotal
        }
        // The fields may now come from both readings: check them as the parser does.
        if let matches = ArithmeticChecks.totalMatches(merged) { merged.checks.subtotalPlusTaxMatchesTotal = matches }
        // A warning about what the merged reading no longer lacks or fails would mislead.
        merged.warnings = warnings.filter { warning in
            switch warning {
            case "total.arithmetic-mismatch": merged.checks.subtotalPlusTaxMatchesTotal == false
            case "total.missing": merged.total == nil
            case "date.missing": merged.date == nil
            default: true
            }
        }
        merged.needsReview = merged.reviewNeeded
        return merged
    }

    /// Takes `other`'s date (and time) where this reading has none. The English reading of a page
    /// in another script reads its digits, which that script's model may lose (Tesseract's Arabic
    /// model reads `التاريخ 14/03/2024` as `التاريخ 4`), though its words are lookalike letters.
    public func takingDate(from other: ParsedReceipt) -> ParsedReceipt {
        guard date == nil, let date = other.date else { return self }
        var merged = self
        merged.date = date
        merged.time = time ?? other.time
        merged.confidence.date = other.confidence.date
        merged.warnings.removeAll { $0 == "date.missing" }
        return merged
    }

    /// Takes `other`'s fields where this reading has none.
    private mutating func fillGaps(from other: ParsedReceipt) {
        date = date ?? other.date
        time = time ?? other.time
        currency = currency ?? other.currency
        language = language ?? other.language
        subtotal = subtotal ?? other.subtotal
        tax = tax ?? other.tax
        tip = tip ?? other.tip
        total = total ?? other.total
        if merchant.name == nil { merchant = other.merchant }
        if taxes.isEmpty { taxes = other.taxes }
    }
}
