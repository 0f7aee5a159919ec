import Foundation
import ReceiptModel

/// One item of a Chomp branded-food response, decoded tolerantly.
///
/// Every field is optional; wrong types are read as absent rather than failing.
/// Both the canonical flat shape and the nested variant (`nutrients: {chomp, usda}`,
/// `ingredients: {chomp, usda}`, `serving: {chomp, usda}`) are accepted; `package.size`
/// may be a number or a string. ``raw`` keeps the whole item unchanged.
public struct ChompItem: Sendable, Hashable, Decodable {
    public struct Nutrient: Sendable, Hashable {
        public var name: String
        public var per100g: Double?
        public var unit: String?
    }

    public struct Serving: Sendable, Hashable {
        public var size: String?
        public var unit: String?
        public var fullText: String?
    }

    public var barcode: String?
    public var name: String?
    public var brand: String?
    public var ingredients: String?
    public var packageQuantity: Int?
    public var packageSize: String?
    public var serving: Serving?
    public var categories: [String]
    public var keywords: [String]
    public var nutrients: [Nutrient]
    public var allergens: [String]
    public var description: String?
    /// Photo URLs: `front`, `nutrition`, `ingredients` → `display`/`small`/`thumb` URL.
    public var photos: [String: [String: String]]
    /// The item exactly as received.
    public var raw: JSONValue

    public init(from decoder: any Decoder) throws {
        self.init(json: try JSONValue(from: decoder))
    }

    public init(json: JSONValue) {
        raw = json
        barcode = Self.string(json["barcode"]) ?? Self.string(json["code"])
        name = Self.string(json["name"])
        brand = Self.string(json["brand"])
        switch json["ingredients"] {
        case .object(let variants)?:
            ingredients = Self.string(variants["chomp"]) ?? Self.string(variants["usda"])
        case let value?:
            ingredients = Self.string(value)
        case nil:
            ingredients = nil
        }
        packageQuantity = json["package"]?["quantity"].flatMap(Self.number).map { Int($0) }
        packageSize = json["package"]?["size"].flatMap(Self.string)
        serving = Self.serving(json["serving"])
        categories = Self.strings(json["categories"])
        keywords = Self.strings(json["keywords"])
        allergens = Self.strings(json["allergens"])
        description = Self.string(json["description"])
        switch json["nutrients"] {
        case .array(let list)?:
            nutrients = list.compactMap(Self.nutrient)
        case .object(let variants)?:
            // Nested variant: prefer chomp's, fill in from usda.
            let chomp = (variants["chomp"]?.arrayValue ?? []).compactMap(Self.nutrient)
            let usda = (variants["usda"]?.arrayValue ?? []).compactMap(Self.nutrient)
            let known = Set(chomp.map { $0.name.lowercased() })
            nutrients = chomp + usda.filter { !known.contains($0.name.lowercased()) }
        default:
            nutrients = []
        }
        var photos: [String: [String: String]] = [:]
        for (kind, sizes) in json["packaging_photos"]?.objectValue ?? [:] {
            var urls: [String: String] = [:]
            for (size, url) in sizes.objectValue ?? [:] {
                if let url = Self.string(url) { urls[size] = url }
            }
            if !urls.isEmpty { photos[kind] = urls }
        }
        self.photos = photos
    }

    /// Energy in kcal per 100 g (converted from kJ when only that is given).
    public var caloriesPer100g: Double? {
        let energy = nutrients.filter { $0.name.lowercased().hasPrefix("energy") || $0.name.lowercased() == "calories" }
        if let kcal = energy.first(where: { ($0.unit ?? "kcal").lowercased().contains("cal") })?.per100g {
            return kcal
        }
        if let kilojoules = energy.first(where: { ($0.unit ?? "").lowercased() == "kj" })?.per100g {
            return (kilojoules / 4.184 * 10).rounded() / 10
        }
        return nil
    }

    /// The best front picture URL (display, then small, then thumb), else any.
    public var pictureURL: String? {
        for kind in ["front", "nutrition", "ingredients"] {
            if let sizes = photos[kind], let url = sizes["display"] ?? sizes["small"] ?? sizes["thumb"] { return url }
        }
        return nil
    }

    // MARK: lenient readers

    static func string(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?:
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        case .number(let number)?:
            return "\(number)"
        default:
            return nil
        }
    }

    static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .number(let number)?: return NSDecimalNumber(decimal: number).doubleValue
        case .string(let text)?: return Double(text.trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }

    static func strings(_ value: JSONValue?) -> [String] {
        switch value {
        case .array(let list)?: return list.compactMap { string($0) }
        case .string(let text)?:
            return text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        default: return []
        }
    }

    private static func nutrient(_ value: JSONValue) -> Nutrient? {
        guard let name = string(value["name"]) else { return nil }
        return Nutrient(name: name, per100g: number(value["per_100g"]), unit: string(value["measurement_unit"]))
    }

    private static func serving(_ value: JSONValue?) -> Serving? {
        guard let value, case .object(let members) = value else { return nil }
        if members["usda"] != nil || members["chomp"] != nil {
            let usda = serving(members["usda"])
            let chomp = serving(members["chomp"])
            return Serving(
                size: usda?.size ?? chomp?.size,
                unit: usda?.unit ?? chomp?.unit,
                fullText: usda?.fullText ?? chomp?.fullText
            )
        }
        let result = Serving(
            size: string(members["size"]),
            unit: string(members["measurement_unit"]),
            fullText: string(members["size_fulltext"])
        )
        return result.size == nil && result.unit == nil && result.fullText == nil ? nil : result
    }
}

/// A Chomp response body: `{"items": [...]}` (a bare array is accepted too).
public struct ChompResponse: Sendable, Decodable {
    public var items: [ChompItem]

    public init(from decoder: any Decoder) throws {
        let json = try JSONValue(from: decoder)
        self.init(json: json)
    }

    public init(json: JSONValue) {
        switch json {
        case .array(let list): items = list.filter { $0.objectValue != nil }.map(ChompItem.init(json:))
        default: items = (json["items"]?.arrayValue ?? []).filter { $0.objectValue != nil }.map(ChompItem.init(json:))
        }
    }

    /// Decodes a body; throws `catalog.decode` when it is not JSON or has no `items`.
    public static func decode(_ data: Data, what: String) throws -> ChompResponse {
        let json: JSONValue
        do {
            json = try JSONValue(jsonData: data)
        } catch {
            let start = String(decoding: data.prefix(80), as: UTF8.self)
            throw CatalogError(
                .decode,
                "\(what) is not valid JSON (\(data.count) bytes, starting \(start.debugDescription)); the API or the file may be broken or truncated"
            )
        }
        if case .object(let members) = json, members["items"]?.arrayValue == nil {
            throw CatalogError(.decode, "\(what) has no \"items\" array")
        }
        if case .array = json {
        } else if case .object = json {
        } else {
            throw CatalogError(.decode, "\(what) is neither an object with \"items\" nor an array")
        }
        return ChompResponse(json: json)
    }
}
