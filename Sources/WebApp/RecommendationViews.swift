import Foundation
import Households
import Recommendations

/// A suggestion as a page shows it: the recommendation (name, why) and the barcode of its catalog
/// product, if any, so that "Add" puts that product on the list.
public struct SuggestionRow: Sendable, Hashable {
    public var recommendation: Recommendation
    public var barcode: String?

    public init(_ recommendation: Recommendation, barcode: String? = nil) {
        self.recommendation = recommendation
        self.barcode = barcode
    }
}

/// The recommendations' pieces of the list page and the product page.
public enum RecommendationViews {
    /// The list page's section: what is due again and what goes with the list's entries, each
    /// with why and an "Add" button, and the household's presets to add at once.
    /// - Parameter base: the list page's address (`/h/ID/lists/ID`).
    public static func listSection(
        _ frame: PageFrame,
        base: String,
        householdId: String,
        dueAgain: [SuggestionRow],
        boughtTogether: [SuggestionRow],
        presets: [Preset]
    ) -> HTML {
        let due: HTML =
            dueAgain.isEmpty
            ? .empty
            : "<h3>Due again</h3><ul class=\"list suggestions\" data-testid=\"due-again\">\(dueAgain.html { row(frame, base: base, $0) })</ul>"
        let together: HTML =
            boughtTogether.isEmpty
            ? .empty
            : """
            <h3>Often bought together</h3>
            <ul class="list suggestions" data-testid="bought-together">\(boughtTogether.html { row(frame, base: base, $0) })</ul>
            """
        let nothing: HTML =
            dueAgain.isEmpty && boughtTogether.isEmpty
            ? "<p class=\"meta\">Suggestions appear once a few receipts show what you buy and how often.</p>" : .empty
        return """
            <section class="card recommendations" id="suggestions-section" aria-labelledby="suggestions" data-live>
            <h2 id="suggestions">Suggestions</h2>
            \(due)\(together)\(nothing)
            \(presetForm(frame, base: base, householdId: householdId, presets: presets))
            </section>
            """
    }

    /// A suggestion with why, and "Add" (posts the list page's entry form).
    static func row(_ frame: PageFrame, base: String, _ suggestion: SuggestionRow) -> HTML {
        let recommendation = suggestion.recommendation
        return """
            <li class="suggestion row" data-kind="\(recommendation.kind.rawValue)">
            <span class="grow"><span class="name">\(recommendation.name)</span>
            <span class="meta why">\(recommendation.explanation)</span></span>
            \(frame.form("\(base)/entries", class: "inline", """
                <input type="hidden" name="name" value="\(recommendation.name)">
                <input type="hidden" name="barcode" value="\(suggestion.barcode ?? "")">
                <button type="submit" class="secondary" aria-label="Add \(recommendation.name)">Add</button>
                """))
            </li>
            """
    }

    /// Adds a preset to the list, scaled to the servings chosen.
    static func presetForm(_ frame: PageFrame, base: String, householdId: String, presets: [Preset]) -> HTML {
        let manage: HTML = "<a href=\"/h/\(householdId)/presets\">Presets and recipes</a>"
        guard !presets.isEmpty else {
            return "<p class=\"meta\">No presets yet. \(manage): save a set of entries (“Taco night”) to add at once.</p>"
        }
        let options = presets.html { preset in "<option value=\"\(preset.id)\">\(preset.name) (for \(preset.servings))</option>" }
        return """
            <h3>Add a preset</h3>
            \(frame.form("\(base)/preset", class: "grid-form", enhance: false, """
                <label for="preset-choice">Preset</label>
                <select id="preset-choice" name="preset">\(options)</select>
                <label for="preset-servings">Servings</label>
                <input id="preset-servings" name="servings" inputmode="numeric" placeholder="as saved">
                <button type="submit">Add preset</button>
                """))
            <p class="meta">\(manage)</p>
            """
    }

    /// The product page's section (the lead places it on the product page): what the household
    /// buys with the product, or, never bought, its catalog neighbours; `href` links a product.
    public static func productSection(
        boughtTogether: [SuggestionRow],
        related: [SuggestionRow],
        href: (SuggestionRow) -> String? = { _ in nil }
    ) -> HTML {
        func rows(_ suggestions: [SuggestionRow]) -> HTML {
            suggestions.html { suggestion in
                let name: HTML =
                    href(suggestion).map { "<a href=\"\($0)\">\(suggestion.recommendation.name)</a>" }
                    ?? HTML(text: suggestion.recommendation.name)
                return
                    "<li class=\"suggestion\"><span class=\"name\">\(name)</span> <span class=\"meta why\">\(suggestion.recommendation.explanation)</span></li>"
            }
        }
        let together: HTML =
            boughtTogether.isEmpty ? .empty : "<h3>Often bought with it</h3><ul class=\"list suggestions\">\(rows(boughtTogether))</ul>"
        let like: HTML = related.isEmpty ? .empty : "<h3>You might like</h3><ul class=\"list suggestions\">\(rows(related))</ul>"
        guard !boughtTogether.isEmpty || !related.isEmpty else { return .empty }
        return """
            <section class="card recommendations" aria-labelledby="product-suggestions">
            <h2 id="product-suggestions">Suggestions</h2>
            \(together)\(like)
            </section>
            """
    }
}
