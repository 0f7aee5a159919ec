import Catalog
import Foundation
import HouseholdApp
import Households
import Hummingbird
import ReceiptPipeline

/// `GET /api/v1/products?q=…&household=…`: the product catalog by name, each result with its
/// picture and calories and, for a household the caller belongs to, what that household paid.
struct ProductRoutes {
    let services: HouseholdServices
    let catalog: ProductCatalog?

    func add(to group: RouterGroup<APIContext>) {
        group.get("products", use: search)
    }

    @Sendable func search(_ request: Request, context: APIContext) async throws -> ProductResults {
        guard let query = request.query("q")?.trimmingCharacters(in: .whitespaces),
            query.count >= 2
        else { throw Problem.badRequest("q", "Give at least 2 letters to search for (?q=milk).") }
        let limit = try request.queryInt("limit", default: 10, range: 1...50)
        var book = PriceBook(carts: [])
        if let householdId = request.query("household") {
            try await services.directory.requireMember(householdId, userId: try context.caller().user.id)
            book = try await PriceBook.load(from: services.store, filters: [.equals("household", householdId)])
        }
        guard let catalog else { return ProductResults(query: query, results: []) }
        let prices = book
        let outcome = try await catalog.search(query, limit: limit) { product in prices.pricesPaid(for: product) }
        return ProductResults(query: query, results: outcome.results.map(ProductAnswer.init))
    }
}

struct ProductResults: ResponseEncodable {
    var query: String
    var results: [ProductAnswer]
}

struct ProductAnswer: Encodable {
    var barcode: String?
    var name: String
    var brand: String?
    var picture: String?
    var caloriesPer100g: Decimal?
    var score: Double
    /// What the household paid for it, newest first.
    var pricesPaid: [PricePaid]

    init(_ result: SearchResult) {
        let reference = result.product.reference()
        barcode = reference.barcode
        name = reference.name
        brand = reference.brand
        picture = reference.picture
        caloriesPer100g = reference.caloriesPer100g
        score = (result.score * 1000).rounded() / 1000
        pricesPaid = result.pricesPaid
    }
}
