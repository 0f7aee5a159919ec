import Catalog
import Foundation
import HouseholdApp
import Households
import Hummingbird

/// `/api/v1/households/{householdId}/recipes`: recipes of the Chomp Recipe API, and one saved
/// as a preset of the household (ingredients matched to catalog products). Without a recipe
/// key the search answers `recipes.unavailable` (503) saying why; presets work regardless.
struct RecipeRoutes {
    let services: HouseholdServices
    let recipes: RecipePresets

    func add(to household: RouterGroup<HouseholdContext>) {
        household.get("recipes", use: search)
        household.post("recipes/{recipeId}/preset", use: savePreset)
    }

    @Sendable func search(_ request: Request, context: HouseholdContext) async throws -> RecipeResults {
        // A malformed request is answered as such even where recipes are unavailable.
        guard let query = request.query("q")?.trimmingCharacters(in: .whitespaces),
            // Counted as JSON Schema counts a string's length: in Unicode scalars.
            (2...100).contains(query.unicodeScalars.count)
        else { throw Problem.badRequest("q", "Give 2 to 100 letters to search for (?q=tacos).") }
        try requireRecipes()
        let found = try await recipes.search(query)
        return RecipeResults(query: query, recipes: found.map(RecipeAnswer.init))
    }

    @Sendable func savePreset(_ request: Request, context: HouseholdContext) async throws -> EditedResponse<PresetAnswer> {
        try requireRecipes()
        let preset = try await recipes.savePreset(
            recipe: try context.parameters.require("recipeId"),
            in: context.household,
            by: context.caller.user.id
        )
        return PresetAnswer.created(preset, in: context.household)
    }

    private func requireRecipes() throws {
        if let reason = recipes.unavailableReason { throw Problem(.serviceUnavailable, "recipes.unavailable", reason) }
    }
}

struct RecipeResults: ResponseEncodable {
    var query: String
    var recipes: [RecipeAnswer]
}

struct RecipeAnswer: Encodable {
    var id: String
    var title: String
    var servings: Int
    var ingredients: [Ingredient]

    struct Ingredient: Encodable {
        var name: String
        var quantity: Decimal?
        var unit: String?
    }

    init(_ recipe: ChompRecipe) {
        id = recipe.id
        title = recipe.title
        servings = recipe.servings
        ingredients = recipe.ingredients.map { Ingredient(name: $0.name, quantity: $0.quantity, unit: $0.unit) }
    }
}
