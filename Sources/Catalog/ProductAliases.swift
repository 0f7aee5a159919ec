import DocumentStore
import Foundation
import ReceiptModel

/// What a household taught the matcher: "this line, at this merchant, is this product".
///
/// A household's receipts repeat the same abbreviations (`GV WHL MLK GAL` at the same shop every
/// week), so one correction fixes every later receipt: the next line with the same text at the
/// same merchant is matched to the corrected product directly, before the catalog is searched.
public struct ProductAliases: Sendable {
    public static let collection = "product-aliases"
    let store: any DocumentStore

    public init(store: any DocumentStore) {
        self.store = store
    }

    /// Remembers that `line` at `merchant` is `product`, for one household (or a personal store).
    public func record(line: String, merchant: String?, household: String?, product: ProductRef) async throws {
        guard let key = Self.lineKey(line) else { return }
        var taught = product
        taught.source = "alias"
        taught.score = 1
        let document: JSONValue = .object([
            "household": household.map(JSONValue.string) ?? .null,
            "merchant": .string(Self.merchantKey(merchant)),
            "line": .string(key),
            "product": try JSONValue(encoding: taught),
        ])
        try await store.put(collection: Self.collection, id: Self.id(line: key, merchant: merchant, household: household), document: document)
    }

    /// The taught products for lines at `merchant`, by normalised line text.
    public func products(merchant: String?, household: String?) async throws -> [String: ProductRef] {
        let query = DocumentQuery(collection: Self.collection, filters: [.equals("merchant", Self.merchantKey(merchant))])
        var result: [String: ProductRef] = [:]
        for try await stored in store.query(query) where stored.document["household"]?.stringValue == household {
            if let line = stored.document["line"]?.stringValue, let product = try? stored.document["product"]?.decode(as: ProductRef.self) {
                result[line] = product
            }
        }
        return result
    }

    /// A receipt line without its prices, codes and spacing: `GV WHL MLK GAL 3.48 N` and
    /// `GV WHL MLK GAL 3.29 N` teach the same thing.
    public static func lineKey(_ line: String) -> String? {
        let words = ReceiptLineNormalizer.words(line).filter { !TextNormalizer.isNumber($0) }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    static func merchantKey(_ merchant: String?) -> String {
        (merchant ?? "").lowercased().filter { $0.isLetter || $0.isNumber }
    }

    /// One alias per household, merchant and line: teaching the same line again replaces it.
    static func id(line: String, merchant: String?, household: String?) -> String {
        String(decoding: ((household ?? "-") + "|" + merchantKey(merchant) + "|" + line).utf8.prefix(480), as: UTF8.self)
    }
}
