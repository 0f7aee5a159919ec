import Foundation
import Logging

/// One successful (2xx) response.
public struct HTTPResponse: Sendable {
    public let status: Int
    public let body: Data
    /// How many attempts it took (1 = no retry).
    public let attempts: Int
}

/// When and how often to retry transient failures (timeouts, connection errors, 429, 5xx).
public struct RetryPolicy: Sendable {
    /// Attempts in total, including the first.
    public var maxAttempts: Int
    /// The delay before the second attempt; doubled for each later one.
    public var baseDelay: Duration
    /// No computed delay is longer than this.
    public var maxDelay: Duration
    /// A server's `Retry-After` is honoured up to this long; beyond it the error is returned.
    public var maxRetryAfter: Duration

    public init(
        maxAttempts: Int = 4,
        baseDelay: Duration = .milliseconds(500),
        maxDelay: Duration = .seconds(8),
        maxRetryAfter: Duration = .seconds(60)
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
    }

    /// No retries.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// The delay before attempt `attempt + 1` (attempt counts from 1): exponential with full jitter in [50 %, 100 %].
    public func delay(after attempt: Int, retryAfterSeconds: Int?) -> Duration? {
        if let retryAfterSeconds {
            let wanted = Duration.seconds(retryAfterSeconds)
            return wanted <= maxRetryAfter ? wanted : nil
        }
        let exponent = min(attempt - 1, 20)
        let raw = baseDelay * (1 << exponent)
        let capped = min(raw, maxDelay)
        return capped * Double.random(in: 0.5...1.0)
    }
}

/// Configuration of an ``HTTPClient``.
public struct HTTPClientConfiguration: Sendable {
    public var userAgent: String
    public var connectTimeout: Duration
    /// The whole transfer, connection included.
    public var totalTimeout: Duration
    /// A larger body fails with ``HTTPError/Code/tooLarge``.
    public var maxBodyBytes: Int
    /// Requests in flight at once (also the number of worker threads).
    public var maxConcurrency: Int
    public var retry: RetryPolicy
    /// Client-side rate limit; `0` disables it. The default (30) fits the smallest Chomp plan.
    public var requestsPerMinute: Double
    public var burst: Int
    /// TLS peer and host verification. Only tests against self-signed loopback servers turn it off.
    public var verifyTLS: Bool

    public init(
        userAgent: String = "receipts/0.1.0",
        connectTimeout: Duration = .seconds(10),
        totalTimeout: Duration = .seconds(30),
        maxBodyBytes: Int = 8 << 20,
        maxConcurrency: Int = 4,
        retry: RetryPolicy = RetryPolicy(),
        requestsPerMinute: Double = 30,
        burst: Int = 5,
        verifyTLS: Bool = true
    ) {
        self.userAgent = userAgent
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.maxBodyBytes = maxBodyBytes
        self.maxConcurrency = maxConcurrency
        self.retry = retry
        self.requestsPerMinute = requestsPerMinute
        self.burst = burst
        self.verifyTLS = verifyTLS
    }
}

/// A small HTTP client over libcurl: GETs, and POSTs of JSON.
///
/// Transfers run on dedicated threads (at most ``HTTPClientConfiguration/maxConcurrency``
/// at once), each reusing one easy handle and so its connections. Transient failures are
/// retried with exponential backoff and jitter, honouring `Retry-After`; every attempt
/// passes the client-side rate limiter. Secret query values never reach logs or errors.
public final class HTTPClient: Sendable {
    public let configuration: HTTPClientConfiguration
    private let pool: WorkerPool
    private let limiter: RateLimiter
    private let logger: Logger

    public init(configuration: HTTPClientConfiguration = .init(), logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        pool = WorkerPool(maxThreads: configuration.maxConcurrency)
        limiter = RateLimiter(requestsPerMinute: configuration.requestsPerMinute, burst: configuration.burst)
    }

    deinit {
        pool.close()
    }

    /// `base` with `query` appended, each name and value percent-encoded (`curl_easy_escape`).
    public static func url(_ base: String, query: [(name: String, value: String)]) -> String {
        guard !query.isEmpty else { return base }
        let encoded = query.map { CurlEasy.escape($0.name) + "=" + CurlEasy.escape($0.value) }.joined(separator: "&")
        return base + (base.contains("?") ? "&" : "?") + encoded
    }

    /// GETs `base` with `query`; returns a 2xx response or throws ``HTTPError``.
    ///
    /// - Parameters:
    ///   - base: the URL without query (or with a fixed one).
    ///   - query: parameters, encoded here.
    ///   - headers: extra request headers.
    /// - Throws: ``HTTPError`` after the last attempt (the status ones carry the body's start).
    public func get(
        _ base: String,
        query: [(name: String, value: String)] = [],
        headers: [String: String] = [:]
    ) async throws -> HTTPResponse {
        try await send("GET", base, query: query, headers: headers, body: nil)
    }

