import Foundation
import ReceiptTesting
import Testing

/// `receipts recommend` and `receipts list preset` on a personal store.
@Suite(.serialized) struct RecommendAndPresetCommandsTests {
    static let milk = #"{"barcode":"0071230000016","name":"Whole Milk, 1 Gallon"}"#
    static let flakes = #"{"barcode":"0071233000075","name":"Corn Flakes Cereal"}"#
    static let bread = #"{"barcode":"0071233000013","name":"White Sandwich Bread"}"#

    @Test("recommend: bread due again (every 7 days), corn flakes with the list's milk, catalog neighbours of oat rings")
    func recommend() async throws {
        let work = try Workspace()
        func item(_ product: String) -> String { #"{"name":"X","product":\#(product)}"# }
        let (milk, flakes, bread) = (Self.milk, Self.flakes, Self.bread)
        let carts = [
            (1, "2025-03-01", [milk, flakes, bread]), (2, "2025-03-08", [milk, flakes, bread]), (3, "2025-03-15", [bread]),
            (4, "2025-03-22", [milk, flakes, bread]),
        ]
        .map { n, date, products in
            StatsAndEnrichEndToEndTests.cart(n, date, "9.00", items: "[" + products.map(item).joined(separator: ",") + "]")
        }
        try await StatsAndEnrichEndToEndTests.importCarts(carts, into: work)
        let due = try await CLI.run(["recommend", "--as-of", "2025-03-29", "--store", work.store], in: work.url)
        #expect(due.status == 0, "\(due.stderr)")
        #expect(due.stdout.contains("White Sandwich Bread  (you buy this about every 7 days; last 7 days ago)"))
        #expect(try await CLI.run(["list", "create", "Week", "--store", work.store], in: work.url).status == 0)
        #expect(try await CLI.run(["list", "add", "Week", "milk", "--store", work.store], in: work.url).status == 0)
        let forList = try await CLI.run(["recommend", "--list", "Week", "--as-of", "2025-03-29", "--json", "--store", work.store], in: work.url)
        let answer = try CLI.json(forList.stdout)
        let together = try #require(answer["boughtTogether"] as? [[String: Any]])
        #expect(together.compactMap { $0["name"] as? String } == ["Corn Flakes Cereal"])
        #expect(together.first?["explanation"] as? String == "often bought with whole milk, 1 gallon")
        let related = try await CLI.run(["recommend", "--product", "0071233000082", "--json", "--store", work.store], in: work.url)
        let neighbours = try #require(try CLI.json(related.stdout)["related"] as? [[String: Any]])
        #expect(neighbours.contains { ($0["name"] as? String)?.contains("Cereal") == true })
        let unknown = try await CLI.run(["recommend", "--product", "nope", "--store", work.store], in: work.url)
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("product.not-found"))
    }

    @Test("list preset: saved, added to a list scaled by servings, shown, deleted")
    func presets() async throws {
        let work = try Workspace()
        func cli(_ arguments: [String]) async throws -> CLI.Result { try await CLI.run(arguments + ["--store", work.store], in: work.url) }
        #expect(try await cli(["list", "create", "Friday"]).status == 0)
        let saved = try await cli(["list", "preset", "save", "Taco night", "2 flour tortillas", "300 g cheddar", "salsa", "--servings", "4"])
        #expect(saved.status == 0, "\(saved.stderr)")
        let added = try await cli(["list", "preset", "add", "taco night", "Friday", "--servings", "6", "--json"])
        let list = try CLI.json(added.stdout)
        let entries = try #require(list["entries"] as? [[String: Any]])
        let quantities = Dictionary(uniqueKeysWithValues: entries.map { ($0["name"] as? String ?? "", "\($0["quantity"] ?? "")") })
        // 2 × 6/4 = 3; 300 g × 6/4 = 450 g; 1 × 6/4 = 1.5 → 2 (counts round up).
        #expect(quantities == ["flour tortillas": "3", "cheddar": "450", "salsa": "2"])
        #expect(try await cli(["list", "preset", "show"]).stdout.contains("Taco night  for 4  3 entries"))
        #expect(try await cli(["list", "preset", "add", "nope", "Friday"]).stderr.contains("preset.not-found"))
        #expect(try await cli(["list", "preset", "delete", "Taco night"]).status == 0)
        #expect(try await cli(["list", "preset", "show"]).stdout.contains("No presets yet"))
    }
}
