import ReceiptTesting
import Testing

@testable import Recommendations

/// Fixed histories with answers worked out by hand.
@Suite struct RecommenderTests {
    static let names = ["milk": "Milk", "bread": "Bread", "cereal": "Cereal", "salsa": "Salsa", "tortillas": "Tortillas", "beans": "Beans"]

    static func history(_ baskets: [(Int, [String])]) -> PurchaseHistory {
        PurchaseHistory(baskets: baskets.map { Basket(day: Day(20_000 + $0.0), products: Set($0.1)) }, names: names)
    }

    /// Milk and cereal share 3 of milk's 4 carts (confidence 0.75, support 3/10); bread is with
    /// milk once (below the pair count); salsa with tortillas 2 of 2.
    @Test func boughtTogetherKeepsRulesAboveTheThresholds() {
        let history = Self.history([
            (0, ["milk", "cereal"]), (3, ["milk", "cereal", "bread"]), (6, ["milk"]), (9, ["milk", "cereal"]),
            (12, ["tortillas", "salsa"]), (15, ["tortillas", "salsa", "beans"]), (18, ["bread"]), (21, ["beans"]),
            (24, ["bread"]), (27, ["beans"]),
        ])
        let rules = BoughtTogether(history: history).rules(from: "milk")
        #expect(rules.map(\.productId) == ["cereal"])
        #expect(rules.first?.confidence == 0.75)
        #expect(rules.first?.support == 0.3)
        #expect(rules.first?.explanation == "often bought with milk")
        // Beans come with tortillas once out of two: below the pair count.
        let forList = BoughtTogether(history: history).recommend(for: ["tortillas", "milk"])
        #expect(forList.map(\.productId) == ["salsa", "cereal"])
        #expect(forList.first?.confidence == 1)
    }

    /// Milk every 7 days (7, 7, 8): due on day 29 (6 days after the last), not on day 26 (3 days);
    /// bread bought on days 0, 2, 20, 21 is irregular.
    @Test func dueAgainNeedsARhythmAndTime() throws {
        let history = Self.history([
            (0, ["milk", "bread"]), (2, ["bread"]), (7, ["milk"]), (14, ["milk"]), (20, ["bread"]), (21, ["bread"]), (22, ["milk"]),
        ])
        let due = DueAgain(history: history)
        let milk = try #require(due.rhythms().first { $0.productId == "milk" })
        #expect(milk.everyDays == 7)
        #expect(due.recommend(on: Day(20_026)).isEmpty)
        let onDay29 = due.recommend(on: Day(20_029))
        #expect(onDay29.map(\.productId) == ["milk"])
        #expect(onDay29.first?.explanation == "you buy this about every 7 days; last 7 days ago")
        #expect(onDay29.first?.score == 1)
        // Lapsed after three intervals.
        #expect(due.recommend(on: Day(20_022 + 22)).isEmpty)
        // Already on the list: not suggested.
        #expect(due.recommend(on: Day(20_029), excluding: ["milk"]).isEmpty)
    }

    @Test func relatedShareCategoriesAndKeywords() {
        let oatMilk = CatalogFeatures(
            productId: "oat",
            name: "Oat Milk",
            categories: ["Dairy alternatives", "Milk"],
            keywords: ["oat milk", "milk"]
        )
        let catalog = [
            oatMilk,
            CatalogFeatures(productId: "whole", name: "Whole Milk, 1 Gallon", categories: ["Dairy", "Milk"], keywords: ["whole milk", "milk"]),
            CatalogFeatures(productId: "almond", name: "Almond Milk", categories: ["Dairy alternatives", "Milk"], keywords: ["almond milk"]),
            CatalogFeatures(productId: "bolts", name: "Hex Bolts", categories: ["Hardware"], keywords: ["bolt"]),
        ]
        let related = Related.recommend(like: oatMilk, among: catalog)
        #expect(related.map(\.productId) == ["almond", "whole"])
        #expect(related.first?.explanation == "like oat milk (milk)")
        let recommender = Recommender(history: Self.history([(0, ["whole"])]))
        #expect(recommender.forProduct("oat", catalog: catalog).related.map(\.productId) == ["almond", "whole"])
        // A product the household bought is answered from its carts, not the catalog.
        #expect(recommender.forProduct("whole", catalog: catalog).related.isEmpty)
    }

    @Test func popularFillsTheRankingAfterTheFoundOnes() {
        let history = Self.history([(0, ["milk", "cereal"]), (3, ["milk", "cereal"]), (6, ["bread", "milk"])])
        let ranked = Recommender(history: history).ranked(entries: ["milk"], on: Day(20_007), limit: 3)
        #expect(ranked.map(\.productId) == ["cereal", "bread"])
        #expect(ranked.map(\.kind) == [.boughtTogether, .popular])
    }

    @Test func generatorIsDeterministic() {
        var first = SeededGenerator(seed: 7)
        var second = SeededGenerator(seed: 7)
        let generator = HistoryGenerator()
        #expect(generator.household(using: &first).baskets == generator.household(using: &second).baskets)
    }

    /// The evaluation's claim on a small fixed seed: the recommenders beat both popularity baselines.
    @Test func recommendersBeatTheMostPopularBaseline() {
        var random = SeededGenerator(seed: 30)
        let report = OfflineEvaluation.run(households: 150, using: &random)
        #expect(report.households > 120)
        #expect(report.recommenders > report.householdPopular + 0.05, "\(report)")
        #expect(report.recommenders > report.overallPopular + 0.05, "\(report)")
    }
}