    /// POSTs a JSON body to `url`; returns a 2xx response or throws ``HTTPError``. Retried like
    /// a GET, so only for requests that are safe to repeat (idempotent on the server).
    /// - Parameter headers: extra request headers (an `Authorization` header is never logged).
    public func post(_ url: String, json body: Data, headers: [String: String] = [:]) async throws -> HTTPResponse {
        try await send("POST", url, query: [], headers: headers.merging(["Content-Type": "application/json"]) { mine, _ in mine }, body: body)
    }

    private func send(
        _ method: String,
        _ base: String,
        query: [(name: String, value: String)],
        headers: [String: String],
        body: Data?
    ) async throws -> HTTPResponse {
        let url = Self.url(base, query: query)
        let redacted = URLRedaction.redact(url)
        let secrets = query.filter { URLRedaction.secretNames.contains($0.name.lowercased()) }
            .flatMap { [$0.value, CurlEasy.escape($0.value)] }
        let headerLines = headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" } + ["Accept: application/json"]
        let policy = configuration.retry
        var attempt = 0
        while true {
            attempt += 1
            if Task.isCancelled {
                throw HTTPError(code: .cancelled, message: "the request was cancelled", url: redacted, attempts: attempt - 1)
            }
            try await limiter.acquire()
            let started = ContinuousClock.now
            let outcome = await perform(url: url, headers: headerLines, body: body)
            let elapsed = ContinuousClock.now - started
            let error: HTTPError
            var retryAfter: Int? = nil
            switch outcome {
            case .success(let raw) where (200..<300).contains(raw.status):
                logger.debug(
                    "\(method)",
                    metadata: [
                        "http.url": "\(redacted)", "http.status": "\(raw.status)", "http.bytes": "\(raw.body.count)",
                        "http.ms": "\(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)",
                        "http.attempt": "\(attempt)",
                    ]
                )
                return HTTPResponse(status: raw.status, body: raw.body, attempts: attempt)
            case .success(let raw):
                retryAfter = raw.retryAfterSeconds
                error = HTTPError(
                    code: .status,
                    status: raw.status,
                    message: Self.statusMessage(raw.status),
                    url: redacted,
                    body: raw.body.prefix(4096),
                    attempts: attempt
                )
            case .failure(let failure):
                error = HTTPError(
                    code: failure.code,
                    curlCode: failure.curlCode,
                    message: URLRedaction.scrub(Self.failureMessage(failure, configuration), secrets: secrets),
                    url: redacted,
                    attempts: attempt
                )
            }
            logger.debug(
                "\(method) failed",
                metadata: ["http.url": "\(redacted)", "http.error": "\(error.code)", "http.attempt": "\(attempt)"]
            )
            guard error.isTransient, attempt < policy.maxAttempts,
                let delay = policy.delay(after: attempt, retryAfterSeconds: retryAfter)
            else { throw error }
            logger.debug("retrying", metadata: ["http.url": "\(redacted)", "http.delay": "\(delay)"])
            do {
                try await Task.sleep(for: delay)
            } catch {
                throw HTTPError(code: .cancelled, message: "the request was cancelled", url: redacted, attempts: attempt)
            }
        }
    }

    private func perform(url: String, headers: [String], body: Data?) async -> Result<RawResponse, TransferFailure> {
        let options = CurlEasy.Options(
            userAgent: configuration.userAgent,
            connectTimeoutMilliseconds: Self.milliseconds(configuration.connectTimeout),
            totalTimeoutMilliseconds: Self.milliseconds(configuration.totalTimeout),
            maxBodyBytes: configuration.maxBodyBytes,
            verifyTLS: configuration.verifyTLS
        )
        return await withCheckedContinuation { continuation in
            pool.submit { easy in
                guard let easy else {
                    continuation.resume(
                        returning: .failure(
                            TransferFailure(
                                code: .cancelled,
                                curlCode: 0,
                                message: "the HTTP client is shut down or libcurl failed to start"
                            )
                        )
                    )
                    return
                }
                continuation.resume(returning: easy.perform(url: url, headers: headers, body: body, options: options))
            }
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        max(1, Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000))
    }

    static func statusMessage(_ status: Int) -> String {
        switch status {
        case 401, 403: return "the server refused the credentials (HTTP \(status)); check the API key and plan"
        case 404: return "not found (HTTP 404)"
        case 429: return "rate limited by the server (HTTP 429); wait a minute or lower the request rate"
        case 500...: return "the server failed (HTTP \(status)); try again later"
        default: return "the server answered HTTP \(status)"
        }
    }

    static func failureMessage(_ failure: TransferFailure, _ configuration: HTTPClientConfiguration) -> String {
        switch failure.code {
        case .timeout:
            return
                "no complete answer within \(configuration.totalTimeout) (connect timeout \(configuration.connectTimeout)): \(failure.message); check the network or raise the timeout"
        case .connect:
            return "could not reach the server: \(failure.message); check the URL and the network"
        case .tls:
            return "TLS failed: \(failure.message); check the system CA certificates (ca-certificates)"
        default:
            return failure.message
        }
    }
}
