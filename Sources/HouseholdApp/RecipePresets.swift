import Catalog
import Foundation
import Households
import ReceiptModel

/// Recipes of the Chomp Recipe API made presets: each ingredient an entry matched to a catalog
/// product by name (``ProductLookup``), its quantity and unit kept, for the recipe's servings.
public struct RecipePresets: Sendable {
    let client: ChompRecipeClient?
    let products: ProductLookup
    let presets: Presets

    public init(client: ChompRecipeClient?, products: ProductLookup, presets: Presets) {
        self.client = client
        self.products = products
        self.presets = presets
    }

    /// Why recipes cannot be searched, for the page; `nil` when they can.
    public var unavailableReason: String? {
        client == nil
            ? "Recipes need a Chomp Recipe API key (CHOMP_RECIPE_API_KEY on the server), which this server does not have: presets only." : nil
    }

    /// Recipes matching `title`; none without a key.
    public func search(_ title: String) async throws -> [ChompRecipe] {
        guard let client else { return [] }
        return try await client.search(title)
    }

    /// Saves the recipe as a preset of the household.
    public func savePreset(recipe recipeId: String, in householdId: String, by userId: String) async throws -> Revisioned<Preset> {
        guard let client else { throw CatalogError(.noKey, unavailableReason ?? "No recipe key.") }
        guard let recipe = try await client.recipe(id: recipeId) else {
            throw HouseholdError(.recipeNotFound, "The recipe service knows no recipe \(recipeId).")
        }
        var entries: [Preset.Item] = []
        for ingredient in recipe.ingredients.prefix(Presets.maximumEntries) {
            let product = try await products.entryProduct(barcode: nil, name: ingredient.name)
            let quantity = ingredient.quantity.flatMap { $0 > 0 ? $0 : nil } ?? 1
            entries.append(Preset.Item(name: ingredient.name, quantity: quantity, unit: ingredient.unit, product: product))
        }
        return try await presets.create(
            in: householdId,
            PresetInput(name: recipe.title, servings: recipe.servings, entries: entries, source: "chomp-recipe:\(recipe.id)"),
            by: userId
        )
    }
}

extension ErrorCode where Domain == HouseholdError {
    public static var recipeNotFound: Self { Self(rawValue: "recipe.not-found") }
}
