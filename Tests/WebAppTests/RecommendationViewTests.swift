import Foundation
import Households
import Recommendations
import Testing
import WebApp

/// The recommendations' and presets' views: why each suggestion is shown, escaped, with an Add
/// form that carries its product, and the presets page saying why there are no recipes.
@Suite struct RecommendationViewTests {
    static let due = Recommendation(
        productId: "0071233000013",
        name: "Bread <b>",
        kind: .dueAgain,
        score: 1,
        explanation: "you buy this about every 7 days; last 7 days ago",
        everyDays: 7,
        lastBoughtDaysAgo: 7
    )
    static let together = Recommendation(
        productId: "0071233000075",
        name: "Corn Flakes Cereal",
        kind: .boughtTogether,
        score: 0.75,
        explanation: "often bought with whole milk",
        because: "0071230000016"
    )

    @Test func listSectionExplainsEachSuggestionAndAddsItsProduct() {
        let html = RecommendationViews.listSection(
            PageTests.frame,
            base: "/h/h_1/lists/l_1",
            householdId: "h_1",
            dueAgain: [SuggestionRow(Self.due, barcode: "0071233000013")],
            boughtTogether: [SuggestionRow(Self.together, barcode: "0071233000075")],
            presets: []
        ).rendered
        #expect(html.contains("Bread &lt;b&gt;"))
        #expect(!html.contains("Bread <b>"))
        #expect(html.contains("you buy this about every 7 days; last 7 days ago"))
        #expect(html.contains("often bought with whole milk"))
        #expect(html.contains(#"action="/h/h_1/lists/l_1/entries""#))
        #expect(html.contains(#"name="barcode" value="0071233000075""#))
        #expect(html.contains(#"href="/h/h_1/presets""#))
    }

    @Test func productSectionIsEmptyWithoutSuggestions() {
        #expect(RecommendationViews.productSection(boughtTogether: [], related: []).rendered.isEmpty)
        let html = RecommendationViews.productSection(boughtTogether: [SuggestionRow(Self.together)], related: []) {
            "/products/\($0.recommendation.productId)"
        }
        #expect(html.rendered.contains(#"<a href="/products/0071233000075">Corn Flakes Cereal</a>"#))
    }

    @Test func presetsPageSaysWhyThereAreNoRecipes() {
        let html = PresetPages.page(PageTests.frame, household: PageTests.household, presets: [], recipes: .unavailable("No recipe key here."))
            .rendered
        #expect(html.contains("No recipe key here."))
        #expect(!html.contains("recipe-search"))
        let available = PresetPages.page(
            PageTests.frame,
            household: PageTests.household,
            presets: [],
            recipes: .available(
                query: "tacos",
                results: [RecipeChoice(id: "9001", name: "Beef Tacos", servings: 4, ingredients: ["Salsa"])],
                problem: nil
            )
        ).rendered
        #expect(available.contains("Beef Tacos"))
        #expect(available.contains(#"name="recipe" value="9001""#))
    }
}
