import Catalog
import Foundation
import HouseholdApp
import Households
import Hummingbird
import ReceiptModel
import WebApp

/// The web app: pages under `/`, rendered on the server by `WebApp`'s views over the same domain
/// calls as the API (membership checks included), with plain forms that post and redirect.
struct WebRoutes {
    let services: HouseholdServices
    let configuration: ServerConfiguration
    let catalog: ProductCatalog?
    let wake: JobSignal
    /// Who is online in a household (the pages' own WebSocket connections count).
    let live: LiveHub

    /// Every page route's path, for telling pages from the API (the OpenAPI document covers the API only).
    static func isPage(_ path: String) -> Bool {
        !path.hasPrefix("/api/") && !["/healthz", "/readyz", "/metrics"].contains(path)
    }

    func add(to router: Router<APIContext>) {
        router.get("assets/{name}") { request, context in
            try WebResponse.asset(try context.parameters.require("name"), request: request)
        }
        addPublic(to: router)
        OfflinePageRoutes().add(to: router)
        let pages = router.group().add(middleware: WebPageMiddleware(accounts: services.accounts))
        addHouseholds(to: pages)
        let households = pages.householdPages(services.directory)
        CartPageRoutes(services: services, live: live, catalog: catalog).add(to: households)
        let listPages = ListPageRoutes(services: services, catalog: catalog)
        listPages.add(to: households, pages: pages)
        SharedListPageRoutes(services: services, listPages: listPages).add(to: pages)
        ReceiptPageRoutes(services: services, configuration: configuration, catalog: catalog, wake: wake).add(to: households)
        GroupPageRoutes(services: services).add(to: pages.pages())
        SocialPageRoutes(services: services, listPages: listPages, maxPictureBytes: configuration.maxUploadBytes).add(to: pages)
        ProductPageRoutes(services: services, catalog: catalog).add(to: households)
        ProfilePageRoutes(services: services, configuration: configuration).add(to: pages.pages())
        PresetPageRoutes(services: services, catalog: catalog, recipes: configuration.recipes).add(to: households)
    }

    // MARK: Log in, sign up, log out

    private func addPublic(to router: Router<APIContext>) {
        router.get("login") { request, _ in
            if await WebSession.of(request, accounts: services.accounts) != nil { return WebResponse.redirect("/") }
            return WebResponse.html(AccountPages.logIn(next: Self.safeNext(request.query("next"))))
        }
        router.post("login") { request, context in
            let form = try await WebForm.readUnchecked(request)
            let email = form["email"] ?? ""
            do {
                let login = try await services.accounts.logIn(
                    email: email,
                    password: form.fields.first { $0.0 == "password" }?.1 ?? "",
                    address: context.remoteAddress,
                    userAgent: request.headers[.userAgent]
                )
                var response = WebResponse.redirect(Self.safeNext(form["next"]) ?? "/")
                SessionCookies.set(
                    on: &response,
                    login: login,
                    maxAge: Int(services.accounts.settings.sessionLifetime.seconds),
                    secure: configuration.secureCookies
                )
                return response
            } catch let error as HouseholdError {
                let problem = Problem(error)
                return WebResponse.html(
                    AccountPages.logIn(email: email, error: error.message, next: Self.safeNext(form["next"])),
                    status: problem.status
                )
            }
        }
        router.get("signup") { _, _ in WebResponse.html(AccountPages.signUp()) }
        router.post("signup") { request, context in
            let form = try await WebForm.readUnchecked(request)
            let (email, name) = (form["email"] ?? "", form["displayName"] ?? "")
            let password = form.fields.first { $0.0 == "password" }?.1 ?? ""
            do {
                _ = try await services.accounts.signUp(email: email, displayName: name, password: password)
                let login = try await services.accounts.logIn(
                    email: email,
                    password: password,
                    address: context.remoteAddress,
                    userAgent: request.headers[.userAgent]
                )
                var response = WebResponse.redirect("/households")
                SessionCookies.set(
                    on: &response,
                    login: login,
                    maxAge: Int(services.accounts.settings.sessionLifetime.seconds),
                    secure: configuration.secureCookies
                )
                return response
            } catch let error as HouseholdError {
                return WebResponse.html(AccountPages.signUp(email: email, displayName: name, error: error.message), status: Problem(error).status)
            }
        }
    }

