import DocumentStore
import Foundation
import HTTPTypes
import HouseholdApp
import Households
import ReceiptModel
import ReceiptTesting
import Testing

@Suite(.timeLimit(.minutes(5))) struct ProductTests {
    static let milk = "0071230000016"

    /// A receipt of `household` with one line matched to the catalog's whole milk.
    static func milkReceipt(
        _ services: HouseholdServices,
        _ id: String,
        household: String,
        merchant: String,
        date: String,
        price: String
    ) async throws {
        var cart = CartDocument(
            id: id,
            name: merchant,
            addedByUser: "x",
            addedOn: "2026-11-01T10:00:00Z",
            merchant: Merchant(name: merchant),
            date: date,
            currency: "USD",
            items: [
                CartItem(name: "WHL MILK", price: Amount(price), product: ProductRef(barcode: milk, name: "Whole Milk, 1 Gallon", category: "Dairy"))
            ],
            source: DocumentSource(file: id, sha256: id)
        )
        cart.household = household
        try await services.store.put(collection: Collections.carts, id: id, document: try JSONValue(encoding: cart))
    }

    @Test(
        "the product page's answer: facts, prices per merchant with the cheapest, reviews; another household sees none of it",
        arguments: TemporaryStores.engines
    )
    func productDetail(engine: StoreEngine) async throws {
        try await ServerHarness.with(engine, catalog: true) { api, services in
            let (alice, _) = try await api.newUser("Alice")
            let (bob, _) = try await api.newUser("Bob")
            let (carol, _) = try await api.newUser("Carol")
            let home = try await alice.newHousehold("Home")
            try await alice.invite(bob, to: home)
            let elsewhere = try await carol.newHousehold("Elsewhere")
            try await Self.milkReceipt(services, "r1", household: home, merchant: "FRESH MART", date: "2024-01-05", price: "3.79")
            try await Self.milkReceipt(services, "r2", household: home, merchant: "FRESH MART", date: "2024-03-09", price: "3.49")
            try await Self.milkReceipt(services, "r3", household: home, merchant: "CORNER SHOP", date: "2024-02-01", price: "3.99")
            try await Self.milkReceipt(services, "r4", household: elsewhere, merchant: "CHEAPO", date: "2024-02-01", price: "0.99")

            let path = "/api/v1/households/\(home)/products/\(Self.milk)"
            let detail = try await alice.call(.get, path)
            #expect(detail.status == 200)
            #expect(detail["product"]?["category"]?.stringValue == "Dairy")
            #expect(detail["product"]?["brand"]?.stringValue == "Farm Fresh")
            #expect(detail["caloriesPer100g"] != nil)
            #expect(detail["nutrients"]?.arrayValue?.isEmpty == false)
            #expect(detail["purchases"]?.intValue == 3)
            let cheapest = try #require(detail["cheapest"]?.arrayValue?.first)
            #expect(cheapest["merchant"]?.stringValue == "FRESH MART")
            #expect(cheapest["lowest"]?["price"]?.stringValue == "3.49")
            #expect(cheapest["lowest"]?["date"]?.stringValue == "2024-03-09")
            #expect(detail["merchants"]?.arrayValue?.map { $0["merchant"]?.stringValue } == ["FRESH MART", "CORNER SHOP"])
            let spending = try await alice.call(.get, "/api/v1/households/\(home)/stats/categories?period=all")
            let dairy = try #require(spending["currencies"]?.arrayValue?.first?["categories"]?.arrayValue?.first)
            #expect(dairy["category"]?.stringValue == "Dairy")
            #expect(dairy["total"]?.stringValue == "11.27")
            #expect(try await carol.call(.get, "/api/v1/households/\(home)/stats/categories").status == 404)

            // A guest of a shared list sees the list, none of the household's prices or reviews.
            let lists = "/api/v1/households/\(home)/lists"
            let listId = try #require(try await alice.call(.post, lists, json: #"{"name":"Party"}"#)["id"]?.stringValue)
            let passcode = try #require(try await alice.call(.post, "\(lists)/\(listId)/share")["passcode"]?.stringValue)
            let joined = try await carol.call(.post, "/api/v1/shared-lists/join", json: #"{"listId":"\#(listId)","passcode":"\#(passcode)"}"#)
            #expect(joined.status == 200)
            #expect(try await carol.call(.get, path).status == 404)
            #expect(try await carol.call(.get, "\(path)/reviews").status == 404)

            // Carol's household bought it elsewhere: her view has her prices only, and Alice's household is a 404.
            let carols = try await carol.call(.get, "/api/v1/households/\(elsewhere)/products/\(Self.milk)")
            #expect(carols["merchants"]?.arrayValue?.map { $0["merchant"]?.stringValue } == ["CHEAPO"])
            #expect(try await carol.call(.get, path).status == 404)
            #expect(try await alice.call(.get, "/api/v1/households/\(home)/products/0000000000017").code == "product.not-found")
            let never = try await alice.call(.get, "/api/v1/households/\(home)/products/0071242000028")
            #expect(never["merchants"]?.arrayValue?.isEmpty == true)

            // Reviews: Bob sees Alice's, may not change it; the average counts both.
            let review = try await alice.call(.post, "\(path)/reviews", json: #"{"rating":5,"comment":"Creamy"}"#)
            #expect(review.status == 201)
            let reviewId = try #require(review["id"]?.stringValue)
            #expect(try await bob.call(.post, "\(path)/reviews", json: #"{"rating":2}"#).status == 201)
            #expect(try await alice.call(.post, "\(path)/reviews", json: #"{"rating":4}"#).code == "review.exists")
            #expect(try await alice.call(.post, "\(path)/reviews", json: #"{"rating":9}"#)["field"]?.stringValue == "rating")
            let reviews = try await bob.call(.get, "\(path)/reviews")
            #expect(reviews["count"]?.intValue == 2)
            #expect(reviews["average"]?.decimalValue == Decimal(string: "3.5"))
            let byBob = try await bob.call(.patch, "/api/v1/households/\(home)/reviews/\(reviewId)", json: #"{"rating":1}"#)
            #expect(byBob.status == 403)
            #expect(byBob.code == "review.not-author")
            #expect(try await carol.call(.delete, "/api/v1/households/\(elsewhere)/reviews/\(reviewId)").status == 404)
            #expect(try await carol.call(.get, "\(path)/reviews").status == 404)
            let edited = try await alice.call(.patch, "/api/v1/households/\(home)/reviews/\(reviewId)", json: #"{"rating":4,"comment":null}"#)
            #expect(edited["rating"]?.intValue == 4)
            #expect(try await alice.call(.delete, "/api/v1/households/\(home)/reviews/\(reviewId)").status == 204)
            #expect(try await bob.call(.get, "\(path)/reviews")["count"]?.intValue == 1)
        }
    }

    @Test("favourites are per user: starred, listed, shown on the product, removed; categories browse the catalog")
    func favouritesAndCategories() async throws {
        try await ServerHarness.with(.sqlite, catalog: true) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let (bob, _) = try await api.newUser("Bob")
            let home = try await alice.newHousehold("Home")
            #expect(try await alice.call(.put, "/api/v1/favourites/\(Self.milk)").status == 200)
            #expect(try await alice.call(.put, "/api/v1/favourites/\(Self.milk)").status == 200)
            #expect(try await alice.call(.put, "/api/v1/favourites/0000000000017").status == 404)
            let mine = try await alice.call(.get, "/api/v1/favourites")
            #expect(mine["favourites"]?.arrayValue?.map { $0["productId"]?.stringValue } == [Self.milk])
            #expect(mine["favourites"]?.arrayValue?.first?["product"]?["category"]?.stringValue == "Dairy")
            #expect(try await bob.call(.get, "/api/v1/favourites")["favourites"]?.arrayValue?.isEmpty == true)
            #expect(try await bob.call(.delete, "/api/v1/favourites/\(Self.milk)").code == "favourite.not-found")
            #expect(try await alice.call(.get, "/api/v1/households/\(home)/products/\(Self.milk)")["favourite"]?.boolValue == true)
            #expect(try await alice.call(.delete, "/api/v1/favourites/\(Self.milk)").status == 204)
            #expect(try await alice.call(.get, "/api/v1/households/\(home)/products/\(Self.milk)")["favourite"]?.boolValue == false)

            let categories = try await alice.call(.get, "/api/v1/categories")
            let names = categories["categories"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
            #expect(names.contains("Dairy"))
            #expect(!names.contains("Molkereiprodukte"))
            let dairy = try await alice.call(.get, "/api/v1/categories/dairy")
            #expect(dairy["category"]?.stringValue == "Dairy")
            #expect(dairy["products"]?.arrayValue?.contains { $0["id"]?.stringValue == Self.milk } == true)
            #expect(try await alice.call(.get, "/api/v1/categories/Nothing-here").status == 404)
        }
    }

    @Test("the account's display name, default currency and locale: changed by the caller, checked, removed with null")
    func profile() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let changed = try await alice.call(.patch, "/api/v1/me", json: #"{"displayName":"Ali","defaultCurrency":"eur","locale":"de-DE"}"#)
            #expect(changed.status == 200)
            #expect(changed["displayName"]?.stringValue == "Ali")
            #expect(changed["preferences"]?["defaultCurrency"]?.stringValue == "EUR")
            #expect(try await alice.call(.get, "/api/v1/me")["user"]?["preferences"]?["locale"]?.stringValue == "de-DE")
            #expect(try await alice.call(.patch, "/api/v1/me", json: #"{"locale":"xx-YY"}"#)["field"]?.stringValue == "locale")
            #expect(try await alice.call(.patch, "/api/v1/me", json: #"{"defaultCurrency":"EURO"}"#)["field"]?.stringValue == "defaultCurrency")
            #expect(try await alice.call(.patch, "/api/v1/me", json: #"{"displayName":""}"#)["field"]?.stringValue == "displayName")
            let cleared = try await alice.call(.patch, "/api/v1/me", json: #"{"defaultCurrency":null,"locale":null}"#)
            #expect(cleared["preferences"] == nil)
            #expect(try await api.call(.patch, "/api/v1/me", json: #"{"locale":"de-DE"}"#).status == 401)
        }
    }
}
