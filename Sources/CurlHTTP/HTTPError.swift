import Foundation
import ReceiptModel

/// A failed HTTP request: a stable dotted ``code``, the curl code or HTTP
/// status when there is one, and a message that says what to do.
///
/// The ``url`` is redacted (see ``URLRedaction``): API keys never appear in
/// errors or logs.
public struct HTTPError: DomainError {
    /// Stable error codes.
    public typealias Code = ErrorCode<HTTPError>

    public let code: Code
    /// The libcurl `CURLcode`, when libcurl reported the failure.
    public let curlCode: Int?
    /// The HTTP status, for ``Code/status``.
    public let status: Int?
    /// What happened and what to do about it.
    public let message: String
    /// The request URL with secret query values replaced by `REDACTED`.
    public let url: String
    /// The first bytes (at most 4 KiB) of an error response's body.
    public let body: Data?
    /// How many attempts were made before giving up.
    public let attempts: Int

    public init(
        code: Code,
        curlCode: Int? = nil,
        status: Int? = nil,
        message: String,
        url: String,
        body: Data? = nil,
        attempts: Int = 1
    ) {
        self.code = code
        self.curlCode = curlCode
        self.status = status
        self.message = message
        self.url = url
        self.body = body
        self.attempts = attempts
    }

    public var description: String {
        var text = "\(code.rawValue): \(message)"
        if let status { text += " (HTTP \(status))" }
        if let curlCode { text += " (curl \(curlCode))" }
        return text + " [\(url)]"
    }

    /// Whether a new attempt may succeed: timeouts, connection errors, 429 and 5xx.
    public var isTransient: Bool {
        switch code {
        case .timeout, .connect: return true
        case .status: return status == 429 || (status ?? 0) >= 500
        default: return false
        }
    }

    func with(attempts: Int) -> HTTPError {
        HTTPError(code: code, curlCode: curlCode, status: status, message: message, url: url, body: body, attempts: attempts)
    }
}

/// Replaces secret query parameter values in URLs (and in messages that may quote them).
public enum URLRedaction {
    /// Query parameter names whose values are secret (compared case-insensitively).
    public static let secretNames: Set<String> = ["api_key", "apikey", "key", "token", "access_token", "password"]

    /// `url` with every secret query value replaced by `REDACTED`.
    public static func redact(_ url: String) -> String {
        guard let queryStart = url.firstIndex(of: "?") else { return url }
        let head = url[..<queryStart]
        var query = url[url.index(after: queryStart)...]
        var fragment = ""
        if let hash = query.firstIndex(of: "#") {
            fragment = String(query[hash...])
            query = query[..<hash]
        }
        let parts = query.split(separator: "&", omittingEmptySubsequences: false).map { part -> String in
            guard let equals = part.firstIndex(of: "=") else { return String(part) }
            let name = part[..<equals].lowercased()
            return secretNames.contains(name) ? "\(part[..<equals])=REDACTED" : String(part)
        }
        return head + "?" + parts.joined(separator: "&") + fragment
    }

    /// `text` with each of `secrets` (non-empty) replaced by `REDACTED`.
    static func scrub(_ text: String, secrets: [String]) -> String {
        var text = text
        for secret in secrets where secret.count >= 3 {
            text = text.replacingOccurrences(of: secret, with: "REDACTED")
        }
        return text
    }
}

extension ErrorCode where Domain == HTTPError {
    /// The request took longer than the connect or total timeout.
    public static var timeout: Self { Self(rawValue: "http.timeout") }
    /// The host could not be resolved or reached, or the connection broke.
    public static var connect: Self { Self(rawValue: "http.connect") }
    /// TLS handshake or certificate verification failed.
    public static var tls: Self { Self(rawValue: "http.tls") }
    /// The server answered with a non-2xx status.
    public static var status: Self { Self(rawValue: "http.status") }
    /// The body was larger than the configured maximum.
    public static var tooLarge: Self { Self(rawValue: "http.too-large") }
    /// The URL is malformed or uses an unsupported scheme.
    public static var invalidURL: Self { Self(rawValue: "http.invalid-url") }
    /// The client was shut down or the task cancelled.
    public static var cancelled: Self { Self(rawValue: "http.cancelled") }
    /// Any other libcurl failure.
    public static var failed: Self { Self(rawValue: "http.failed") }
}
