import DocumentStore
import Foundation
import Logging
import ReceiptModel

/// A price actually paid for a product, read from carts (filled by the pipeline through a ``PriceLookup``).
public struct PricePaid: Sendable, Hashable, Codable {
    /// Decimal string as on the receipt, e.g. `"3.49"`.
    public var price: String
    public var date: String?
    public var merchant: String?
    public var cartID: String?

    public init(price: String, date: String? = nil, merchant: String? = nil, cartID: String? = nil) {
        self.price = price
        self.date = date
        self.merchant = merchant
        self.cartID = cartID
    }
}

/// Finds the prices paid for a product (the pipeline implements it over the `carts` collection).
public typealias PriceLookup = @Sendable (Product) async throws -> [PricePaid]

/// One search result.
public struct SearchResult: Sendable, Hashable {
    public var product: Product
    public var score: Double
    public var pricesPaid: [PricePaid]
}

/// What ``ProductCatalog/search(_:limit:remote:prices:)`` did.
public struct SearchOutcome: Sendable {
    public enum Remote: Sendable, Hashable {
        /// Local results were good enough (or the query was answered from the cache of earlier fetches).
        case notNeeded
        /// No API key configured.
        case notConfigured
        /// Fetched and cached this many products.
        case fetched(Int)
        /// The API call failed; local results are shown. The message is safe to print.
        case failed(code: String, message: String)
    }

    public var results: [SearchResult]
    public var remote: Remote
}

/// Finds the embedded default catalog (`Fixtures/catalog/products.json`).
///
/// Looked for, in order: the explicit file (`--catalog FILE`); `RECEIPTS_CATALOG`;
/// `Fixtures/catalog/products.json` under the current directory; the same path in each
/// of the five folders above the executable (so `.build/release/receipts` finds the
/// repository's copy from anywhere); `/usr/local/share/receipts/products.json` and
/// `/usr/share/receipts/products.json` for installed copies.
public enum DefaultCatalog {
    public static let relativePath = "Fixtures/catalog/products.json"

    public static func locate(
        override: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL? {
        if let override, !override.isEmpty { return URL(fileURLWithPath: override) }
        if let fromEnvironment = environment["RECEIPTS_CATALOG"], !fromEnvironment.isEmpty {
            return URL(fileURLWithPath: fromEnvironment)
        }
        let fileManager = FileManager.default
        var candidates = [URL(fileURLWithPath: fileManager.currentDirectoryPath).appendingPathComponent(relativePath)]
        var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            candidates.append(folder.appendingPathComponent(relativePath))
            folder = folder.deletingLastPathComponent()
        }
        candidates += ["/usr/local/share/receipts/products.json", "/usr/share/receipts/products.json"].map {
            URL(fileURLWithPath: $0)
        }
        return candidates.first { fileManager.fileExists(atPath: $0.path) }
    }
}

