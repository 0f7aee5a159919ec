import Foundation
import HouseholdApp
import Households
import Hummingbird
import ReceiptModel

/// `/api/v1/households/{householdId}/carts` and their items.
struct CartRoutes {
    let services: HouseholdServices
    /// Pages of the cart list by household, cursor and size, and single carts by household and
    /// id, valid until the store changes: a cart read again is not decoded and encoded again.
    let answers = ResponseCache()

    func add(to household: RouterGroup<HouseholdContext>) {
        household.get("carts", use: list)
        household.post("carts", use: create)
        household.get("carts/{cartId}/changes", use: changes)
        household.get("carts/{cartId}", use: cart)
        household.patch("carts/{cartId}", use: update)
        household.delete("carts/{cartId}", use: delete)
        household.post("carts/{cartId}/items", use: addItem)
        household.patch("carts/{cartId}/items/{itemId}", use: editItem)
        household.delete("carts/{cartId}/items/{itemId}", use: deleteItem)
        // Ticking is a PUT of the item's "completed" flag, so repeating it changes nothing more.
        household.put("carts/{cartId}/items/{itemId}/completed", use: tick)
        household.delete("carts/{cartId}/items/{itemId}/completed", use: untick)
    }

    @Sendable func list(_ request: Request, context: HouseholdContext) async throws -> Response {
        let cursor = request.query("cursor")
        let limit = try request.queryInt("limit", default: 50, range: 1...200)
        let sequence = try await services.store.lastSequence()
        let page = try await answers.answer(for: "page\n\(context.household)\n\(cursor ?? "")\n\(limit)", sequence: sequence) {
            let page = try await services.carts.list(context.household, for: context.caller.user.id, cursor: cursor, limit: limit)
            return ResponseCache.Answer(body: ByteBuffer(bytes: try JSONCoding.encoder.encode(page)))
        }
        return JSONResponse.raw(page)
    }

    @Sendable func create(_ request: Request, context: HouseholdContext) async throws -> EditedResponse<CartAnswer> {
        let body = try await JSONBody.read(request, context: context, allowed: ["name", "currency"])
        let cart = try await services.carts.create(
            in: context.household,
            name: try body.requiredString("name"),
            currency: try body.string("currency"),
            by: context.caller.user
        )
        return CartAnswer(cart).tagged(cart.rev, status: .created, location: "/api/v1/households/\(context.household)/carts/\(cart.value.id)")
    }

    @Sendable func changes(_ request: Request, context: HouseholdContext) async throws -> ChangeLogAnswer {
        let log = try await services.carts.changes(of: try context.parameters.require("cartId"), in: context.household, for: context.caller.user.id)
        return try await ChangeLogAnswer(log, accounts: services.accounts)
    }

    @Sendable func cart(_ request: Request, context: HouseholdContext) async throws -> Response {
        let cartId = try context.parameters.require("cartId")
        // The sequence is read before the cart: a write in between makes the entry stale at once.
        let sequence = try await services.store.lastSequence()
        let answer = try await answers.answer(for: "cart\n\(context.household)\n\(cartId)", sequence: sequence) {
            let cart = try await services.carts.cart(cartId, in: context.household, for: context.caller.user.id)
            return ResponseCache.Answer(body: ByteBuffer(bytes: try JSONResponse.bytes(CartAnswer(cart))), etag: cart.rev)
        }
        return JSONResponse.raw(answer)
    }

    @Sendable func update(_ request: Request, context: HouseholdContext) async throws -> EditedResponse<CartAnswer> {
        let body = try await JSONBody.read(request, context: context, allowed: ["name", "duplicateKept"])
        let cart = try await services.carts.update(
            try context.parameters.require("cartId"),
            in: context.household,
            name: try body.string("name"),
            keepDuplicate: try body.bool("duplicateKept"),
            by: context.caller.user.id,
            ifMatch: try ETag.ifMatch(request)
        )
        return CartAnswer(cart).tagged(cart.rev)
    }

