/// A calendar day as a count of days since 1970-01-01, so intervals are plain subtraction. (The
/// application layer reads carts' `YYYY-MM-DD` dates into it with `ReceiptPipeline.CalendarDay`.)
public struct Day: Sendable, Hashable, Comparable, Codable {
    public var number: Int

    public init(_ number: Int) { self.number = number }

    public static func < (lhs: Day, rhs: Day) -> Bool { lhs.number < rhs.number }
}

/// One shopping trip: the products bought on a day (a cart, reduced to its product ids).
public struct Basket: Sendable, Hashable {
    public var day: Day
    public var products: Set<String>

    public init(day: Day, products: Set<String>) {
        self.day = day
        self.products = products
    }
}

/// What a household bought, trip by trip, oldest first: what every recommender reads.
public struct PurchaseHistory: Sendable {
    /// Oldest first; baskets without products are dropped.
    public let baskets: [Basket]
    /// A product's name for explanations ("often bought with milk"); the id where unknown.
    public let names: [String: String]

    public init(baskets: [Basket], names: [String: String] = [:]) {
        self.baskets = baskets.filter { !$0.products.isEmpty }.sorted { $0.day < $1.day }
        self.names = names
    }

    public func name(_ productId: String) -> String { names[productId] ?? productId }

    /// How many baskets hold each product.
    public var basketCounts: [String: Int] {
        var counts: [String: Int] = [:]
        for basket in baskets { for product in basket.products { counts[product, default: 0] += 1 } }
        return counts
    }

    /// Whether the household ever bought the product.
    public func contains(_ productId: String) -> Bool { baskets.contains { $0.products.contains(productId) } }

    /// The history up to (not including) basket `index`: what was known before that trip.
    public func prefix(_ count: Int) -> PurchaseHistory {
        PurchaseHistory(baskets: Array(baskets.prefix(count)), names: names)
    }
}
