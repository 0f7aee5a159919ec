import ReceiptModel
import Testing

@Suite struct LineMatchingTests {
    @Test("singular and plural match either way round, with -s, -es and -ies")
    func plurals() {
        #expect(LineMatching.nameMatches(entry: "tomato", line: "TOMATOES ROMA", lineProduct: nil))
        #expect(LineMatching.nameMatches(entry: "tomatoes", line: "TOMATO", lineProduct: nil))
        #expect(LineMatching.nameMatches(entry: "berry", line: "MIXED BERRIES 12OZ", lineProduct: nil))
        #expect(LineMatching.nameMatches(entry: "berries", line: "STRAWBERRY", lineProduct: nil) == false)
        #expect(LineMatching.nameMatches(entry: "eggs", line: "LARGE EGG 12CT", lineProduct: nil))
        #expect(LineMatching.nameMatches(entry: "egg", line: "LARGE EGGS 12CT", lineProduct: nil))
        #expect(LineMatching.nameMatches(entry: "peach", line: "PEACHES", lineProduct: nil))
        #expect(LineMatching.nameMatches(entry: "milk", line: "BREAD", lineProduct: nil) == false)
        #expect(LineMatching.nameMatches(entry: "", line: "BREAD", lineProduct: nil) == false)
    }

    @Test("every word of the entry must be in the line or its product's name")
    func productNames() {
        let product = ProductRef(barcode: "111", name: "Whole Milk")
        #expect(LineMatching.nameMatches(entry: "whole milk", line: "WHL MLK", lineProduct: product))
        #expect(LineMatching.nameMatches(entry: "whole milk", line: "WHL MLK", lineProduct: nil) == false)
        #expect(LineMatching.nameMatches(entry: "oat milk", line: "MILK", lineProduct: nil) == false)
    }

    @Test("the same product: by barcode when both have one, else by name")
    func sameProduct() {
        let milk = ProductRef(barcode: "111", name: "Whole Milk")
        #expect(LineMatching.sameProduct(milk, ProductRef(barcode: "111", name: "MILK")))
        #expect(LineMatching.sameProduct(milk, ProductRef(barcode: "222", name: "Whole Milk")) == false)
        #expect(LineMatching.sameProduct(milk, ProductRef(barcode: nil, name: "whole milk")))
    }
}
