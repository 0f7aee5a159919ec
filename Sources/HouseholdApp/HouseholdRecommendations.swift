import Catalog
import DocumentStore
import Foundation
import Households
import ReceiptModel
import ReceiptPipeline
import Recommendations

/// A recommendation with the catalog product it names (to add it to a list in one tap).
public struct SuggestedProduct: Sendable, Hashable, Encodable {
    public var recommendation: Recommendation
    public var product: ProductRef?

    public func encode(to encoder: any Encoder) throws {
        try recommendation.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(product, forKey: .product)
    }

    enum Keys: String, CodingKey { case product }
}

/// What a list or product page shows: each kind of recommendation with its suggestions.
public struct Suggestions: Sendable, Hashable, Encodable {
    public var boughtTogether: [SuggestedProduct] = []
    public var dueAgain: [SuggestedProduct] = []
    public var related: [SuggestedProduct] = []

    public var isEmpty: Bool { boughtTogether.isEmpty && dueAgain.isEmpty && related.isEmpty }

    public init(boughtTogether: [SuggestedProduct] = [], dueAgain: [SuggestedProduct] = [], related: [SuggestedProduct] = []) {
        self.boughtTogether = boughtTogether
        self.dueAgain = dueAgain
        self.related = related
    }
}

/// The recommenders over a household's carts: reads the household's carts into a
/// ``PurchaseHistory`` (a cart is a basket of product ids on its receipt's date) and asks
/// `Recommendations`. A line matched to a catalog product counts as that product (its catalog id);
/// a line without one counts by its name.
public struct HouseholdRecommendations: Sendable {
    let store: any DocumentStore
    let directory: HouseholdDirectory
    let lists: ShoppingLists
    let catalog: ProductCatalog?
    let now: @Sendable () -> Date

    public init(services: HouseholdServices, catalog: ProductCatalog?, now: @escaping @Sendable () -> Date = Date.init) {
        store = services.store
        directory = services.directory
        lists = services.lists
        self.catalog = catalog
        self.now = now
    }

    /// The household's purchase history, and the product each id names.
    public func history(of householdId: String, for userId: String) async throws -> (PurchaseHistory, [String: ProductRef]) {
        try await directory.requireMember(householdId, userId: userId)
        var carts: [CartDocument] = []
        for try await stored in store.query(DocumentQuery(collection: Collections.carts, filters: [.equals("household", householdId)])) {
            if let cart = try? stored.document.decode(as: CartDocument.self) { carts.append(cart) }
        }
        return Self.history(of: carts)
    }

    /// The purchase history carts make (a cart without a readable date counts on the day it was
    /// added), and the product each id names. The CLI reads a personal store's carts with it.
    public static func history(of carts: [CartDocument]) -> (PurchaseHistory, [String: ProductRef]) {
        var baskets: [Basket] = []
        var names: [String: String] = [:]
        var products: [String: ProductRef] = [:]
        for cart in carts {
            guard let day = CalendarDay(iso: cart.date ?? cart.addedOn) ?? CalendarDay(iso: cart.addedOn) else { continue }
            var basket = Set<String>()
            for item in cart.items {
                let id = productId(item.product, name: item.name)
                basket.insert(id)
                if let product = item.product {
                    products[id] = product
                    names[id] = product.name
                } else if names[id] == nil {
                    names[id] = item.name
                }
            }
            baskets.append(Basket(day: Day(day.daysSinceEpoch), products: basket))
        }
        return (PurchaseHistory(baskets: baskets, names: names), products)
    }

