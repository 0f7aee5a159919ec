import Catalog
import Foundation
import ReceiptModel
import ReceiptTesting
import Testing

/// The embedded catalog, loaded once for all tests.
enum TestCatalog {
    static let products: [Product] = {
        let data = (try? Data(contentsOf: Fixtures.url("catalog/products.json"))) ?? Data()
        let response = (try? ChompResponse.decode(data, what: "products.json")) ?? ChompResponse(json: .array([]))
        return response.items.compactMap { Product(chomp: $0, source: "fixture", fetchedAt: nil) }
    }()
    static let index = ProductIndex(products: products)
}

struct LabelledLine: Decodable {
    var line: String
    var expected: String?
}

@Suite struct MatchingTests {
    @Test func normalisesReceiptLines() {
        #expect(ReceiptLineNormalizer.words("GV WHL MLK GAL 3.48 N") == ["great", "value", "whole", "milk", "gallon"])
        #expect(ReceiptLineNormalizer.words("CHKN BRST BNLS 2.13 lb @ 3.99/lb 8.50 F") == ["chicken", "breast", "boneless"])
        #expect(ReceiptLineNormalizer.words("4011 ORG BNNA 0.79") == ["organic", "banana"])
        #expect(ReceiptLineNormalizer.words("PNT BTR CRMY 16 OZ") == ["peanut", "butter", "crmy", "16", "oz"])
        #expect(ReceiptLineNormalizer.words("R0MA T0MATOES 1.5LB") == ["roma", "tomatoes"])
    }

    @Test func matchesAbbreviatedLinesAndRefusesNonsense() throws {
        let matcher = ProductMatcher(index: TestCatalog.index)
        try #require(TestCatalog.products.count >= 300)
        let milk = try #require(matcher.match(line: "GV WHL MLK GAL 3.48 N"))
        #expect(milk.product.name.lowercased().contains("whole milk"))
        let cart = milk.cartProduct
        #expect(cart["barcode"]?.stringValue == milk.product.barcode)
        #expect(cart["source"]?.stringValue == "catalog")
        #expect(cart["caloriesPer100g"]?.decimalValue != nil)
        #expect(cart["score"]?.decimalValue != nil)
        #expect(matcher.match(line: "SUBTOTAL 45.10") == nil)
        #expect(matcher.match(line: "QZXV PLMRK") == nil)
    }

    @Test func searchIsTolerantOfTyposAndWordOrder() throws {
        let index = TestCatalog.index
        let typo = try #require(index.search("chiken brest", limit: 3).first)
        #expect(typo.product.name.lowercased().contains("chicken breast"))
        let reordered = try #require(index.search("milk whole", limit: 3).first)
        #expect(reordered.product.name.lowercased().contains("whole milk"))
    }

    /// Precision and recall on Fixtures/matching/receipt-lines.json at the default threshold.
    @Test func precisionAndRecallOnTheFixtureSet() throws {
        let data = try Data(contentsOf: Fixtures.url("matching/receipt-lines.json"))
        let lines = try JSONDecoder().decode([LabelledLine].self, from: data)
        try #require(lines.count >= 100)
        let matcher = ProductMatcher(index: TestCatalog.index)
        var correct = 0
        var wrong = 0
        var answerable = 0
        var report: [String] = []
        for labelled in lines {
            if labelled.expected != nil { answerable += 1 }
            let match = matcher.match(line: labelled.line)
            guard let match else {
                if labelled.expected != nil { report.append("MISS  \(labelled.line)") }
                continue
            }
            if match.product.barcode == labelled.expected {
                correct += 1
            } else {
                wrong += 1
                report.append("WRONG \(labelled.line) → \(match.product.name) \(String(format: "%.3f", match.score))")
            }
        }
        let precision = Double(correct) / Double(max(1, correct + wrong))
        let recall = Double(correct) / Double(max(1, answerable))
        print(
            "matching: precision \(String(format: "%.3f", precision)) recall \(String(format: "%.3f", recall)) (\(correct) right, \(wrong) wrong, \(answerable) answerable, \(lines.count) lines)"
        )
        if ProcessInfo.processInfo.environment["MATCH_REPORT"] != nil {
            print(report.joined(separator: "\n"))
            for threshold in stride(from: 0.5, through: 0.85, by: 0.02) {
                var sweep = matcher
                sweep.threshold = threshold
                var right = 0
                var bad = 0
                for labelled in lines {
                    guard let match = sweep.match(line: labelled.line) else { continue }
                    if match.product.barcode == labelled.expected { right += 1 } else { bad += 1 }
                }
                print(
                    String(
                        format: "threshold %.2f precision %.3f recall %.3f",
                        threshold,
                        Double(right) / Double(max(1, right + bad)),
                        Double(right) / Double(max(1, answerable))
                    )
                )
            }
        }
        #expect(precision >= 0.95)
        #expect(recall >= 0.92)
    }
}
