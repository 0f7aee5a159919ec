import Foundation
import ReceiptModel

/// The weights that choose the total among the amounts of the summary block. A candidate
/// starts with what its own line says (its keyword, how its amount was read) and gains
/// what the rest of the receipt says of it (arithmetic, repetition, what was paid).
/// Scores are additive; the highest wins, the larger amount on a tie.
struct SummaryScoring: Sendable {
    // What the candidate's own line says.

    /// A line named as the total by a strong keyword ("GRAND TOTAL", "AMOUNT DUE", "TOTAL PAYABLE").
    var strongTotalKeyword = 2.0
    /// A line of the total kind named by a weaker keyword.
    var totalKeyword = 1.0
    /// A line saying "AMOUNT" but neither "TOTAL" nor "DUE" ("AMOUNT 20.00"): weak evidence.
    var bareAmountKeyword = 0.5
    /// Added when the line spells "TOTAL".
    var totalWord = 0.5
    /// Taken off when the amount was only read after mapping letters to digits.
    var repairedAmountPenalty = 0.5
    /// Taken off a zero or negative total: a void or a refund line, not what was paid.
    var nonPositivePenalty = 2.0
    /// A second, larger subtotal ("SUB TOTAL 64.00" … "NET TOTAL 67.85"): perhaps the total,
    /// left to arithmetic to decide.
    var largerSubtotal = 0.5
    /// The rounded total printed on the rounding line itself.
    var roundedTotalLine = 1.0

    // What the rest of the receipt says of it.

    /// The subtotal, taxes and tip add up to the candidate exactly.
    var addsUp = 3.0
    /// They add up to it after cash rounding: more than `addsUp`, so the rounded total
    /// (the amount paid) wins over the exact sum printed above it.
    var addsUpByRounding = 3.2
    /// Taken off a candidate smaller than the subtotal (when it does not add up).
    var belowSubtotalPenalty = 1.0
    /// Added for each further printing of the same amount, for at most `maxCountedRepeats`.
    var perRepeat = 0.5
    var maxCountedRepeats = 2.0
    /// Another total and a rounding line explain it ("Total 7.16", "Rounding -0.01", "TOTAL 7.15").
    var explainedByRounding = 3.0
    /// An earlier total and the charges printed between them explain it ("Total 24.36",
    /// "Service Charge 8.90", "Total 33.26").
    var explainedByCharges = 3.0
    /// A larger total printed below a tax or rounding line, after a smaller total above it:
    /// the summary runs subtotal, tax, rounding, total.
    var belowTaxOrRounding = 2.0
    /// What was paid, tendered minus change.
    var matchesPaid = 2.0
    /// Named as the amount to pay ("Total Payable", "Amount Due", "Grand Total").
    var finalTotalKeyword = 3.5

    // How sure the total is.

    /// The confidence of a total chosen with score 0, and what each point of score adds.
    var baseConfidence = 0.5
    var confidencePerPoint = 0.1
    var maxConfidence = 0.99
    /// A total no total line gave: subtotal plus tax, or what was paid.
    var derivedTotalConfidence = 0.5
    /// A total taken as the largest amount printed twice, with no total line at all.
    var repeatedAmountConfidence = 0.4
    /// A total read from a total line that lost its decimal point.
    var pointRepairConfidence = 0.7

    /// What a total line says of `amount` (its own or one printed on a line of its own):
    /// the line's keywords and how surely its amount was read.
    func lineScore(of line: AnalyzedLine, amount: Amount) -> Double {
        let words = Keywords.words(line.text)
        var score = Keywords.containsAny(words, Keywords.strongTotal) ? strongTotalKeyword : totalKeyword
        if Keywords.contains(words, "AMOUNT") && !Keywords.containsAny(words, ["TOTAL", "DUE"]) { score = bareAmountKeyword }
        if Keywords.containsAny(words, ["TOTAL"]) { score += totalWord }
        if line.money.last?.repaired == true { score -= repairedAmountPenalty }
        if amount.value <= 0 { score -= nonPositivePenalty }
        return score
    }

    /// The confidence of the total that won with `score`.
    func confidence(forScore score: Double) -> Double {
        min(maxConfidence, baseConfidence + score * confidencePerPoint)
    }
}
