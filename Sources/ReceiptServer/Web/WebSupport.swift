import Foundation
import HTTPTypes
import Households
import Hummingbird
import WebApp

/// Pages: HTML responses with the security headers every page carries, redirects after a post,
/// and the page's `ETag` (a fingerprint of its HTML), so the script's live check costs a 304
/// while nothing changed.
enum WebResponse {
    /// Scripts, styles, frames, forms and connections: this server only. Product pictures from
    /// the catalog may come from elsewhere over HTTPS.
    static let contentSecurityPolicy =
        "default-src 'self'; img-src 'self' https: data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    static func html(_ page: HTML, status: HTTPResponse.Status = .ok, request: Request? = nil) -> Response {
        let body = Data(page.rendered.utf8)
        let etag = "W/\"\(WebAssets.fnv1a(body))\""
        var headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8", .cacheControl: "no-cache, private", .eTag: etag,
        ]
        addSecurityHeaders(&headers)
        if status == .ok, let match = request?.headers[.ifNoneMatch], match == etag {
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    static func addSecurityHeaders(_ headers: inout HTTPFields) {
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
    }

    /// 303 See Other: after a form post the browser loads `path` with a GET.
    static func redirect(_ path: String) -> Response {
        var headers: HTTPFields = [.location: path]
        addSecurityHeaders(&headers)
        return Response(status: .seeOther, headers: headers)
    }

    static func asset(_ name: String, request: Request) throws -> Response {
        guard let asset = WebAssets.all[name] else { throw Problem.notFound }
        var headers: HTTPFields = [
            .contentType: asset.contentType, .eTag: asset.etag, .cacheControl: "public, max-age=86400",
        ]
        addSecurityHeaders(&headers)
        if request.headers[.ifNoneMatch] == asset.etag { return Response(status: .notModified, headers: headers) }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: asset.data)))
    }
}

/// The signed-in browser behind a page request: the session cookie's principal and the CSRF token
/// its forms must carry back.
struct WebSession: Sendable {
    let principal: Principal
    let token: String
    let csrf: String?

    var user: PublicUser { principal.user }

    /// The session of the request's cookie, or nil (no cookie, expired, logged out).
    static func of(_ request: Request, accounts: AccountService) async -> WebSession? {
        guard let token = request.cookies[SessionCookies.session]?.value, !token.isEmpty, token.count <= 128,
            let principal = try? await accounts.authenticate(token: token)
        else { return nil }
        return WebSession(principal: principal, token: token, csrf: request.cookies[SessionCookies.csrf]?.value)
    }

    /// The session ``WebPageMiddleware`` found for this request.
    static func current(_ request: Request, _ context: APIContext) throws -> WebSession {
        guard let principal = context.principal, let token = context.token else { throw HouseholdError(.unauthenticated, "Log in first.") }
        return WebSession(principal: principal, token: token, csrf: request.cookies[SessionCookies.csrf]?.value)
    }

    func frame(_ title: String, household: Household? = nil, section: PageFrame.Section? = nil, notice: String? = nil) -> PageFrame {
        PageFrame(title: title, user: user, household: household, csrf: csrf, section: section, notice: notice)
    }

    /// The frame of a page outside a household (groups, shared lists): the caller's first
    /// household gives the navigation.
    func frame(_ title: String, section: PageFrame.Section, outsideHousehold directory: HouseholdDirectory) async throws -> PageFrame {
        frame(title, household: try await directory.households(of: user.id).first?.value, section: section)
    }
}

/// A submitted form (URL-encoded, or multipart for uploads), read only after its CSRF token was
/// checked against the session, exactly as ``AuthMiddleware`` checks the `X-CSRF-Token` header.
struct WebForm: Sendable {
    var fields: [(String, String)] = []
    var files: [String: Data] = [:]

