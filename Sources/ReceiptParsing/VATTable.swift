import Foundation
import ReceiptModel

/// A VAT table read by its arithmetic rather than by its words. European receipts print the VAT
/// included in the total as a table, often with no tax word on its rows: "BTW Excl. BTW Incl." /
/// "9%  17,46  1,57  19,03", or "Base imp.  IVA 10%  Cuota" / "16,73  1,67". A row is a line with
/// a rate (its own, or its heading's) and two amounts of which one is that rate of the other, to
/// the cent; that test needs no language and no column order.
enum VATTable {
    struct Row: Equatable {
        var rate: Decimal
        var base: Amount
        var vat: Amount
        var line: Int
    }

    /// Lines whose words say they are something else, even when their amounts fit a rate
    /// ("10% off 5.00 0.50", a service charge).
    private static let excludedKinds: Set<LineKind> = [.total, .subtotal, .tip, .tendered, .change, .discount, .void, .deposit, .rounding]

    /// The rows of the receipt's VAT table: rows no more than two lines apart, the first such
    /// group found; one row per rate.
    static func rows(in lines: [AnalyzedLine]) -> [Row] {
        var rows: [Row] = []
        for (position, line) in lines.enumerated() {
            guard let row = row(lines, at: position) else { continue }
            if let last = rows.last, line.index - last.line > 2 { break }
            if !rows.contains(where: { $0.rate == row.rate }) { rows.append(row) }
        }
        return rows
    }

    /// The VAT row at `position`, if the line is one: its own rate, or that of a heading at most
    /// two lines above that names a rate and has no amount ("Base imp. IVA 10% Cuota").
    static func row(_ lines: [AnalyzedLine], at position: Int) -> Row? {
        let line = lines[position]
        guard !excludedKinds.contains(line.kind), !isDiscountOrCharge(line) else { return nil }
        let rate: Decimal
        if let own = SummaryReader.taxRate(in: line) {
            rate = own
        } else if let heading = lines[max(0, position - 2)..<position].last(where: { SummaryReader.taxRate(in: $0) != nil }),
            heading.money.isEmpty, let headingRate = SummaryReader.taxRate(in: heading)
        {
            rate = headingRate
        } else {
            return nil
        }
        let amounts = line.money.map(\.amount).filter { $0.value > 0 }
        // A VAT amount whose separator OCR lost ("1,57" read "157") is tried as cents: only the
        // rate's arithmetic can accept it.
        let cents = line.tokens.filter { $0.count >= 3 && $0.count <= 6 && $0.allSatisfy(\.isASCIIDigit) }
            .compactMap { Decimal(string: String($0)).map { Amount($0 / 100, scale: 2) } }
        for base in amounts.sorted(by: >) {
            for vat in amounts + cents where vat < base && isRate(rate, of: base, giving: vat) {
                return Row(rate: rate, base: base, vat: vat, line: line.index)
            }
        }
        return nil
    }

    /// Whether `vat` is `rate` % of `base`, rounded to the cent (a cent either way, as the VAT
    /// of an included price is worked out from the gross and the base is what is left).
    static func isRate(_ rate: Decimal, of base: Amount, giving vat: Amount) -> Bool {
        guard rate > 0, rate < 30, vat.value > 0 else { return false }
        let exact = base.value * rate / 100
        return abs(exact - vat.value) <= Decimal(string: "0.011")!
    }

    private static func isDiscountOrCharge(_ line: AnalyzedLine) -> Bool {
        let words = Keywords.words(line.text)
        return Keywords.containsAny(words, Keywords.discount) || Keywords.containsAny(words, Keywords.serviceCharge)
            || Keywords.containsAny(words, Keywords.tip)
    }
}