    /// The id a product or a line without one counts under.
    public static func productId(_ product: ProductRef?, name: String) -> String {
        if let product { return Product.id(barcode: product.barcode, name: product.name, brand: product.brand) }
        return "line-" + name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: "-")
    }

    /// While building a list: what goes with its entries and what is due again today, none of
    /// them on the list already. The list must be one of the household's (else `list.not-found`).
    public func forList(_ listId: String, in householdId: String, for userId: String, limit: Int = 5) async throws -> Suggestions {
        try await directory.requireMember(householdId, userId: userId)
        let list = try await lists.list(listId, in: householdId, for: userId).value
        let (history, products) = try await history(of: householdId, for: userId)
        let today = Day(CalendarDay.today(now: now()).daysSinceEpoch)
        return Self.forList(list.entries, history: history, products: products, on: today, limit: limit)
    }

    /// With no list or product in view: what the household is due to buy again today.
    public func dueNow(in householdId: String, for userId: String, limit: Int = 5) async throws -> Suggestions {
        try await directory.requireMember(householdId, userId: userId)
        let (history, products) = try await history(of: householdId, for: userId)
        let today = Day(CalendarDay.today(now: now()).daysSinceEpoch)
        return Self.forList([], history: history, products: products, on: today, limit: limit)
    }

    /// What goes with `entries` and what is due on `today` (no entries: what is due).
    public static func forList(
        _ entries: [HouseholdList.Entry],
        history: PurchaseHistory,
        products: [String: ProductRef],
        on today: Day,
        limit: Int = 5
    ) -> Suggestions {
        let known = Set(history.names.keys)
        var ids = Set<String>()
        for entry in entries {
            let id = productId(entry.product, name: entry.name)
            ids.insert(id)
            // An entry typed without a product, or with one the household never bought, stands
            // for the history's products its words name ("milk" for the milk it buys).
            if !known.contains(id) {
                for other in known where LineMatching.nameMatches(entry: entry.name, line: history.name(other), lineProduct: products[other]) {
                    ids.insert(other)
                }
            }
        }
        let found = Recommender(history: history).forList(entries: ids, on: today, limit: limit)
        return Suggestions(
            boughtTogether: found.boughtTogether.map { SuggestedProduct(recommendation: $0, product: products[$0.productId]) },
            dueAgain: found.dueAgain.map { SuggestedProduct(recommendation: $0, product: products[$0.productId]) }
        )
    }

    /// For a product page: what the household buys with it, or, for a product it never bought,
    /// its catalog neighbours. A product neither in the catalog nor in the household's carts is
    /// `product.not-found` (so one only another household bought is answered like a missing one).
    public func forProduct(_ productId: String, in householdId: String, for userId: String, limit: Int = 5) async throws -> Suggestions {
        let (history, products) = try await history(of: householdId, for: userId)
        return try await Self.forProduct(productId, history: history, products: products, catalog: catalog, limit: limit)
    }

    public static func forProduct(
        _ productId: String,
        history: PurchaseHistory,
        products: [String: ProductRef],
        catalog: ProductCatalog?,
        limit: Int = 5
    ) async throws -> Suggestions {
        let index = try await catalog?.index()
        let anchor = index?.products.first { $0.id == productId }
        guard anchor != nil || history.contains(productId) else { throw HouseholdError.productNotFound }
        var candidates: [Product] = []
        if let anchor, let index, !history.contains(productId) {
            // The catalog's index finds the neighbours worth scoring: products sharing its terms.
            let query = (anchor.categories + anchor.keywords + [anchor.name]).joined(separator: " ")
            candidates = [anchor] + index.search(query, limit: 40).map(\.product)
        }
        let found = Recommender(history: history).forProduct(productId, catalog: candidates.map(features), limit: limit)
        let byId = Dictionary(candidates.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return Suggestions(
            boughtTogether: found.boughtTogether.map { SuggestedProduct(recommendation: $0, product: products[$0.productId]) },
            related: found.related.map { SuggestedProduct(recommendation: $0, product: byId[$0.productId]?.reference()) }
        )
    }

    static func features(_ product: Product) -> CatalogFeatures {
        CatalogFeatures(productId: product.id, name: product.name, categories: product.categories, keywords: product.keywords)
    }
}

extension HouseholdError {
    /// A product neither in the catalog nor in the household's carts.
    public static let productNotFound = HouseholdError(.productNotFound, "No such product in the catalog or in this household's carts.")
}

extension ErrorCode where Domain == HouseholdError {
    public static var productNotFound: Self { Self(rawValue: "product.not-found") }
}