    subscript(_ name: String) -> String? {
        fields.first { $0.0 == name }.map { $0.1.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    func all(_ name: String) -> [String] { fields.filter { $0.0 == name }.map(\.1) }

    /// Reads and checks a form posted by a signed-in browser.
    /// - Throws: `auth.csrf` when the token is missing or not this session's, or the post came
    ///   from another site; `request.too-large` past `limit`.
    static func read(_ request: Request, session: WebSession, accounts: AccountService, limit: Int = 64 << 10) async throws -> WebForm {
        let form = try await readUnchecked(request, limit: limit)
        guard accounts.checkCSRF(form.fields.first(where: { $0.0 == "_csrf" })?.1, principal: session.principal) else {
            throw HouseholdError(.csrf, "This form is out of date or came from another site. Reload the page and try again.")
        }
        return form
    }

    /// Reads a form posted without a session (log in, sign up): only the origin is checked.
    static func readUnchecked(_ request: Request, limit: Int = 64 << 10) async throws -> WebForm {
        try checkOrigin(request)
        var request = request
        let buffer = try await request.collectBody(
            upTo: limit,
            orRefuse: Problem(
                .contentTooLarge,
                "request.too-large",
                "What you sent is larger than \(limit >> 20 > 0 ? "\(limit >> 20) MB" : "\(limit >> 10) KB")."
            )
        )
        let data = Data(buffer: buffer)
        let type = request.headers[.contentType] ?? ""
        if type.lowercased().hasPrefix("multipart/form-data") {
            return try multipart(data, contentType: type)
        }
        return WebForm(fields: urlEncoded(String(decoding: data, as: UTF8.self)))
    }

    /// A browser sends `Origin` with every form post; one naming another site is refused.
    static func checkOrigin(_ request: Request) throws {
        guard let origin = request.headers[.origin] else { return }
        let host = request.head.authority ?? ""
        guard origin == "http://" + host || origin == "https://" + host else {
            throw HouseholdError(.csrf, "This form was sent from another site.")
        }
    }

    static func urlEncoded(_ text: String) -> [(String, String)] {
        text.split(separator: "&").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String {
                String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            guard let name = parts.first else { return nil }
            return (decode(name), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    /// `multipart/form-data`: text parts become fields, file parts files (by field name).
    static func multipart(_ data: Data, contentType: String) throws -> WebForm {
        guard
            let boundaryParameter = contentType.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) })
                .first(where: { $0.lowercased().hasPrefix("boundary=") })
        else { throw Problem.badRequest(nil, "The form's boundary is missing.") }
        let boundary = boundaryParameter.dropFirst("boundary=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        let delimiter = Data(("--" + boundary).utf8)
        let headerEnd = Data("\r\n\r\n".utf8)
        var form = WebForm()
        var position = data.startIndex
        while let start = data.range(of: delimiter, in: position..<data.endIndex) {
            let partStart = start.upperBound
            guard partStart + 2 <= data.endIndex, data[partStart..<partStart + 2] != Data("--".utf8) else { break }
            guard let next = data.range(of: delimiter, in: partStart..<data.endIndex) else { break }
            // A part is CRLF, headers, CRLF CRLF, content, CRLF, then the next delimiter.
            let part = data[(partStart + 2)..<max(partStart + 2, next.lowerBound - 2)]
            if let split = part.range(of: headerEnd) {
                let headers = String(decoding: part[part.startIndex..<split.lowerBound], as: UTF8.self)
                let content = Data(part[split.upperBound..<part.endIndex])
                if let name = Self.parameter("name", in: headers) {
                    if Self.parameter("filename", in: headers) != nil {
                        if !content.isEmpty { form.files[name] = content }
                    } else {
                        form.fields.append((name, String(decoding: content, as: UTF8.self)))
                    }
                }
            }
            position = next.lowerBound
        }
        return form
    }

    /// `name="value"` in a part's Content-Disposition header.
    static func parameter(_ name: String, in headers: String) -> String? {
        for line in headers.split(separator: "\r\n") where line.lowercased().hasPrefix("content-disposition:") {
            for item in line.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) where item.hasPrefix(name + "=") {
                return String(item.dropFirst(name.count + 1)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }
}

/// Pages behind a login: without a session a GET goes to the login page (and comes back after),
/// anything else answers the login page's address. Errors become HTML pages, with the status and
/// message the API would give (``Problem``), so another household's id is a 404 page.
struct WebPageMiddleware: RouterMiddleware {
    typealias Context = APIContext
    let accounts: AccountService

    func handle(_ request: Request, context: APIContext, next: (Request, APIContext) async throws -> Response) async throws -> Response {
        guard let session = await WebSession.of(request, accounts: accounts) else {
            let path = request.uri.path
            return WebResponse.redirect(request.method == .get && path != "/" ? "/login?next=\(Self.encode(path))" : "/login")
        }
        var context = context
        context.principal = session.principal
        context.token = session.token
        context.webSession = session
        do {
            return try await DisplayLocale.with(session.user.preferences?.locale) { try await next(request, context) }
        } catch {
            let problem = Problem(error)
            if problem.status == .internalServerError {
                context.logger.error("page failed", metadata: ["error.type": "\(type(of: error))", "error": "\(error)"])
            }
            if problem.status == .unauthorized { return WebResponse.redirect("/login") }
            let page = Layout.errorPage(session.frame("Error"), status: Int(problem.status.code), message: problem.detail, back: Self.back(request))
            return WebResponse.html(page, status: problem.status)
        }
    }

    /// Where "Go back" leads: the page the form was on (same site only), else home.
    static func back(_ request: Request) -> String {
        guard request.method != .get, let referer = request.headers[.referer], let host = request.head.authority else { return "/" }
        for scheme in ["http://", "https://"] where referer.hasPrefix(scheme + host + "/") {
            return String(referer.dropFirst(scheme.count + host.count))
        }
        return "/"
    }

    static func encode(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=?+"))) ?? "/"
    }
}
