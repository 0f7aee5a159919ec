import Catalog
import CurlHTTP
import DocumentStore
import Foundation
import Logging
import ReceiptModel
import ReceiptTesting
import Testing

private let logger = Logger(label: "test.catalog")
private let exampleFile = "/work/shared/docs/chomp-example.json"

private func exampleData() throws -> Data {
    if let data = try? Data(contentsOf: URL(fileURLWithPath: exampleFile)) { return data }
    // Outside this machine: the same shape is in the default catalog.
    return try Data(contentsOf: Fixtures.url("catalog/products.json"))
}

private func chomp(
    _ server: LoopbackServer,
    mode: String = "ok",
    key: String? = "test-key",
    timeout: Duration = .seconds(5)
)
    -> ChompClient
{
    let http = HTTPClient(
        configuration: HTTPClientConfiguration(
            totalTimeout: timeout,
            maxBodyBytes: 1 << 20,
            retry: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(10)),
            requestsPerMinute: 0
        ),
        logger: logger
    )
    let session = UUID().uuidString.prefix(8)
    return ChompClient(
        configuration: ChompConfiguration(apiKey: key, baseURL: "\(server.origin)/\(session)/\(mode)/api/v2", pageLimit: 10),
        http: http,
        logger: logger
    )
}

@Suite struct ChompDecodingTests {
    @Test func decodesTheDocumentedExample() throws {
        let response = try ChompResponse.decode(try exampleData(), what: "example")
        let first = try #require(response.items.first)
        #expect(first.barcode != nil)
        #expect(first.name != nil)
        #expect(first.caloriesPer100g != nil)
        if (try? Data(contentsOf: URL(fileURLWithPath: exampleFile))) != nil {
            #expect(response.items.count == 2)
            #expect(first.barcode == "0012345678905")
            #expect(first.pictureURL?.hasPrefix("https://images.example.com") == true)
            #expect(first.serving?.unit == "g")
            let second = response.items[1]
            #expect(second.name != nil)
        }
    }

    @Test func decodesTheNestedVariantAndOddTypes() throws {
        let json = """
            {"items": [{
              "barcode": 842234000988, "name": "Nested Thing", "brand": null,
              "ingredients": {"chomp": "water, salt", "usda": null},
              "package": {"quantity": "2", "size": 0},
              "serving": {"chomp": {"size": "30"}, "usda": {"size": "28", "measurement_unit": "g", "size_fulltext": "1 oz"}},
              "nutrients": {"chomp": [{"name": "Energy", "measurement_unit": "kJ", "per_100g": 418.4}],
                            "usda": [{"name": "Protein", "per_100g": "3.5", "measurement_unit": "G"}]},
              "categories": "Snacks, Chips", "keywords": null, "packaging_photos": {"front": {"small": "https://x/s.jpg"}}
            }, "not an object", {"name": null}]}
            """
        let response = try ChompResponse.decode(Data(json.utf8), what: "nested")
        #expect(response.items.count == 2)
        let item = response.items[0]
        #expect(item.barcode == "842234000988")
        #expect(item.ingredients == "water, salt")
        #expect(item.packageSize == "0")
        #expect(item.packageQuantity == 2)
        #expect(item.serving?.size == "28")
        #expect(item.caloriesPer100g == 100)
        #expect(item.nutrients.count == 2)
        #expect(item.categories == ["Snacks", "Chips"])
        #expect(item.pictureURL == "https://x/s.jpg")
        #expect(Product(chomp: response.items[1], source: "chomp", fetchedAt: nil) == nil)
    }

    @Test func rejectsNonJSON() {
        #expect(throws: CatalogError.self) { try ChompResponse.decode(Data("<html>".utf8), what: "x") }
        #expect(throws: CatalogError.self) { try ChompResponse.decode(Data("{\"foo\": 1}".utf8), what: "x") }
    }

    @Test func productDocumentRoundTrips() throws {
        let item = try #require(try ChompResponse.decode(try exampleData(), what: "example").items.first)
        let product = try #require(Product(chomp: item, source: "chomp", fetchedAt: Date(timeIntervalSince1970: 1_700_000_000)))
        let back = try #require(Product(document: product.document))
        #expect(back.id == product.id)
        #expect(back.name == product.name)
        #expect(back.caloriesPer100g == product.caloriesPer100g)
        #expect(back.fetchedAt == product.fetchedAt)
        #expect(back.chomp == item.raw)
        #expect(Product.id(barcode: nil, name: "Latte", brand: "Cafe") == Product.id(barcode: nil, name: "LATTE", brand: "cafe"))
        #expect(Product.id(barcode: nil, name: "Latte", brand: nil).hasPrefix("name-"))
    }
}

