import Foundation
import ReceiptModel
import Testing

/// The tree coders must give what JSONEncoder and JSONDecoder give through JSON text, so that a
/// document reads the same whichever route wrote it.
@Suite struct JSONTreeCodingTests {
    struct Everything: Codable, Equatable {
        enum Kind: String, Codable { case one, two }
        struct Inner: Codable, Equatable {
            var label: String
            var weights: [Double]
        }

        var text: String
        var flag: Bool
        var count: Int
        var small: Int8
        var big: UInt64
        var ratio: Double
        var whole: Double
        var price: Decimal
        var when: Date
        var bytes: Data
        var link: URL
        var kind: Kind
        var missing: String?
        var inner: Inner
        var list: [Inner?]
        var byName: [String: Int]
        var byNumber: [Int: String]
        var nested: [[Decimal]]
        var raw: JSONValue
    }

    static let sample = Everything(
        text: "Grüße \"quoted\" / slash",
        flag: true,
        count: -42,
        small: 7,
        big: 18_000_000_000_000_000_000,
        ratio: 0.1,
        whole: 3,
        price: Decimal(string: "12.30")!,
        when: Date(timeIntervalSinceReferenceDate: 786_000_000.5),
        bytes: Data([0, 1, 254, 255]),
        link: URL(string: "https://example.org/a?b=c")!,
        kind: .two,
        missing: nil,
        inner: Everything.Inner(label: "x", weights: [1.5, -2, 1e-7]),
        list: [Everything.Inner(label: "y", weights: []), nil],
        byName: ["a": 1, "b": 2],
        byNumber: [3: "three"],
        nested: [[1, Decimal(string: "2.50")!], []],
        raw: .object(["k": .array([.null, .bool(false), .number(3)])])
    )

    @Test func encodingGivesTheTreeJSONEncoderWouldGive() throws {
        let throughText = try JSONValue(jsonData: try JSONEncoder().encode(Self.sample))
        #expect(try JSONValue(encoding: Self.sample) == throughText)
    }

    @Test func decodingGivesWhatJSONDecoderWouldGive() throws {
        let tree = try JSONValue(encoding: Self.sample)
        let direct = try tree.decode(as: Everything.self)
        let throughText = try JSONDecoder().decode(Everything.self, from: try tree.jsonData())
        #expect(direct == throughText)
        #expect(direct == Self.sample)
    }

    @Test func theCartExampleRoundTripsUnchanged() throws {
        let data = try Data(contentsOf: CartDocumentTests.fixtures.appendingPathComponent("documents/cart-example.json"))
        let original = try JSONValue(jsonData: data)
        let cart = try original.decode(as: CartDocument.self)
        #expect(cart == (try JSONDecoder().decode(CartDocument.self, from: data)))
        #expect(try JSONValue(encoding: cart) == original)
    }

    @Test func wrongTypesAndMissingKeysAreDecodingErrors() throws {
        struct Needs: Codable {
            var count: Int
            var name: String
        }
        #expect(throws: DecodingError.self) { try JSONValue.object(["count": .string("1"), "name": .string("a")]).decode(as: Needs.self) }
        #expect(throws: DecodingError.self) { try JSONValue.object(["count": .number(1)]).decode(as: Needs.self) }
        #expect(throws: DecodingError.self) {
            try JSONValue.object(["count": .number(Decimal(string: "1.5")!), "name": .string("a")]).decode(as: Needs.self)
        }
        #expect(throws: DecodingError.self) { try JSONValue.object(["count": .null, "name": .string("a")]).decode(as: Needs.self) }
        #expect(throws: DecodingError.self) { try JSONValue.array([]).decode(as: Needs.self) }
        #expect(throws: (any Error).self) { try JSONValue(encoding: Double.nan) }
    }

    @Test("a number beyond Decimal's range is refused when read, never kept as NaN (written as null) nor as a silent zero")
    func numbersOutOfRange() throws {
        for text in ["{\"p\": 2.47290039566358e+167}", "[1e400]", "[-1e-130]", "[1.1125369292536007e-308]", "[2.1867079754727744e-119]"] {
            #expect(throws: (any Error).self, "\(text)") { try JSONValue(jsonData: Data(text.utf8)) }
            do {
                _ = try JSONParser.parse(text)
                Issue.record("\(text) was read")
            } catch JSONParser.Failure.numberOutOfRange {
            } catch {
                Issue.record("\(text): \(error), not numberOutOfRange")
            }
        }
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse("[1e]") }
        #expect(try JSONValue(jsonData: Data("[1.5e3]".utf8)) == .array([.number(1500)]))
        #expect(
            try JSONValue(jsonData: Data("[0.0e-400, -36893488147419103231]".utf8))
                == .array([.number(0), .number(Decimal(string: "-36893488147419103231")!)])
        )
    }
}
