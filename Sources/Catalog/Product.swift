import Foundation
import ReceiptModel

/// A catalog product: what search shows and what a cart item's `product` points at.
///
/// Stored as a document in the store's `products` collection (id = ``id``), with the
/// Chomp item kept whole under `chomp`.
public struct Product: Sendable, Hashable, Identifiable {
    /// The barcode when there is one, else `name-<16 hex digits>`, a stable hash of name and brand.
    public var id: String
    public var barcode: String?
    public var name: String
    public var brand: String?
    public var categories: [String]
    public var keywords: [String]
    public var pictureURL: String?
    public var caloriesPer100g: Double?
    /// Where it came from: `chomp` (the API), `fixture` (the embedded catalog), `import` (a file).
    public var source: String
    /// When it was fetched from the API (or imported).
    public var fetchedAt: Date?
    /// The Chomp item as received.
    public var chomp: JSONValue?

    public init(
        id: String? = nil,
        barcode: String?,
        name: String,
        brand: String? = nil,
        categories: [String] = [],
        keywords: [String] = [],
        pictureURL: String? = nil,
        caloriesPer100g: Double? = nil,
        source: String,
        fetchedAt: Date? = nil,
        chomp: JSONValue? = nil
    ) {
        self.id = id ?? Product.id(barcode: barcode, name: name, brand: brand)
        self.barcode = barcode
        self.name = name
        self.brand = brand
        self.categories = categories
        self.keywords = keywords
        self.pictureURL = pictureURL
        self.caloriesPer100g = caloriesPer100g
        self.source = source
        self.fetchedAt = fetchedAt
        self.chomp = chomp
    }

    /// A product from a Chomp item; `nil` when the item has no name.
    public init?(chomp item: ChompItem, source: String, fetchedAt: Date?) {
        guard let name = item.name else { return nil }
        self.init(
            barcode: item.barcode,
            name: name,
            brand: item.brand,
            categories: item.categories,
            keywords: item.keywords,
            pictureURL: item.pictureURL,
            caloriesPer100g: item.caloriesPer100g,
            source: source,
            fetchedAt: fetchedAt,
            chomp: item.raw
        )
    }

    /// The document id for a product: its barcode, else a stable FNV-1a hash of name and brand.
    public static func id(barcode: String?, name: String, brand: String?) -> String {
        if let barcode, !barcode.isEmpty { return barcode }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (name.lowercased() + "|" + (brand ?? "").lowercased()).utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "name-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The store document.
    public var document: JSONValue {
        var members: [String: JSONValue] = [
            "id": .string(id),
            "type": .string("product"),
            "name": .string(name),
            "source": .string(source),
            "categories": .array(categories.map(JSONValue.string)),
            "keywords": .array(keywords.map(JSONValue.string)),
        ]
        members["barcode"] = barcode.map(JSONValue.string) ?? .null
        members["brand"] = brand.map(JSONValue.string) ?? .null
        members["picture"] = pictureURL.map(JSONValue.string) ?? .null
        members["caloriesPer100g"] = caloriesPer100g.map { .number(Decimal(string: String(format: "%.1f", $0)) ?? 0) } ?? .null
        members["fetchedAt"] = fetchedAt.map { .string($0.formatted(.iso8601)) } ?? .null
        if let chomp { members["chomp"] = chomp }
        return .object(members)
    }

    /// Reads a store document back; `nil` when it has no name.
    public init?(document: JSONValue) {
        guard let name = ChompItem.string(document["name"]) else { return nil }
        self.init(
            id: ChompItem.string(document["id"]),
            barcode: ChompItem.string(document["barcode"]),
            name: name,
            brand: ChompItem.string(document["brand"]),
            categories: ChompItem.strings(document["categories"]),
            keywords: ChompItem.strings(document["keywords"]),
            pictureURL: ChompItem.string(document["picture"]),
            caloriesPer100g: ChompItem.number(document["caloriesPer100g"]),
            source: ChompItem.string(document["source"]) ?? "unknown",
            fetchedAt: ChompItem.string(document["fetchedAt"]).flatMap { try? Date($0, strategy: .iso8601) },
            chomp: document["chomp"]
        )
    }
}
