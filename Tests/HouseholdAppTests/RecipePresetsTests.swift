import Catalog
import CurlHTTP
import Foundation
import HouseholdApp
import Households
import Logging
import ReceiptModel
import ReceiptTesting
import Testing

@Suite struct RecipePresetsTests {
    static func catalog(_ h: Household) -> ProductCatalog {
        ProductCatalog(store: h.store, client: nil, defaultCatalog: Fixtures.url("catalog/products.json"), logger: Household.logger)
    }

    @Test("a recipe becomes a preset whose ingredients are catalog products, and goes onto a list scaled by servings")
    func recipeToPresetToList() async throws {
        let recipes = Fixtures.url("catalog/recipes.json").path
        let server = try await onOwnThread {
            try LoopbackServer.start(script: "scripts/fake-chomp-server.py", arguments: ["--recipes", recipes])
        }
        defer { server.stop() }
        try await Household.with { h in
            let http = HTTPClient(configuration: HTTPClientConfiguration(requestsPerMinute: 0), logger: Household.logger)
            let client = ChompRecipeClient(apiKey: "recipe-key", baseURL: "\(server.origin)/api/v2", http: http, logger: Household.logger)
            let recipePresets = RecipePresets(client: client, products: ProductLookup(catalog: Self.catalog(h)), presets: h.services.presets)
            #expect(recipePresets.unavailableReason == nil)
            let preset = try await recipePresets.savePreset(recipe: "9001", in: h.home, by: h.user.id).value
            #expect(preset.name == "Beef Tacos")
            #expect(preset.servings == 4)
            #expect(preset.source == "chomp-recipe:9001")
            #expect(preset.entries.first { $0.name == "Black Beans" }?.product?.barcode == "0071231000190")
            #expect(preset.entries.first { $0.name == "Ground Beef" }?.unit == "g")

            let list = try await h.services.lists.create(in: h.home, name: "Friday", by: h.user)
            let (after, added) = try await h.services.presets.add(preset.id, to: list.value.id, in: h.home, servings: 6, by: h.user)
            #expect(added.count == 5)
            #expect(after.rev == list.rev + 1)
            // 8 tortillas × 6/4 = 12; 500 g × 6/4 = 750 g; 1 can × 6/4 = 1.5 cans (a unit: not rounded up).
            #expect(added.first { $0.name == "Flour Tortillas" }?.quantity == 12)
            #expect(added.first { $0.name == "Ground Beef" }?.quantity == 750)
            #expect(added.first { $0.name == "Black Beans" }?.quantity == Decimal(string: "1.5"))
            #expect(added.allSatisfy { $0.note == "Beef Tacos" })
            await #expect(throws: HouseholdError.self) { try await recipePresets.savePreset(recipe: "1", in: h.home, by: h.user.id) }
        }
    }

    @Test("without a recipe key: presets only, and why")
    func withoutAKey() async throws {
        try await Household.with { h in
            let recipePresets = RecipePresets(client: nil, products: ProductLookup(catalog: nil), presets: h.services.presets)
            #expect(recipePresets.unavailableReason?.contains("CHOMP_RECIPE_API_KEY") == true)
            let found = try await recipePresets.search("tacos")
            #expect(found.isEmpty)
        }
    }

    @Test("typed preset lines: a number, an optional unit, a name")
    func typedLines() {
        #expect(Preset.Item(line: "2 flour tortillas") == Preset.Item(name: "flour tortillas", quantity: 2))
        #expect(Preset.Item(line: "300 g cheddar") == Preset.Item(name: "cheddar", quantity: 300, unit: "g"))
        #expect(Preset.Item(line: "salsa") == Preset.Item(name: "salsa", quantity: 1))
        #expect(Preset.Item(line: "  ") == nil)
    }

    @Test("scaling: counts round up to whole pieces, measures to two decimals")
    func scaling() {
        let preset = Preset(
            id: "p",
            household: "h",
            name: "Taco night",
            servings: 4,
            entries: [],
            createdBy: "u",
            createdAt: "2026-01-01T00:00:00Z"
        )
        #expect(preset.quantity(of: Preset.Item(name: "tortillas", quantity: 1), for: 2) == 1)
        #expect(preset.quantity(of: Preset.Item(name: "tortillas", quantity: 3), for: 2) == 2)
        #expect(preset.quantity(of: Preset.Item(name: "cheddar", quantity: 100, unit: "g"), for: 3) == 75)
        #expect(preset.quantity(of: Preset.Item(name: "milk", quantity: 1, unit: "cup"), for: 3) == Decimal(string: "0.75"))
        #expect(preset.quantity(of: Preset.Item(name: "beans", quantity: 2), for: 4) == 2)
    }
}
