import Foundation
import ReceiptModel

/// A receipt line matched to a catalog product.
public struct ProductMatch: Sendable, Hashable {
    public var product: Product
    /// 0...1; only matches at or above the matcher's threshold are returned.
    public var score: Double
}

/// Matches receipt lines (`"GV WHL MLK GAL 3.48 N"`) to catalog products.
///
/// The line is cleaned and its abbreviations expanded (``ReceiptLineNormalizer``), then
/// ranked against the ``ProductIndex``. The best product is returned only when its score
/// reaches ``threshold`` and it is clearly ahead of the next *different* product: a wrong
/// confident match is worse than none.
public struct ProductMatcher: Sendable {
    /// The threshold measured on `Fixtures/matching/receipt-lines.json` (see docs/MEASUREMENTS.md, Accuracy: precision ≥ 95 %).
    public static let defaultThreshold = 0.62

    public let index: ProductIndex
    public var threshold: Double
    /// The best score must beat the runner-up (a different product name) by this much.
    public var margin: Double

    public init(index: ProductIndex, threshold: Double = ProductMatcher.defaultThreshold, margin: Double = 0.02) {
        self.index = index
        self.threshold = threshold
        self.margin = margin
    }

    /// The product this line is, or `nil` when no product is a confident match.
    public func match(line: String) -> ProductMatch? {
        let ranked = rank(line: line, limit: 2)
        guard let best = ranked.first, best.score >= threshold else { return nil }
        if ranked.count > 1, ranked[1].product.name != best.product.name, best.score - ranked[1].score < margin {
            return nil
        }
        return best
    }

    /// The best candidates for a line with their scores, threshold not applied (for tools and evaluation).
    public func rank(line: String, limit: Int = 5) -> [ProductMatch] {
        let words = ReceiptLineNormalizer.words(line)
        guard words.contains(where: { !TextNormalizer.isNumber($0) }) else { return [] }
        guard !words.allSatisfy({ Self.nonItemWords.contains($0) }) else { return [] }
        return index.search(words: words, limit: limit).map { ProductMatch(product: $0.product, score: $0.score) }
    }

    /// Lines made only of these words are totals, payments or store chatter, never products.
    static let nonItemWords: Set<String> = [
        "total", "subtotal", "sub", "tax", "change", "cash", "visa", "mastercard", "debit", "credit", "card",
        "balance", "due", "tend", "tendered", "amount", "thank", "thanks", "you", "savings", "coupon", "discount",
        "member", "items", "sold", "store", "receipt", "payment", "auth", "approved",
    ]
}

extension ProductMatch {
    /// The cart item's `product` (see the cart document): the one conversion from a match, used by
    /// ingest, `catalog match --json` and shopping lists alike.
    public var productRef: ProductRef { product.reference(score: score) }

    /// ``productRef`` as a JSON object.
    public var cartProduct: JSONValue { (try? JSONValue(encoding: productRef)) ?? .null }
}

extension Product {
    /// This product as a cart item's or list entry's `product`. Products from the bundled or an
    /// imported catalog say `catalog`; fetched ones say where they came from (`chomp`).
    public func reference(score: Double? = nil) -> ProductRef {
        ProductRef(
            barcode: barcode,
            name: name,
            brand: brand,
            source: source == "fixture" || source == "import" ? "catalog" : source,
            score: score.map { ($0 * 100).rounded() / 100 },
            picture: pictureURL,
            caloriesPer100g: caloriesPer100g.map { Decimal(string: String(format: "%.1f", $0)) ?? 0 },
            category: category
        )
    }
}
