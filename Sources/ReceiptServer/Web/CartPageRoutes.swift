import Catalog
import Foundation
import HouseholdApp
import Households
import Hummingbird
import ReceiptModel
import ReceiptPipeline
import WebApp

/// Carts and items, and the spend page.
struct CartPageRoutes {
    let services: HouseholdServices
    let live: LiveHub
    let catalog: ProductCatalog?

    var carts: CartEditor { services.carts }

    func add(to households: RouterGroup<HouseholdPageContext>) {
        households.get(use: cartList)
        households.post("carts", use: createCart)
        households.get("carts/{cartId}", use: cart)
        households.post("carts/{cartId}/items", use: addItem)
        households.post("carts/{cartId}/items/{itemId}/tick", use: tickItem)
        households.post("carts/{cartId}/items/{itemId}/edit", use: editItem)
        households.post("carts/{cartId}/items/{itemId}/delete", use: deleteItem)
        households.post("carts/{cartId}/rename", use: renameCart)
        households.post("carts/{cartId}/delete", use: deleteCart)
        households.get("spend", use: spend)
    }

    @Sendable func cartList(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        let page = try await carts.list(household.id, for: session.user.id, cursor: nil, limit: 100)
        let online = try await live.presence.online(in: household.id).map(\.displayName)
        return WebResponse.html(
            CartPages.list(
                session.frame("Carts", household: household, section: .carts),
                household: household,
                carts: page.carts,
                online: online
            ),
            request: request
        )
    }

    @Sendable func createCart(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        let form = try await WebForm.read(request, session: session, accounts: services.accounts)
        let cart = try await carts.create(in: household.id, name: form["name"] ?? "", currency: form["currency"], by: session.user)
        return WebResponse.redirect("/h/\(household.id)/carts/\(cart.value.id)")
    }

    @Sendable func cart(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        let cart = try await carts.cart(try context.parameters.require("cartId"), in: household.id, for: session.user.id)
        return WebResponse.html(
            CartPages.detail(session.frame(cart.value.name, household: household, section: .carts), household: household, cart: cart.value),
            request: request
        )
    }

    @Sendable func addItem(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        try await change(request, context) { form, cartId in
            let body = form.json(["name", "quantity", "price"])
            let item = ItemInput(name: try body.requiredString("name"), quantity: try body.decimal("quantity"), price: try body.amount("price"))
            _ = try await carts.addItem(to: cartId, in: context.household.id, item, by: context.session.user, ifMatch: nil)
        }
    }

    @Sendable func tickItem(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let itemId = try context.parameters.require("itemId")
        return try await change(request, context) { form, cartId in
            let completed = form["completed"] != "0"
            _ = try await carts.tick(itemId, of: cartId, in: context.household.id, completed: completed, by: context.session.user, ifMatch: nil)
        }
    }

    @Sendable func editItem(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let itemId = try context.parameters.require("itemId")
        return try await change(request, context) { form, cartId in
            let body = form.json(["name", "quantity", "price"])
            // An emptied price field takes the price away; a form without the field leaves it.
            let price: Amount?? = form.fields.contains { $0.0 == "price" } && form["price"] == nil ? .some(nil) : try body.amount("price")
            let item = ItemInput(name: try body.requiredString("name"), quantity: try body.decimal("quantity"), price: price)
            _ = try await carts.editItem(itemId, of: cartId, in: context.household.id, item, by: context.session.user, ifMatch: nil)
        }
    }

    @Sendable func deleteItem(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let itemId = try context.parameters.require("itemId")
        return try await change(request, context) { _, cartId in
            _ = try await carts.deleteItem(itemId, of: cartId, in: context.household.id, by: context.session.user, ifMatch: nil)
        }
    }

    @Sendable func renameCart(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        try await change(request, context) { form, cartId in
            _ = try await carts.update(
                cartId,
                in: context.household.id,
                name: form["name"] ?? "",
                keepDuplicate: nil,
                by: context.session.user.id,
                ifMatch: nil
            )
        }
    }

    /// A form of a cart's page, read and checked, given with the cart's id to `write`; then back to the cart.
    private func change(
        _ request: Request,
        _ context: HouseholdPageContext,
        write: (WebForm, _ cartId: String) async throws -> Void
    ) async throws -> Response {
        let cartId = try context.parameters.require("cartId")
        try await write(try await WebForm.read(request, session: context.session, accounts: services.accounts), cartId)
        return WebResponse.redirect("/h/\(context.household.id)/carts/\(cartId)")
    }

    @Sendable func deleteCart(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        _ = try await WebForm.read(request, session: session, accounts: services.accounts)
        try await carts.delete(try context.parameters.require("cartId"), in: household.id, by: session.user.id, ifMatch: nil)
        return WebResponse.redirect("/h/\(household.id)")
    }

    @Sendable func spend(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        let period = request.query("period").flatMap(SpendingPeriod.init(rawValue:)) ?? .standard
        let stats = try await SpendingStats.load(
            from: services.store,
            asOf: CalendarDay.today(),
            period: period,
            currentUser: session.user.id,
            filters: [.equals("household", household.id)],
            logger: context.logger
        )
        let categories = try await ProductInsights(services: services, catalog: catalog)
            .categorySpending(household.id, asOf: CalendarDay.today(), period: period)
        return WebResponse.html(
            SpendPage.render(
                session.frame("Spend", household: household, section: .spend),
                household: household,
                stats: stats,
                categories: categories
            ),
            request: request
        )
    }
}
