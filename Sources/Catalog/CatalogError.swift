import Foundation
import ReceiptModel

/// A catalog failure: a stable dotted ``code`` and a message saying what to do.
public struct CatalogError: Error, Sendable, CustomStringConvertible {
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// No API key configured (CHOMP_API_KEY or --api-key).
        public static let noKey = Code(rawValue: "catalog.no-key")
        /// HTTP 401/403: the key is wrong, the plan lacks the endpoint, or the quota is used up.
        public static let unauthorized = Code(rawValue: "catalog.unauthorized")
        /// HTTP 400: a parameter was rejected.
        public static let badRequest = Code(rawValue: "catalog.bad-request")
        /// Rate limited (429) after the retries.
        public static let rateLimited = Code(rawValue: "catalog.rate-limited")
        /// The API answered something that is not the expected JSON.
        public static let decode = Code(rawValue: "catalog.decode")
        /// Transport failure (timeout, connection, 5xx, too large); see ``CatalogError/underlying``.
        public static let http = Code(rawValue: "catalog.http")
        /// A catalog file could not be read or is not Chomp-shaped.
        public static let file = Code(rawValue: "catalog.file")
        /// Reading or writing the store failed.
        public static let store = Code(rawValue: "catalog.store")
    }

    public let code: Code
    public let message: String
    public let underlying: (any Error)?

    public init(_ code: Code, _ message: String, underlying: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying
    }

    public var description: String { "\(code.rawValue): \(message)" }
}

extension CatalogError: CodedError {
    public var errorCode: String { code.rawValue }
}
