import Catalog
import Foundation
import HouseholdApp
import Households
import WebApp

/// The recommendations' sections of the list page and the product page, from the household's
/// carts (`HouseholdRecommendations`) rendered by `WebApp.RecommendationViews`.
enum RecommendationSections {
    /// The list page's suggestions: due again and bought together, and the household's presets.
    static func list(
        _ frame: PageFrame,
        list: HouseholdList,
        household: Household,
        user: String,
        services: HouseholdServices,
        catalog: ProductCatalog?
    ) async throws -> HTML {
        let found = try await HouseholdRecommendations(services: services, catalog: catalog).forList(list.id, in: household.id, for: user)
        let presets = try await services.presets.presets(of: household.id, for: user)
        return RecommendationViews.listSection(
            frame,
            base: "/h/\(household.id)/lists/\(list.id)",
            householdId: household.id,
            dueAgain: rows(found.dueAgain),
            boughtTogether: rows(found.boughtTogether),
            presets: presets.map(\.value)
        )
    }

    /// The product page's suggestions (for the product page to place): what the household buys
    /// with the product, or, never bought, its catalog neighbours; `href` links a suggestion's
    /// product (by its catalog id) to its page.
    static func product(
        _ productId: String,
        household: Household,
        user: String,
        services: HouseholdServices,
        catalog: ProductCatalog?,
        href: (String) -> String? = { _ in nil }
    ) async throws -> HTML {
        let found = try await HouseholdRecommendations(services: services, catalog: catalog).forProduct(productId, in: household.id, for: user)
        return RecommendationViews.productSection(boughtTogether: rows(found.boughtTogether), related: rows(found.related)) { row in
            href(row.recommendation.productId)
        }
    }

    static func rows(_ suggestions: [SuggestedProduct]) -> [SuggestionRow] {
        suggestions.map { SuggestionRow($0.recommendation, barcode: $0.product?.barcode) }
    }
}
