import Catalog
import DocumentStore
import Foundation
import Logging
import ReceiptModel
import ReceiptTesting
import Testing

@testable import ReceiptPipeline

@Suite struct ListEnrichmentTests {
    static let logger: Logger = {
        var logger = Logger(label: "enrich-test")
        logger.logLevel = .critical
        return logger
    }()

    static let wholeMilk = ProductRef(barcode: "0071230000016", name: "Whole Milk, 1 Gallon")
    static let bananas = ProductRef(barcode: "0200000040116", name: "Bananas")
    static let peanutButter = ProductRef(barcode: "0071231000022", name: "Creamy Peanut Butter, 16 oz")

    static func cart(_ id: String, date: String, merchant: String, _ items: [CartItem]) -> CartDocument {
        CartDocument(
            id: id,
            name: merchant,
            addedByUser: "ana",
            addedOn: "2025-03-01T09:00:00Z",
            merchant: Merchant(name: merchant),
            date: date,
            currency: "USD",
            items: items,
            source: DocumentSource(file: "\(id).jpg")
        )
    }

    /// Three carts, as ingest would store them (items matched to catalog products by barcode).
    static let carts: [CartDocument] = [
        cart(
            "a0a0",
            date: "2025-01-03",
            merchant: "Fresh Mart",
            [
                CartItem(name: "WHL MLK GAL", quantity: 1, price: Amount("3.49"), product: wholeMilk),
                CartItem(name: "BANANAS", quantity: 2, unit: "lb", unitPrice: Amount("0.59"), price: Amount("1.18"), product: bananas),
                CartItem(name: "LG WHITE EGGS 12CT", price: Amount("2.99")),
            ]
        ),
        cart(
            "b1b1",
            date: "2025-02-10",
            merchant: "Value Foods",
            [
                CartItem(name: "MILK GAL", quantity: 2, price: Amount("6.58"), product: wholeMilk),  // 3.29 each
                CartItem(name: "PNT BTR CRMY 16OZ", price: Amount("2.50"), product: peanutButter),
                CartItem(name: "EGGS LARGE 12", price: Amount("3.49")),
            ]
        ),
        cart(
            "c2c2",
            date: "2024-12-01",
            merchant: "Corner Shop",
            [
                CartItem(name: "MILK", price: Amount("3.99"), product: wholeMilk),
                CartItem(name: "BANANAS", quantity: 3, price: Amount("1.47"), product: bananas),  // 0.49 each
                CartItem(name: "OAT MILK", price: Amount("4.00")),  // not the whole milk product
            ]
        ),
    ]

    /// Runs `body` with a temporary SQLite store holding ``carts`` and the default catalog's matcher.
    static func withStore<T>(_ body: (any DocumentStore, ProductMatcher) async throws -> T) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("enrich-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try await StoreLocation.parse(directory.appendingPathComponent("s.sqlite").path).open(logger: logger)
        do {
            for cart in carts {
                try await store.put(collection: CartDocument.collection, id: cart.id, document: JSONValue(encoding: cart))
            }
            let catalog = ProductCatalog(
                store: store,
                client: nil,
                defaultCatalog: Fixtures.url("catalog/products.json"),
                logger: logger
            )
            let matcher = try await catalog.matcher()
            let result = try await body(store, matcher)
            try await store.close()
            return result
        } catch {
            try? await store.close()
            throw error
        }
    }

    static func storedCarts(_ store: any DocumentStore) async throws -> [CartDocument] {
        var result: [CartDocument] = []
        for try await cart in CartQueries(store: store).carts(CartQueries.Filters()) { result.append(cart) }
        return result
    }

