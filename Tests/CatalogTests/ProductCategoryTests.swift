import Catalog
import Foundation
import ReceiptTesting
import Testing

@Suite struct ProductCategoryTests {
    @Test("the first Chomp category, German aisles in English, else a known word of the name, else Other")
    func rule() {
        #expect(ProductCategory.of(categories: ["Dairy", "Milk"], keywords: [], name: "Whole Milk") == "Dairy")
        #expect(ProductCategory.of(categories: ["Molkereiprodukte", "Milch"], keywords: [], name: "Vollmilch") == "Dairy")
        #expect(ProductCategory.of(categories: [], keywords: ["fixture"], name: "Sourdough Bread") == "Bakery")
        #expect(ProductCategory.of(categories: [" "], keywords: ["salmon"], name: "Smoked fillet") == "Seafood")
        #expect(ProductCategory.of(categories: [], keywords: [], name: "Widget") == ProductCategory.other)
    }

    @Test("every product of the embedded catalog has a category other than Other")
    func embeddedCatalog() throws {
        let data = try Data(contentsOf: Fixtures.url("catalog/products.json"))
        let items = try JSONDecoder().decode(ChompResponse.self, from: data).items
        #expect(items.count > 300)
        for item in items {
            let product = try #require(Product(chomp: item, source: "fixture", fetchedAt: nil))
            #expect(product.category != ProductCategory.other, "\(product.name)")
        }
    }
}

private struct ChompResponse: Decodable {
    var items: [ChompItem]
}
