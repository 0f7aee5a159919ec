import Catalog
import Foundation
import HouseholdApp
import Households
import Hummingbird
import ReceiptModel
import WebApp

/// The product page, its star, reviews and one-tap add to a list; the Favourites view; browsing
/// the catalog by category. Thin shells over `ProductInsights` and the domain's reviews and favourites.
struct ProductPageRoutes {
    let services: HouseholdServices
    let catalog: ProductCatalog?

    var insights: ProductInsights { ProductInsights(services: services, catalog: catalog) }

    func add(to households: RouterGroup<HouseholdPageContext>) {
        households.get("products/{productId}", use: productPage)
        households.post("products/{productId}/star", use: star)
        households.post("products/{productId}/add-to-list", use: addToList)
        households.post("products/{productId}/reviews", use: saveReview)
        households.post("reviews/{reviewId}/delete", use: deleteReview)
        households.get("favourites", use: favourites)
        households.get("categories", use: categories)
        households.get("categories/{category}", use: category)
    }

    @Sendable func productPage(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        let details = try await insights.details(try context.parameters.require("productId"), in: household.id, for: session.user.id)
        let lists = try await services.lists.lists(of: household.id, for: session.user.id).map(\.value)
        // Bought together with it in this household's carts, and related products from the catalog.
        let recommendations = try await RecommendationSections.product(
            details.product.id,
            household: household,
            user: session.user.id,
            services: services,
            catalog: catalog
        ) { "/h/\(household.id)/products/\($0)" }
        return WebResponse.html(
            ProductPages.detail(
                session.frame(details.product.name, household: household, section: .products),
                household: household,
                product: Self.facts(details.product, nutrients: details.nutrients),
                history: details.history,
                reviews: details.reviews,
                favourite: details.favourite,
                lists: lists,
                recommendations: recommendations
            ),
            request: request
        )
    }

    @Sendable func star(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        let productId = try context.parameters.require("productId")
        let form = try await WebForm.read(request, session: session, accounts: services.accounts)
        if form["starred"] == "0" {
            do {
                try await services.favourites.remove(productId, for: session.user.id)
            } catch let error as HouseholdError where error.code == .favouriteNotFound {
                // Unstarred in another tab meanwhile: the star is off either way.
            }
        } else {
            _ = try await insights.star(productId, for: session.user.id)
        }
        return WebResponse.redirect(WebRoutes.safeNext(form["back"]) ?? "/h/\(household.id)/products/\(productId)")
    }

    @Sendable func addToList(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        let form = try await WebForm.read(request, session: session, accounts: services.accounts)
        let listId = form["listId"] ?? ""
        _ = try await insights.addToList(try context.parameters.require("productId"), list: listId, in: household.id, by: session.user)
        return WebResponse.redirect("/h/\(household.id)/lists/\(listId)")
    }

    /// Posts the caller's review, or changes it when they wrote one already.
    @Sendable func saveReview(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        let product = try await insights.product(try context.parameters.require("productId"))
        let form = try await WebForm.read(request, session: session, accounts: services.accounts)
        guard let rating = form["rating"].flatMap(Int.init) else { throw HouseholdError.invalid("rating", "Rate the product from 1 to 5.") }
        let existing = try await services.reviews.reviews(of: product.id, in: household.id, for: session.user.id)
        if let mine = existing.reviews.first(where: { $0.value.authorId == session.user.id }) {
            _ = try await services.reviews.edit(
                mine.value.id,
                rating: rating,
                comment: .some(form["comment"]),
                in: household.id,
                by: session.user.id,
                ifMatch: nil
            )
        } else {
            _ = try await services.reviews.add(productId: product.id, rating: rating, comment: form["comment"], in: household.id, by: session.user)
        }
        return WebResponse.redirect("/h/\(household.id)/products/\(product.id)")
    }

    @Sendable func deleteReview(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        _ = try await WebForm.read(request, session: session, accounts: services.accounts)
        let reviewId = try context.parameters.require("reviewId")
        let deleted = try await services.reviews.delete(reviewId, in: household.id, by: session.user.id, ifMatch: nil)
        return WebResponse.redirect("/h/\(household.id)/products/\(deleted.productId)")
    }

    @Sendable func favourites(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        let favourites = try await services.favourites.favourites(of: session.user.id)
        let lists = try await services.lists.lists(of: household.id, for: session.user.id).map(\.value)
        return WebResponse.html(
            ProductPages.favourites(
                session.frame("Favourites", household: household, section: .products),
                household: household,
                favourites: favourites,
                lists: lists
            ),
            request: request
        )
    }

    @Sendable func categories(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        return WebResponse.html(
            ProductPages.categories(
                session.frame("Products", household: household, section: .products),
                household: household,
                categories: try await catalog?.categories() ?? []
            ),
            request: request
        )
    }

    @Sendable func category(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        let name = try context.parameters.require("category")
        let products = try await catalog?.products(inCategory: name) ?? []
        let starred = Set(try await services.favourites.favourites(of: session.user.id).map(\.productId))
        return WebResponse.html(
            ProductPages.category(
                session.frame(products.first?.category ?? name, household: household, section: .products),
                household: household,
                name: products.first?.category ?? name,
                products: products.map { Self.facts($0) },
                starred: starred
            ),
            request: request
        )
    }

    /// The catalog's facts as the pages show them.
    static func facts(_ product: Product, nutrients: [ChompItem.Nutrient] = []) -> ProductFacts {
        ProductFacts(
            id: product.id,
            name: product.name,
            brand: product.brand,
            barcode: product.barcode,
            picture: product.pictureURL,
            category: product.category,
            caloriesPer100g: product.caloriesPer100g,
            nutrients: nutrients.compactMap { nutrient in
                nutrient.per100g.map { value in
                    let amount = "\(String(format: "%g", value)) \(nutrient.unit ?? "")"
                    return ProductFacts.Nutrient(name: nutrient.name, amount: amount.trimmingCharacters(in: .whitespaces))
                }
            }
        )
    }
}
