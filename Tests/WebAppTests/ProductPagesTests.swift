import Foundation
import Households
import ReceiptModel
import ReceiptPipeline
import Testing
import WebApp

@Suite struct ProductPagesTests {
    static let household = PageTests.household
    static let milk = ProductFacts(id: "0071230000016", name: "Whole Milk", brand: "Farm Fresh", barcode: "0071230000016", category: "Dairy")

    static func page(locale: String?) async -> String {
        let purchases = [
            Purchase(
                itemName: "MILK",
                productKey: nil,
                unitPrice: Amount("3.49")!,
                merchant: "FRESH MART",
                date: "2024-03-09",
                addedOn: "x",
                currency: "USD"
            ),
            Purchase(
                itemName: "MILK",
                productKey: nil,
                unitPrice: Amount("3.99")!,
                merchant: "CORNER",
                date: "2024-02-01",
                addedOn: "x",
                currency: "USD"
            ),
        ]
        return await DisplayLocale.with(locale) {
            ProductPages.detail(
                PageFrame(title: "Milk", household: household),
                household: household,
                product: milk,
                history: ProductPriceHistory(purchases),
                reviews: ProductReviewSummary(reviews: []),
                favourite: false,
                lists: [],
                recommendations: "<section data-testid=\"recommendations\"></section>"
            ).rendered
        }
    }

    @Test("the product page names the cheapest merchant per currency, draws one series per merchant, and keeps a place for recommendations")
    func cheapestAndChart() async {
        let html = await Self.page(locale: nil)
        #expect(html.contains("cheapest at FRESH MART: 3.49 USD on 2024-03-09"))
        #expect(html.contains("data-merchant=\"FRESH MART\""))
        #expect(html.contains("data-merchant=\"CORNER\""))
        #expect(html.contains("data-testid=\"recommendations\""))
        #expect(html.contains("No reviews yet."))
    }

    @Test("with a locale, money and dates are written the way it writes them")
    func locale() async {
        let html = await Self.page(locale: "de-DE")
        #expect(html.contains("cheapest at FRESH MART: 3,49\u{a0}$ on 9.3.2024"))
    }
}
