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
        router.get("assets/{name}", use: asset)
        AccountPageRoutes(accounts: services.accounts, secureCookies: configuration.secureCookies).add(to: router)
        OfflinePageRoutes().add(to: router)
        let pages = router.group().add(middleware: WebPageMiddleware(accounts: services.accounts))
        HouseholdPageRoutes(services: services, secureCookies: configuration.secureCookies).add(to: pages.pages())
        let households = pages.householdPages(services.directory)
        CartPageRoutes(services: services, live: live, catalog: catalog).add(to: households)
        let listPages = ListPageRoutes(services: services, catalog: catalog)
        listPages.add(to: households)
        let sharedLists = SharedListPageRoutes(services: services, listPages: listPages)
        sharedLists.add(to: households, pages: pages.pages())
        let social = SocialPageRoutes(services: services, maxPictureBytes: configuration.maxUploadBytes)
        social.add(to: pages.pages())
        // A list's forms, the same for a member and a guest once the list is found for the caller.
        for list in [
            pages.listForms("h/{householdId}/lists/{listId}", resolve: listPages.memberPlace),
            pages.listForms("shared-lists/{listId}", resolve: sharedLists.guestPlace),
        ] {
            listPages.add(to: list)
            social.add(to: list)
        }
        ReceiptPageRoutes(services: services, configuration: configuration, catalog: catalog, wake: wake).add(to: households)
        GroupPageRoutes(services: services).add(to: pages.pages())
        ProductPageRoutes(services: services, catalog: catalog).add(to: households)
        ProfilePageRoutes(services: services, configuration: configuration).add(to: pages.pages())
        PresetPageRoutes(services: services, catalog: catalog, recipes: configuration.recipes).add(to: households)
    }

    @Sendable func asset(_ request: Request, context: APIContext) throws -> Response {
        try WebResponse.asset(try context.parameters.require("name"), request: request)
    }

    /// Only a path of this site (never `//elsewhere` or `https://…`) is followed after login.
    static func safeNext(_ next: String?) -> String? {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.contains("\\") else { return nil }
        return next
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
