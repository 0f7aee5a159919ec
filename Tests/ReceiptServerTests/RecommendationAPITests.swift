import DocumentStore
import Foundation
import HTTPTypes
import HouseholdApp
import Households
import ReceiptModel
import ReceiptPipeline
import Testing

@Suite(.timeLimit(.minutes(5))) struct RecommendationAPITests {
    static let milk = ProductRef(barcode: "0071230000016", name: "Whole Milk, 1 Gallon", brand: "Farm Fresh", source: "catalog")
    static let cornFlakes = ProductRef(barcode: "0071233000075", name: "Corn Flakes Cereal", source: "catalog")
    static let bread = ProductRef(barcode: "0071233000013", name: "White Sandwich Bread", source: "catalog")

    /// Stores a household's cart of `products` bought `daysAgo` days before today.
    static func storeCart(_ services: HouseholdServices, household: String, daysAgo: Int, _ products: [ProductRef], lines: [String] = []) async throws
    {
        let day = CalendarDay.today().adding(days: -daysAgo).description
        var cart = CartDocument(
            id: "cart-\(household)-\(daysAgo)",
            name: "Trip \(day)",
            addedByUser: "test",
            addedOn: day,
            date: day,
            items: products.map { CartItem(name: $0.name.uppercased(), product: $0) } + lines.map { CartItem(name: $0) },
            source: DocumentSource(file: "")
        )
        cart.household = household
        _ = try await services.store.put(collection: Collections.carts, id: cart.id, document: try JSONValue(encoding: cart), expectedRev: 0)
    }

    @Test(
        "a list is answered with what goes with its entries and what is due again; a product with its companions or catalog neighbours; another household's answer 404"
    )
    func recommendationsOverHTTP() async throws {
        try await ServerHarness.with(.sqlite, catalog: true) { api, services in
            let (alice, _) = try await api.newUser("Alice")
            let (carol, _) = try await api.newUser("Carol")
            let home = try await alice.newHousehold("Home")
            let elsewhere = try await carol.newHousehold("Elsewhere")
            // Milk and corn flakes together in 3 of 4 carts; bread every 7 days, last 7 days ago.
            for (daysAgo, products) in [
                (28, [Self.milk, Self.cornFlakes, Self.bread]), (21, [Self.milk, Self.cornFlakes, Self.bread]), (14, [Self.bread]),
                (7, [Self.milk, Self.cornFlakes, Self.bread]),
            ] {
                try await Self.storeCart(services, household: home, daysAgo: daysAgo, products, lines: daysAgo == 14 ? ["HOUSE BLEND"] : [])
            }
            let list = try await alice.call(.post, "/api/v1/households/\(home)/lists", json: #"{"name":"Week"}"#)
            let listId = try #require(list["id"]?.stringValue)
            let entry = try await alice.call(
                .post,
                "/api/v1/households/\(home)/lists/\(listId)/entries",
                json: #"{"name":"milk","barcode":"0071230000016"}"#
            )
            #expect(entry.status == 201)

            let forList = try await alice.call(.get, "/api/v1/households/\(home)/recommendations?list=\(listId)")
            #expect(forList.status == 200)
            let together = try #require(forList["boughtTogether"]?.arrayValue)
            #expect(together.compactMap { $0["name"]?.stringValue } == ["Corn Flakes Cereal"])
            #expect(together.first?["explanation"]?.stringValue == "often bought with whole milk, 1 gallon")
            #expect(together.first?["confidence"]?.decimalValue == 1)
            #expect(together.first?["product"]?["barcode"]?.stringValue == "0071233000075")
            let due = try #require(forList["dueAgain"]?.arrayValue)
            let dueNames = due.compactMap { $0["name"]?.stringValue }
            #expect(dueNames.contains("White Sandwich Bread"))
            #expect(
                due.first { $0["name"]?.stringValue == "White Sandwich Bread" }?["explanation"]?.stringValue
                    == "you buy this about every 7 days; last 7 days ago"
            )
            // Milk is on the list: not suggested again.
            #expect(!due.contains { $0["productId"]?.stringValue == "0071230000016" })

            let forCereal = try await alice.call(.get, "/api/v1/households/\(home)/recommendations?product=0071233000075")
            #expect(forCereal["boughtTogether"]?.arrayValue?.compactMap { $0["name"]?.stringValue }.contains("Whole Milk, 1 Gallon") == true)
            #expect(forCereal["related"]?.arrayValue?.isEmpty == true)
            // Never bought: its catalog neighbours.
            let forOats = try await alice.call(.get, "/api/v1/households/\(home)/recommendations?product=0071233000082")
            let related = try #require(forOats["related"]?.arrayValue)
            #expect(related.contains { $0["name"]?.stringValue?.contains("Cereal") == true })
            #expect(related.first?["kind"]?.stringValue == "related")

            // Scoping: another household's list or a product only another household bought is 404.
            #expect(try await carol.call(.get, "/api/v1/households/\(home)/recommendations?list=\(listId)").status == 404)
            let foreignList = try await carol.call(.get, "/api/v1/households/\(elsewhere)/recommendations?list=\(listId)")
            #expect(foreignList.status == 404)
            #expect(foreignList.code == "list.not-found")
            let ownLine = try await alice.call(.get, "/api/v1/households/\(home)/recommendations?product=line-house-blend")
            #expect(ownLine.status == 200)
            let foreignLine = try await carol.call(.get, "/api/v1/households/\(elsewhere)/recommendations?product=line-house-blend")
            #expect(foreignLine.status == 404)
            #expect(foreignLine.code == "product.not-found")
            // Neither a product nor a list: what is due now; both: the product's companions and the list's due.
            #expect(try await alice.call(.get, "/api/v1/households/\(home)/recommendations").status == 200)
            #expect(try await alice.call(.get, "/api/v1/households/\(home)/recommendations?product=line-house-blend&list=\(listId)").status == 200)
        }
    }

    @Test("a preset is added to a list at once with quantities scaled by servings; another household's preset or list is 404")
    func presetsOverHTTP() async throws {
        try await ServerHarness.with(.sqlite, catalog: true) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let (carol, _) = try await api.newUser("Carol")
            let home = try await alice.newHousehold("Home")
            let elsewhere = try await carol.newHousehold("Elsewhere")
            let body = #"""
                {"name":"Taco night","servings":2,"entries":[{"name":"Flour tortillas","quantity":1},{"name":"Black beans","barcode":"0071231000190","quantity":1},{"name":"Cheddar","quantity":150,"unit":"g"}]}
                """#
            let created = try await alice.call(.post, "/api/v1/households/\(home)/presets", json: body)
            #expect(created.status == 201)
            let presetId = try #require(created["id"]?.stringValue)
            #expect(created["entries"]?.arrayValue?[1]["product"]?["name"]?.stringValue == "Black Beans, 15 oz Can")
            #expect(try await alice.call(.post, "/api/v1/households/\(home)/presets", json: #"{"name":"Empty","entries":[]}"#).status == 400)
            let listed = try await alice.call(.get, "/api/v1/households/\(home)/presets")
            #expect(listed["presets"]?.arrayValue?.count == 1)

            let list = try await alice.call(.post, "/api/v1/households/\(home)/lists", json: #"{"name":"Friday"}"#)
            let listId = try #require(list["id"]?.stringValue)
            let added = try await alice.call(
                .post,
                "/api/v1/households/\(home)/presets/\(presetId)/add",
                json: #"{"listId":"\#(listId)","servings":5}"#
            )
            #expect(added.status == 200)
            let entries = try #require(added["entries"]?.arrayValue)
            let quantities = Dictionary(
                uniqueKeysWithValues: entries.compactMap { entry in entry["name"]?.stringValue.map { ($0, entry["quantity"]) } }
            )
            // 1 × 5/2 = 2.5 → 3 whole packs; 150 g × 5/2 = 375 g.
            #expect(quantities["Flour tortillas"]??.decimalValue == 3)
            #expect(quantities["Cheddar"]??.decimalValue == 375)
            #expect(entries.allSatisfy { $0["note"]?.stringValue == "Taco night" })

            #expect(try await carol.call(.get, "/api/v1/households/\(elsewhere)/presets/\(presetId)").status == 404)
            #expect(
                try await carol.call(.post, "/api/v1/households/\(elsewhere)/presets/\(presetId)/add", json: #"{"listId":"\#(listId)"}"#).status
                    == 404
            )
            let carolPreset = try await carol.call(.post, "/api/v1/households/\(elsewhere)/presets", json: body)
            let carolPresetId = try #require(carolPreset["id"]?.stringValue)
            let intoForeignList = try await carol.call(
                .post,
                "/api/v1/households/\(elsewhere)/presets/\(carolPresetId)/add",
                json: #"{"listId":"\#(listId)"}"#
            )
            #expect(intoForeignList.status == 404)
            #expect(intoForeignList.code == "list.not-found")
            #expect(try await alice.call(.delete, "/api/v1/households/\(home)/presets/\(presetId)").status == 204)
            #expect(try await alice.call(.get, "/api/v1/households/\(home)/presets/\(presetId)").status == 404)
        }
    }
}

@Suite(.timeLimit(.minutes(5))) struct RecipeAPITests {
    @Test("without a recipe key the recipe routes answer 503 recipes.unavailable, saying why; another household is 404")
    func recipesUnavailable() async throws {
        try await ServerHarness.with(.sqlite, catalog: true) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let (carol, _) = try await api.newUser("Carol")
            let home = try await alice.newHousehold("Home")
            let search = try await alice.call(.get, "/api/v1/households/\(home)/recipes?q=tacos")
            #expect(search.status == 503)
            #expect(search.code == "recipes.unavailable")
            #expect(search["detail"]?.stringValue?.contains("CHOMP_RECIPE_API_KEY") == true)
            #expect(try await alice.call(.post, "/api/v1/households/\(home)/recipes/9001/preset").status == 503)
            #expect(try await carol.call(.get, "/api/v1/households/\(home)/recipes?q=tacos").status == 404)
        }
    }
}