    @Test func parsesQuantitiesCommentsAndJSON() throws {
        let text = "# groceries\n\n2 milk\nbananas\npeanut butter 16 oz\n3 x eggs\n2× bread\n- 4 limes\n2% milk\n  \n"
        #expect(
            try ListEntry.parse(Data(text.utf8)) == [
                ListEntry(name: "milk", quantity: 2), ListEntry(name: "bananas"), ListEntry(name: "peanut butter 16 oz"),
                ListEntry(name: "eggs", quantity: 3), ListEntry(name: "bread", quantity: 2), ListEntry(name: "limes", quantity: 4),
                ListEntry(name: "2% milk"),
            ]
        )
        #expect(try ListEntry.parse(Data("1.5 apples".utf8)) == [ListEntry(name: "apples", quantity: Decimal(string: "1.5")!)])
        let json = #"[{"name":" milk ","quantity":2},{"name":"bananas","quantity":null},{"name":"eggs","quantity":1.5}]"#
        #expect(
            try ListEntry.parse(Data(json.utf8)) == [
                ListEntry(name: "milk", quantity: 2), ListEntry(name: "bananas"), ListEntry(name: "eggs", quantity: Decimal(string: "1.5")!),
            ]
        )
        #expect(throws: PipelineError.self) { try ListEntry.parse(Data(#"[{"name":"milk","quantity":0}]"#.utf8)) }
        #expect(throws: PipelineError.self) { try ListEntry.parse(Data(#"[{"name":"milk","quantity":-2}]"#.utf8)) }
        #expect(throws: PipelineError.self) { try ListEntry.parse(Data("[1, 2]".utf8)) }
    }

    @Test func fixtureListsParse() throws {
        let text = try ListEntry.parse(Data(contentsOf: Fixtures.url("lists/weekly.txt")))
        #expect(text.count == 8)
        #expect(text[3] == ListEntry(name: "eggs", quantity: 3))
        #expect(text.last == ListEntry(name: "coffee"))
        let json = try ListEntry.parse(Data(contentsOf: Fixtures.url("lists/weekly.json")))
        #expect(json == Array(text.prefix(4)))
    }

    @Test func pricesAListFromStoredCartsAndTheDefaultCatalog() async throws {
        try await Self.withStore { store, matcher in
            let carts = try await Self.storedCarts(store)
            #expect(carts.count == 3)
            let entries = try ListEntry.parse(Data("2 milk\nbananas\npeanut butter 16 oz\n3 x eggs\ncaviar\n".utf8))
            let items = PriceBook(carts: carts).enrich(entries) { name in matcher.match(line: name).map(ProductRef.init) }
            #expect(items.count == 5)

            // milk: the catalog's whole milk; three purchases of that barcode, not the oat milk.
            #expect(items[0].product?.barcode == Self.wholeMilk.barcode)
            let milk = try #require(items[0].history)
            #expect(milk.purchases == 3)
            #expect(milk.lastPrice == Amount("3.29"))
            #expect(milk.lastMerchant == "Value Foods")
            #expect(milk.lastDate == "2025-02-10")
            #expect(milk.lowest == Amount("3.29"))
            #expect(milk.median == Amount("3.49"))
            #expect(items[0].unitPrice == Amount("3.29"))
            #expect(items[0].price?.description == "6.58")

            // bananas: the printed unit price once, price ÷ quantity once.
            #expect(items[1].product?.barcode == Self.bananas.barcode)
            let bananas = try #require(items[1].history)
            #expect(bananas.purchases == 2)
            #expect(bananas.lastPrice == Amount("0.59"))
            #expect(bananas.lastMerchant == "Fresh Mart")
            #expect(bananas.lowest == Amount("0.49"))
            #expect(bananas.median == Amount("0.54"))
            #expect(items[1].price?.description == "0.59")

            #expect(items[2].product?.barcode == Self.peanutButter.barcode)
            #expect(
                items[2].history
                    == PriceHistory(
                        lastPrice: Amount("2.50")!,
                        lastMerchant: "Value Foods",
                        lastDate: "2025-02-10",
                        lowest: Amount("2.50")!,
                        median: Amount("2.50")!,
                        purchases: 1
                    )
            )
            #expect(items[2].price?.description == "2.50")

            // eggs: no single confident catalog product (12 and 18 count tie), so the items whose
            // name holds the entry's words count.
            #expect(items[3].product == nil)
            let eggs = try #require(items[3].history)
            #expect(eggs.purchases == 2)
            #expect(eggs.lastPrice == Amount("3.49"))
            #expect(eggs.lastDate == "2025-02-10")
            #expect(eggs.lowest == Amount("2.99"))
            #expect(eggs.median == Amount("3.24"))
            #expect(items[3].price?.description == "10.47")

            // caviar: never bought.
            #expect(items[4].history == nil)
            #expect(items[4].price == nil)

            #expect(PriceBook.total(items)?.description == "20.14")  // 6.58 + 0.59 + 2.50 + 10.47
        }
    }

    @Test func savedListRoundTripsThroughTheStore() async throws {
        try await Self.withStore { store, matcher in
            let carts = try await Self.storedCarts(store)
            let entries = [ListEntry(name: "milk", quantity: 2), ListEntry(name: "caviar")]
            let items = PriceBook(carts: carts).enrich(entries) { name in matcher.match(line: name).map(ProductRef.init) }
            let list = ShoppingList(
                id: "0123abcd",
                name: "weekly",
                addedByUser: "ana",
                addedOn: "2025-03-02T10:00:00Z",
                items: items,
                totalPrice: PriceBook.total(items)
            )
            try await store.put(collection: ShoppingList.collection, id: list.id, document: JSONValue(encoding: list))
            let stored = try #require(try await store.get(collection: ShoppingList.collection, id: "0123abcd"))
            let back = try stored.document.decode(as: ShoppingList.self)
            #expect(back.completed == false)
            #expect(back.type == "list")
            #expect(back.totalPrice?.description == "6.58")
            #expect(back.items.map(\.name) == ["milk", "caviar"])
            #expect(back.items[0].history?.purchases == 3)
            #expect(back.items[1].history == nil)
        }
    }

    @Test func noHistoryAnywhereGivesNoTotal() {
        let items = PriceBook(carts: []).enrich([ListEntry(name: "milk")]) { _ in nil }
        #expect(items[0].history == nil)
        #expect(PriceBook.total(items) == nil)
    }
}
