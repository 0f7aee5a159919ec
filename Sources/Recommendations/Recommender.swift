/// The recommenders together, over one household's history: what the API, the CLI and the
/// pages ask for, and what the offline evaluation measures.
public struct Recommender: Sendable {
    public let history: PurchaseHistory
    let together: BoughtTogether
    let due: DueAgain

    public init(history: PurchaseHistory) {
        self.history = history
        together = BoughtTogether(history: history)
        due = DueAgain(history: history)
    }

    /// While building a list: what goes with its entries and what is due again on `today`,
    /// neither already on the list.
    public struct ForList: Sendable, Hashable, Codable {
        public var dueAgain: [Recommendation]
        public var boughtTogether: [Recommendation]
    }

    /// A product due again is shown as such, not a second time as bought together.
    public func forList(entries: Set<String>, on today: Day, limit: Int = 5) -> ForList {
        let dueAgain = due.recommend(on: today, limit: limit, excluding: entries)
        let boughtTogether = together.recommend(for: entries, limit: limit + dueAgain.count)
        let shown = Set(dueAgain.map(\.productId))
        return ForList(dueAgain: dueAgain, boughtTogether: Array(boughtTogether.filter { !shown.contains($0.productId) }.prefix(limit)))
    }

    /// One ranking for a list, the one the evaluation scores: bought-together and due-again
    /// suggestions by score, then the household's most bought products to fill `limit`.
    public func ranked(entries: Set<String>, on today: Day, limit: Int = 5) -> [Recommendation] {
        let suggestions = forList(entries: entries, on: today, limit: limit)
        let found = (suggestions.boughtTogether + suggestions.dueAgain).best(limit, excluding: entries)
        let taken = entries.union(found.map(\.productId))
        return found + popular(limit: limit - found.count, excluding: taken)
    }

    /// The household's most bought products (in the most carts), the baseline of the evaluation.
    public func popular(limit: Int = 5, excluding excluded: Set<String> = []) -> [Recommendation] {
        guard limit > 0, !history.baskets.isEmpty else { return [] }
        let total = Double(history.baskets.count)
        return history.basketCounts.map { product, count in
            Recommendation(
                productId: product,
                name: history.name(product),
                kind: .popular,
                score: Double(count) / total,
                explanation: "in \(count) of your \(history.baskets.count) carts"
            )
        }
        .best(limit, excluding: excluded)
    }

    /// For a product page: what goes with it when the household has bought it, else its
    /// catalog neighbours (`catalog`: the features of the product and of candidates).
    public struct ForProduct: Sendable, Hashable, Codable {
        public var boughtTogether: [Recommendation]
        public var related: [Recommendation]
    }

    public func forProduct(_ productId: String, catalog: [CatalogFeatures], limit: Int = 5) -> ForProduct {
        let boughtTogether = together.recommend(for: [productId], limit: limit)
        var related: [Recommendation] = []
        if !history.contains(productId), let anchor = catalog.first(where: { $0.productId == productId }) {
            related = Related.recommend(like: anchor, among: catalog, limit: limit)
        }
        return ForProduct(boughtTogether: boughtTogether, related: related)
    }
}
