import HouseholdApp
import Households
import Hummingbird
import WebApp

/// The signed-in home: the caller's households, making one, inviting, joining by code or by an
/// invitation link, and logging out.
struct HouseholdPageRoutes {
    let services: HouseholdServices
    let secureCookies: Bool

    var directory: HouseholdDirectory { services.directory }

    func add(to pages: RouterGroup<PageContext>) {
        pages.get("/", use: home)
        pages.post("logout", use: logOut)
        pages.get("households", use: householdsPage)
        pages.post("households", use: createHousehold)
        pages.post("households/join", use: joinByCode)
        pages.post("h/{householdId}/invites", use: invite)
        // An invitation link: opening it asks (logged out, the login page comes first and comes
        // back here); the form's post joins.
        pages.get("join/{code}", use: joinPage)
        pages.post("join/{code}", use: joinByLink)
    }

    @Sendable func home(_ request: Request, context: PageContext) async throws -> Response {
        guard let first = try await directory.households(of: context.session.user.id).first else { return WebResponse.redirect("/households") }
        return WebResponse.redirect("/h/\(first.value.id)")
    }

    @Sendable func logOut(_ request: Request, context: PageContext) async throws -> Response {
        _ = try await WebForm.read(request, session: context.session, accounts: services.accounts)
        try await services.accounts.logOut(token: context.session.token)
        var response = WebResponse.redirect("/login")
        SessionCookies.clear(on: &response)
        OfflinePageRoutes.clearOfflineData(on: &response)
        return response
    }

    @Sendable func householdsPage(_ request: Request, context: PageContext) async throws -> Response {
        WebResponse.html(try await households(context.session, invite: nil), request: request)
    }

    @Sendable func createHousehold(_ request: Request, context: PageContext) async throws -> Response {
        let form = try await WebForm.read(NameForm.self, request, session: context.session, accounts: services.accounts)
        let household = try await directory.create(name: form.name, by: context.session.user)
        try await services.adoptHouseholdlessCarts(logger: context.logger)
        return WebResponse.redirect("/h/\(household.value.id)")
    }

    @Sendable func joinByCode(_ request: Request, context: PageContext) async throws -> Response {
        let form = try await WebForm.read(JoinForm.self, request, session: context.session, accounts: services.accounts)
        return try await join(code: form.code, context: context)
    }

    @Sendable func invite(_ request: Request, context: PageContext) async throws -> Response {
        _ = try await WebForm.read(request, session: context.session, accounts: services.accounts)
        let invite = try await directory.invite(to: try context.parameters.require("householdId"), by: context.session.user.id)
        return WebResponse.html(try await households(context.session, invite: invite, site: site(request)))
    }

    @Sendable func joinPage(_ request: Request, context: PageContext) async throws -> Response {
        let session = context.session
        let code = try context.parameters.require("code")
        let name = try await directory.invitedHouseholdName(code: code)
        let households = try await directory.households(of: session.user.id).map(\.value)
        return WebResponse.html(
            AccountPages.joinByLink(session.frame("Join \(name)", household: households.first, section: .households), code: code, household: name)
        )
    }

    @Sendable func joinByLink(_ request: Request, context: PageContext) async throws -> Response {
        _ = try await WebForm.read(request, session: context.session, accounts: services.accounts)
        return try await join(code: try context.parameters.require("code"), context: context)
    }

    private func join(code: String, context: PageContext) async throws -> Response {
        let household = try await directory.join(code: code, user: context.session.user)
        return WebResponse.redirect("/h/\(household.value.id)")
    }

    private func households(_ session: WebSession, invite: InviteCode?, site: String = "") async throws -> HTML {
        let households = try await directory.households(of: session.user.id).map(\.value)
        return AccountPages.households(
            session.frame("Households", household: households.first, section: .households),
            households: households,
            invite: invite,
            site: site
        )
    }

    /// This site's address as the browser reached it (`https://host`, https when cookies are
    /// secure), for links to copy; empty when the request does not say.
    private func site(_ request: Request) -> String {
        guard let host = request.head.authority, !host.isEmpty else { return "" }
        return "\(request.head.scheme ?? (secureCookies ? "https" : "http"))://\(host)"
    }
}

/// Joining a household by the code a member gave.
struct JoinForm: PageForm {
    var code: String

    init(_ form: WebForm) { code = form["code"] ?? "" }
}
