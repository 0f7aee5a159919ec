import Foundation
import PropertyBased
import ReceiptModel
import ReceiptTesting
import Testing

@testable import ReceiptParsing

/// Renders random receipts to text in US, German and Malaysian styles and checks
/// that parsing gives back what was rendered.
@Suite struct PropertyTests {
    struct Spec {
        var items: [(name: String, quantity: Int, unitCents: Int)]
        var taxCents: Int
        var style: Int
        var day: Int, month: Int, year: Int
        var quantityStyle: Int

        var subtotalCents: Int { items.reduce(0) { $0 + $1.quantity * $1.unitCents } }
    }

    static let words = [
        "APPLE", "BREAD", "Cheese", "Organic", "Milk", "Coffee", "Pasta", "Salmon", "Rice", "Tomato", "Garlic", "Butter", "Yogurt", "Lemon", "Honey",
        "Chicken", "Noodles", "Burger", "Salad", "Soup",
    ]

    static func spec(seed: Int) -> Spec {
        var rng = SeededGenerator(seed: UInt64(seed))
        let count = Int.random(in: 1...8, using: &rng)
        var items: [(String, Int, Int)] = []
        for _ in 0..<count {
            let name = (0..<Int.random(in: 1...3, using: &rng)).map { _ in words[Int.random(in: 0..<words.count, using: &rng)] }.joined(
                separator: " "
            )
            items.append(
                (
                    name, Int.random(in: 0...3, using: &rng) == 0 ? Int.random(in: 2...5, using: &rng) : 1,
                    Int.random(in: 1...250_000, using: &rng) / (Int.random(in: 0...1, using: &rng) == 0 ? 100 : 1) + 1
                )
            )
        }
        return Spec(
            items: items,
            taxCents: Int.random(in: 0...5_000, using: &rng),
            style: Int.random(in: 0...2, using: &rng),
            day: Int.random(in: 1...28, using: &rng),
            month: Int.random(in: 1...12, using: &rng),
            year: Int.random(in: 2005...2030, using: &rng),
            quantityStyle: Int.random(in: 0...1, using: &rng)
        )
    }

    static func money(_ cents: Int, style: Int) -> String {
        let whole = cents / 100
        let frac = String(format: "%02d", cents % 100)
        if style == 1 {
            let grouped = whole >= 1000 ? "\(whole / 1000).\(String(format: "%03d", whole % 1000))" : "\(whole)"
            return grouped + "," + frac
        }
        let grouped = whole >= 1000 ? "\(whole / 1000),\(String(format: "%03d", whole % 1000))" : "\(whole)"
        return (style == 2 ? "RM" : "") + grouped + "." + frac
    }

    static func render(_ s: Spec) -> String {
        func line(_ left: String, _ right: String) -> String { left.padding(toLength: max(left.count + 2, 30), withPad: " ", startingAt: 0) + right }
        var out: [String] = []
        switch s.style {
        case 0: out += ["SUNNY SIDE GRILL", "100 MAIN ST", "$ prices in USD", String(format: "%02d/%02d/%04d 12:30", s.month, s.day, s.year)]
        case 1: out += ["Frischmarkt GmbH", "Hauptstrasse 5", "EUR", String(format: "%02d.%02d.%04d 12:30", s.day, s.month, s.year)]
        default: out += ["KEDAI MAJU SDN BHD", "JALAN BESAR 1", String(format: "Date: %02d/%02d/%04d 12:30", s.day, s.month, s.year)]
        }
        for item in s.items {
            let price = money(item.quantity * item.unitCents, style: s.style)
            if item.quantity == 1 {
                out.append(line(item.name, price))
            } else if s.quantityStyle == 0 {
                out.append(line("\(item.quantity) \(item.name)", price))
            } else {
                out.append(line("\(item.name) \(item.quantity) x \(money(item.unitCents, style: s.style))", price))
            }
        }
        let total = s.subtotalCents + s.taxCents
        switch s.style {
        case 0:
            out += [
                line("SUBTOTAL", money(s.subtotalCents, style: 0)), line("TAX", money(s.taxCents, style: 0)), line("TOTAL", money(total, style: 0)),
            ]
        case 1:
            out += [
                line("Zwischensumme", money(s.subtotalCents, style: 1)), line("MwSt", money(s.taxCents, style: 1)),
                line("SUMME EUR", money(total, style: 1)),
            ]
        default:
            out += [
                line("SUB TOTAL", money(s.subtotalCents, style: 2)), line("GST", money(s.taxCents, style: 2)), line("JUMLAH", money(total, style: 2)),
            ]
        }
        return out.joined(separator: "\n")
    }

    @Test func parsingGivesBackARenderedReceipt() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...1_000_000_000)) { seed in
            let spec = Self.spec(seed: seed)
            let text = Self.render(spec)
            let r = ReceiptParser().parse(text: text)
            #expect(r.total == Amount(minorUnits: spec.subtotalCents + spec.taxCents), "\(text)")
            #expect(r.subtotal == Amount(minorUnits: spec.subtotalCents))
            #expect(r.tax == Amount(minorUnits: spec.taxCents))
            #expect(r.date == String(format: "%04d-%02d-%02d", spec.year, spec.month, spec.day), "\(text)")
            #expect(r.currency == ["USD", "EUR", "MYR"][spec.style])
            #expect(r.items.count == spec.items.count, "\(text)")
            for (item, expected) in zip(r.items, spec.items) {
                #expect(item.name == expected.name)
                #expect(item.price == Amount(minorUnits: expected.quantity * expected.unitCents))
                #expect(item.quantity == Decimal(expected.quantity))
            }
            #expect(r.checks.itemsMatchSubtotal == true)
            #expect(r.checks.subtotalPlusTaxMatchesTotal == true)
        }
    }
}
