import Foundation
import ReceiptModel

/// Scores the reader against a person's own corrections (`receipts eval --store`): each field a
/// cart lists in `verified` is ground truth, and what the reader had there before the first
/// correction (the cart's `original`) is what it extracted. The rules are the corpus's
/// (``Scoring``); fields that are not verified are not scored.
public enum CorrectionEvaluation {
    /// The report's rows for corrected items, after the ``Field`` rows.
    public static let itemName = "item_name"
    public static let itemPrice = "item_price"
    public static let itemProduct = "item_product"

    /// The set name of the report's misses (`carts/<id prefix>`).
    public static let setName = "carts"

    /// What the corrections say about the reader.
    public struct Outcome: Sendable, Hashable {
        /// One report, `overall`, in the shape of the corpus evaluation's; `receipts` counts the
        /// carts with at least one scored field.
        public var report: EvaluationReport
        /// Verified fields that could not be scored: verified before the reader's value was kept,
        /// or no longer there (an item removed since).
        public var unscored: Int
    }

    /// Scores `carts`; carts with nothing verified are left out.
    public static func evaluate(_ carts: [CartDocument]) -> Outcome {
        var overall = SetReport(name: "overall")
        var misses: [Miss] = []
        var unscored = 0
        for cart in carts where !cart.verified.isEmpty {
            let original = cart.original
            var scored = false
            for field in cart.verified {
                guard let read = original[field], let outcome = score(field, in: cart, read: read) else {
                    unscored += 1
                    continue
                }
                scored = true
                overall.count(outcome.row, correct: outcome.correct)
                if !outcome.correct {
                    misses.append(
                        Miss(set: setName, stem: String(cart.id.prefix(12)), field: field, expected: outcome.expected, got: outcome.got)
                    )
                }
            }
            if scored { overall.receipts += 1 }
        }
        return Outcome(report: EvaluationReport(sets: [], overall: overall, misses: misses), unscored: unscored)
    }

    struct FieldOutcome {
        var row: String
        var correct: Bool
        var expected: String
        var got: String
    }

    /// One verified field: the corrected value in `cart` against the reader's `read`; nil when
    /// the field cannot be scored.
    static func score(_ field: String, in cart: CartDocument, read: JSONValue) -> FieldOutcome? {
        switch field {
        case Field.merchant.rawValue:
            return compare(Field.merchant.rawValue, cart.merchant?.name, read, Scoring.merchantMatches)
        case Field.date.rawValue:
            return compare(Field.date.rawValue, cart.date, read, Scoring.datesMatch)
        case Field.total.rawValue:
            return compare(Field.total.rawValue, cart.total, read, Scoring.amountsMatch)
        case Field.subtotal.rawValue:
            return compare(Field.subtotal.rawValue, cart.subtotal, read, Scoring.amountsMatch)
        case Field.tax.rawValue:
            return compare(Field.tax.rawValue, cart.tax, read, Scoring.amountsMatch)
        default:
            guard case let (index, member)? = itemField(field), cart.items.indices.contains(index) else { return nil }
            let item = cart.items[index]
            switch member {
            case "name":
                return compare(itemName, item.name, read) { expected, got in got.map { Scoring.itemNamesMatch(expected, $0) } ?? false }
            case "price": return compare(itemPrice, item.price, read, Scoring.amountsMatch)
            case "product":
                return compare(itemProduct, item.product, read, Scoring.productsMatch) { product in
                    product.barcode.map { "\(product.name) (\($0))" } ?? product.name
                }
            default: return nil
            }
        }
    }

    /// Compares the corrected `expected` with the reader's value `read` (JSON, `null` for none).
    static func compare<T: Decodable>(
        _ row: String,
        _ expected: T?,
        _ read: JSONValue,
        _ matches: (T, T?) -> Bool,
        describe: (T) -> String = { String(describing: $0) }
    ) -> FieldOutcome? {
        guard let expected else { return nil }
        let got: T?
        if read == .null {
            got = nil
        } else {
            guard let value = try? read.decode(as: T.self) else { return nil }
            got = value
        }
        return FieldOutcome(row: row, correct: matches(expected, got), expected: describe(expected), got: got.map(describe) ?? "-")
    }

    /// `items[2].price` → (2, "price").
    static func itemField(_ field: String) -> (Int, String)? {
        guard field.hasPrefix("items["), let close = field.firstIndex(of: "]"),
            let index = Int(field[field.index(field.startIndex, offsetBy: 6)..<close]),
            field[close...].hasPrefix("].")
        else { return nil }
        return (index, String(field[field.index(close, offsetBy: 2)...]))
    }
}
