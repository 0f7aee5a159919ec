import Foundation
import ReceiptModel

/// The one category a product is browsed and counted under.
///
/// The rule: the product's first Chomp `categories` entry, with the German names of the embedded
/// catalog's German products mapped to their English aisle (`Molkereiprodukte` → `Dairy`); a
/// product without categories takes the aisle of the first of its name's words and keywords that
/// the aisle table knows (`milk` → `Dairy`); else `Other`.
public enum ProductCategory {
    public static let other = "Other"

    /// The category of a product with these Chomp categories, keywords and name.
    public static func of(categories: [String], keywords: [String], name: String) -> String {
        if let first = categories.lazy.map({ $0.trimmingCharacters(in: .whitespaces) }).first(where: { !$0.isEmpty }) {
            return english[first.lowercased()] ?? first
        }
        for word in TextNormalizer.words(name) + keywords.flatMap(TextNormalizer.words) {
            if let aisle = aisles[word] { return aisle }
        }
        return other
    }

    /// German aisle names of the embedded catalog, by lowercased name.
    static let english: [String: String] = [
        "molkereiprodukte": "Dairy", "eier": "Dairy", "backwaren": "Bakery", "getraenke": "Beverages",
        "gemuese": "Produce", "obst": "Produce", "fleisch": "Meat", "wurst": "Deli", "haushalt": "Household",
        "backzutaten": "Pantry", "suesswaren": "Snacks", "knabberartikel": "Snacks", "nudeln": "Pantry",
        "reis": "Pantry", "muesli": "Pantry", "oele": "Pantry", "konserven": "Pantry", "wuerzmittel": "Pantry",
    ]

    /// Words that name an aisle, for products the source gives no category.
    static let aisles: [String: String] = {
        let table: [String: [String]] = [
            "Dairy": ["milk", "cheese", "yogurt", "butter", "cream", "eggs", "egg"],
            "Produce": ["banana", "bananas", "apple", "apples", "tomato", "tomatoes", "lettuce", "onion", "potato", "carrot", "carrots"],
            "Bakery": ["bread", "bagel", "bagels", "rolls", "croissant"],
            "Meat": ["chicken", "beef", "pork", "steak", "turkey"],
            "Seafood": ["salmon", "shrimp", "tuna", "fish"],
            "Beverages": ["water", "juice", "soda", "coffee", "tea", "cola", "beer", "wine"],
            "Snacks": ["chips", "cookies", "crackers", "chocolate", "candy"],
            "Pantry": ["rice", "pasta", "flour", "sugar", "oil", "beans", "cereal", "sauce"],
            "Frozen": ["frozen", "pizza"],
            "Household": ["detergent", "paper", "soap", "towels"],
        ]
        var words: [String: String] = [:]
        for (aisle, names) in table { for name in names { words[name] = aisle } }
        return words
    }()
}

extension Product {
    /// The product's category (see ``ProductCategory``).
    public var category: String {
        ProductCategory.of(categories: categories, keywords: keywords, name: name)
    }
}

extension ProductCatalog {
    /// Every category of the stored products, with how many products each has, by name.
    public func categories() async throws -> [(name: String, count: Int)] {
        var counts: [String: Int] = [:]
        for product in try await index().products { counts[product.category, default: 0] += 1 }
        return counts.sorted { $0.key < $1.key }.map { (name: $0.key, count: $0.value) }
    }

    /// The stored products of one category (compared without case), by name.
    public func products(inCategory category: String) async throws -> [Product] {
        let wanted = category.lowercased()
        return try await index().products.filter { $0.category.lowercased() == wanted }.sorted { $0.name < $1.name }
    }

    /// The products of a category: those the search finds for `query` (the best 100, then the
    /// category's), else the category's products by name; `limit` of them.
    public func browse(category: String, query: String, limit: Int, prices: PriceLookup? = nil) async throws -> SearchOutcome {
        let wanted = category.lowercased()
        guard query.trimmingCharacters(in: .whitespaces).isEmpty else {
            var outcome = try await search(query, limit: 100, prices: prices)
            outcome.results = Array(outcome.results.filter { $0.product.category.lowercased() == wanted }.prefix(limit))
            return outcome
        }
        var results: [SearchResult] = []
        for product in try await products(inCategory: category).prefix(limit) {
            results.append(SearchResult(product: product, score: 1, pricesPaid: try await prices?(product) ?? []))
        }
        return SearchOutcome(results: results, remote: .notNeeded)
    }

    /// Finds the category of a matched line's product: the one it carries, else (for lines matched
    /// before products had categories) the stored product's with its barcode or name.
    public func categoryLookup() async throws -> CategoryLookup {
        var lookup = CategoryLookup()
        for product in try await index().products {
            if let barcode = product.barcode { lookup.byBarcode[barcode] = product.category }
            lookup.byName[product.name.lowercased()] = product.category
        }
        return lookup
    }
}

/// The category of a cart line's product, from the line or the catalog (``ProductCatalog/categoryLookup()``).
public struct CategoryLookup: Sendable {
    var byBarcode: [String: String] = [:]
    var byName: [String: String] = [:]

    public func category(of product: ProductRef) -> String? {
        product.category ?? product.barcode.flatMap { byBarcode[$0] } ?? byName[product.name.lowercased()]
    }
}