    @Sendable func delete(_ request: Request, context: HouseholdContext) async throws -> HTTPResponse.Status {
        try await services.carts.delete(
            try context.parameters.require("cartId"),
            in: context.household,
            by: context.caller.user.id,
            ifMatch: try ETag.ifMatch(request)
        )
        return .noContent
    }

    @Sendable func addItem(_ request: Request, context: HouseholdContext) async throws -> EditedResponse<ItemAnswer> {
        let body = try await JSONBody.read(request, context: context, allowed: ["name", "quantity", "price"])
        let (cart, item) = try await services.carts.addItem(
            to: try context.parameters.require("cartId"),
            in: context.household,
            ItemInput(name: try body.requiredString("name"), quantity: try body.decimal("quantity"), price: try body.amount("price")),
            by: context.caller.user,
            ifMatch: try ETag.ifMatch(request)
        )
        return ItemAnswer(cart: cart, item: item).tagged(cart.rev, status: .created)
    }

    @Sendable func editItem(_ request: Request, context: HouseholdContext) async throws -> EditedResponse<ItemAnswer> {
        let body = try await JSONBody.read(request, context: context, allowed: ["name", "quantity", "price", "completed"])
        let (cart, item) = try await services.carts.editItem(
            try context.parameters.require("itemId"),
            of: try context.parameters.require("cartId"),
            in: context.household,
            ItemInput(
                name: try body.string("name"),
                quantity: try body.decimal("quantity"),
                price: try body.amount("price"),
                completed: try body.bool("completed")
            ),
            by: context.caller.user,
            ifMatch: try ETag.ifMatch(request)
        )
        return ItemAnswer(cart: cart, item: item).tagged(cart.rev)
    }

    @Sendable func deleteItem(_ request: Request, context: HouseholdContext) async throws -> EditedResponse<CartAnswer> {
        let cart = try await services.carts.deleteItem(
            try context.parameters.require("itemId"),
            of: try context.parameters.require("cartId"),
            in: context.household,
            by: context.caller.user,
            ifMatch: try ETag.ifMatch(request)
        )
        return CartAnswer(cart).tagged(cart.rev)
    }

    @Sendable func tick(_ request: Request, context: HouseholdContext) async throws -> EditedResponse<ItemAnswer> {
        try await setCompleted(true, request, context)
    }

    @Sendable func untick(_ request: Request, context: HouseholdContext) async throws -> EditedResponse<ItemAnswer> {
        try await setCompleted(false, request, context)
    }

    private func setCompleted(_ completed: Bool, _ request: Request, _ context: HouseholdContext) async throws -> EditedResponse<ItemAnswer> {
        let (cart, item) = try await services.carts.tick(
            try context.parameters.require("itemId"),
            of: try context.parameters.require("cartId"),
            in: context.household,
            completed: completed,
            by: context.caller.user,
            ifMatch: try ETag.ifMatch(request)
        )
        return ItemAnswer(cart: cart, item: item).tagged(cart.rev)
    }
}

/// A cart with its items, without the OCR text (fetched with the cart's image when wanted).
struct CartAnswer: ResponseEncodable {
    var cart: CartDocument

    init(_ stored: Revisioned<CartDocument>) {
        cart = stored.value
        cart.rev = stored.rev
        cart.ocrText = nil
        // Replication's bookkeeping, for `…/sync` only.
        cart.stamps = nil
    }

    /// The cart in this answer's place, as a value of its own, so the encoder writes it as a
    /// document (its nulls and kept members), not just the fields its `encode(to:)` names.
    func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        try single.encode(cart)
    }
}

struct ItemAnswer: ResponseEncodable {
    var cart: CartSummaryAnswer
    var item: CartItem

    init(cart: Revisioned<CartDocument>, item: CartItem) {
        self.cart = CartSummaryAnswer(
            id: cart.value.id,
            rev: cart.rev,
            totalPrice: cart.value.totalPrice,
            completed: cart.value.completed,
            purchasedByUser: cart.value.purchasedByUser
        )
        self.item = item
    }
}

struct CartSummaryAnswer: Encodable {
    var id: String
    var rev: Int
    var totalPrice: Amount?
    var completed: Bool
    var purchasedByUser: String?
}
