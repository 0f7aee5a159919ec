import Catalog
import DocumentStore
import Foundation
import Households
import ReceiptModel
import ReceiptPipeline

/// Everything the product page shows about one catalog product, for a member of a household.
public struct ProductDetails: Sendable {
    public var product: Product
    /// Per 100 g, as the catalog has them (energy first).
    public var nutrients: [ChompItem.Nutrient]
    /// Where the household bought it and what it paid; no merchants when it never bought it.
    public var history: ProductPriceHistory
    public var reviews: ProductReviewSummary
    /// Whether the caller starred it.
    public var favourite: Bool
}

/// The product page's flow: the catalog's facts about a product joined with what one household
/// paid for it, its members' reviews and the caller's star. The API and the web page both ask here.
public struct ProductInsights: Sendable {
    let services: HouseholdServices
    let catalog: ProductCatalog?

    /// - Parameter catalog: `nil` where the server runs without one (every product is then unknown).
    public init(services: HouseholdServices, catalog: ProductCatalog?) {
        self.services = services
        self.catalog = catalog
    }

    /// A catalog product by its id (the barcode, or `name-…` for one without); `product.not-found` otherwise.
    public func product(_ productId: String) async throws -> Product {
        guard !productId.isEmpty, let product = try await catalog?.lookup(barcode: productId) else {
            throw UnknownProduct(productId: productId)
        }
        return product
    }

    /// The product page's contents; another household's id answers like a missing one.
    public func details(_ productId: String, in householdId: String, for userId: String) async throws -> ProductDetails {
        try await services.directory.requireMember(householdId, userId: userId)
        let product = try await product(productId)
        let book = try await services.pricing.priceBook(householdId)
        return ProductDetails(
            product: product,
            nutrients: product.chomp.map { ChompItem(json: $0).nutrients } ?? [],
            history: Self.history(of: product, in: book),
            reviews: try await services.reviews.reviews(of: product.id, in: householdId, for: userId),
            favourite: try await services.favourites.isFavourite(product.id, of: userId)
        )
    }

    /// What the household paid for the product: the receipt lines matched to it.
    static func history(of product: Product, in book: PriceBook) -> ProductPriceHistory {
        ProductPriceHistory(book.purchases(of: product.name, product: product.reference()))
    }

    /// Spending per product category of a household's carts, per currency; lines matched before
    /// products had categories take the catalog's.
    public func categorySpending(_ householdId: String, asOf: CalendarDay, period: SpendingPeriod) async throws -> [CategorySpending] {
        let lookup = try await catalog?.categoryLookup()
        return try await CategorySpending.load(
            from: services.store,
            asOf: asOf,
            period: period,
            filters: [.equals("household", householdId)],
            categoryOf: { lookup?.category(of: $0) ?? $0.category }
        )
    }

    /// Stars a catalog product for the caller.
    public func star(_ productId: String, for userId: String) async throws -> Favourite {
        let product = try await product(productId)
        return try await services.favourites.add(product.id, product: product.reference(), for: userId)
    }

    /// Puts a favourite on a list of the household (one tap): an entry named after the product, with it.
    public func addToList(
        _ productId: String,
        list listId: String,
        in householdId: String,
        by user: PublicUser
    ) async throws -> (Revisioned<HouseholdList>, HouseholdList.Entry) {
        let starred = try await services.favourites.favourites(of: user.id).first { $0.productId == productId }
        let product: ProductRef
        if let starred {
            product = starred.product
        } else {
            product = try await self.product(productId).reference()
        }
        return try await services.lists.addEntry(
            to: listId,
            in: householdId,
            EntryInput(name: product.name, product: product),
            by: user,
            ifMatch: nil
        )
    }
}

/// A product id the catalog does not know.
public struct UnknownProduct: CodedError {
    public let productId: String

    public var errorCode: String { "product.not-found" }
    public var message: String { "No product \(productId) in the catalog." }
    public var description: String { "\(errorCode): \(message)" }
}