@Suite struct ChompClientTests {
    let catalogFile = Fixtures.url("catalog/products.json").path

    @Test func pagesThroughNameResultsUntilAShortPage() async throws {
        try await withFakeChompServer(dataFiles: [catalogFile]) { server in
            let items = try await chomp(server).name("milk")
            // More than one page of milk products exists in the fixture catalog.
            #expect(items.count > 10)
            #expect(
                items.allSatisfy {
                    ($0.name ?? "").lowercased().contains("milk") || $0.keywords.contains { $0.contains("milk") }
                        || $0.categories.contains { $0.lowercased().contains("milk") }
                }
            )
            #expect(Set(items.compactMap(\.barcode)).count == items.count)
        }
    }

    @Test func notFoundIsEmptyNotAnError() async throws {
        try await withFakeChompServer(dataFiles: [catalogFile]) { server in
            let none = try await chomp(server).name("zzzqqq")
            let missing = try await chomp(server, mode: "404").barcode("0000000000000")
            #expect(none.isEmpty)
            #expect(missing.isEmpty)
        }
    }

    @Test func findsByBarcodeTryingTheOtherForm() async throws {
        try await withFakeChompServer(dataFiles: [catalogFile]) { server in
            let items = try await chomp(server).barcode("071230000016")  // 12 digits; stored with a leading 0
            #expect(items.first?.name == "Whole Milk, 1 Gallon")
        }
    }

    @Test func searchFilters() async throws {
        try await withFakeChompServer(dataFiles: [catalogFile]) { server in
            let items = try await chomp(server).search(ChompSearchFilters(brand: "Farm Fresh"))
            #expect(!items.isEmpty)
            #expect(items.allSatisfy { $0.brand == "Farm Fresh" })
            await #expect(throws: CatalogError.self) { _ = try await chomp(server).search(ChompSearchFilters()) }
        }
    }

    @Test func unauthorizedSaysKeyOrPlanWithoutTheKey() async throws {
        try await withFakeChompServer(dataFiles: [catalogFile]) { server in
            let error = try await #require(throws: CatalogError.self) { _ = try await chomp(server, key: "bad").name("milk") }
            #expect(error.code == .unauthorized)
            #expect(error.message.contains("API key"))
            #expect(error.message.contains("plan"))
            let secret = "very-secret-key-42"
            let error2 = try await #require(throws: CatalogError.self) {
                _ = try await chomp(server, mode: "401", key: secret).name("milk")
            }
            #expect(!"\(error2) \(String(describing: error2.underlying))".contains(secret))
        }
    }

    @Test func badRequestNamesTheParameter() async throws {
        try await withFakeChompServer(dataFiles: [catalogFile]) { server in
            let error = try await #require(throws: CatalogError.self) { _ = try await chomp(server, mode: "400").name("milk") }
            #expect(error.code == .badRequest)
            #expect(error.message.contains("limit"))
        }
    }

    @Test func recoversFrom429And500() async throws {
        try await withFakeChompServer(dataFiles: [catalogFile]) { server in
            let after429 = try await chomp(server, mode: "429x1").name("banana")
            let after500 = try await chomp(server, mode: "500x2").name("banana")
            #expect(!after429.isEmpty)
            #expect(!after500.isEmpty)
        }
    }

    @Test func brokenResponsesAreDecodeOrHTTPErrors() async throws {
        try await withFakeChompServer(dataFiles: [catalogFile]) { server in
            for mode in ["truncated", "malformed", "html"] {
                let error = try await #require(throws: CatalogError.self) { _ = try await chomp(server, mode: mode).name("milk") }
                #expect(error.code == .decode, "mode \(mode)")
            }
            let cut = try await #require(throws: CatalogError.self) { _ = try await chomp(server, mode: "cut").name("milk") }
            #expect(cut.code == .http)
            let huge = try await #require(throws: CatalogError.self) { _ = try await chomp(server, mode: "huge3").name("milk") }
            #expect((huge.underlying as? HTTPError)?.code == .tooLarge)
            let slow = try await #require(throws: CatalogError.self) {
                _ = try await chomp(server, mode: "slow2000", timeout: .milliseconds(300)).name("milk")
            }
            #expect((slow.underlying as? HTTPError)?.code == .timeout)
        }
    }

    @Test func noKeyIsAClearError() async throws {
        let http = HTTPClient(logger: logger)
        let client = ChompClient(configuration: ChompConfiguration(apiKey: nil), http: http, logger: logger)
        let error = try await #require(throws: CatalogError.self) { _ = try await client.name("milk") }
        #expect(error.code == .noKey)
        #expect(ChompConfiguration.fromEnvironment([:]).baseURL == "https://chompthis.com/api/v2")
        let configured = ChompConfiguration.fromEnvironment([
            "CHOMP_API_KEY": "k", "CHOMP_BASE_URL": "http://127.0.0.1:1/api/v2/", "CHOMP_USER_ID": "u",
        ])
        #expect(configured.baseURL == "http://127.0.0.1:1/api/v2")
        #expect(configured.userID == "u")
    }
}

