import Catalog
import Foundation
import HouseholdApp
import Households
import Hummingbird
import ReceiptModel
import Recommendations
import WebApp

/// Presets and recipes (`/h/{id}/presets`), a preset added to a list from its page, and the
/// list page's suggestions section (due again, bought together, presets).
struct PresetPageRoutes {
    let services: HouseholdServices
    let catalog: ProductCatalog?
    let recipes: ChompRecipeClient?

    var presets: Presets { services.presets }
    var recipePresets: RecipePresets {
        RecipePresets(client: recipes, products: ProductLookup(catalog: catalog), presets: services.presets)
    }

    func add(to households: RouterGroup<HouseholdPageContext>) {
        households.get("presets", use: presetsPage)
        households.post("presets", use: savePreset)
        households.post("presets/recipe", use: saveRecipe)
        households.post("presets/{presetId}/delete", use: deletePreset)
        households.post("lists/{listId}/preset", use: addToList)
    }

    @Sendable func presetsPage(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        let found = try await presets.presets(of: household.id, for: session.user.id)
        let search = try await recipeSearch(request.query("recipe"))
        return WebResponse.html(
            PresetPages.page(
                session.frame("Presets", household: household, section: .lists),
                household: household,
                presets: found.map(\.value),
                recipes: search
            ),
            request: request
        )
    }

    @Sendable func savePreset(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        let form = try await WebForm.read(request, session: session, accounts: services.accounts)
        let lookup = ProductLookup(catalog: catalog)
        var entries: [Preset.Item] = []
        for line in (form["entries"] ?? "").split(whereSeparator: \.isNewline) {
            guard var item = Preset.Item(line: String(line)) else { continue }
            item.product = try await lookup.entryProduct(barcode: nil, name: item.name)
            entries.append(item)
        }
        let servings = Int(form["servings"] ?? "") ?? 1
        _ = try await presets.create(
            in: household.id,
            PresetInput(name: form["name"] ?? "", servings: servings, entries: entries),
            by: session.user.id
        )
        return WebResponse.redirect("/h/\(household.id)/presets")
    }

    @Sendable func saveRecipe(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        let form = try await WebForm.read(request, session: session, accounts: services.accounts)
        _ = try await recipePresets.savePreset(recipe: form["recipe"] ?? "", in: household.id, by: session.user.id)
        return WebResponse.redirect("/h/\(household.id)/presets")
    }

    @Sendable func deletePreset(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        _ = try await WebForm.read(request, session: session, accounts: services.accounts)
        try await presets.delete(try context.parameters.require("presetId"), in: household.id, by: session.user.id, ifMatch: nil)
        return WebResponse.redirect("/h/\(household.id)/presets")
    }

    @Sendable func addToList(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        let listId = try context.parameters.require("listId")
        let form = try await WebForm.read(request, session: session, accounts: services.accounts)
        _ = try await presets.add(
            form["preset"] ?? "",
            to: listId,
            in: household.id,
            servings: form["servings"].flatMap { Int($0) },
            by: session.user
        )
        return WebResponse.redirect("/h/\(household.id)/lists/\(listId)")
    }

    /// What the presets page says about recipes: why there are none, or what a search found.
    func recipeSearch(_ query: String?) async throws -> RecipeSearch {
        if let reason = recipePresets.unavailableReason { return .unavailable(reason) }
        guard let query = query?.trimmingCharacters(in: .whitespaces), query.count >= 2 else {
            return .available(query: nil, results: [], problem: nil)
        }
        do {
            let found = try await recipePresets.search(String(query.prefix(100)))
            let choices = found.map { recipe in
                RecipeChoice(id: recipe.id, name: recipe.title, servings: recipe.servings, ingredients: recipe.ingredients.map(\.name))
            }
            return .available(query: query, results: choices, problem: nil)
        } catch let error as CatalogError {
            // Offline or refused: the page says so, and presets still work.
            return .available(
                query: query,
                results: [],
                problem: "The recipe service cannot be reached now (\(error.code.rawValue)): presets still work."
            )
        }
    }
}
