import Catalog
import Foundation
import HouseholdApp
import Households
import Hummingbird
import ReceiptModel
import ReceiptPipeline

/// Catalog categories, one product as a household sees it (facts, where it bought it and what it
/// paid, its members' reviews, the caller's star), and the reviews themselves.
struct ProductDetailRoutes {
    let services: HouseholdServices
    let catalog: ProductCatalog?

    var insights: ProductInsights { ProductInsights(services: services, catalog: catalog) }

    func add(to authenticated: RouterGroup<APIContext>, household: RouterGroup<HouseholdContext>) {
        authenticated.get("categories", use: categories)
        authenticated.get("categories/{category}", use: category)
        household.get("products/{productId}", use: product)
        household.get("products/{productId}/reviews", use: reviews)
        household.post("products/{productId}/reviews", use: addReview)
        household.patch("reviews/{reviewId}", use: editReview)
        household.delete("reviews/{reviewId}", use: deleteReview)
    }

    @Sendable func categories(_ request: Request, context: APIContext) async throws -> CategoriesAnswer {
        let categories = try await catalog?.categories() ?? []
        return CategoriesAnswer(categories: categories.map { CategoryCount(name: $0.name, products: $0.count) })
    }

    @Sendable func category(_ request: Request, context: APIContext) async throws -> CategoryAnswer {
        let name = try context.parameters.require("category")
        let products = try await catalog?.products(inCategory: name) ?? []
        guard !products.isEmpty else { throw Problem(.notFound, "category.not-found", "No products in the category \(name).") }
        return CategoryAnswer(category: products[0].category, products: products.map(ProductSummary.init))
    }

    @Sendable func product(_ request: Request, context: HouseholdContext) async throws -> ProductDetailAnswer {
        let details = try await insights.details(try context.parameters.require("productId"), in: context.household, for: context.caller.user.id)
        return ProductDetailAnswer(details)
    }

    @Sendable func reviews(_ request: Request, context: HouseholdContext) async throws -> ReviewsAnswer {
        let product = try await insights.product(try context.parameters.require("productId"))
        let summary = try await services.reviews.reviews(of: product.id, in: context.household, for: context.caller.user.id)
        return ReviewsAnswer(summary)
    }

    @Sendable func addReview(_ request: Request, context: HouseholdContext) async throws -> EditedResponse<ReviewAnswer> {
        let product = try await insights.product(try context.parameters.require("productId"))
        let body = try await JSONBody.read(NewReview.self, request, context: context)
        let review = try await services.reviews.add(
            productId: product.id,
            rating: body.rating,
            comment: body.comment,
            in: context.household,
            by: context.caller.user
        )
        return ReviewAnswer(review.value).tagged(review.rev, status: .created)
    }

    @Sendable func editReview(_ request: Request, context: HouseholdContext) async throws -> EditedResponse<ReviewAnswer> {
        let body = try await JSONBody.read(ReviewEdit.self, request, context: context)
        let review = try await services.reviews.edit(
            try context.parameters.require("reviewId"),
            rating: body.rating,
            comment: body.comment,
            in: context.household,
            by: context.caller.user.id,
            ifMatch: try ETag.ifMatch(request)
        )
        return ReviewAnswer(review.value).tagged(review.rev)
    }

    @Sendable func deleteReview(_ request: Request, context: HouseholdContext) async throws -> HTTPResponse.Status {
        try await services.reviews.delete(
            try context.parameters.require("reviewId"),
            in: context.household,
            by: context.caller.user.id,
            ifMatch: try ETag.ifMatch(request)
        )
        return .noContent
    }
}

struct NewReview: RequestBody {
    var rating: Int
    var comment: String?

    enum CodingKeys: String, CodingKey, CaseIterable { case rating, comment }
}

/// A review's changes: an absent member is unchanged; a null comment is removed.
struct ReviewEdit: RequestBody {
    var rating: Int?
    var comment: String??

    enum CodingKeys: String, CodingKey, CaseIterable { case rating, comment }
}

struct CategoryCount: ResponseEncodable {
    var name: String
    var products: Int
}

struct CategoriesAnswer: ResponseEncodable {
    var categories: [CategoryCount]
}

struct CategoryAnswer: ResponseEncodable {
    var category: String
    var products: [ProductSummary]
}

/// A catalog product as lists of products show it.
struct ProductSummary: ResponseEncodable {
    var id: String
    var barcode: String?
    var name: String
    var brand: String?
    var category: String
    var picture: String?

    init(_ product: Product) {
        id = product.id
        barcode = product.barcode
        name = product.name
        brand = product.brand
        category = product.category
        picture = product.pictureURL
    }
}

struct ReviewAnswer: ResponseEncodable {
    var id: String
    var productId: String
    var authorId: String
    var authorName: String
    var rating: Int
    var comment: String?
    var createdAt: String
    var updatedAt: String

    init(_ review: ProductReview) {
        id = review.id
        productId = review.productId
        authorId = review.authorId
        authorName = review.authorName
        rating = review.rating
        comment = review.comment
        createdAt = review.createdAt
        updatedAt = review.updatedAt
    }
}

struct ReviewsAnswer: ResponseEncodable {
    var count: Int
    var average: Decimal?
    var reviews: [ReviewAnswer]

    init(_ summary: ProductReviewSummary) {
        count = summary.count
        average = summary.average
        reviews = summary.reviews.map { ReviewAnswer($0.value) }
    }
}

struct ProductDetailAnswer: ResponseEncodable {
    struct Nutrient: Encodable {
        var name: String
        var per100g: Double?
        var unit: String?
    }

    var product: ProductSummary
    var caloriesPer100g: Double?
    var nutrients: [Nutrient]
    var favourite: Bool
    /// Per merchant and currency; empty when the household never bought it.
    var merchants: [ProductPriceHistory.Merchant]
    /// Per currency, where it was cheapest.
    var cheapest: [ProductPriceHistory.Merchant]
    var purchases: Int
    var reviews: ReviewsAnswer

    init(_ details: ProductDetails) {
        product = ProductSummary(details.product)
        caloriesPer100g = details.product.caloriesPer100g
        nutrients = details.nutrients.map { Nutrient(name: $0.name, per100g: $0.per100g, unit: $0.unit) }
        favourite = details.favourite
        merchants = details.history.merchants
        cheapest = details.history.cheapest
        purchases = details.history.purchases
        reviews = ReviewsAnswer(details.reviews)
    }
}
