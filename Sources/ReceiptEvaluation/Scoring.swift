import Foundation
import ReceiptModel
import ReceiptParsing

/// A labelled receipt as in `<set>/labels/<stem>.json`.
public struct ReceiptLabel: Sendable, Hashable, Codable {
    public struct Item: Sendable, Hashable, Codable {
        public var name: String?
        public var quantity: Decimal?
        public var price: Amount?
    }

    public var merchant: String?
    public var date: String?
    public var total: Amount?
    public var subtotal: Amount?
    public var tax: Amount?
    public var currency: String?
    public var items: [Item]?
    public var itemCount: Int?

    enum CodingKeys: String, CodingKey {
        case merchant, date, total, subtotal, tax, currency, items
        case itemCount = "item_count"
    }
}

// The decoders sit in extensions so that Swift still synthesises the memberwise initialisers.
extension ReceiptLabel {
    /// Reads a label leniently: a malformed amount or count counts as not labelled.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        merchant = try c.decodeIfPresent(String.self, forKey: .merchant)
        date = try c.decodeIfPresent(String.self, forKey: .date)
        total = try? c.decodeIfPresent(Amount.self, forKey: .total)
        subtotal = try? c.decodeIfPresent(Amount.self, forKey: .subtotal)
        tax = try? c.decodeIfPresent(Amount.self, forKey: .tax)
        currency = try c.decodeIfPresent(String.self, forKey: .currency)
        items = try c.decodeIfPresent([Item].self, forKey: .items)
        itemCount = try? c.decodeIfPresent(Int.self, forKey: .itemCount)
    }
}

extension ReceiptLabel.Item {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try? c.decodeIfPresent(String.self, forKey: .name)
        quantity = try? c.decodeIfPresent(Decimal.self, forKey: .quantity)
        price = try? c.decodeIfPresent(Amount.self, forKey: .price)
    }
}

/// The scored fields, in report order.
public enum Field: String, Sendable, Hashable, Codable, CaseIterable {
    case total, subtotal, tax, date, merchant
    case itemCount = "item_count"
}

/// The corpus README's scoring rules.
public enum Scoring {
    /// Lowercase, keep only a-z and 0-9.
    public static func normalize(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }.map(Character.init))
    }

    /// Normalised containment (both ≥ 3 characters) or SequenceMatcher ratio ≥ threshold.
    public static func similar(_ expected: String, _ got: String, threshold: Double) -> Bool {
        let a = normalize(expected)
        let b = normalize(got)
        if a.count >= 3, b.count >= 3, a.contains(b) || b.contains(a) { return true }
        return SequenceMatcher(a, b).ratio() >= threshold
    }

    /// Amounts match when equal (`12.30` and `12.3` are the same amount).
    public static func amountsMatch(_ expected: Amount, _ got: Amount?) -> Bool {
        got == expected
    }

    /// Dates match when they are the same `YYYY-MM-DD`.
    public static func datesMatch(_ expected: String, _ got: String?) -> Bool {
        got == expected
    }

    /// Products match by barcode, or by name when the expected product has no barcode.
    public static func productsMatch(_ expected: ProductRef, _ got: ProductRef?) -> Bool {
        guard let got else { return false }
        if let barcode = expected.barcode { return got.barcode == barcode }
        return got.name == expected.name
    }

    public static func merchantMatches(_ expected: String, _ got: String?) -> Bool {
        guard let got else { return false }
        return similar(expected, got, threshold: 0.8)
    }

    public static func itemNamesMatch(_ expected: String, _ got: String) -> Bool {
        if expected.trimmingCharacters(in: .whitespaces).lowercased() == got.trimmingCharacters(in: .whitespaces).lowercased() { return true }
        return similar(expected, got, threshold: 0.6)
    }

    /// Greedy item matching: each predicted item takes the first unmatched labelled item
    /// with an equal line price and a similar name. Labelled items without a price are left out.
    public static func matchItems(expected: [ReceiptLabel.Item], got: [ParsedReceipt.Item]) -> (matched: Int, predicted: Int, labelled: Int) {
        let labelled = expected.filter { $0.price != nil }
        var used = [Bool](repeating: false, count: labelled.count)
        var matched = 0
        for item in got {
            for (i, label) in labelled.enumerated() where !used[i] {
                if let price = label.price, amountsMatch(price, item.price), itemNamesMatch(label.name ?? "", item.name) {
                    used[i] = true
                    matched += 1
                    break
                }
            }
        }
        return (matched, got.count, labelled.count)
    }

    /// Per-field outcome of one receipt: nil when the field is not labelled.
    public static func score(label: ReceiptLabel, got: ParsedReceipt?) -> ReceiptScore {
        var score = ReceiptScore()
        func set(_ field: Field, _ labelled: Bool, _ correct: Bool) { if labelled { score.fields[field] = got != nil && correct } }
        set(.total, label.total != nil, label.total.map { amountsMatch($0, got?.total) } ?? false)
        set(.subtotal, label.subtotal != nil, label.subtotal.map { amountsMatch($0, got?.subtotal) } ?? false)
        set(.tax, label.tax != nil, label.tax.map { amountsMatch($0, got?.tax) } ?? false)
        set(.date, label.date != nil, label.date.map { datesMatch($0, got?.date) } ?? false)
        set(.merchant, label.merchant != nil, label.merchant.map { merchantMatches($0, got?.merchant.name) } ?? false)
        set(.itemCount, label.itemCount != nil, got?.items.count == label.itemCount)
        if let items = label.items {
            let m = matchItems(expected: items, got: got?.items ?? [])
            score.itemsMatched = m.matched
            score.itemsPredicted = m.predicted
            score.itemsLabelled = m.labelled
            score.hasItemLabels = true
        }
        return score
    }
}

/// Outcome of one receipt.
public struct ReceiptScore: Sendable, Hashable, Codable {
    public var fields: [Field: Bool] = [:]
    public var hasItemLabels = false
    public var itemsMatched = 0
    public var itemsPredicted = 0
    public var itemsLabelled = 0
}
