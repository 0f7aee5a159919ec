import Foundation
import Households
import Hummingbird

/// Who is shopping for a list now ("I'm shopping" for a while, or no longer).
extension ListRoutes {
    @Sendable func shoppers(_ request: Request, context: ListContext) async throws -> ShoppingAnswer {
        let shoppers = try await lists.shoppers(of: context.list, in: context.household, for: context.caller.user.id)
        return ShoppingAnswer(shopping: shoppers)
    }

    @Sendable func startShopping(_ request: Request, context: ListContext) async throws -> ShoppingStatus {
        let body = try await JSONBody.read(ShoppingTime.self, request, context: context)
        var minutes = 60
        if let asked = body.minutes {
            // Whole minutes, as the document says (77.75 was taken as 77); the domain checks the range.
            guard let whole = Int(exactly: NSDecimalNumber(decimal: asked).doubleValue), Decimal(whole) == asked else {
                throw Problem.badRequest("minutes", "'minutes' must be a whole number of minutes from 1 to \(ShoppingLists.longestShopping).")
            }
            minutes = whole
        }
        return try await lists.startShopping(context.list, in: context.household, by: context.caller.user, minutes: minutes)
    }

    @Sendable func stopShopping(_ request: Request, context: ListContext) async throws -> HTTPResponse.Status {
        try await lists.stopShopping(context.list, in: context.household, by: context.caller.user.id)
        return .noContent
    }
}

/// How long the caller will be shopping (an hour unless said).
struct ShoppingTime: RequestBody {
    var minutes: Decimal?

    enum CodingKeys: String, CodingKey, CaseIterable { case minutes }
}

struct ShoppingAnswer: ResponseEncodable {
    var shopping: [ShoppingStatus]
}