/// The product catalog over the store's `products` collection.
///
/// - On first use an empty collection is filled from the default catalog file.
/// - Search and matching run on an in-memory ``ProductIndex`` built from the collection
///   (rebuilt after the catalog writes; see docs/MEASUREMENTS.md, Other benchmarks, for why not FTS5).
/// - With an API client, weak local results (or `remote: true`) trigger a `name.php`
///   search whose items are cached in the store with their fetch time; the query itself
///   is remembered in `catalog-queries` so it is not asked again before ``maxAge``.
public actor ProductCatalog {
    public static let collection = "products"
    public static let queryCollection = "catalog-queries"

    private let store: any DocumentStore
    private let client: ChompClient?
    private let defaultCatalog: URL?
    /// Cached API data older than this is fetched again.
    public let maxAge: TimeInterval
    private let logger: Logger
    private var cachedIndex: ProductIndex?
    private var prepared = false

    public init(
        store: any DocumentStore,
        client: ChompClient?,
        defaultCatalog: URL? = DefaultCatalog.locate(),
        maxAge: TimeInterval = 30 * 86_400,
        logger: Logger
    ) {
        self.store = store
        self.client = client?.configuration.isConfigured == true ? client : nil
        self.defaultCatalog = defaultCatalog
        self.maxAge = maxAge
        self.logger = logger
    }

    /// Fills an empty `products` collection from the default catalog.
    /// - Returns: how many products were loaded (0 when the collection was not empty).
    @discardableResult
    public func prepare() async throws -> Int {
        guard !prepared else { return 0 }
        prepared = true
        let existing = try await storeCall { try await self.store.count(collection: Self.collection) }
        guard existing == 0 else { return 0 }
        guard let defaultCatalog else {
            logger.warning("no default catalog found; products can still be imported")
            return 0
        }
        let count = try await importFile(defaultCatalog, source: "fixture")
        logger.debug("loaded default catalog", metadata: ["catalog.file": "\(defaultCatalog.path)", "catalog.count": "\(count)"])
        return count
    }

    /// Reads a Chomp-shaped JSON file (`{"items": [...]}` or `[...]`) into the store.
    /// - Returns: the number of products stored.
    /// - Throws: `catalog.file` when unreadable, `catalog.decode` when not Chomp-shaped.
    public func importFile(_ url: URL, source: String = "import") async throws -> Int {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CatalogError(.file, "cannot read the catalog file \(url.path): \(error.localizedDescription)")
        }
        let items = try ChompResponse.decode(data, what: url.lastPathComponent).items
        let now = Date()
        let products = items.compactMap { Product(chomp: $0, source: source, fetchedAt: now) }
        guard !products.isEmpty else {
            throw CatalogError(.file, "\(url.path) holds no named items; expected Chomp items with at least a \"name\"")
        }
        try await save(products)
        return products.count
    }

    /// Stores products (replacing those with the same id).
    public func save(_ products: [Product]) async throws {
        let writes = products.map { DocumentWrite(collection: Self.collection, id: $0.id, document: $0.document) }
        for start in stride(from: 0, to: writes.count, by: 500) {
            let chunk = Array(writes[start..<min(writes.count, start + 500)])
            _ = try await storeCall { try await self.store.putBatch(chunk) }
        }
        cachedIndex = nil
    }

    /// Every product in the store.
    public func allProducts() async throws -> [Product] {
        try await prepare()
        let documents = try await storeCall { try await self.store.all(DocumentQuery(collection: Self.collection, pageSize: 2000)) }
        return documents.compactMap { Product(document: $0.document) }
    }

    /// The search index over the stored products (built on first use and after writes).
    public func index() async throws -> ProductIndex {
        if let cachedIndex { return cachedIndex }
        let index = ProductIndex(products: try await allProducts())
        cachedIndex = index
        return index
    }

    /// A matcher over the current index.
    public func matcher(threshold: Double = ProductMatcher.defaultThreshold) async throws -> ProductMatcher {
        ProductMatcher(index: try await index(), threshold: threshold)
    }

    /// Ranked products for `name`; asks the API when configured and local results are weak, or when `remote`.
    public func search(
        _ name: String,
        limit: Int = 10,
        remote: Bool = false,
        prices: PriceLookup? = nil
    ) async throws
        -> SearchOutcome
    {
        var local = try await index().search(name, limit: limit)
        var status = SearchOutcome.Remote.notNeeded
        let weak = (local.first?.score ?? 0) < 0.6
        if remote || weak {
            if let client {
                do {
                    let fetched = try await fetchIfNotCached(name, client: client, force: remote)
                    if let fetched {
                        status = .fetched(fetched)
                        local = try await index().search(name, limit: limit)
                    }
                } catch let error as CatalogError {
                    status = .failed(code: error.code.rawValue, message: error.message)
                    logger.debug("Chomp search failed; showing local results", metadata: ["error": "\(error)"])
                }
            } else if remote {
                status = .notConfigured
            }
        }
        var results: [SearchResult] = []
        for scored in local {
            let paid = try await prices?(scored.product) ?? []
            results.append(SearchResult(product: scored.product, score: scored.score, pricesPaid: paid))
        }
        return SearchOutcome(results: results, remote: status)
    }

    /// The product with this barcode: from the store when fresh, else from the API (and cached).
    public func lookup(barcode: String) async throws -> Product? {
        try await prepare()
        let stored = try await storeCall { try await self.store.get(collection: Self.collection, id: barcode) }
        let product = stored.flatMap { Product(document: $0.document) }
        if let product, product.source != "chomp" || !isStale(product.fetchedAt) { return product }
        guard let client else { return product }
        let items = try await client.barcode(barcode)
        let fetched = items.compactMap { Product(chomp: $0, source: "chomp", fetchedAt: Date()) }
        guard !fetched.isEmpty else { return product }
        try await save(fetched)
        return fetched.first { $0.barcode == barcode } ?? fetched.first
    }

    /// Fetches `name` from the API unless fetched within ``maxAge`` (or `force`); returns how many products were cached.
    private func fetchIfNotCached(_ name: String, client: ChompClient, force: Bool) async throws -> Int? {
        let key = TextNormalizer.words(name).joined(separator: " ")
        guard !key.isEmpty else { return nil }
        if !force, let seen = try await storeCall({ try await self.store.get(collection: Self.queryCollection, id: key) }),
            let at = seen.document["fetchedAt"]?.stringValue.flatMap({ try? Date($0, strategy: .iso8601) }), !isStale(at)
        {
            return nil
        }
        let items = try await client.name(name)
        let now = Date()
        let products = items.compactMap { Product(chomp: $0, source: "chomp", fetchedAt: now) }
        if !products.isEmpty { try await save(products) }
        let record: JSONValue = .object([
            "query": .string(key), "fetchedAt": .string(now.formatted(.iso8601)),
            "count": .number(Decimal(products.count)),
            "ids": .array(products.map { .string($0.id) }),
        ])
        _ = try await storeCall { try await self.store.put(collection: Self.queryCollection, id: key, document: record) }
        return products.count
    }

    private func isStale(_ date: Date?) -> Bool {
        guard let date else { return true }
        return Date().timeIntervalSince(date) > maxAge
    }

    private func storeCall<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as CatalogError {
            throw error
        } catch {
            throw CatalogError(.store, "the store failed: \(error)", underlying: error)
        }
    }
}
