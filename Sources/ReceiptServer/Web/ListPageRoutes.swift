import Catalog
import Foundation
import HouseholdApp
import Households
import Hummingbird
import ReceiptModel
import ReceiptPipeline
import WebApp

/// Shopping lists: create, rename, delete; entries from product search or by name, ticked, +/−.
struct ListPageRoutes {
    let services: HouseholdServices
    let catalog: ProductCatalog?

    var lists: ShoppingLists { services.lists }

    func add(to households: RouterGroup<HouseholdPageContext>) {
        households.get("lists", use: listsPage)
        households.post("lists", use: createList)
        households.get("lists/{listId}", use: listPage)
        households.post("lists/{listId}/rename", use: renameList)
        households.post("lists/{listId}/delete", use: deleteList)
        households.post("lists/{listId}/shopping", use: shopping)
    }

    @Sendable func listsPage(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        let found = try await lists.lists(of: household.id, for: session.user.id)
        let shared = try await lists.sharedWith(session.user.id)
        return WebResponse.html(
            ListPages.index(
                session.frame("Lists", household: household, section: .lists),
                household: household,
                lists: found.map(\.value),
                shared: shared.map(\.value)
            ),
            request: request
        )
    }

    @Sendable func createList(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        let form = try await WebForm.read(request, session: session, accounts: services.accounts)
        let list = try await lists.create(in: household.id, name: form["name"] ?? "", by: session.user)
        return WebResponse.redirect("/h/\(household.id)/lists/\(list.value.id)")
    }

    @Sendable func listPage(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        let list = try await lists.list(try context.parameters.require("listId"), in: household.id, for: session.user.id).value
        return WebResponse.html(try await detail(list, request: request, session: session, household: household), request: request)
    }

    @Sendable func renameList(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        let listId = try context.parameters.require("listId")
        let form = try await WebForm.read(request, session: session, accounts: services.accounts)
        _ = try await lists.rename(listId, in: household.id, to: form["name"] ?? "", by: session.user.id, ifMatch: nil)
        return WebResponse.redirect("/h/\(household.id)/lists/\(listId)")
    }

    @Sendable func deleteList(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        _ = try await WebForm.read(request, session: session, accounts: services.accounts)
        try await lists.delete(try context.parameters.require("listId"), in: household.id, by: session.user.id, ifMatch: nil)
        return WebResponse.redirect("/h/\(household.id)/lists")
    }

    /// "I'm shopping" for an hour, or no longer.
    @Sendable func shopping(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        let listId = try context.parameters.require("listId")
        let form = try await WebForm.read(request, session: session, accounts: services.accounts)
        if form["shopping"] == "0" {
            try await lists.stopShopping(listId, in: household.id, by: session.user.id)
        } else {
            _ = try await lists.startShopping(listId, in: household.id, by: session.user, minutes: 60)
        }
        return WebResponse.redirect("/h/\(household.id)/lists/\(listId)")
    }

    /// A list of the caller's household, as its forms reach it.
    func memberPlace(_ request: Request, _ context: APIContext) async throws -> ListPlace {
        let session = try WebSession.current(request, context)
        let household = try await services.directory.household(try context.parameters.require("householdId"), for: session.user.id)
        let listId = try context.parameters.require("listId")
        return ListPlace(session: session, listId: listId, householdId: household.value.id, page: "/h/\(household.value.id)/lists/\(listId)")
    }

    /// A member's list page: its entries with what they will cost from the household's purchases,
    /// product search (`q`), who is shopping, and its sharing (`fresh`: a passcode just made).
    func detail(_ list: HouseholdList, request: Request, session: WebSession, household: Household, fresh: ListShare? = nil) async throws -> HTML {
        let lists = services.lists
        let book = try await services.pricing.priceBook(household.id)
        var estimates: [String: PriceEstimate] = [:]
        for entry in list.entries where !entry.completed {
            estimates[entry.id] = book.estimate(entry.name, product: entry.product, quantity: entry.quantity)
        }
        let query = request.query("q")?.trimmingCharacters(in: .whitespaces).prefix(100)
        var results: [ProductChoice] = []
        if let query, query.count >= 2, let catalog {
            let outcome = try await catalog.search(String(query), limit: 8) { product in book.pricesPaid(for: product) }
            let starred = Set(try await services.favourites.favourites(of: session.user.id).map(\.productId))
            results = outcome.results.map { result in
                let reference = result.product.reference()
                let last = result.pricesPaid.first
                return ProductChoice(
                    name: reference.name,
                    brand: reference.brand,
                    barcode: reference.barcode,
                    picture: reference.picture,
                    caloriesPer100g: reference.caloriesPer100g,
                    lastPrice: last?.price,
                    lastMerchant: last?.merchant,
                    lastDate: last?.date,
                    id: result.product.id,
                    favourite: starred.contains(result.product.id)
                )
            }
        }
        let guests = try await services.accounts.users(list.guests ?? [])
        return ListPages.detail(
            session.frame(list.name, household: household, section: .lists),
            household: household,
            list: list,
            estimates: estimates,
            query: query.map(String.init),
            results: results,
            shoppers: try await lists.shoppers(of: list.id, in: household.id, for: session.user.id),
            sharing: ListSharing(guests: (list.guests ?? []).compactMap { guests[$0] }, fresh: fresh),
            chat: try await SocialPageRoutes.chatSection(
                services: services,
                session: session,
                listId: list.id,
                householdId: household.id,
                base: "/h/\(household.id)/lists/\(list.id)"
            ),
            suggestions: try await RecommendationSections.list(
                session.frame(list.name, household: household, section: .lists),
                list: list,
                household: household,
                user: session.user.id,
                services: services,
                catalog: catalog
            )
        )
    }
}

/// A list as a form reaches it: who posts, which list of which household, and the page to go back to.
struct ListPlace: Sendable {
    let session: WebSession
    let listId: String
    let householdId: String
    let page: String
}
