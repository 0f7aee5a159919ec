import Foundation

// Codable straight to and from `JSONValue` trees (encoding here, decoding in
// JSONTreeDecoding.swift). Documents are stored as JSON and read back as trees; going through
// `JSONEncoder`/`JSONDecoder` meant writing each tree out as text and parsing it again on every
// read and write, most of a write request's time. These follow those coders' default strategies, so
// both routes give the same values: `Decimal` is a number, `Data` base64 text, `URL` its absolute
// string, `Date` seconds since 2001.

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
