import Foundation
import HouseholdApp
import Households
import Hummingbird
import ReceiptModel

/// `/api/v1/households/{householdId}/carts` and their items.
struct CartRoutes {
    let services: HouseholdServices

    func add(to group: RouterGroup<APIContext>) {
        let carts = services.carts
        let pages = ResponseCache()
        group.get("households/{householdId}/carts") { request, context in
            let householdId = try context.parameters.require("householdId")
            let userId = try context.caller().user.id
            let cursor = request.uri.queryParameters.get("cursor").map { String($0) }
            let limit = try request.queryInt("limit", default: 50, range: 1...200)
            try await services.directory.requireMember(householdId, userId: userId)
            let sequence = try await services.store.lastSequence()
            let key = "\(householdId)\n\(cursor ?? "")\n\(limit)"
            if let body = pages.body(for: key, sequence: sequence) { return JSONResponse.raw(body) }
            let page = try await carts.list(householdId, for: userId, cursor: cursor, limit: limit)
            let body = try JSONCoding.encoder.encode(page)
            pages.store(body, for: key, sequence: sequence)
            return JSONResponse.raw(body)
        }
        group.post("households/{householdId}/carts") { request, context in
            let householdId = try context.parameters.require("householdId")
            let body = try await JSONBody.read(request, context: context, allowed: ["name", "currency"])
            let cart = try await carts.create(
                in: householdId, name: try body.requiredString("name"), currency: try body.string("currency"), by: try context.caller().user)
            return try JSONResponse.make(
                CartAnswer(cart), status: .created, etag: cart.rev,
                headers: [.location: "/api/v1/households/\(householdId)/carts/\(cart.value.id)"])
        }
        group.get("households/{householdId}/carts/{cartId}/changes") { _, context in
            let log = try await services.carts.changes(
                of: try context.parameters.require("cartId"), in: try context.parameters.require("householdId"), for: try context.caller().user.id)
            return try JSONResponse.make(try await ChangeLogAnswer(log, accounts: services.accounts))
        }
        group.get("households/{householdId}/carts/{cartId}") { _, context in
            let cart = try await carts.cart(
                try context.parameters.require("cartId"), in: try context.parameters.require("householdId"), for: try context.caller().user.id)
            return try JSONResponse.make(CartAnswer(cart), etag: cart.rev)
        }
        group.patch("households/{householdId}/carts/{cartId}") { request, context in
            let body = try await JSONBody.read(request, context: context, allowed: ["name", "duplicateKept"])
            let cart = try await carts.update(
                try context.parameters.require("cartId"), in: try context.parameters.require("householdId"),
                name: try body.string("name"), keepDuplicate: try body.bool("duplicateKept"), by: try context.caller().user.id,
                ifMatch: try ETag.ifMatch(request))
            return try JSONResponse.make(CartAnswer(cart), etag: cart.rev)
        }
        group.delete("households/{householdId}/carts/{cartId}") { request, context in
            try await carts.delete(
                try context.parameters.require("cartId"), in: try context.parameters.require("householdId"),
                by: try context.caller().user.id, ifMatch: try ETag.ifMatch(request))
            return JSONResponse.noContent()
        }
        group.post("households/{householdId}/carts/{cartId}/items") { request, context in
            let body = try await JSONBody.read(request, context: context, allowed: ["name", "quantity", "price"])
            let (cart, item) = try await carts.addItem(
                to: try context.parameters.require("cartId"), in: try context.parameters.require("householdId"),
                ItemInput(name: try body.requiredString("name"), quantity: try body.decimal("quantity"), price: try body.amount("price")),
                by: try context.caller().user, ifMatch: try ETag.ifMatch(request))
            return try JSONResponse.make(ItemAnswer(cart: cart, item: item), status: .created, etag: cart.rev)
        }
        group.patch("households/{householdId}/carts/{cartId}/items/{itemId}") { request, context in
            let body = try await JSONBody.read(request, context: context, allowed: ["name", "quantity", "price", "completed"])
            let (cart, item) = try await carts.editItem(
                try context.parameters.require("itemId"), of: try context.parameters.require("cartId"),
                in: try context.parameters.require("householdId"),
                ItemInput(name: try body.string("name"), quantity: try body.decimal("quantity"), price: try body.amount("price"),
                          completed: try body.bool("completed")),
                by: try context.caller().user, ifMatch: try ETag.ifMatch(request))
            return try JSONResponse.make(ItemAnswer(cart: cart, item: item), etag: cart.rev)
        }
        group.delete("households/{householdId}/carts/{cartId}/items/{itemId}") { request, context in
            let cart = try await carts.deleteItem(
                try context.parameters.require("itemId"), of: try context.parameters.require("cartId"),
                in: try context.parameters.require("householdId"), by: try context.caller().user, ifMatch: try ETag.ifMatch(request))
            return try JSONResponse.make(CartAnswer(cart), etag: cart.rev)
        }
        // Ticking is a PUT of the item's "completed" flag, so repeating it changes nothing more.
        group.put("households/{householdId}/carts/{cartId}/items/{itemId}/completed") { request, context in
            try await tick(request, context, completed: true)
        }
        group.delete("households/{householdId}/carts/{cartId}/items/{itemId}/completed") { request, context in
            try await tick(request, context, completed: false)
        }
    }

    private func tick(_ request: Request, _ context: APIContext, completed: Bool) async throws -> Response {
        let (cart, item) = try await services.carts.tick(
            try context.parameters.require("itemId"), of: try context.parameters.require("cartId"),
            in: try context.parameters.require("householdId"), completed: completed, by: try context.caller().user,
            ifMatch: try ETag.ifMatch(request))
        return try JSONResponse.make(ItemAnswer(cart: cart, item: item), etag: cart.rev)
    }
}

/// A cart with its items, without the OCR text (fetched with the cart's image when wanted).
struct CartAnswer: Encodable {
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

struct ItemAnswer: Encodable {
    var cart: CartSummaryAnswer
    var item: CartItem

    init(cart: Revisioned<CartDocument>, item: CartItem) {
        self.cart = CartSummaryAnswer(id: cart.value.id, rev: cart.rev, totalPrice: cart.value.totalPrice,
                                      completed: cart.value.completed, purchasedByUser: cart.value.purchasedByUser)
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
