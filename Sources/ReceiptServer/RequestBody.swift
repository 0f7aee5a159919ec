import Foundation
import Hummingbird
import ReceiptModel

/// A JSON request body as a type. Its `CodingKeys` are the members it may have: any other is
/// refused, naming the allowed ones. Each member is read as ``JSONBody`` reads it, so a bad one is
/// answered with the field at fault in the same words: a `String` is "'name' is required." when
/// absent or null and "'name' must be a string." otherwise; a `Decimal` takes a number or a
/// decimal string; an `Amount` is money ("3.49"); a double optional (`String??`) tells an absent
/// member (`nil`) from a null one (`.some(nil)`); any other type is decoded from the member's JSON.
/// Members are read in the order the type declares them, so the first fault is the one answered.
protocol RequestBody: Decodable {
    associatedtype CodingKeys: CodingKey & CaseIterable
}

extension JSONBody {
    /// Reads the body as `Body`.
    static func read<Body: RequestBody>(_ type: Body.Type, _ request: Request, context: some RequestContext) async throws -> Body {
        let body = try await read(request, context: context, allowed: Set(Body.CodingKeys.allCases.map(\.stringValue)))
        return try Body(from: BodyDecoder(body: body))
    }
}

/// Decodes a ``RequestBody`` from the members of a ``JSONBody``.
private struct BodyDecoder: Decoder {
    let body: JSONBody
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(BodyMembers<Key>(body: body))
    }

    // The body is an object (JSONBody.read checked): a body type reads it by its keys.
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw unsupported([]) }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw unsupported([]) }
}

private struct BodyMembers<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let body: JSONBody
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { body.members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { body.has(key.stringValue) }

    func decodeNil(forKey key: Key) throws -> Bool {
        switch body.members[key.stringValue] {
        case nil, .null?: true
        default: false
        }
    }

    /// Absent, nil; null, nil too unless `T` is itself optional, where it is `.some(nil)`.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        switch body.members[key.stringValue] {
        case nil: return nil
        case .null?: return (T.self as? any OptionalMember.Type)?.none as? T
        default: return try decode(type, forKey: key)
        }
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try member(key) }

    private func member<T: Decodable>(_ key: Key) throws -> T {
        let name = key.stringValue
        let value: Any?
        switch T.self {
        case is String.Type: value = try body.string(name)
        case is Bool.Type: value = try body.bool(name)
        case is Decimal.Type: value = try body.decimal(name)
        case is Amount.Type: value = try body.amount(name) ?? nil
        case let optional as any OptionalMember.Type: value = try optional.some(decoding: self, key)
        default: value = try body.member(name, as: T.self)
        }
        guard let value = value as? T else { throw Problem.badRequest(name, "'\(name)' is required.") }
        return value
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try member(key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try member(key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try member(key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try member(key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try member(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try member(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try member(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try member(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try member(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try member(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try member(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try member(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try member(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try member(key) }

    // A member that is itself an object or an array is decoded whole (`decode(_:forKey:)`), so
    // a body's synthesized `init(from:)` never asks for these: asking is the code's mistake (500).
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw unsupported([key])
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw unsupported([key]) }
    func superDecoder() throws -> any Decoder { throw unsupported([]) }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw unsupported([key]) }
}

/// A body type that asks for more than its members' values: the code's mistake, answered 500.
private func unsupported(_ path: [any CodingKey]) -> DecodingError {
    DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "A request body is read member by member."))
}

/// `Optional`, to read a present member of a double optional as `.some(value)`.
private protocol OptionalMember {
    static var none: Self { get }
    static func some<Key>(decoding members: BodyMembers<Key>, _ key: Key) throws -> Self
}

extension Optional: OptionalMember where Wrapped: Decodable {
    fileprivate static func some<Key>(decoding members: BodyMembers<Key>, _ key: Key) throws -> Self {
        .some(try members.decode(Wrapped.self, forKey: key))
    }
}
