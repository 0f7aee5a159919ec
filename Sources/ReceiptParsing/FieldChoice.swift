import Foundation
import ReceiptModel

extension ParsedReceipt {
    /// Combines two readings of one receipt by different OCR engines field by field, where
    /// ``merging(_:)`` keeps one reading and only fills its gaps: keeping a whole reading because
    /// the other one failed a check throws away what the other read right (a rounded total read
    /// right by one engine, whose misread change line made its reading "unsure").
    ///
    /// For the summary (subtotal, tax, tip, total) and the items, every combination of the two
    /// readings' values is scored by the arithmetic it satisfies: subtotal + tax + tip = total
    /// (exactly or by cash rounding), the items adding up to the subtotal (or to the total, maybe
    /// by cash rounding, when there is none), tendered − change = total; a total equal to an amount tendered for which
    /// change was given is the cash handed over, not the total. Between combinations the
    /// arithmetic does not tell apart, the total's confidence decides, then this reading (the
    /// engine that is right more often). The date and the merchant have no arithmetic: the
    /// higher field confidence, then this reading. A field one reading lacks comes from the other.
    ///
    /// - Parameter other: the other engine's reading of the same receipt.
    /// - Returns: the combined reading, its checks made again on the fields it now holds.
    public func choosingPerField(from other: ParsedReceipt) -> ParsedReceipt {
        var chosen = self
        let summary = FieldChoice.bestSummary(self, other)
        chosen.subtotal = summary.subtotal
        chosen.tax = summary.tax.amount
        chosen.taxes = summary.tax.taxes
        chosen.tip = summary.tip
        chosen.total = summary.total.amount
        chosen.confidence.total = summary.total.confidence
        chosen.items = summary.items
        if FieldChoice.prefersOther(date, other.date, confidence.date, other.confidence.date) {
            chosen.date = other.date
            chosen.confidence.date = other.confidence.date
        }
        if FieldChoice.prefersOther(merchant.name, other.merchant.name, confidence.merchant, other.confidence.merchant) {
            chosen.merchant = other.merchant
            chosen.confidence.merchant = other.confidence.merchant
        }
        chosen.time = time ?? other.time
        chosen.currency = currency ?? other.currency
        chosen.language = language ?? other.language
        chosen.payment.method = payment.method ?? other.payment.method
        chosen.payment.cardLast4 = payment.cardLast4 ?? other.payment.cardLast4
        if payment.tendered == nil {
            chosen.payment.tendered = other.payment.tendered
            chosen.payment.change = other.payment.change
        }
        // The checks and the warnings they give, made again on the fields chosen.
        let remade: Set = ["items.sum-mismatch", "total.arithmetic-mismatch", "total.missing", "date.missing"]
        var warnings = warnings.filter { !remade.contains($0) }
        chosen.checks = Checks()
        ArithmeticChecks.apply(to: &chosen, warnings: &warnings, repair: false)
        if chosen.total == nil { warnings.append("total.missing") }
        if chosen.date == nil { warnings.append("date.missing") }
        chosen.warnings = warnings
        chosen.needsReview = chosen.reviewNeeded
        return chosen
    }
}

/// The per-field choice of ``ParsedReceipt/choosingPerField(from:)``.
enum FieldChoice {
    struct Summary {
        var subtotal: Amount?
        var tax: (amount: Amount?, taxes: [ParsedReceipt.Tax])
        var tip: Amount?
        var total: (amount: Amount?, confidence: Double?)
        var items: [ParsedReceipt.Item]
    }

    /// Whether the second value should replace the first: the first is missing, or both are
    /// there, differ, and the second was read with higher confidence.
    static func prefersOther<Value: Equatable>(_ value: Value?, _ other: Value?, _ confidence: Double?, _ otherConfidence: Double?) -> Bool {
        guard let other else { return false }
        guard let value else { return true }
        return value != other && (otherConfidence ?? 0) > (confidence ?? 0)
    }

