import Foundation
import ReceiptModel
import ReceiptParsing
import ReceiptTesting
import Testing

/// The letter a US receipt prints after a price says whether the line is taxed: `T` taxed,
/// `F` (food) not; the tax line's base ("TAX 7.000% ON 17.35") is the sum of the `T` lines.
@Suite struct TaxMarkTests {
    @Test("Fresh Mart: the T lines are taxed, the F lines are not, and the T lines add up to the tax base")
    func freshMart() throws {
        let fixture = Fixtures.root.appendingPathComponent("receipts/us-grocery-freshmart.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: fixture)) as? [String: Any])
        let lines = try #require(object["lines"] as? [String])
        let items = ReceiptParser().parse(text: lines.joined(separator: "\n")).items
        let taxed = items.filter { $0.taxed == true }
        #expect(taxed.map(\.name) == ["COCA COLA 2L", "PAPER TOWELS 6RL", "DISH SOAP 24OZ"])
        #expect(items.filter { $0.taxed == false }.count == items.count - 3)
        #expect(taxed.map { $0.price + ($0.discount ?? Amount.zero) }.reduce(Amount.zero, +) == Amount("17.35"))
    }

    @Test(
        "a mark glued to the price counts; a VAT class letter or no letter says nothing",
        arguments: [
            ("MILK 3.49T", true), ("BREAD 2.49 F", false), ("SOAP 3.49 N", false), ("CHEESE 4.99 A", nil), ("APPLES 1.99", nil),
        ] as [(String, Bool?)]
    )
    func marks(_ line: String, _ expected: Bool?) {
        let items = ReceiptParser().parse(text: "SHOP\n" + line + "\nTOTAL 9.99").items
        #expect(items.first?.taxed == expected, "\(line)")
    }
}
