import Foundation
import HTTPTypes
import Households
import Hummingbird

/// The session cookie and the CSRF cookie a browser gets at login.
enum SessionCookies {
    static let session = "receipts_session"
    static let csrf = "receipts_csrf"
    static let csrfHeader = HTTPField.Name("X-CSRF-Token")!

    /// The cookies of a session just opened, kept by the browser as long as `accounts` keeps the session.
    static func set(on response: inout Response, login: LoginResult, accounts: AccountService, secure: Bool) {
        let maxAge = Int(accounts.settings.sessionLifetime.seconds)
        response.setCookie(Cookie(name: session, value: login.token, maxAge: maxAge, path: "/", secure: secure, httpOnly: true, sameSite: .lax))
        // Readable by the page's script, which echoes it in X-CSRF-Token; another site can neither
        // read it nor set that header, so a forged form post fails.
        response.setCookie(Cookie(name: csrf, value: login.csrfToken, maxAge: maxAge, path: "/", secure: secure, httpOnly: false, sameSite: .strict))
    }

    static func clear(on response: inout Response) {
        response.setCookie(Cookie(name: session, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .lax))
        response.setCookie(Cookie(name: csrf, value: "", maxAge: 0, path: "/", httpOnly: false, sameSite: .strict))
    }
}

/// A request context that carries the authenticated caller.
protocol AuthenticatedContext: RequestContext {
    var principal: Principal? { get set }
    var token: String? { get set }
}

extension APIContext: AuthenticatedContext {}

/// Authenticates every request of the routes behind it: `Authorization: Bearer <token>` for
/// programs, the session cookie for browsers, where unsafe methods must also carry the CSRF token.
struct AuthMiddleware<Context: AuthenticatedContext>: RouterMiddleware {
    let accounts: AccountService

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let token: String
        let viaCookie: Bool
        if let header = request.headers[.authorization] {
            guard header.count > 7, header.prefix(7).lowercased() == "bearer " else {
                throw HouseholdError(.unauthenticated, "Send the token as 'Authorization: Bearer <token>'.")
            }
            token = String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)
            viaCookie = false
        } else if let cookie = request.cookies[SessionCookies.session]?.value, !cookie.isEmpty {
            token = cookie
            viaCookie = true
        } else {
            throw HouseholdError(.unauthenticated, "Log in first (POST /api/v1/sessions) and send the token as 'Authorization: Bearer <token>'.")
        }
        guard token.count <= 128 else { throw HouseholdError(.unauthenticated, "Log in first: the token is not one this server gave out.") }
        let principal = try await accounts.authenticate(token: token)
        if viaCookie, ![.get, .head, .options].contains(request.method),
            !accounts.checkCSRF(request.headers[SessionCookies.csrfHeader], principal: principal)
        {
            throw HouseholdError(
                .csrf,
                "This request came with the session cookie but without its X-CSRF-Token header: reload the page and try again."
            )
        }
        context.principal = principal
        context.token = token
        context.logger[metadataKey: "user.id"] = "\(principal.user.id)"
        return try await next(request, context)
    }
}