    /// The values of one field the two readings offer: the preferred reading's first, one when
    /// they agree or only one reading has it, none when neither has.
    static func options<Value: Equatable>(_ preferred: Value?, _ other: Value?) -> [Value?] {
        switch (preferred, other) {
        case (nil, nil): [nil]
        case (let value?, nil), (nil, let value?): [value]
        case (let value?, let otherValue?): value == otherValue ? [value] : [value, otherValue]
        }
    }

    /// The summary and items combination with the most arithmetic backing it (see
    /// ``ParsedReceipt/choosingPerField(from:)``).
    static func bestSummary(_ preferred: ParsedReceipt, _ other: ParsedReceipt) -> Summary {
        let readings = [preferred, other]
        // What was paid in cash, and what was handed over when change was given, by either reading.
        let paid = readings.compactMap { reading in reading.payment.tendered.flatMap { t in reading.payment.change.map { t - $0 } } }
        let handedOver = readings.compactMap { reading -> Amount? in
            guard let tendered = reading.payment.tendered, let change = reading.payment.change, change.value > 0 else { return nil }
            return tendered
        }
        let taxOptions: [(amount: Amount?, taxes: [ParsedReceipt.Tax])] =
            options(preferred.tax, other.tax).map { tax in (tax, tax == preferred.tax ? preferred.taxes : other.taxes) }
        let totalOptions: [(amount: Amount?, confidence: Double?)] =
            options(preferred.total, other.total).map { total in
                (total, total == preferred.total ? preferred.confidence.total : other.confidence.total)
            }
        let itemOptions = [preferred.items, other.items].filter { !$0.isEmpty }
        var best: (summary: Summary, rank: (Int, Double, Int))?
        for subtotal in options(preferred.subtotal, other.subtotal) {
            for tax in taxOptions {
                for tip in options(preferred.tip, other.tip) {
                    for total in totalOptions {
                        for items in itemOptions.isEmpty ? [[]] : itemOptions {
                            let candidate = Summary(subtotal: subtotal, tax: tax, tip: tip, total: total, items: items)
                            let fromPreferred = [
                                subtotal == preferred.subtotal, tax.amount == preferred.tax, tip == preferred.tip,
                                total.amount == preferred.total, items == preferred.items,
                            ]
                            let rank = (
                                arithmetic(candidate, paid: paid, handedOver: handedOver), total.confidence ?? 0,
                                fromPreferred.filter { $0 }.count
                            )
                            if best.map({ rank > $0.rank }) ?? true { best = (candidate, rank) }
                        }
                    }
                }
            }
        }
        // At least one combination is always scored.
        return best?.summary ?? Summary(subtotal: nil, tax: (nil, []), tip: nil, total: (nil, nil), items: [])
    }

    /// Points for the arithmetic a combination satisfies: two for subtotal + tax + tip = total
    /// (the summary's own sum), one for the items adding up (to the total by cash rounding), one for tendered − change = total,
    /// minus one for a total that is the cash handed over.
    static func arithmetic(_ summary: Summary, paid: [Amount], handedOver: [Amount]) -> Int {
        var points = 0
        if let subtotal = summary.subtotal, let total = summary.total.amount {
            let exact = subtotal + (summary.tax.amount ?? .zero) + (summary.tip ?? .zero)
            if exact == total || ArithmeticChecks.isCashRounding(total, of: exact) { points += 2 }
        }
        if !summary.items.isEmpty, let target = summary.subtotal ?? summary.total.amount {
            let sum = ArithmeticChecks.itemsSum(summary.items)
            // Without a subtotal the items may add up to the total before cash rounding.
            if sum == target || (summary.subtotal == nil && ArithmeticChecks.isCashRounding(target, of: sum)) { points += 1 }
        }
        if let total = summary.total.amount {
            if paid.contains(total) { points += 1 }
            if handedOver.contains(total) { points -= 1 }
        }
        return points
    }
}
