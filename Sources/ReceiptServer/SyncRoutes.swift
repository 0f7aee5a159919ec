import Foundation
import HouseholdApp
import Households
import Hummingbird
import ReceiptModel

/// `/api/v1/households/{householdId}/sync`: two-way replication with a replica that works
/// offline (`receipts sync`). The replica sends its lists' states, its new receipt carts and its
/// cursor; the answer holds everything of the household that changed since, merged by the same
/// rules as every API edit.
struct SyncRoutes {
    let services: HouseholdServices

    /// A sync carries whole cart documents (with their OCR text), so its body may be larger
    /// than other JSON bodies; the client sends receipts a few at a time.
    static let bodyLimit = 8 << 20

    func add(to household: RouterGroup<HouseholdContext>) {
        household.post("sync", use: sync)
        household.get("sync/lists/{listId}", use: listState)
        household.get("sync/carts/{cartId}", use: cartState)
    }

    @Sendable func sync(_ request: Request, context: HouseholdContext) async throws -> SyncAnswer {
        let body = try await JSONBody.read(
            request,
            context: context,
            allowed: ["cursor", "lists", "carts", "known", "removedLists", "cartStates"],
            limit: Self.bodyLimit
        )
        let answer = try await services.sync.sync(try body.decode(SyncRequest.self), in: context.household, by: context.caller.user)
        return answer
    }

    /// One list's replicated state, for a browser that keeps it to edit offline (the web app's
    /// service worker): what it sends back through `sync` starts from these stamps.
    @Sendable func listState(_ request: Request, context: HouseholdContext) async throws -> EditedResponse<SyncedList> {
        let list = try await services.lists.list(try context.parameters.require("listId"), in: context.household, for: context.caller.user.id)
        return try SyncedList(list.value).tagged(list.rev)
    }

    /// One cart's replicated state (its items as entries), as ``listState(_:context:)``.
    @Sendable func cartState(_ request: Request, context: HouseholdContext) async throws -> EditedResponse<SyncedCart> {
        let cart = try await services.carts.cart(try context.parameters.require("cartId"), in: context.household, for: context.caller.user.id)
        return try SyncedCart(cart.value).tagged(cart.rev)
    }
}
