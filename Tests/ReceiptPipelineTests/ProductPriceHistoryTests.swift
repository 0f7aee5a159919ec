import Foundation
import ReceiptModel
import ReceiptPipeline
import Testing

@Suite struct ProductPriceHistoryTests {
    static let milk = ProductRef(barcode: "0071230000016", name: "Whole Milk, 1 Gallon", category: "Dairy")

    static func cart(_ id: String, _ date: String, _ merchant: String, _ currency: String, _ items: [CartItem]) -> CartDocument {
        CartDocument(
            id: id,
            name: merchant,
            addedByUser: "ana",
            addedOn: "2025-03-01T09:00:00Z",
            merchant: Merchant(name: merchant),
            date: date,
            currency: currency,
            items: items,
            source: DocumentSource(file: "\(id).jpg")
        )
    }

    static func milkLine(_ price: String) -> CartItem {
        CartItem(name: "WHL MILK", price: Amount(price)!, product: milk)
    }

    static let carts = [
        cart("c1", "2024-01-05", "FRESH MART", "USD", [milkLine("3.79")]),
        cart("c2", "2024-03-09", "FRESH MART", "USD", [milkLine("3.49")]),
        cart("c3", "2024-04-02", "FRESH MART", "USD", [milkLine("3.99")]),
        cart("c4", "2024-02-10", "CORNER SHOP", "USD", [milkLine("3.59")]),
        cart("c5", "2024-02-11", "BIO MARKT", "EUR", [milkLine("1.19")]),
        cart("c6", "2024-02-12", "CORNER SHOP", "USD", [CartItem(name: "BREAD", price: Amount("2.00")!)]),
    ]

    @Test("per merchant and currency: prices by date, the last and the lowest; the cheapest merchant per currency")
    func perMerchant() throws {
        let book = PriceBook(carts: Self.carts)
        let history = ProductPriceHistory(book.purchases(of: Self.milk.name, product: Self.milk))
        #expect(history.purchases == 5)
        let fresh = try #require(history.merchants.first { $0.merchant == "FRESH MART" })
        #expect(fresh.points.map(\.date) == ["2024-01-05", "2024-03-09", "2024-04-02"])
        #expect(fresh.last.price == Amount("3.99"))
        #expect(fresh.lowest.price == Amount("3.49"))
        #expect(fresh.lowest.date == "2024-03-09")
        // Each currency has its own cheapest: euros are never compared with dollars.
        let cheapest = history.cheapest
        #expect(cheapest.map(\.currency) == ["EUR", "USD"])
        #expect(cheapest.map(\.merchant) == ["BIO MARKT", "FRESH MART"])
        #expect(history.merchants.map(\.merchant) == ["BIO MARKT", "FRESH MART", "CORNER SHOP"])
    }

    @Test("a product never bought has no merchants")
    func neverBought() {
        let book = PriceBook(carts: Self.carts)
        let history = ProductPriceHistory(book.purchases(of: "Oat Milk", product: ProductRef(barcode: "123", name: "Oat Milk")))
        #expect(history.merchants.isEmpty)
        #expect(history.cheapest.isEmpty)
    }

    @Test("spending per category and currency: unmatched lines are uncategorised, currencies never added")
    func categorySpending() throws {
        let figures = CategorySpending.compute(carts: Self.carts, asOf: CalendarDay(iso: "2024-05-15")!, period: .all)
        let usd = try #require(figures.first { $0.currency == "USD" })
        #expect(usd.categories.map(\.category) == ["Dairy", CategorySpending.uncategorised])
        #expect(usd.categories[0].total == Amount("14.86"))
        #expect(usd.categories[0].lines == 4)
        let eur = try #require(figures.first { $0.currency == "EUR" })
        #expect(eur.categories.map(\.total) == [Amount("1.19")])
        // The last 3 full months before May 2024 are Feb to Apr: January's line is left out.
        let recent = CategorySpending.compute(carts: Self.carts, asOf: CalendarDay(iso: "2024-05-15")!, period: .threeMonths)
        #expect(recent.first { $0.currency == "USD" }?.categories.first?.total == Amount("11.07"))
    }
}
