import Foundation
import ReceiptTesting
import Testing

@testable import ReceiptModel

/// The store, the change log and the API answers are the writer's bytes, and replicas compare
/// them: a faster writer must write exactly what the straightforward one wrote.
@Suite struct JSONWriterTests {
    /// The writer as first written: keys sorted by `String`'s `<`, the same escapes.
    static func reference(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return number.isNaN ? "null" : number.description
        case .string(let text): return quoted(text)
        case .array(let items): return "[" + items.map(reference).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.sorted { $0.key < $1.key }.map { quoted($0.key) + ":" + reference($0.value) }.joined(separator: ",") + "}"
        }
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Texts with every escape, characters whose UTF-8 starts like U+2028's (E2 80 …), other
    /// scripts and keys that sort differently by bytes than by length.
    static let pieces = [
        "a", "B", "name", "names", "Name", "é", "e\u{301}", "ü", "€", "–", "\u{2028}", "\u{2029}", "\u{2027}", "\"", "\\", "\n", "\r", "\t",
        "\u{1}", "\u{1F}", "/", "ก", "٣", "🙂", " ", "0", "",
    ]

    static func text(_ random: inout SeededGenerator) -> String {
        (0..<Int(random.next() % 4)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }

    static func tree(_ random: inout SeededGenerator, depth: Int) -> JSONValue {
        switch random.next() % (depth > 3 ? 4 : 6) {
        case 0: return .null
        case 1: return .bool(random.next() % 2 == 0)
        case 2: return .number(Decimal(string: ["0", "-1.25", "3.40", "1e20", "0.0001", "12"][Int(random.next() % 6)])!)
        case 3: return .string(text(&random))
        case 4: return .array((0..<Int(random.next() % 5)).map { _ in tree(&random, depth: depth + 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int(random.next() % 8) { members[text(&random)] = tree(&random, depth: depth + 1) }
            return .object(members)
        }
    }

    @Test("random documents: the same bytes as the reference writer, keys in String order")
    func sameBytesAsTheReference() {
        var random = SeededGenerator(seed: 29)
        for _ in 0..<2_000 {
            let value = Self.tree(&random, depth: 0)
            #expect(JSONWriter.encode(value) == Self.reference(value))
        }
    }

    @Test("a cart document: the same bytes as the reference writer")
    func cartDocument() throws {
        var cart = CartDocument(
            id: "c1",
            name: "Shop \u{2028} “quoted” \\ \n",
            addedByUser: "Ann",
            addedOn: "2026-11-26T10:00:00Z",
            items: [
                CartItem(name: "Milk", quantity: 2, unitPrice: Amount("1.19"), price: Amount("2.38"), completed: false),
                CartItem(name: "Crème fraîche – 20 %", price: Amount("0.99"), completed: true, confidence: 0.93),
            ],
            source: DocumentSource(file: "a.jpg")
        )
        cart.assignItemIDs()
        let json = try JSONValue(encoding: cart)
        #expect(JSONWriter.encode(json) == Self.reference(json))
    }
}
