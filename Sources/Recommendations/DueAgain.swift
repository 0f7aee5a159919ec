/// "You buy this about every 9 days": products bought at a regular interval whose next purchase
/// is due.
///
/// Regularity: the gaps in days between a product's purchases (distinct days) are measured; the
/// usual gap is their median, and the product is regular when it was bought at least
/// ``minimumPurchases`` times and the gaps' median absolute deviation is at most
/// ``maximumSpread`` of the median (9 ± 2 days is regular; 3, 20, 6, 40 days is not). Median and
/// MAD rather than mean and standard deviation: one missed trip doubles one gap, and that should
/// not make a weekly habit look irregular.
///
/// Due: the days since the last purchase have reached ``dueFraction`` of the usual gap, and not yet
/// ``lapsedMultiple`` of it (by then the household has most likely stopped buying it). Score: how
/// far through its gap the product is, 0.85 → 0.85, 1 or more → 1, falling after twice the gap.
public struct DueAgain: Sendable {
    /// Three purchases give two gaps: the least that shows a rhythm rather than a coincidence.
    public static let minimumPurchases = 3
    /// The gaps' median absolute deviation may be at most this share of their median.
    public static let maximumSpread = 0.35
    /// Due from this share of the usual gap on: a shop a day or two early is normal.
    public static let dueFraction = 0.8
    /// No longer suggested after this many usual gaps without a purchase.
    public static let lapsedMultiple = 3.0

    /// A product's rhythm.
    public struct Rhythm: Sendable, Hashable {
        public var productId: String
        /// The median gap in days.
        public var everyDays: Double
        /// The gaps' median absolute deviation over their median.
        public var spread: Double
        public var lastBought: Day
        public var purchases: Int
    }

    let history: PurchaseHistory

    /// Every product's rhythm, regular or not (products bought fewer than three times have none).
    public func rhythms() -> [Rhythm] {
        var days: [String: [Day]] = [:]
        for basket in history.baskets {
            for product in basket.products where days[product]?.last != basket.day { days[product, default: []].append(basket.day) }
        }
        return days.compactMap { product, days in
            guard days.count >= Self.minimumPurchases, let last = days.last else { return nil }
            let gaps = zip(days.dropFirst(), days).map { Double($0.number - $1.number) }
            let usual = Self.median(gaps)
            guard usual > 0 else { return nil }
            let spread = Self.median(gaps.map { abs($0 - usual) }) / usual
            return Rhythm(productId: product, everyDays: usual, spread: spread, lastBought: last, purchases: days.count)
        }
    }

    /// The regular products that are due on `today`, most due first.
    public func recommend(on today: Day, limit: Int = 5, excluding excluded: Set<String> = []) -> [Recommendation] {
        rhythms().compactMap { rhythm -> Recommendation? in
            guard rhythm.spread <= Self.maximumSpread else { return nil }
            let elapsed = Double(today.number - rhythm.lastBought.number)
            let progress = elapsed / rhythm.everyDays
            guard progress >= Self.dueFraction, progress < Self.lapsedMultiple else { return nil }
            // Fully due at one gap; after two gaps the suggestion fades towards the lapse.
            let score = progress <= 1 ? progress : (progress <= 2 ? 1 : max(0.3, 1 - (progress - 2) / (Self.lapsedMultiple - 2) * 0.7))
            let every = Int(rhythm.everyDays.rounded())
            let ago = today.number - rhythm.lastBought.number
            return Recommendation(
                productId: rhythm.productId,
                name: history.name(rhythm.productId),
                kind: .dueAgain,
                score: score,
                explanation: "you buy this about every \(every) day\(every == 1 ? "" : "s"); last \(Self.ago(ago))",
                everyDays: every,
                lastBoughtDaysAgo: ago
            )
        }
        .best(limit, excluding: excluded)
    }

    static func ago(_ days: Int) -> String {
        switch days {
        case 0: "today"
        case 1: "yesterday"
        default: "\(days) days ago"
        }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
