import DocumentStore
import Foundation
import HouseholdApp
import Households
import Hummingbird
import ReceiptModel
import ReceiptPipeline

/// `PATCH /api/v1/households/{householdId}/carts/{cartId}/receipt`: the review page's save. The
/// corrected fields are marked verified, and a corrected product teaches the household's matcher.
struct CorrectionRoutes {
    let services: HouseholdServices
    let products: ProductLookup

    func add(to household: RouterGroup<HouseholdContext>) {
        household.patch("carts/{cartId}/receipt", use: correct)
    }

    @Sendable func correct(_ request: Request, context: HouseholdContext) async throws -> EditedResponse<CartAnswer> {
        let cartId = try context.parameters.require("cartId")
        let userId = context.caller.user.id
        let current = try await services.carts.cart(cartId, in: context.household, for: userId)
        let ifMatch = try ETag.ifMatch(request)
        let body = try await JSONBody.read(request, context: context, allowed: ["merchant", "date", "total", "items"], limit: 256 << 10)
        let correction = try await correction(body, of: current.value)
        // Item numbers come from the revision read above: the save is at that revision.
        let corrected = try await Self.save(
            correction,
            to: cartId,
            in: context.household,
            by: userId,
            ifMatch: ifMatch ?? current.rev,
            services: services
        )
        return CartAnswer(corrected).tagged(corrected.rev)
    }

    /// The body as a correction of `cart`: `items` maps the ids of its items to their fixes.
    private func correction(_ body: JSONBody, of cart: CartDocument) async throws -> CartCorrection {
        var correction = CartCorrection(merchant: try body.string("merchant"), date: try body.string("date"))
        if case .some(.some(let total)) = try body.amount("total") { correction.total = total }
        guard let items = body.members["items"] else { return correction }
        guard case .object(let fixes) = items else { throw Problem.badRequest("items", "'items' maps item ids to {name, price, barcode}.") }
        for (itemId, fix) in fixes {
            guard let index = cart.items.firstIndex(where: { $0.id == itemId }) else { throw HouseholdError.itemNotFound }
            let fields = JSONBody(members: fix.objectValue ?? [:])
            if let unknown = fields.members.keys.first(where: { !["name", "price", "barcode"].contains($0) }) {
                throw Problem.badRequest("items.\(itemId).\(unknown)", "Unknown field '\(unknown)'. Allowed: barcode, name, price.")
            }
            var item = CartCorrection.ItemCorrection(name: try fields.string("name"))
            if case .some(.some(let price)) = try fields.amount("price") { item.price = price }
            if let barcode = try fields.string("barcode") {
                do {
                    item.product = try await products.product(barcode: barcode)
                } catch let error as UnknownBarcode {
                    throw Problem.unknownBarcode(error, field: "items.\(itemId).barcode")
                }
            }
            correction.items[index] = item
        }
        return correction
    }

    /// Saves a correction (the API's and the review page's save); a field it cannot take is the
    /// client's mistake.
    static func save(
        _ correction: CartCorrection,
        to cartId: String,
        in householdId: String,
        by userId: String,
        ifMatch: Int,
        services: HouseholdServices
    ) async throws -> Revisioned<CartDocument> {
        do {
            return try await services.corrections.save(correction, to: cartId, in: householdId, by: userId, ifMatch: ifMatch)
        } catch let error as CorrectionError {
            throw Problem.badRequest(error.field, error.message)
        }
    }
}
