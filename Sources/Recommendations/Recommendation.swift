/// One suggestion with the few words that say why.
public struct Recommendation: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Often in the same carts as something already chosen (an association rule).
        case boughtTogether = "bought-together"
        /// Bought at a regular interval, and that interval has about passed.
        case dueAgain = "due-again"
        /// Like a product in the catalog (shared categories, keywords, name words).
        case related
        /// What the household buys most (the fallback, and the evaluation's baseline).
        case popular
    }

    public var productId: String
    public var name: String
    public var kind: Kind
    /// For ranking within one call; 0…1 for every kind.
    public var score: Double
    /// The few words shown beside it: "often bought with milk", "you buy this about every 9 days".
    public var explanation: String
    /// The product it was found from (bought-together, related).
    public var because: String?
    /// Bought together: the rule's confidence (share of the carts with `because` that hold this).
    public var confidence: Double?
    /// Bought together: the rule's support (share of all carts that hold both).
    public var support: Double?
    /// Due again: the usual number of days between purchases (their median).
    public var everyDays: Int?
    /// Due again: days since the last purchase.
    public var lastBoughtDaysAgo: Int?

    public init(
        productId: String,
        name: String,
        kind: Kind,
        score: Double,
        explanation: String,
        because: String? = nil,
        confidence: Double? = nil,
        support: Double? = nil,
        everyDays: Int? = nil,
        lastBoughtDaysAgo: Int? = nil
    ) {
        self.productId = productId
        self.name = name
        self.kind = kind
        self.score = score
        self.explanation = explanation
        self.because = because
        self.confidence = confidence
        self.support = support
        self.everyDays = everyDays
        self.lastBoughtDaysAgo = lastBoughtDaysAgo
    }
}

extension Array where Element == Recommendation {
    /// The best `limit`, one per product (its best kind), ties by name so answers are stable.
    func best(_ limit: Int, excluding excluded: Set<String> = []) -> [Recommendation] {
        var seen = excluded
        return
            self
            .sorted { ($1.score, $0.name, $0.productId) < ($0.score, $1.name, $1.productId) }
            .filter { seen.insert($0.productId).inserted }
            .prefix(limit)
            .map { $0 }
    }
}
