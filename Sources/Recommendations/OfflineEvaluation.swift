/// The offline evaluation: hide each household's last cart, show the recommenders what came
/// before it plus one product of it (the first entry of the list being built), and count a hit
/// when one of the top five is among the cart's other products.
///
/// Hit rate at 5 = households with a hit / households evaluated. Compared with two baselines that
/// know no timing and no pairs: the household's own most bought products, and the products most
/// bought across all households.
public enum OfflineEvaluation {
    public static let cutoff = 5

    public struct Report: Sendable, Hashable, Codable {
        public var households: Int
        /// Bought together, due again, then most bought to fill (``Recommender/ranked``).
        public var recommenders: Double
        /// Bought together alone (no fill).
        public var boughtTogether: Double
        /// Due again alone (no fill).
        public var dueAgain: Double
        /// The household's own most bought products.
        public var householdPopular: Double
        /// The products most bought across all households.
        public var overallPopular: Double
    }

    /// Evaluates `histories` (households with fewer than four carts, or a last cart of one
    /// product, are skipped: there is nothing to learn from or nothing left to guess).
    public static func run(_ histories: [PurchaseHistory], using random: inout some RandomNumberGenerator) -> Report {
        var overallCounts: [String: Int] = [:]
        for history in histories {
            for (product, count) in history.prefix(max(0, history.baskets.count - 1)).basketCounts { overallCounts[product, default: 0] += count }
        }
        let overallRanking = overallCounts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map(\.key)

        var evaluated = 0
        var hits = (recommenders: 0, together: 0, due: 0, household: 0, overall: 0)
        for history in histories where history.baskets.count >= 4 {
            guard let hidden = history.baskets.last, hidden.products.count >= 2 else { continue }
            let seed = hidden.products.sorted().randomElement(using: &random)!
            let wanted = hidden.products.subtracting([seed])
            let recommender = Recommender(history: history.prefix(history.baskets.count - 1))
            func hit(_ recommendations: [Recommendation]) -> Int {
                recommendations.prefix(cutoff).contains { wanted.contains($0.productId) } ? 1 : 0
            }
            evaluated += 1
            hits.recommenders += hit(recommender.ranked(entries: [seed], on: hidden.day, limit: cutoff))
            let forList = recommender.forList(entries: [seed], on: hidden.day, limit: cutoff)
            hits.together += hit(recommender.together.recommend(for: [seed], limit: cutoff))
            hits.due += hit(forList.dueAgain)
            hits.household += hit(recommender.popular(limit: cutoff, excluding: [seed]))
            hits.overall += overallRanking.lazy.filter { $0 != seed }.prefix(cutoff).contains { wanted.contains($0) } ? 1 : 0
        }
        func rate(_ count: Int) -> Double { evaluated == 0 ? 0 : Double(count) / Double(evaluated) }
        return Report(
            households: evaluated,
            recommenders: rate(hits.recommenders),
            boughtTogether: rate(hits.together),
            dueAgain: rate(hits.due),
            householdPopular: rate(hits.household),
            overallPopular: rate(hits.overall)
        )
    }

    /// Generates `households` histories with `generator` and evaluates them.
    public static func run(
        households: Int,
        generator: HistoryGenerator = HistoryGenerator(),
        using random: inout some RandomNumberGenerator
    ) -> Report {
        let histories = (0..<households).map { _ in generator.household(using: &random) }
        return run(histories, using: &random)
    }
}