    /// Only a path of this site (never `//elsewhere` or `https://…`) is followed after login.
    static func safeNext(_ next: String?) -> String? {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.contains("\\") else { return nil }
        return next
    }

    // MARK: Households

    private func addHouseholds(to pages: RouterGroup<APIContext>) {
        let directory = services.directory
        pages.get("/") { request, context in
            let session = try WebSession.current(request, context)
            guard let first = try await directory.households(of: session.user.id).first else { return WebResponse.redirect("/households") }
            return WebResponse.redirect("/h/\(first.value.id)")
        }
        pages.post("logout") { request, context in
            let session = try WebSession.current(request, context)
            _ = try await WebForm.read(request, session: session, accounts: services.accounts)
            try await services.accounts.logOut(token: session.token)
            var response = WebResponse.redirect("/login")
            SessionCookies.clear(on: &response)
            OfflinePageRoutes.clearOfflineData(on: &response)
            return response
        }
        pages.get("households") { request, context in
            let session = try WebSession.current(request, context)
            return WebResponse.html(try await householdsPage(session, invite: nil), request: request)
        }
        pages.post("households") { request, context in
            let session = try WebSession.current(request, context)
            let form = try await WebForm.read(request, session: session, accounts: services.accounts)
            let household = try await directory.create(name: form["name"] ?? "", by: session.user)
            try await services.adoptHouseholdlessCarts(logger: context.logger)
            return WebResponse.redirect("/h/\(household.value.id)")
        }
        pages.post("households/join") { request, context in
            let session = try WebSession.current(request, context)
            let form = try await WebForm.read(request, session: session, accounts: services.accounts)
            let household = try await directory.join(code: form["code"] ?? "", user: session.user)
            return WebResponse.redirect("/h/\(household.value.id)")
        }
        pages.post("h/{householdId}/invites") { request, context in
            let session = try WebSession.current(request, context)
            _ = try await WebForm.read(request, session: session, accounts: services.accounts)
            let invite = try await directory.invite(to: try context.parameters.require("householdId"), by: session.user.id)
            return WebResponse.html(try await householdsPage(session, invite: invite, site: site(request)))
        }
        // An invitation link: opening it asks (logged out, the login page comes first and comes
        // back here); the form's post joins.
        pages.get("join/{code}") { request, context in
            let session = try WebSession.current(request, context)
            let code = try context.parameters.require("code")
            let name = try await directory.invitedHouseholdName(code: code)
            let households = try await directory.households(of: session.user.id).map(\.value)
            return WebResponse.html(
                AccountPages.joinByLink(session.frame("Join \(name)", household: households.first, section: .households), code: code, household: name)
            )
        }
        pages.post("join/{code}") { request, context in
            let session = try WebSession.current(request, context)
            _ = try await WebForm.read(request, session: session, accounts: services.accounts)
            let household = try await directory.join(code: try context.parameters.require("code"), user: session.user)
            return WebResponse.redirect("/h/\(household.value.id)")
        }
    }

    private func householdsPage(_ session: WebSession, invite: InviteCode?, site: String = "") async throws -> HTML {
        let households = try await services.directory.households(of: session.user.id).map(\.value)
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
        return "\(request.head.scheme ?? (configuration.secureCookies ? "https" : "http"))://\(host)"
    }
}

extension WebForm {
    /// The named fields as a JSON body, so the API's own checks read them (money, quantities).
    func json(_ names: [String]) -> JSONBody {
        var members: [String: JSONValue] = [:]
        for name in names { if let value = self[name] { members[name] = .string(value) } }
        return JSONBody(members: members)
    }
}

extension RouterGroup where Context == APIContext {
    /// A household page: the caller's session and the household, after the membership check
    /// (another household's id is a 404 page, exactly like one that does not exist).
    @discardableResult
    func page(
        _ method: HTTPRequest.Method,
        _ path: RouterPath,
        services: HouseholdServices,
        _ handler: @escaping @Sendable (Request, APIContext, WebSession, Household) async throws -> Response
    ) -> Self {
        on(path, method: method) { request, context in
            let session = try WebSession.current(request, context)
            let household = try await services.directory.household(try context.parameters.require("householdId"), for: session.user.id)
            return try await handler(request, context, session, household.value)
        }
    }
}
