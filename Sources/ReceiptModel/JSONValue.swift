import Foundation

/// Any JSON value, kept exactly enough that a document read and written back
/// loses nothing: numbers are `Decimal` (not `Double`), objects keep every key.
public enum JSONValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case number(Decimal)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Decimal.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a JSON value")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The member named `key` when this is an object.
    public subscript(key: String) -> JSONValue? {
        get {
            if case .object(let members) = self { return members[key] }
            return nil
        }
        set {
            guard case .object(var members) = self else { return }
            members[key] = newValue
            self = .object(members)
        }
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var decimalValue: Decimal? {
        if case .number(let value) = self { return value }
        return nil
    }

    public var intValue: Int? {
        guard case .number(let value) = self else { return nil }
        return Int(exactly: NSDecimalNumber(decimal: value).int64Value).flatMap { Decimal($0) == value ? $0 : nil }
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }
}

extension JSONValue {
    /// Encodes any `Encodable` value to a `JSONValue` tree.
    /// Straight to the tree (no JSON text in between), with JSONEncoder's default strategies.
    public init(encoding value: some Encodable) throws {
        self = try JSONTreeEncoder.encode(value)
    }

    /// Decodes this tree as a `Decodable` type, with JSONDecoder's default strategies.
    public func decode<T: Decodable>(as type: T.Type = T.self) throws -> T {
        try JSONTreeDecoder.decode(T.self, from: self)
    }

    /// Compact JSON text with sorted keys: the same value always gives the same bytes.
    public func jsonData() throws -> Data {
        try JSONCoding.encoder.encode(self)
    }

    public init(jsonData: Data) throws {
        do {
            self = try JSONParser.parse(String(decoding: jsonData, as: UTF8.self))
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "Not valid JSON: \(error)"))
        }
    }
}

/// The one encoder/decoder configuration for documents, so every writer
/// produces the same bytes (sorted keys, no escaped slashes).
public enum JSONCoding {
    public static var encoder: DocumentEncoder { DocumentEncoder(formatting: [.sortedKeys, .withoutEscapingSlashes]) }

    public static var prettyEncoder: DocumentEncoder { DocumentEncoder(formatting: [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]) }

    public static var decoder: JSONDecoder { JSONDecoder() }
}

/// JSON text made from the value's tree, so a value reads the same in the store, in the API and
/// on the command line: Foundation's encoder alone would leave out the `null`s of an
/// ``EncodesNilAsNull`` type and the members a ``KeepsUnknownMembers`` document kept.
public struct DocumentEncoder {
    let formatting: JSONEncoder.OutputFormatting

    public func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        return try encoder.encode(try JSONValue(encoding: value))
    }
}
