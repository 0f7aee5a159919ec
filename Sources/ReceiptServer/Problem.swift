import DocumentStore
import Foundation
import HTTPTypes
import HouseholdApp
import Households
import Hummingbird
import Logging
import ReceiptModel
import ReceiptOCR

/// An RFC 9457 problem document (`application/problem+json`) with a stable ``code`` that clients
/// compare, and the request field at fault for bad input.
struct Problem: Error, Sendable {
    var status: HTTPResponse.Status
    var code: String
    var detail: String
    var field: String?
    var retryAfterSeconds: Int?
    /// Where the API leads a program next (a route to call); appended to the document's detail,
    /// never shown on a web page, which words ``detail`` for a person.
    var hint: String?
    var headers: HTTPFields = [:]

    init(
        _ status: HTTPResponse.Status,
        _ code: String,
        _ detail: String,
        field: String? = nil,
        retryAfterSeconds: Int? = nil,
        headers: HTTPFields = [:]
    ) {
        self.status = status
        self.code = code
        self.detail = detail
        self.field = field
        self.retryAfterSeconds = retryAfterSeconds
        self.headers = headers
    }

    /// The domain's messages speak of the domain; these point an API client at the route that helps.
    static let hints: [HouseholdError.Code: String] = [
        .householdNotFound: "List yours with GET /api/v1/households.",
        .groupNotFound: "List yours with GET /api/v1/groups.",
        .friendNotFound: "Add them with POST /api/v1/friends and their email.",
    ]

    static func badRequest(_ field: String?, _ detail: String) -> Problem {
        Problem(.badRequest, HouseholdError.Code.invalidInput.rawValue, detail, field: field)
    }

    /// A barcode the catalog does not know, with the request field that named it.
    static func unknownBarcode(_ error: UnknownBarcode, field: String) -> Problem {
        Problem(.unprocessableContent, error.errorCode, error.message, field: field)
    }

    static let notFound = Problem(.notFound, "not-found", "There is nothing at this address. The API lives under /api/v1 (see /api/v1/openapi.json).")

    /// The one mapping from the libraries' coded errors to HTTP statuses.
    init(_ error: any Error) {
        switch error {
        case let problem as Problem:
            self = problem
        case let error as HouseholdError:
            self.init(Self.status(error.code), error.code.rawValue, error.message, field: error.field, retryAfterSeconds: error.retryAfterSeconds)
            if error.field == nil { hint = Self.hints[error.code] }
        case let error as StoreError:
            let status: HTTPResponse.Status =
                switch error.code {
                case .conflict: .conflict
                case .notFound: .notFound
                case .invalidQuery: .badRequest
                case .readOnly: .forbidden
                case .diskFull: HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
                default: .serviceUnavailable
                }
            // Store messages are written for the operator; clients get a short one.
            self.init(
                status,
                error.code.rawValue,
                status == .serviceUnavailable || status.code == 507
                    ? "The server's database cannot take this request now. Try again in a moment." : error.message
            )
        case let error as OCRError:
            self.init(.unprocessableContent, error.code.rawValue, error.message)
        case let error as UnknownProduct:
            self.init(.notFound, error.errorCode, error.message)
        case let error as any CodedError:
            // Codes of other modules (catalog, pipeline): the request could not be served as asked.
            self.init(.unprocessableContent, error.errorCode, error.message)
        case let error as HTTPError:
            let code =
                switch error.status {
                case .contentTooLarge: "request.too-large"
                case .notFound: "not-found"
                case .methodNotAllowed: "request.method-not-allowed"
                default: "request.invalid"
                }
            self.init(error.status, code, error.body ?? error.status.reasonPhrase)
        default:
            self.init(.internalServerError, "server.error", "Something went wrong on the server. Try again; if it persists, tell whoever runs it.")
        }
    }

    static func status(_ code: HouseholdError.Code) -> HTTPResponse.Status {
        switch code {
        case .invalidInput: .badRequest
        case .emailTaken, .conflict, .notFriend, .notInGroup, .totalLocked, .sharePaid, .nothingOwed, .hasPayments, .paymentIrreversible: .conflict
        case .reviewExists: .conflict
        case .invalidCredentials, .unauthenticated: .unauthorized
        case .throttled: .tooManyRequests
        case .csrf, .forbidden, .notUploader, .notAuthor, .notReviewAuthor: .forbidden
        case .stale: .preconditionFailed
        case .paymentToSelf, .clockAhead: .unprocessableContent
        default: .notFound
        }
    }

    func response() -> Response {
        var members: [String: JSONValue] = [
            "type": .string("about:blank"), "title": .string(status.reasonPhrase), "status": .number(Decimal(status.code)),
            "code": .string(code), "detail": .string(hint.map { "\(detail) \($0)" } ?? detail),
        ]
        if let field { members["field"] = .string(field) }
        var headers = headers
        headers[.contentType] = "application/problem+json"
        if let retryAfterSeconds { headers[.retryAfter] = String(retryAfterSeconds) }
        if status == .unauthorized { headers[.wwwAuthenticate] = "Bearer realm=\"receipts\"" }
        let body = JSONWriter.encode(.object(members))
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}

/// Turns every error a route throws into a problem document; unexpected ones are logged with the
/// request id (never with bodies, tokens or passwords).
struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let problem = Problem(error)
            if problem.status == .internalServerError {
                context.logger.error("request failed", metadata: ["error.type": "\(type(of: error))", "error": "\(error)"])
            }
            return problem.response()
        }
    }
}
