import Catalog
import Foundation
import HouseholdApp
import Hummingbird

/// `GET /api/v1/households/{householdId}/recommendations?product=…|list=…`: what goes with a
/// product or a list being built, what is due again, and catalog neighbours of a product never
/// bought (`HouseholdRecommendations` over the household's carts).
struct RecommendationRoutes {
    let services: HouseholdServices
    let catalog: ProductCatalog?

    func add(to household: RouterGroup<HouseholdContext>) {
        household.get("recommendations", use: recommend)
    }

    @Sendable func recommend(_ request: Request, context: HouseholdContext) async throws -> RecommendationAnswer {
        let product = request.query("product")
        let list = request.query("list")
        let limit = try request.queryInt("limit", default: 5, range: 1...20)
        let recommendations = HouseholdRecommendations(services: services, catalog: catalog)
        let userId = context.caller.user.id
        switch (product, list) {
        case (let product?, nil):
            let found = try await recommendations.forProduct(product, in: context.household, for: userId, limit: limit)
            return RecommendationAnswer(product: product, suggestions: found)
        case (nil, let list?):
            let found = try await recommendations.forList(list, in: context.household, for: userId, limit: limit)
            return RecommendationAnswer(list: list, suggestions: found)
        case (let product?, let list?):
            // A product seen while building a list: what goes with the product, what the list is due.
            let forProduct = try await recommendations.forProduct(product, in: context.household, for: userId, limit: limit)
            let forList = try await recommendations.forList(list, in: context.household, for: userId, limit: limit)
            let found = Suggestions(boughtTogether: forProduct.boughtTogether, dueAgain: forList.dueAgain, related: forProduct.related)
            return RecommendationAnswer(product: product, list: list, suggestions: found)
        case (nil, nil):
            return RecommendationAnswer(suggestions: try await recommendations.dueNow(in: context.household, for: userId, limit: limit))
        }
    }
}

struct RecommendationAnswer: ResponseEncodable {
    var product: String? = nil
    var list: String? = nil
    var suggestions: Suggestions
}

extension RecommendationAnswer {
    enum CodingKeys: String, CodingKey { case product, list, boughtTogether, dueAgain, related }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(product, forKey: .product)
        try container.encodeIfPresent(list, forKey: .list)
        try container.encode(suggestions.boughtTogether, forKey: .boughtTogether)
        try container.encode(suggestions.dueAgain, forKey: .dueAgain)
        try container.encode(suggestions.related, forKey: .related)
    }
}
