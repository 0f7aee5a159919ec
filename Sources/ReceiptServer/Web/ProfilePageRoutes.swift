import Foundation
import HouseholdApp
import Households
import Hummingbird
import WebApp

/// `/account`: the signed-in user's display name, picture, default currency and locale.
struct ProfilePageRoutes {
    let services: HouseholdServices
    let configuration: ServerConfiguration

    func add(to pages: RouterGroup<PageContext>) {
        pages.get("account", use: show)
        pages.post("account", use: save)
        pages.get("account/picture", use: picture)
        pages.post("account/picture", use: setPicture)
    }

    @Sendable func show(_ request: Request, context: PageContext) async throws -> Response {
        let session = context.session
        let frame = try await session.frame("Account", section: .account, outsideHousehold: services.directory)
        let hasPicture = (try? await services.friends.picture(of: session.user.id, for: session.user.id)) != nil
        return WebResponse.html(ProfilePage.render(frame, user: session.user, hasPicture: hasPicture), request: request)
    }

    @Sendable func picture(_ request: Request, context: PageContext) async throws -> Response {
        let session = context.session
        let data = try await services.friends.picture(of: session.user.id, for: session.user.id)
        return try await UploadedImage.respond(data, thumbnail: true, store: services.store)
    }

    @Sendable func setPicture(_ request: Request, context: PageContext) async throws -> Response {
        let session = context.session
        let form = try await WebForm.read(request, session: session, accounts: services.accounts, limit: configuration.maxUploadBytes + (64 << 10))
        guard let picture = form.files["picture"] else { throw Problem.badRequest("picture", "Choose a picture first.") }
        try await UploadedImage.check(picture)
        try await services.friends.setPicture(picture, of: session.user.id)
        return WebResponse.redirect("/account")
    }

    @Sendable func save(_ request: Request, context: PageContext) async throws -> Response {
        let session = context.session
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
