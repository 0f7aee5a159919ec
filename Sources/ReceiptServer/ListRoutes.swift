import Foundation
import HouseholdApp
import Households
import Hummingbird
import ReceiptModel
import ReceiptPipeline

/// `/api/v1/households/{householdId}/lists`: shopping lists, their entries (ListRoutes+Entries),
/// who is shopping (ListRoutes+Shopping), sharing beyond the household (ListRoutes+Sharing), and
/// what they will cost from what the household paid before.
struct ListRoutes {
    let services: HouseholdServices
    let products: ProductLookup
    let maxPhotoBytes: Int

    var lists: ShoppingLists { services.lists }

    /// - Parameters:
    ///   - household: the household's own routes (members only): its lists, and a new one.
    ///   - list: one list's routes, for members and the list's guests alike.
    func add(to group: RouterGroup<APIContext>, household: RouterGroup<HouseholdContext>, list: RouterGroup<ListContext>) {
        household.get("lists", use: index)
        household.post("lists", use: create)
        list.get("", use: show)
        list.patch("", use: rename)
        list.delete("", use: delete)
        list.get("changes", use: changes)
        list.post("entries", use: addEntry)
        list.patch("entries/{entryId}", use: editEntry)
        list.delete("entries/{entryId}", use: deleteEntry)
        list.put("entries/{entryId}/completed", use: tick)
        list.delete("entries/{entryId}/completed", use: untick)
        list.put("entries/{entryId}/photo", use: setPhoto)
        list.get("entries/{entryId}/photo", use: photo)
        list.get("shopping", use: shoppers)
        list.put("shopping", use: startShopping)
        list.delete("shopping", use: stopShopping)
        list.post("share", use: share)
        list.delete("share", use: unshare)
        list.delete("guests/{userId}", use: removeGuest)
        group.get("shared-lists", use: sharedWithCaller)
        group.post("shared-lists/join", use: join)
    }

    @Sendable func index(_ request: Request, context: HouseholdContext) async throws -> ListCollection {
        let found = try await lists.lists(of: context.household, for: context.caller.user.id)
        let book = try await services.pricing.priceBook(context.household)
        return ListCollection(lists: found.map { ListAnswer($0, book: book) })
    }

    @Sendable func create(_ request: Request, context: HouseholdContext) async throws -> EditedResponse<ListAnswer> {
        let body = try await JSONBody.read(ListName.self, request, context: context)
        let list = try await lists.create(in: context.household, name: body.name, by: context.caller.user)
        return ListAnswer(list, book: PriceBook(carts: [])).tagged(
            list.rev,
            status: .created,
            location: "/api/v1/households/\(context.household)/lists/\(list.value.id)"
        )
    }

    @Sendable func show(_ request: Request, context: ListContext) async throws -> EditedResponse<ListAnswer> {
        let list = try await lists.list(context.list, in: context.household, for: context.caller.user.id)
        var answer = ListAnswer(list, book: try await priceBook(context))
        answer.comparison = try await services.pricing.comparison(list.value)
        return answer.tagged(list.rev)
    }

    @Sendable func rename(_ request: Request, context: ListContext) async throws -> EditedResponse<ListAnswer> {
        let body = try await JSONBody.read(ListName.self, request, context: context)
        let list = try await lists.rename(
            context.list,
            in: context.household,
            to: body.name,
            by: context.caller.user.id,
            ifMatch: try ETag.ifMatch(request)
        )
        return ListAnswer(list, book: try await priceBook(context)).tagged(list.rev)
    }

    @Sendable func delete(_ request: Request, context: ListContext) async throws -> HTTPResponse.Status {
        try await lists.delete(context.list, in: context.household, by: context.caller.user.id, ifMatch: try ETag.ifMatch(request))
        return .noContent
    }

    /// The list's change log, for the household's members.
    @Sendable func changes(_ request: Request, context: ListContext) async throws -> ChangeLogAnswer {
        let log = try await lists.changes(of: context.list, in: context.household, for: context.caller.user.id)
        return try await ChangeLogAnswer(log, accounts: services.accounts)
    }

    /// What the household paid before, for a member; a guest of the list sees none of it.
    func priceBook(_ context: ListContext) async throws -> PriceBook {
        try await services.pricing.priceBook(context.household, for: context.caller.user.id)
    }
}

/// A new list, or a list's new name.
struct ListName: RequestBody {
    var name: String

    enum CodingKeys: String, CodingKey, CaseIterable { case name }
}
