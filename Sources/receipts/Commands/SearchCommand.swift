import ArgumentParser
import Catalog
import DocumentStore
import Foundation
import Logging
import ReceiptModel
import ReceiptPipeline

/// `receipts search NAME`: ranked products from the local catalog (and the Chomp API when needed).
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search the product catalog by name, brand, keyword or category.",
        discussion: """
            Tolerant of typos and word order. Searches the local catalog (the store's products, \
            filled from the embedded default catalog on first use); when a Chomp API key is \
            configured and the local results are weak, or with --remote, asks the API's name \
            search and caches what it returns. Each result shows name, brand, barcode, \
            calories per 100 g and the picture URL.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var options: CatalogOptions

    @Argument(help: "What to look for, e.g. \"peanut butter\" or \"chkn brst\".")
    var name: [String] = []

    @Option(help: "Only products of this category (Dairy, Produce, …; case does not matter); without a name, the category's products by name.")
    var category: String?

    @Option(help: "The most results to show.")
    var limit: Int = 10

    @Flag(help: "Ask the Chomp API even when local results are good.")
    var remote = false

    @Flag(help: "Print one JSON object with the query, what the API did, and the results.")
    var json = false

    func validate() throws {
        guard (1...100).contains(limit) else { throw ValidationError("--limit must be between 1 and 100.") }
        guard category != nil || !name.joined().trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError("Give a name to search for, or a --category to browse.")
        }
    }

    func run() async throws {
        let logger = global.makeLogger(label: "receipts.search")
        let query = name.joined(separator: " ")
        let outcome = try await store.withOpenStore(logger: logger) { documentStore in
            let catalog = try options.open(store: documentStore, logger: logger)
            // What the household actually paid, from the stored carts' items matched to each product.
            let priceBook = try await PriceBook.load(from: documentStore)
            guard let category else {
                return try await catalog.search(query, limit: limit, remote: remote) { product in priceBook.pricesPaid(for: product) }
            }
            return try await catalog.browse(category: category, query: query, limit: limit) { product in priceBook.pricesPaid(for: product) }
        }

        if json {
            let results: [JSONValue] = outcome.results.map { result in
                var document = result.product.document
                if case .object(var members) = document {
                    members.removeValue(forKey: "chomp")
                    members["category"] = .string(result.product.category)
                    members["score"] = .number(Decimal(string: String(format: "%.3f", result.score)) ?? 0)
                    members["pricesPaid"] = .array(
                        result.pricesPaid.map { paid in
                            .object([
                                "price": .string(paid.price), "date": paid.date.map(JSONValue.string) ?? .null,
                                "merchant": paid.merchant.map(JSONValue.string) ?? .null,
                                "cartId": paid.cartID.map(JSONValue.string) ?? .null,
                            ])
                        }
                    )
                    document = .object(members)
                }
                return document
            }
            let object: JSONValue = .object([
                "query": .string(query), "remote": .string(Self.describe(outcome.remote)), "results": .array(results),
            ])
            print(String(decoding: try object.jsonData(), as: UTF8.self))
            return
        }
        if outcome.results.isEmpty {
            print("no products match \"\(query)\"")
        }
        for result in outcome.results {
            var line = String(format: "%.2f  ", result.score) + Self.describe(result.product)
            if !result.pricesPaid.isEmpty {
                line += "  paid " + result.pricesPaid.map(\.price).joined(separator: ", ")
            }
            print(line)
        }
        switch outcome.remote {
        case .notConfigured:
            FileHandle.standardError.write(Data("note: --remote needs a Chomp API key (CHOMP_API_KEY or --api-key); showing local results\n".utf8))
        case .failed(let code, let message):
            FileHandle.standardError.write(Data("warning: the Chomp API failed (\(code)): \(message); showing local results\n".utf8))
        default:
            break
        }
    }

    static func describe(_ remote: SearchOutcome.Remote) -> String {
        switch remote {
        case .notNeeded: return "not-needed"
        case .notConfigured: return "not-configured"
        case .fetched(let count): return "fetched \(count)"
        case .failed(let code, _): return "failed \(code)"
        }
    }

    static func describe(_ product: Product) -> String {
        var parts = [product.name]
        if let brand = product.brand { parts[0] += " — \(brand)" }
        parts.append(product.barcode.map { "barcode \($0)" } ?? "no barcode")
        parts.append(product.category)
        if let calories = product.caloriesPer100g { parts.append(String(format: "%.0f kcal/100 g", calories)) }
        if let picture = product.pictureURL { parts.append(picture) }
        return parts.joined(separator: "  ")
    }
}
