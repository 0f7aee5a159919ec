/// "Often bought with milk": association rules A → B mined from the household's own carts.
///
/// For products A and B, with N carts, n(A) carts holding A and n(A,B) holding both:
/// support(A → B) = n(A,B) / N and confidence(A → B) = n(A,B) / n(A). A rule is kept when both
/// clear the thresholds below; candidates are ranked by confidence (the chance B follows A).
public struct BoughtTogether: Sendable {
    /// At least this many carts hold both: one shared cart is a coincidence, two start a habit.
    public static let minimumPairCount = 2
    /// At least this share of all carts hold both. Low because one household's history is a few
    /// dozen carts, and a dinner bought once a month (3% of trips every 3 days) is a real habit.
    public static let minimumSupport = 0.02
    /// At least this share of the carts with A also hold B: below a third, B is more often missing
    /// than present, and the suggestion would mostly be wrong.
    public static let minimumConfidence = 0.35

    let pairCounts: [String: [String: Int]]
    let counts: [String: Int]
    let basketCount: Int
    let history: PurchaseHistory

    public init(history: PurchaseHistory) {
        self.history = history
        var pairs: [String: [String: Int]] = [:]
        var counts: [String: Int] = [:]
        for basket in history.baskets {
            for product in basket.products {
                counts[product, default: 0] += 1
                for other in basket.products where other != product { pairs[product, default: [:]][other, default: 0] += 1 }
            }
        }
        pairCounts = pairs
        self.counts = counts
        basketCount = history.baskets.count
    }

    /// The rules A → B for one A that clear the thresholds, best first.
    public func rules(from antecedent: String) -> [Recommendation] {
        guard let together = pairCounts[antecedent], let count = counts[antecedent], count > 0, basketCount > 0 else { return [] }
        return together.compactMap { consequent, pairCount in
            let support = Double(pairCount) / Double(basketCount)
            let confidence = Double(pairCount) / Double(count)
            guard pairCount >= Self.minimumPairCount, support >= Self.minimumSupport, confidence >= Self.minimumConfidence else { return nil }
            return Recommendation(
                productId: consequent,
                name: history.name(consequent),
                kind: .boughtTogether,
                score: confidence,
                explanation: "often bought with \(history.name(antecedent).lowercased())",
                because: antecedent,
                confidence: confidence,
                support: support
            )
        }
        .best(Int.max)
    }

    /// What goes with any of `products` (a product page: one; a list: its entries), each B once
    /// with its strongest rule, none of `products` themselves.
    public func recommend(for products: Set<String>, limit: Int = 5) -> [Recommendation] {
        products.flatMap { rules(from: $0) }.best(limit, excluding: products)
    }
}
