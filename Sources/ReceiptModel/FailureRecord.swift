import Foundation

/// An image that did not become a cart: a document in the `failures`
/// collection with a stable error code (`image.unreadable`, `image.too-large`,
/// `ocr.failed`, …) and a message that tells the user what to do.
public struct FailureRecord: Sendable, Hashable, Codable, Identifiable, KeepsUnknownMembers {
    public static let collection = "failures"

    /// SHA-256 of the image bytes, or of the path when the file could not be read.
    public var id: String
    public var rev: Int
    public var type: String
    public var source: DocumentSource
    /// Stable dotted code.
    public var error: String
    public var message: String
    public var addedByUser: String?
    /// ISO 8601 instant of the failed attempt.
    public var failedAt: String
    public var extra: [String: JSONValue]

    public init(
        id: String,
        rev: Int = 1,
        source: DocumentSource,
        error: String,
        message: String,
        addedByUser: String? = nil,
        failedAt: String,
        extra: [String: JSONValue] = [:]
    ) {
        self.id = id
        self.rev = rev
        self.type = "failure"
        self.source = source
        self.error = error
        self.message = message
        self.addedByUser = addedByUser
        self.failedAt = failedAt
        self.extra = extra
    }

    /// Every field but `extra`, whose members are written beside them.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, rev, type, source, error, message, addedByUser, failedAt
    }

    static let knownKeys = Set(CodingKeys.allCases.map(\.rawValue))

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: DocumentKey.self)
        id = try c.decode(String.self, forKey: DocumentKey("id"))
        rev = try c.field("rev", or: 0)
        type = try c.field("type", or: "failure")
        source = try c.field("source", or: DocumentSource(file: ""))
        error = try c.field("error", or: "unknown")
        message = try c.field("message", or: "")
        addedByUser = try c.optional("addedByUser")
        failedAt = try c.field("failedAt", or: "")
        extra = try c.extras(excluding: Self.knownKeys, of: decoder)
    }
}
