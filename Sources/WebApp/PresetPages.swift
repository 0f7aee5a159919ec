import Foundation
import Households

/// A recipe found by the Chomp Recipe API, as the presets page lists it.
public struct RecipeChoice: Sendable, Hashable {
    public var id: String
    public var name: String
    public var servings: Int
    public var ingredients: [String]

    public init(id: String, name: String, servings: Int, ingredients: [String]) {
        self.id = id
        self.name = name
        self.servings = servings
        self.ingredients = ingredients
    }
}

/// Whether recipes can be searched, and what a search found.
public enum RecipeSearch: Sendable, Hashable {
    /// No recipe key, or the API cannot be reached: presets only, and why.
    case unavailable(String)
    case available(query: String?, results: [RecipeChoice], problem: String?)
}

/// The household's presets: each with its entries, a form to save a new one, and recipes to turn
/// into presets when the Chomp Recipe API is configured.
public enum PresetPages {
    public static func page(_ frame: PageFrame, household: Household, presets: [Preset], recipes: RecipeSearch) -> HTML {
        let base = "/h/\(household.id)/presets"
        let rows = presets.html { preset in
            let entries = preset.entries.html { item in
                "<li>\("\(item.quantity)")\(item.unit.map { " \($0)" } ?? "") \(item.name)</li>"
            }
            return """
                <li class="card preset" data-testid="preset">
                <h3>\(preset.name) <span class="meta">for \(preset.servings)</span></h3>
                <ul class="preset-entries">\(entries)</ul>
                \(frame.form("\(base)/\(preset.id)/delete", class: "inline", enhance: false, """
                    <button type="submit" class="danger">Delete</button>
                    """))
                </li>
                """
        }
        return Layout.page(
            frame,
            """
            <p class="crumbs"><a href="/h/\(household.id)/lists">← Lists</a></p>
            <h1>Presets and recipes</h1>
            <p class="meta">A preset is a set of entries you add to a list at once, from the list's page, scaled to the servings you want.</p>
            <ul class="list presets">\(presets.isEmpty ? "<li class=\"empty\">No presets yet.</li>" : rows)</ul>
            <section class="card" aria-labelledby="new-preset">
            <h2 id="new-preset">New preset</h2>
            \(frame.form(base, class: "stack", enhance: false, """
                <label for="preset-name">Name</label>
                <input id="preset-name" name="name" required maxlength="100" placeholder="Taco night">
                <label for="preset-servings-new">Servings</label>
                <input id="preset-servings-new" name="servings" inputmode="numeric" value="4">
                <label for="preset-entries">Entries, one a line (“2 flour tortillas”, “300 g cheddar”)</label>
                <textarea id="preset-entries" name="entries" rows="6" required placeholder="1 flour tortillas\n2 black beans\n300 g cheddar"></textarea>
                <button type="submit">Save preset</button>
                """))
            </section>
            \(recipeSection(frame, base: base, recipes))
            """
        )
    }

    static func recipeSection(_ frame: PageFrame, base: String, _ recipes: RecipeSearch) -> HTML {
        switch recipes {
        case .unavailable(let reason):
            return """
                <section class="card" aria-labelledby="recipes">
                <h2 id="recipes">Recipes</h2>
                <p class="meta" data-testid="recipes-unavailable">\(reason)</p>
                </section>
                """
        case .available(let query, let results, let problem):
            let found = results.html { recipe in
                """
                <li class="card recipe" data-testid="recipe">
                <h3>\(recipe.name) <span class="meta">for \(recipe.servings)</span></h3>
                <p class="meta">\(recipe.ingredients.joined(separator: " · "))</p>
                \(frame.form("\(base)/recipe", class: "inline", enhance: false, """
                    <input type="hidden" name="recipe" value="\(recipe.id)">
                    <button type="submit" class="secondary">Save as preset</button>
                    """))
                </li>
                """
            }
            let answer: HTML =
                problem.map { "<p class=\"meta\">\($0)</p>" }
                ?? (query != nil && results.isEmpty ? "<p class=\"meta\">No recipe matches.</p>" : "<ul class=\"list recipes\">\(found)</ul>")
            return """
                <section class="card" aria-labelledby="recipes">
                <h2 id="recipes">Recipes</h2>
                <form method="get" action="\(base)" class="search" role="search">
                <label for="recipe-search">Search recipes</label>
                <div class="search-row"><input id="recipe-search" name="recipe" type="search" minlength="2" value="\(query ?? "")" placeholder="tacos"><button type="submit" class="secondary">Search</button></div>
                </form>
                \(answer)
                </section>
                """
        }
    }
}
