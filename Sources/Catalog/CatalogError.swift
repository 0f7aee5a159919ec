import Foundation
import ReceiptModel

/// A catalog failure: a stable dotted ``code`` and a message saying what to do.
public struct CatalogError: DomainError {
    public typealias Code = ErrorCode<CatalogError>

    public let code: Code
    public let message: String
    public let underlying: (any Error)?

    public init(_ code: Code, _ message: String, underlying: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying
    }
}

extension ErrorCode where Domain == CatalogError {
    /// No API key configured (CHOMP_API_KEY or --api-key).
    public static var noKey: Self { Self(rawValue: "catalog.no-key") }
    /// HTTP 401/403: the key is wrong, the plan lacks the endpoint, or the quota is used up.
    public static var unauthorized: Self { Self(rawValue: "catalog.unauthorized") }
    /// HTTP 400: a parameter was rejected.
    public static var badRequest: Self { Self(rawValue: "catalog.bad-request") }
    /// Rate limited (429) after the retries.
    public static var rateLimited: Self { Self(rawValue: "catalog.rate-limited") }
    /// The API answered something that is not the expected JSON.
    public static var decode: Self { Self(rawValue: "catalog.decode") }
    /// Transport failure (timeout, connection, 5xx, too large); see ``CatalogError/underlying``.
    public static var http: Self { Self(rawValue: "catalog.http") }
    /// A catalog file could not be read or is not Chomp-shaped.
    public static var file: Self { Self(rawValue: "catalog.file") }
    /// Reading or writing the store failed.
    public static var store: Self { Self(rawValue: "catalog.store") }
}
