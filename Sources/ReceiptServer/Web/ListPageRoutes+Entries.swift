import Catalog
import Foundation
import HouseholdApp
import Households
import Hummingbird
import ReceiptPipeline
import WebApp

/// The entry forms of a list's page, for members and guests alike (see ``ListPageContext``): an
/// entry added from product search or by name, ticked, its priority chosen, edited, one more or
/// one less. Each goes back to the list's page.
extension ListPageRoutes {
    func add(to list: RouterGroup<ListPageContext>) {
        list.post("entries", use: addEntry)
        list.post("entries/{entryId}/tick", use: tickEntry)
        list.post("entries/{entryId}/priority", use: prioritizeEntry)
        list.post("entries/{entryId}/edit", use: editEntry)
        list.post("entries/{entryId}/quantity", use: changeQuantity)
    }

    @Sendable func addEntry(_ request: Request, context: ListPageContext) async throws -> Response {
        let place = context.place
        let form = try await WebForm.read(request, session: place.session, accounts: services.accounts)
        let body = form.json(["name", "quantity", "priority"])
        let name = try body.requiredString("name")
        let priority = try body.string("priority").map { try EntryPriority.parse($0) }
        let product = try await ProductLookup(catalog: catalog).entryProduct(barcode: form["barcode"], name: name)
        _ = try await lists.addEntry(
            to: place.listId,
            in: place.householdId,
            EntryInput(name: name, quantity: try body.decimal("quantity"), priority: priority, product: product),
            by: place.session.user,
            ifMatch: nil
        )
        return WebResponse.redirect(place.page)
    }

    /// A tap that ticks or unticks.
    @Sendable func tickEntry(_ request: Request, context: ListPageContext) async throws -> Response {
        try await change(request, context) { form in EntryInput(completed: form["completed"] != "0") }
    }

    @Sendable func prioritizeEntry(_ request: Request, context: ListPageContext) async throws -> Response {
        try await change(request, context) { form in EntryInput(priority: try EntryPriority.parse(form["priority"] ?? "")) }
    }

    /// The edit panel: name, quantity and note (an empty note clears it).
    @Sendable func editEntry(_ request: Request, context: ListPageContext) async throws -> Response {
        try await change(request, context) { form in
            let body = form.json(["name", "quantity"])
            let note = (form["note"] ?? "").trimmingCharacters(in: .whitespaces)
            return EntryInput(name: try body.requiredString("name"), quantity: try body.decimal("quantity"), note: .some(note.isEmpty ? nil : note))
        }
    }

    /// +/−: one more or one less; at zero the entry goes.
    @Sendable func changeQuantity(_ request: Request, context: ListPageContext) async throws -> Response {
        let place = context.place
        let entryId = try context.parameters.require("entryId")
        let form = try await WebForm.read(request, session: place.session, accounts: services.accounts)
        let delta: Decimal = form["delta"] == "-1" ? -1 : 1
        let list = try await lists.list(place.listId, in: place.householdId, for: place.session.user.id)
        guard let entry = list.value.entries.first(where: { $0.id == entryId }) else {
            throw HouseholdError(.entryNotFound, "No such entry in this list.")
        }
        let quantity = entry.quantity + delta
        if quantity <= 0 {
            _ = try await lists.deleteEntry(entryId, of: place.listId, in: place.householdId, by: place.session.user.id, ifMatch: list.rev)
        } else {
            _ = try await lists.editEntry(
                entryId,
                of: place.listId,
                in: place.householdId,
                EntryInput(quantity: quantity),
                by: place.session.user,
                ifMatch: list.rev
            )
        }
        return WebResponse.redirect(place.page)
    }

    /// An entry's fields as its form gives them (`input`), written, then back to the list.
    private func change(_ request: Request, _ context: ListPageContext, input: (WebForm) throws -> EntryInput) async throws -> Response {
        let place = context.place
        let form = try await WebForm.read(request, session: place.session, accounts: services.accounts)
        _ = try await lists.editEntry(
            try context.parameters.require("entryId"),
            of: place.listId,
            in: place.householdId,
            try input(form),
            by: place.session.user,
            ifMatch: nil
        )
        return WebResponse.redirect(place.page)
    }
}
