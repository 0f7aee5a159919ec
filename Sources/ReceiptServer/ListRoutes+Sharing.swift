import HouseholdApp
import Households
import Hummingbird
import ReceiptPipeline

/// A list shared beyond its household by id and passcode: members share, rotate and revoke it and
/// remove guests; a guest joins, sees the lists they joined, and leaves.
extension ListRoutes {
    @Sendable func share(_ request: Request, context: ListContext) async throws -> EditedResponse<ListShare> {
        try await lists.share(context.list, in: context.household, by: context.caller.user.id).created()
    }

    @Sendable func unshare(_ request: Request, context: ListContext) async throws -> HTTPResponse.Status {
        try await lists.unshare(context.list, in: context.household, by: context.caller.user.id)
        return .noContent
    }

    /// A member removes a guest, or a guest leaves.
    @Sendable func removeGuest(_ request: Request, context: ListContext) async throws -> HTTPResponse.Status {
        try await lists.removeGuest(try context.parameters.require("userId"), from: context.list, in: context.household, by: context.caller.user.id)
        return .noContent
    }

    /// The lists the caller joined as a guest (without the households' prices).
    @Sendable func sharedWithCaller(_ request: Request, context: APIContext) async throws -> ListCollection {
        let shared = try await lists.sharedWith(try context.caller().user.id)
        return ListCollection(lists: shared.map { ListAnswer($0, book: PriceBook(carts: [])) })
    }

    @Sendable func join(_ request: Request, context: APIContext) async throws -> EditedResponse<ListAnswer> {
        let body = try await JSONBody.read(ListPasscode.self, request, context: context)
        let joined = try await lists.join(
            body.listId,
            passcode: body.passcode,
            user: try context.caller().user,
            address: context.remoteAddress
        )
        return ListAnswer(joined, book: PriceBook(carts: [])).tagged(joined.rev)
    }
}

/// A shared list's id and passcode, to join it.
struct ListPasscode: RequestBody {
    var listId: String
    var passcode: String

    enum CodingKeys: String, CodingKey, CaseIterable { case listId, passcode }
}
