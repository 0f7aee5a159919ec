import Foundation

// Codable straight to and from `JSONValue` trees. Documents are stored as JSON and read back as
// trees; going through `JSONEncoder`/`JSONDecoder` meant writing each tree out as text and parsing
// it again on every read and write, most of a write request's time. These follow those coders'
// default strategies, so both routes give the same values: `Decimal` is a number, `Data` base64
// text, `URL` its absolute string, `Date` seconds since 2001.

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

// MARK: Encoding

/// A type whose JSON object names every field: a nil optional is written as `null`, not left out,
/// so a reader of a stored document or of the API sees each field (docs/cart-document.md). The
/// type's synthesized `encode(to:)` asks for `encodeIfPresent`; the tree encoder answers `null`.
public protocol EncodesNilAsNull: Encodable {}

/// A document that keeps the members of its JSON object it does not know (``extra``, left out of its
/// `CodingKeys`) and has them written back beside its own fields, never over one of them. Both are
/// options of the value the encoder is given: a wrapper that answers with one of these in its place
/// encodes it as a value (`singleValueContainer().encode(document)`), not by calling its `encode(to:)`.
public protocol KeepsUnknownMembers: EncodesNilAsNull {
    var extra: [String: JSONValue] { get }
}

/// Encodes `Encodable` values to `JSONValue` trees.
enum JSONTreeEncoder {
    static func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        try box(value, path: .root).resolved()
    }

    static func box<T: Encodable>(_ value: T, path: @autoclosure () -> TreePath) throws -> TreeSlot {
        if T.self == String.self { return .value(.string(unsafeBitCast(value, to: String.self))) }
        if T.self == JSONValue.self { return .value(unsafeBitCast(value, to: JSONValue.self)) }
        if T.self == Decimal.self { return .value(.number(unsafeBitCast(value, to: Decimal.self))) }
        if T.self == Bool.self { return .value(.bool(unsafeBitCast(value, to: Bool.self))) }
        if T.self == Int.self { return .value(.number(Decimal(unsafeBitCast(value, to: Int.self)))) }
        if T.self == Amount.self { return .value(.string(unsafeBitCast(value, to: Amount.self).description)) }
        if let number = value as? Double { return .value(try floating(number, path().keys)) }
        if let date = value as? Date { return .value(try floating(date.timeIntervalSinceReferenceDate, path().keys)) }
        if let data = value as? Data { return .value(.string(data.base64EncodedString())) }
        if let url = value as? URL { return .value(.string(url.absoluteString)) }
        let document = value as? any EncodesNilAsNull
        let encoder = TreeEncoder(path: path(), writesNil: document != nil)
        try value.encode(to: encoder)
        if let kept = (document as? any KeepsUnknownMembers)?.extra, !kept.isEmpty, case .object(let node)? = encoder.slot {
            for (key, member) in kept where node.members[key] == nil { node.members[key] = .value(member) }
        }
        // A value that encoded nothing is an empty object, as with JSONEncoder.
        return encoder.slot ?? .value(.object([:]))
    }

    /// A floating-point number as the text JSONEncoder would write, read back as a Decimal.
    static func floating(_ number: Double, _ path: [any CodingKey]) throws -> JSONValue {
        guard number.isFinite else {
            throw EncodingError.invalidValue(number, .init(codingPath: path, debugDescription: "Unable to encode \(number) directly in JSON."))
        }
        if number == number.rounded(), abs(number) < 1e15 { return .number(Decimal(Int64(number))) }
        return .number(Decimal(string: "\(number)", locale: Locale(identifier: "en_US_POSIX")) ?? Decimal(number))
    }

    static func integer<I: BinaryInteger>(_ number: I) -> JSONValue {
        if let small = Int64(exactly: number) { return .number(Decimal(small)) }
        return .number(Decimal(string: "\(number)") ?? 0)
    }
}

/// Where an encoded value is while its containers may still be written to.
enum TreeSlot {
    case value(JSONValue)
    case object(ObjectNode)
    case array(ArrayNode)
    case encoder(TreeEncoder)

    func resolved() -> JSONValue {
        switch self {
        case .value(let value): value
        case .object(let node): .object(node.members.mapValues { $0.resolved() })
        case .array(let node): .array(node.items.map { $0.resolved() })
        case .encoder(let encoder): encoder.slot?.resolved() ?? .object([:])
        }
    }
}

final class ObjectNode {
    var members: [String: TreeSlot] = [:]
}

final class ArrayNode {
    var items: [TreeSlot] = []
}

final class TreeEncoder: Encoder {
    let path: TreePath
    /// Whether the keyed container writes `null` for a nil optional (``EncodesNilAsNull``).
    let writesNil: Bool
    var codingPath: [any CodingKey] { path.keys }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var slot: TreeSlot?