@Suite struct ProductCatalogTests {
    private func withStore<T>(_ body: (any DocumentStore) async throws -> T) async throws -> T {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString).sqlite").path
        let store = try await SQLiteDocumentStore(path: path, logger: logger)
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let result = try await body(store)
        try await store.close()
        return result
    }

    @Test func loadsTheDefaultCatalogOnFirstUseAndSearchesOffline() async throws {
        try await withStore { store in
            let catalog = ProductCatalog(
                store: store,
                client: nil,
                defaultCatalog: Fixtures.url("catalog/products.json"),
                logger: logger
            )
            let outcome = try await catalog.search("peanut butter creamy", limit: 3, remote: true)
            #expect(outcome.remote == .notConfigured)
            #expect(outcome.results.first?.product.name.contains("Creamy Peanut Butter") == true)
            #expect(try await store.count(collection: "products") >= 300)
            let match = try await catalog.matcher().match(line: "CHKN BRST BNLS 8.50")
            #expect(match?.product.name.lowercased().contains("chicken breast") == true)
        }
    }

    @Test(.enabled(if: RequiredTool.postgres, "needs RECEIPTS_TEST_POSTGRES_URL (scripts/with-postgres.sh)"))
    func worksOnPostgreSQLToo() async throws {
        // A fresh schema, with the long connect timeout of the tests' stores (the run shares two cores).
        let location = try TemporaryStores.newLocation(.postgres, directory: FileManager.default.temporaryDirectory)
        let store = try await StoreLocation.parse(location).open(logger: logger)
        do {
            let catalog = ProductCatalog(
                store: store,
                client: nil,
                defaultCatalog: Fixtures.url("catalog/products.json"),
                logger: logger
            )
            let match = try await catalog.matcher().match(line: "ORG BNNA 0.79")
            #expect(match?.product.name.lowercased().contains("banana") == true)
            #expect(try await store.count(collection: "products") >= 300)
            try await store.close()
        } catch {
            try? await store.close()
            throw error
        }
    }

    @Test func fetchesFromTheAPIWhenLocalResultsAreWeakAndCachesThem() async throws {
        let extra = FileManager.default.temporaryDirectory.appendingPathComponent("extra-\(UUID().uuidString).json")
        try Data(
            """
            {"items": [{"barcode": "0099999999994", "name": "Quinoa Crunch Granola Bites", "brand": "Zeta Foods",
                        "nutrients": [{"name": "Energy", "per_100g": 450, "measurement_unit": "kcal"}]}]}
            """.utf8
        ).write(to: extra)
        defer { try? FileManager.default.removeItem(at: extra) }
        try await withFakeChompServer(dataFiles: [extra.path]) { server in
            try await withStore { store in
                let catalog = ProductCatalog(
                    store: store,
                    client: chomp(server),
                    defaultCatalog: Fixtures.url("catalog/products.json"),
                    logger: logger
                )
                let first = try await catalog.search("quinoa crunch", limit: 5)
                #expect(first.remote == .fetched(1))
                #expect(first.results.first?.product.barcode == "0099999999994")
                #expect(first.results.first?.product.caloriesPer100g == 450)
                let cached = try #require(try await store.get(collection: "products", id: "0099999999994"))
                #expect(cached.document["source"]?.stringValue == "chomp")
                #expect(cached.document["fetchedAt"]?.stringValue != nil)
                // The same weak query again is answered from the cache, not the API.
                let second = try await catalog.search("quinoa crunch", limit: 5)
                #expect(second.remote == .notNeeded)
                #expect(second.results.first?.product.barcode == "0099999999994")
            }
        }
    }

    @Test func importsAFileAndRefusesBrokenOnes() async throws {
        try await withStore { store in
            let catalog = ProductCatalog(store: store, client: nil, defaultCatalog: nil, logger: logger)
            let count = try await catalog.importFile(URL(fileURLWithPath: exampleFile))
            #expect(count == 2)
            let broken = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).json")
            try Data("{\"items\": [".utf8).write(to: broken)
            defer { try? FileManager.default.removeItem(at: broken) }
            let error = try await #require(throws: CatalogError.self) { _ = try await catalog.importFile(broken) }
            #expect(error.code == .decode)
        }
    }
}
