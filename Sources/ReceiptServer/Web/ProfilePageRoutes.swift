import Foundation
import HouseholdApp
import Households
import Hummingbird
import WebApp

/// `/account`: the signed-in user's display name, default currency and locale.
struct ProfilePageRoutes {
    let services: HouseholdServices

    func add(to pages: RouterGroup<APIContext>) {
        pages.get("account", use: show)
        pages.post("account", use: save)
    }

    @Sendable func show(_ request: Request, context: APIContext) async throws -> Response {
        let session = try WebSession.current(request, context)
        let frame = try await session.frame("Account", section: .account, outsideHousehold: services.directory)
        return WebResponse.html(ProfilePage.render(frame, user: session.user), request: request)
    }

    @Sendable func save(_ request: Request, context: APIContext) async throws -> Response {
        let session = try WebSession.current(request, context)
        let form = try await WebForm.read(request, session: session, accounts: services.accounts)
        _ = try await services.accounts.updateProfile(
            session.user.id,
            displayName: form["displayName"] ?? "",
            defaultCurrency: form["defaultCurrency"] ?? "",
            locale: form["locale"] ?? ""
        )
        return WebResponse.redirect("/account")
    }
}
