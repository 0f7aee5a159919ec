import Catalog
import Foundation
import HouseholdApp
import Households
import Hummingbird
import ReceiptModel

/// The caller's starred products: theirs alone, whichever household they shop for.
struct FavouriteRoutes {
    let services: HouseholdServices
    let catalog: ProductCatalog?

    func add(to authenticated: RouterGroup<APIContext>) {
        authenticated.get("favourites", use: list)
        authenticated.put("favourites/{productId}", use: star)
        authenticated.delete("favourites/{productId}", use: unstar)
    }

    @Sendable func list(_ request: Request, context: APIContext) async throws -> FavouritesAnswer {
        let favourites = try await services.favourites.favourites(of: try context.caller().user.id)
        return FavouritesAnswer(favourites: favourites.map(FavouriteAnswer.init))
    }

    @Sendable func star(_ request: Request, context: APIContext) async throws -> FavouriteAnswer {
        let favourite = try await ProductInsights(services: services, catalog: catalog)
            .star(try context.parameters.require("productId"), for: try context.caller().user.id)
        return FavouriteAnswer(favourite)
    }

    @Sendable func unstar(_ request: Request, context: APIContext) async throws -> HTTPResponse.Status {
        try await services.favourites.remove(try context.parameters.require("productId"), for: try context.caller().user.id)
        return .noContent
    }
}

struct FavouriteAnswer: ResponseEncodable {
    var productId: String
    var product: ProductRef
    var addedAt: String

    init(_ favourite: Favourite) {
        productId = favourite.productId
        product = favourite.product
        addedAt = favourite.addedAt
    }
}

struct FavouritesAnswer: ResponseEncodable {
    var favourites: [FavouriteAnswer]
}
