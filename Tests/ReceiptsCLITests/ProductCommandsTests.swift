import Foundation
import Testing

@Suite(.serialized) struct ProductCommandsTests {
    @Test func statsPerCategoryTakesTheCatalogsCategoryForOlderLines() async throws {
        // The known store's lines name their products without a category, as carts read before
        // categories did: the catalog gives them theirs.
        let work = try await StatsAndEnrichEndToEndTests.knownStore()
        let result = try await CLI.run(
            ["stats", "--categories", "--period", "all", "--as-of", "2025-01-02", "--store", work.store, "--json"],
            in: work.url
        )
        #expect(result.status == 0, "\(result.stderr)")
        let figures = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(figures.map { $0["currency"] as? String } == ["USD"])
        let categories = try #require(figures.first?["categories"] as? [[String: Any]])
        #expect(categories.map { "\($0["category"] ?? "")=\($0["total"] ?? "")" } == ["Dairy=10.07", "Produce=1.18"])

        let text = try await CLI.run(["stats", "--categories", "--period", "all", "--store", work.store], in: work.url)
        #expect(text.lines.contains("  Dairy                 USD      10.07  2 lines"), "\(text.stdout)")
    }

    @Test func searchBrowsesACategory() async throws {
        let work = try await StatsAndEnrichEndToEndTests.knownStore()
        let result = try await CLI.run(["search", "--category", "dairy", "--limit", "100", "--store", work.store, "--json"], in: work.url)
        #expect(result.status == 0, "\(result.stderr)")
        let results = try #require(try CLI.json(result.stdout)["results"] as? [[String: Any]])
        #expect(results.count > 10)
        #expect(results.allSatisfy { $0["category"] as? String == "Dairy" })
        let milk = try #require(results.first { $0["barcode"] as? String == "0071230000016" })
        #expect((milk["pricesPaid"] as? [Any])?.count == 2)
        let within = try await CLI.run(["search", "milk", "--category", "bakery", "--store", work.store], in: work.url)
        #expect(within.status == 0)
        #expect(!within.stdout.contains("Whole Milk"), "\(within.stdout)")
        #expect(try await CLI.run(["search", "--store", work.store], in: work.url).status != 0)
    }
}
