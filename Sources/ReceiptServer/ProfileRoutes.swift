import Foundation
import HouseholdApp
import Households
import Hummingbird

/// `PATCH /api/v1/me`: the caller's display name, default currency and locale.
struct ProfileRoutes {
    let services: HouseholdServices

    func add(to authenticated: RouterGroup<APIContext>) {
        authenticated.patch("me", use: update)
    }

    @Sendable func update(_ request: Request, context: APIContext) async throws -> PublicUser {
        let body = try await JSONBody.read(ProfileEdit.self, request, context: context)
        // Over JSON, null removes a preference; a string is the value itself, exactly as the API
        // document describes it (the web form's empty field, which also removes, is the page's).
        if case .some(.some(let code)) = body.defaultCurrency, !(code.count == 3 && code.allSatisfy { $0.isASCII && $0.isLetter }) {
            throw Problem.badRequest("defaultCurrency", "Give a three-letter currency code such as EUR or USD, or null to remove it.")
        }
        if case .some(.some(let tag)) = body.locale, !AccountPreferences.locales.contains(where: { $0.tag == tag }) {
            let known = AccountPreferences.locales.map(\.tag).joined(separator: ", ")
            throw Problem.badRequest("locale", "Choose one of \(known), or null to remove it.")
        }
        let user = try await services.accounts.updateProfile(
            try context.caller().user.id,
            displayName: body.displayName,
            defaultCurrency: body.defaultCurrency.map { $0 ?? "" },
            locale: body.locale.map { $0 ?? "" }
        )
        return user
    }
}

/// A profile's changes: an absent member is unchanged; a null currency or locale is removed.
struct ProfileEdit: RequestBody {
    var displayName: String?
    var defaultCurrency: String??
    var locale: String??

    enum CodingKeys: String, CodingKey, CaseIterable { case displayName, defaultCurrency, locale }
}
