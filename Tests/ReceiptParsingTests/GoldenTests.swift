import Foundation
import ReceiptModel
import ReceiptParsing
import ReceiptTesting
import Testing

/// Parses every `Fixtures/text/<name>.txt` and compares with `<name>.expected.json`.
/// The expected file lists the fields that must match (a subset of the output):
/// objects are compared key by key, arrays element by element and must have the same length.
@Suite struct GoldenTests {
    static let directory = Fixtures.root.appendingPathComponent("text")

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }.sorted()
    }

    @Test func fixturesExist() {
        #expect(Self.names.count >= 7)
    }

    @Test(arguments: GoldenTests.names)
    func golden(_ name: String) throws {
        let text = try String(contentsOf: Self.directory.appendingPathComponent(name + ".txt"), encoding: .utf8)
        let expectedData = try Data(contentsOf: Self.directory.appendingPathComponent(name + ".expected.json"))
        let parsed = ReceiptParser().parse(text: text)
        let actual = try JSONSerialization.jsonObject(with: JSONEncoder().encode(parsed))
        let expected = try JSONSerialization.jsonObject(with: expectedData)
        var problems: [String] = []
        compare(expected, actual, path: name, problems: &problems)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    func compare(_ expected: Any, _ actual: Any?, path: String, problems: inout [String]) {
        switch expected {
        case let dict as [String: Any]:
            guard let other = actual as? [String: Any] else {
                problems.append("\(path): expected object, got \(String(describing: actual))")
                return
            }
            for (key, value) in dict { compare(value, other[key], path: path + "." + key, problems: &problems) }
        case let array as [Any]:
            guard let other = actual as? [Any], other.count == array.count else {
                problems.append("\(path): expected \(array.count) elements, got \(String(describing: actual))")
                return
            }
            for (i, value) in array.enumerated() { compare(value, other[i], path: "\(path)[\(i)]", problems: &problems) }
        case is NSNull:
            if let actual, !(actual is NSNull) { problems.append("\(path): expected null, got \(actual)") }
        default:
            let e = "\(expected)"
            let a = actual.map { "\($0)" } ?? "nil"
            if e != a { problems.append("\(path): expected \(e), got \(a)") }
        }
    }
}
