internal import CCurl
import Foundation

/// Initialises libcurl once per process, before any handle exists.
enum CurlGlobal {
    static let initialised: Bool = CCurl_global_init_default() == CURLE_OK
}

/// What one transfer produced, before status handling.
struct RawResponse: Sendable {
    var status: Int
    var body: Data
    var retryAfterSeconds: Int?
    var effectiveURL: String?
}

/// Failure of one transfer, before redaction and retries.
struct TransferFailure: Error, Sendable {
    var code: HTTPError.Code
    var curlCode: Int
    var message: String
}

/// Accumulates the body; refuses bytes past `limit`.
private final class ResponseSink {
    var data = Data()
    let limit: Int
    var overflowed = false
    init(limit: Int) { self.limit = limit }
}

/// The body writer libcurl calls; returning less than asked aborts the transfer.
private let writeBody: CCurl_write_callback = { pointer, size, count, context in
    guard let pointer, let context else { return 0 }
    let sink = Unmanaged<ResponseSink>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    if sink.data.count + length > sink.limit {
        sink.overflowed = true
        return 0
    }
    pointer.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
        sink.data.append(bytes, count: length)
    }
    return length
}

/// One libcurl easy handle, owned by one worker thread for its whole life.
///
/// The handle is reset (not recreated) between requests, so libcurl keeps its
/// connection cache, DNS cache and TLS session: requests to the same host reuse
/// the connection.
final class CurlEasy {
    private let handle: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>

    init?() {
        guard CurlGlobal.initialised, let handle = curl_easy_init() else { return nil }
        self.handle = handle
        let size = Int(CCurl_error_size())
        errorBuffer = .allocate(capacity: size)
        errorBuffer.initialize(repeating: 0, count: size)
    }

    deinit {
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    struct Options {
        var userAgent: String
        var connectTimeoutMilliseconds: Int
        var totalTimeoutMilliseconds: Int
        var maxBodyBytes: Int
        var verifyTLS: Bool
    }

    /// A GET, or a POST of `body` when one is given (libcurl copies it before the transfer).
    func perform(url: String, headers: [String], body: Data?, options: Options) -> Result<RawResponse, TransferFailure> {
        curl_easy_reset(handle)
        errorBuffer[0] = 0
        let sink = ResponseSink(limit: options.maxBodyBytes)
        var list: UnsafeMutablePointer<curl_slist>? = nil
        for header in headers {
            list = curl_slist_append(list, header)
        }
        defer { curl_slist_free_all(list) }

        return withExtendedLifetime(sink) { () -> Result<RawResponse, TransferFailure> in
            var setup = CURLE_OK
            func set(_ code: CURLcode) { if setup == CURLE_OK { setup = code } }
            set(CCurl_setopt_string(handle, CURLOPT_URL, url))
            set(CCurl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"))
            set(CCurl_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"))
            set(CCurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1))
            set(CCurl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 1))
            set(CCurl_setopt_long(handle, CURLOPT_MAXREDIRS, 5))
            set(CCurl_setopt_string(handle, CURLOPT_USERAGENT, options.userAgent))
            set(CCurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, options.connectTimeoutMilliseconds))
            set(CCurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, options.totalTimeoutMilliseconds))
            // "" = every encoding this libcurl decodes (gzip, deflate, br, zstd here).
            set(CCurl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, ""))
            set(CCurl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, options.verifyTLS ? 1 : 0))
            set(CCurl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, options.verifyTLS ? 2 : 0))
            set(CCurl_setopt_long(handle, CURLOPT_TCP_KEEPALIVE, 1))
            set(CCurl_setopt_off(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(options.maxBodyBytes)))
            set(CCurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer))
            set(CCurl_setopt_write_callback(handle, CURLOPT_WRITEFUNCTION, writeBody))
            set(CCurl_setopt_pointer(handle, CURLOPT_WRITEDATA, Unmanaged.passUnretained(sink).toOpaque()))
            if list != nil { set(CCurl_setopt_slist(handle, CURLOPT_HTTPHEADER, list)) }
            if let body {
                set(CCurl_setopt_off(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
                var bytes = [UInt8](body)
                bytes.append(0)  // COPYPOSTFIELDS reads POSTFIELDSIZE bytes; the NUL is never sent
                set(bytes.withUnsafeMutableBytes { CCurl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, $0.baseAddress) })
            }
            guard setup == CURLE_OK else {
                return .failure(failure(setup))
            }

            let result = curl_easy_perform(handle)
            if sink.overflowed || result == CURLE_FILESIZE_EXCEEDED {
                return .failure(
                    TransferFailure(
                        code: .tooLarge,
                        curlCode: Int(result.rawValue),
                        message: "the response body is larger than the limit of \(options.maxBodyBytes) bytes"
                    )
                )
            }
            guard result == CURLE_OK else { return .failure(failure(result)) }

            var status = 0
            _ = CCurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
            var retryAfter: curl_off_t = 0
            let hasRetryAfter = CCurl_getinfo_off(handle, CURLINFO_RETRY_AFTER, &retryAfter) == CURLE_OK && retryAfter > 0
            var effective: UnsafeMutablePointer<CChar>? = nil
            _ = CCurl_getinfo_string(handle, CURLINFO_EFFECTIVE_URL, &effective)
            return .success(
                RawResponse(
                    status: status,
                    body: sink.data,
                    retryAfterSeconds: hasRetryAfter ? Int(retryAfter) : nil,
                    effectiveURL: effective.map { String(cString: $0) }
                )
            )
        }
    }

    private func failure(_ code: CURLcode) -> TransferFailure {
        let detail = errorBuffer[0] != 0 ? String(cString: errorBuffer) : String(cString: curl_easy_strerror(code))
        let kind: HTTPError.Code
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            kind = .timeout
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT,
            CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE, CURLE_HTTP2,
            CURLE_HTTP2_STREAM:
            kind = .connect
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
            CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE:
            kind = .tls
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL:
            kind = .invalidURL
        default:
            kind = .failed
        }
        return TransferFailure(code: kind, curlCode: Int(code.rawValue), message: detail)
    }

    /// Percent-encodes `value` for a query string (RFC 3986 unreserved characters stay).
    static func escape(_ value: String) -> String {
        _ = CurlGlobal.initialised
        if value.isEmpty { return "" }
        var utf8 = Array(value.utf8)
        return utf8.withUnsafeMutableBufferPointer { buffer -> String in
            let escaped = buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                curl_easy_escape(nil, $0, Int32(buffer.count))
            }
            guard let escaped else { return value }
            defer { curl_free(escaped) }
            return String(cString: escaped)
        }
    }
}