    init(path: TreePath, writesNil: Bool = false) {
        self.path = path
        self.writesNil = writesNil
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let node: ObjectNode
        if case .object(let existing)? = slot {
            node = existing
        } else {
            node = ObjectNode()
            slot = .object(node)
        }
        return KeyedEncodingContainer(KeyedTreeEncoding<Key>(node: node, path: path, writesNil: writesNil))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let node: ArrayNode
        if case .array(let existing)? = slot {
            node = existing
        } else {
            node = ArrayNode()
            slot = .array(node)
        }
        return UnkeyedTreeEncoding(node: node, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleTreeEncoding(encoder: self) }
}

private struct KeyedTreeEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: ObjectNode
    let path: TreePath
    var writesNil = false
    var codingPath: [any CodingKey] { path.keys }

    mutating func encodeNil(forKey key: Key) throws { node.members[key.stringValue] = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        node.members[key.stringValue] = try JSONTreeEncoder.box(value, path: .key(key, path))
    }

    // Synthesized encoders write optionals through these; each is a requirement of its own, so
    // each is answered here, where a nil becomes `null` for an ``EncodesNilAsNull`` type.
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try present(value, key) }

    private mutating func present<T: Encodable>(_ value: T?, _ key: Key) throws {
        if let value {
            try encode(value, forKey: key)
        } else if writesNil {
            try encodeNil(forKey: key)
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = ObjectNode()
        node.members[key.stringValue] = .object(nested)
        return KeyedEncodingContainer(KeyedTreeEncoding<NestedKey>(node: nested, path: .key(key, path), writesNil: writesNil))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = ArrayNode()
        node.members[key.stringValue] = .array(nested)
        return UnkeyedTreeEncoding(node: nested, path: .key(key, path))
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: "super", key: TreeKey("super")) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue, key: key) }

    private func superEncoder(named name: String, key: any CodingKey) -> any Encoder {
        let encoder = TreeEncoder(path: .key(key, path))
        node.members[name] = .encoder(encoder)
        return encoder
    }
}

private struct UnkeyedTreeEncoding: UnkeyedEncodingContainer {
    let node: ArrayNode
    let path: TreePath
    var codingPath: [any CodingKey] { path.keys }

    var count: Int { node.items.count }

    private var itemPath: TreePath { .index(node.items.count, path) }

    mutating func encodeNil() throws { node.items.append(.value(.null)) }

    mutating func encode<T: Encodable>(_ value: T) throws { node.items.append(try JSONTreeEncoder.box(value, path: itemPath)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = ObjectNode()
        let path = itemPath
        node.items.append(.object(nested))
        return KeyedEncodingContainer(KeyedTreeEncoding<NestedKey>(node: nested, path: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = ArrayNode()
        let path = itemPath
        node.items.append(.array(nested))
        return UnkeyedTreeEncoding(node: nested, path: path)
    }

    mutating func superEncoder() -> any Encoder {
        let encoder = TreeEncoder(path: itemPath)
        node.items.append(.encoder(encoder))
        return encoder
    }
}

private struct SingleTreeEncoding: SingleValueEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.slot = .value(.null) }
    mutating func encode(_ value: Bool) throws { encoder.slot = .value(.bool(value)) }
    mutating func encode(_ value: String) throws { encoder.slot = .value(.string(value)) }
    mutating func encode(_ value: Double) throws { encoder.slot = .value(try JSONTreeEncoder.floating(value, codingPath)) }
    mutating func encode(_ value: Float) throws {
        encoder.slot = .value(try JSONTreeEncoder.floating(Double("\(value)") ?? Double(value), codingPath))
    }
    mutating func encode(_ value: Int) throws { encoder.slot = .value(JSONTreeEncoder.integer(value)) }
    mutating func encode(_ value: Int8) throws { encoder.slot = .value(JSONTreeEncoder.integer(value)) }
    mutating func encode(_ value: Int16) throws { encoder.slot = .value(JSONTreeEncoder.integer(value)) }
    mutating func encode(_ value: Int32) throws { encoder.slot = .value(JSONTreeEncoder.integer(value)) }
    mutating func encode(_ value: Int64) throws { encoder.slot = .value(JSONTreeEncoder.integer(value)) }
    mutating func encode(_ value: UInt) throws { encoder.slot = .value(JSONTreeEncoder.integer(value)) }
    mutating func encode(_ value: UInt8) throws { encoder.slot = .value(JSONTreeEncoder.integer(value)) }
    mutating func encode(_ value: UInt16) throws { encoder.slot = .value(JSONTreeEncoder.integer(value)) }
    mutating func encode(_ value: UInt32) throws { encoder.slot = .value(JSONTreeEncoder.integer(value)) }
    mutating func encode(_ value: UInt64) throws { encoder.slot = .value(JSONTreeEncoder.integer(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { encoder.slot = try JSONTreeEncoder.box(value, path: encoder.path) }
}
