import Foundation
import HouseholdApp
import Households
import Hummingbird

/// `/api/v1/accounts`, `/api/v1/sessions`, `/api/v1/me`.
struct AccountRoutes {
    let services: HouseholdServices
    let configuration: ServerConfiguration

    func addPublic(to group: RouterGroup<APIContext>) {
        group.post("accounts", use: signUp)
        group.post("sessions", use: logIn)
    }

    func addAuthenticated(to group: RouterGroup<APIContext>) {
        group.get("me", use: me)
        group.get("sessions", use: sessions)
        group.delete("sessions/current", use: logOut)
        group.delete("sessions/{sessionId}", use: revoke)
    }

    @Sendable func signUp(_ request: Request, context: APIContext) async throws -> EditedResponse<PublicUser> {
        let body = try await JSONBody.read(request, context: context, allowed: ["email", "displayName", "password"])
        let user = try await services.accounts.signUp(
            email: try body.requiredString("email"),
            displayName: try body.requiredString("displayName"),
            password: try body.requiredString("password")
        )
        return user.created()
    }

    @Sendable func logIn(_ request: Request, context: APIContext) async throws -> Response {
        let body = try await JSONBody.read(request, context: context, allowed: ["email", "password"])
        let login = try await services.accounts.logIn(
            email: try body.requiredString("email"),
            password: try body.requiredString("password"),
            from: request,
            context: context
        )
        var response = try LoginAnswer(login).created().response(from: request, context: context)
        SessionCookies.set(on: &response, login: login, accounts: services.accounts, secure: configuration.secureCookies)
        return response
    }

    @Sendable func me(_ request: Request, context: APIContext) async throws -> Me {
        let principal = try context.caller()
        let households = try await services.directory.households(of: principal.user.id)
        return Me(user: principal.user, households: households.map { HouseholdAnswer($0.value, rev: $0.rev) })
    }

    @Sendable func sessions(_ request: Request, context: APIContext) async throws -> SessionList {
        let principal = try context.caller()
        let sessions = try await services.accounts.sessions(of: principal.user.id)
        return SessionList(sessions: sessions.map { SessionAnswer($0, current: $0.id == principal.session.id) })
    }

    @Sendable func logOut(_ request: Request, context: APIContext) async throws -> Response {
        if let token = context.token { try await services.accounts.logOut(token: token) }
        var response = JSONResponse.noContent()
        SessionCookies.clear(on: &response)
        return response
    }

    @Sendable func revoke(_ request: Request, context: APIContext) async throws -> HTTPResponse.Status {
        let principal = try context.caller()
        try await services.accounts.revoke(sessionId: try context.parameters.require("sessionId"), of: principal.user.id)
        return .noContent
    }
}

extension AccountService {
    /// Logs in from `request`, for the API and the login page alike: the session keeps the
    /// caller's address and browser.
    func logIn(email: String, password: String, from request: Request, context: APIContext) async throws -> LoginResult {
        try await logIn(email: email, password: password, address: context.remoteAddress, userAgent: request.headers[.userAgent])
    }
}

struct LoginAnswer: ResponseEncodable {
    var token: String
    var csrfToken: String
    var session: SessionAnswer
    var user: PublicUser

    init(_ login: LoginResult) {
        token = login.token
        csrfToken = login.csrfToken
        session = SessionAnswer(login.session, current: true)
        user = login.user
    }
}

/// A session as listed: never its token or CSRF hash.
struct SessionAnswer: ResponseEncodable {
    var id: String
    var createdAt: String
    var expiresAt: String
    var lastSeenAt: String
    var userAgent: String?
    var current: Bool

    init(_ session: SessionRecord, current: Bool) {
        id = session.id
        createdAt = session.createdAt
        expiresAt = session.expiresAt
        lastSeenAt = session.lastSeenAt
        userAgent = session.userAgent
        self.current = current
    }
}

struct SessionList: ResponseEncodable {
    var sessions: [SessionAnswer]
}

struct Me: ResponseEncodable {
    var user: PublicUser
    var households: [HouseholdAnswer]
}
