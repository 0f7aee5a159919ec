import Foundation

/// A coding key made from any string, so documents can be read key by key and
/// every key the code does not know can be kept.
struct DocumentKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer where Key == DocumentKey {
    /// The value at `key`, or `fallback` when the key is absent or null.
    func field<T: Decodable>(_ key: String, or fallback: T) throws -> T {
        try decodeIfPresent(T.self, forKey: DocumentKey(key)) ?? fallback
    }

    /// An optional value: absent and null both give nil.
    func optional<T: Decodable>(_ key: String) throws -> T? {
        try decodeIfPresent(T.self, forKey: DocumentKey(key))
    }

    /// Every member whose key is not in `known`, kept as raw JSON.
    func extras(excluding known: Set<String>, of decoder: any Decoder) throws -> [String: JSONValue] {
        // Read from a stored tree: the members as they are, without a key and a decode per member.
        if let members = JSONTreeDecoder.members(of: decoder) {
            return members.filter { !known.contains($0.key) }
        }
        return try extras(excluding: known)
    }

    /// Every member whose key is not in `known`, kept as raw JSON.
    func extras(excluding known: Set<String>) throws -> [String: JSONValue] {
        var extra: [String: JSONValue] = [:]
        for key in allKeys where !known.contains(key.stringValue) {
            extra[key.stringValue] = try decode(JSONValue.self, forKey: key)
        }
        return extra
    }
}
