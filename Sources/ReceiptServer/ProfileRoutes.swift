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
