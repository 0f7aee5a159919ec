import Foundation

// Codable straight to and from `JSONValue` trees (decoding here, encoding in
// JSONTreeEncoding.swift). Documents are stored as JSON and read back as trees; going through
// `JSONEncoder`/`JSONDecoder` meant writing each tree out as text and parsing it again on every
// read and write, most of a write request's time. These follow those coders' default strategies, so
// both routes give the same values: `Decimal` is a number, `Data` base64 text, `URL` its absolute
// string, `Date` seconds since 2001.

/// A coding path, made into an array only when something asks for it (an error, a type's own
/// `init(from:)`): building `codingPath + [key]` for every field was a fifth of decoding a cart.
indirect enum TreePath {
    case root
    case key(any CodingKey, TreePath)
    case index(Int, TreePath)

    var keys: [any CodingKey] {
        switch self {
        case .root: []
        case .key(let key, let parent): parent.keys + [key]
        case .index(let index, let parent): parent.keys + [TreeKey(index: index)]
        }
    }
}

/// Decodes `Decodable` values from a `JSONValue` tree.
struct JSONTreeDecoder {
    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, path: @autoclosure () -> TreePath = .root) throws -> T {
        // Identity comparisons of metadata, cheapest first for the types documents hold most.
        // `unsafeBitCast` only where `T` is that very type: it skips the runtime's dynamic cast.
        if T.self == String.self {
            guard case .string(let text) = value else { throw mismatch(T.self, value, path()) }
            return unsafeBitCast(text, to: T.self)
        }
        if T.self == JSONValue.self { return unsafeBitCast(value, to: T.self) }
        if T.self == Decimal.self {
            guard case .number(let number) = value else { throw mismatch(T.self, value, path()) }
            return unsafeBitCast(number, to: T.self)
        }
        if T.self == Bool.self {
            guard case .bool(let flag) = value else { throw mismatch(T.self, value, path()) }
            return unsafeBitCast(flag, to: T.self)
        }
        if T.self == Int.self { return unsafeBitCast(try integer(Int.self, value, path()), to: T.self) }
        if T.self == Amount.self {
            // The package's money type, on every priced line: its text straight from the tree.
            if case .string(let text) = value, let amount = Amount(text) { return unsafeBitCast(amount, to: T.self) }
        }
        if T.self == Double.self {
            guard case .number(let number) = value else { throw mismatch(T.self, value, path()) }
            return double(number) as! T
        }
        if T.self == Date.self {
            guard case .number(let number) = value else { throw mismatch(T.self, value, path()) }
            return Date(timeIntervalSinceReferenceDate: double(number)) as! T
        }
        if T.self == Data.self {
            guard case .string(let text) = value, let data = Data(base64Encoded: text) else { throw mismatch(T.self, value, path()) }
            return data as! T
        }
        if T.self == URL.self {
            guard case .string(let text) = value, let url = URL(string: text) else { throw mismatch(T.self, value, path()) }
            return url as! T
        }
        // The other scalars: their own `init(from:)` would ask this decoder's single-value
        // container for themselves again.
        if let integer = T.self as? any FixedWidthInteger.Type { return try Self.integer(integer, value, path()) as! T }
        if T.self == Float.self {
            guard case .number(let number) = value else { throw mismatch(T.self, value, path()) }
            return (Float(number.description) ?? Float(double(number))) as! T
        }
        return try T(from: TreeDecoder(value: value, path: path()))
    }

    /// The object a tree decoder reads, or nil for any other decoder.
    static func members(of decoder: any Decoder) -> [String: JSONValue]? {
        guard let tree = decoder as? TreeDecoder, case .object(let members) = tree.value else { return nil }
        return members
    }

    /// The nearest Double, as a parser of the number's text finds it (NSDecimalNumber's own
    /// conversion is off by an ulp for numbers like 0.98).
    static func double(_ number: Decimal) -> Double {
        Double(number.description) ?? NSDecimalNumber(decimal: number).doubleValue
    }

    static func integer<I: FixedWidthInteger>(_ type: I.Type, _ value: JSONValue, _ path: @autoclosure () -> TreePath) throws -> I {
        guard case .number(let number) = value else { throw mismatch(I.self, value, path()) }
        let whole = NSDecimalNumber(decimal: number).int64Value
        if Decimal(whole) == number, let result = I(exactly: whole) { return result }
        // Beyond Int64 (a large UInt64): the digits themselves.
        guard let result = I(number.description) else {
            throw DecodingError.dataCorrupted(.init(codingPath: path().keys, debugDescription: "Number \(number) does not fit in \(I.self)."))
        }
        return result
    }

    static func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: @autoclosure () -> TreePath) -> DecodingError {
        if value == .null {
            return .valueNotFound(type, .init(codingPath: path().keys, debugDescription: "Expected \(type) but found null instead."))
        }
        return .typeMismatch(
            type,
            .init(codingPath: path().keys, debugDescription: "Expected to decode \(type) but found \(value.kindName) instead.")
        )
    }
}

extension JSONValue {
    /// What kind of JSON this is, for error messages.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

private struct TreeDecoder: Decoder {
    let value: JSONValue
    let path: TreePath
    var codingPath: [any CodingKey] { path.keys }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw JSONTreeDecoder.mismatch([String: JSONValue].self, value, path) }
        return KeyedDecodingContainer(KeyedTreeDecoding<Key>(members: members, path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw JSONTreeDecoder.mismatch([JSONValue].self, value, path) }
        return UnkeyedTreeDecoding(items: items, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleTreeDecoding(value: value, path: path) }
}

private struct KeyedTreeDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let path: TreePath
    var codingPath: [any CodingKey] { path.keys }

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func member(_ key: Key) throws -> JSONValue {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key.stringValue)."))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key) == .null }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try JSONTreeDecoder.decode(T.self, from: try member(key), path: .key(key, path))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = members[key.stringValue], value != .null else { return nil }
        return try JSONTreeDecoder.decode(T.self, from: value, path: .key(key, path))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try TreeDecoder(value: try member(key), path: .key(key, path)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TreeDecoder(value: try member(key), path: .key(key, path)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        TreeDecoder(value: members["super"] ?? .null, path: .key(TreeKey("super"), path))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        TreeDecoder(value: members[key.stringValue] ?? .null, path: .key(key, path))
    }
}

private struct UnkeyedTreeDecoding: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let path: TreePath
    var currentIndex = 0

    init(items: [JSONValue], path: TreePath) {
        self.items = items
        self.path = path
    }

    var codingPath: [any CodingKey] { path.keys }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private var itemPath: TreePath { .index(currentIndex, path) }

    private func current(_ type: Any.Type) throws -> JSONValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: itemPath.keys, debugDescription: "Unkeyed container is at end."))
        }
        return items[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard try current(Never.self) == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try JSONTreeDecoder.decode(T.self, from: try current(T.self), path: itemPath)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try TreeDecoder(value: try current(type), path: itemPath).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try TreeDecoder(value: try current([JSONValue].self), path: itemPath).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = TreeDecoder(value: try current(JSONValue.self), path: itemPath)
        currentIndex += 1
        return decoder
    }
}

private struct SingleTreeDecoding: SingleValueDecodingContainer {
    let value: JSONValue
    let path: TreePath
    var codingPath: [any CodingKey] { path.keys }

    func decodeNil() -> Bool { value == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONTreeDecoder.decode(T.self, from: value, path: path)
    }
}

/// A key for paths in error messages and super coders.
struct TreeKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(_ string: String) { stringValue = string }
    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }
}
