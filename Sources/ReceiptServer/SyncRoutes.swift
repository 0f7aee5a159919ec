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
}
