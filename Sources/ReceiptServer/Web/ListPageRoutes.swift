import Catalog
import Foundation
import Households
import Hummingbird
import ReceiptModel
import ReceiptPipeline
import WebApp

/// Shopping lists: create, rename, delete; entries from product search or by name, ticked, +/−.
struct ListPageRoutes {
    let services: HouseholdServices
    let catalog: ProductCatalog?

    /// The API's list routes, for the catalog look-ups and price book they already do.
    var api: ListRoutes { ListRoutes(services: services, catalog: catalog, maxPhotoBytes: 0) }

    func add(to pages: RouterGroup<APIContext>) {
        let lists = services.lists
        pages.page(.get, "h/{householdId}/lists", services: services) { request, _, session, household in
            let found = try await lists.lists(of: household.id, for: session.user.id)
            return WebResponse.html(
                ListPages.index(session.frame("Lists", household: household, section: .lists), household: household, lists: found.map(\.value)),
                request: request)
        }
        pages.page(.post, "h/{householdId}/lists", services: services) { request, _, session, household in
            let form = try await WebForm.read(request, session: session, accounts: services.accounts)
            let list = try await lists.create(in: household.id, name: form["name"] ?? "", by: session.user)
            return WebResponse.redirect("/h/\(household.id)/lists/\(list.value.id)")
        }
        pages.page(.get, "h/{householdId}/lists/{listId}", services: services) { request, context, session, household in
            let list = try await lists.list(try context.parameters.require("listId"), in: household.id, for: session.user.id).value
            let book = try await api.priceBook(household.id)
            var estimates: [String: PriceEstimate] = [:]
            for entry in list.entries where !entry.completed {
                estimates[entry.id] = book.estimate(entry.name, product: entry.product, quantity: entry.quantity)
            }
            let query = request.query("q")?.trimmingCharacters(in: .whitespaces).prefix(100)
            var results: [ProductChoice] = []
            if let query, query.count >= 2, let catalog {
                let outcome = try await catalog.search(String(query), limit: 8) { product in book.pricesPaid(for: product) }
                results = outcome.results.map { result in
                    let reference = result.product.reference()
                    let last = result.pricesPaid.first
                    return ProductChoice(
                        name: reference.name, brand: reference.brand, barcode: reference.barcode, picture: reference.picture,
                        caloriesPer100g: reference.caloriesPer100g, lastPrice: last?.price, lastMerchant: last?.merchant, lastDate: last?.date)
                }
            }
            let page = ListPages.detail(
                session.frame(list.name, household: household, section: .lists), household: household, list: list, estimates: estimates,
                query: query.map(String.init), results: results,
                shoppers: try await lists.shoppers(of: list.id, in: household.id, for: session.user.id))
            return WebResponse.html(page, request: request)
        }
        pages.page(.post, "h/{householdId}/lists/{listId}/rename", services: services) { request, context, session, household in
            let listId = try context.parameters.require("listId")
            let form = try await WebForm.read(request, session: session, accounts: services.accounts)
            _ = try await lists.rename(listId, in: household.id, to: form["name"] ?? "", by: session.user.id, ifMatch: nil)
            return WebResponse.redirect("/h/\(household.id)/lists/\(listId)")
        }
        pages.page(.post, "h/{householdId}/lists/{listId}/delete", services: services) { request, context, session, household in
            _ = try await WebForm.read(request, session: session, accounts: services.accounts)
            try await lists.delete(try context.parameters.require("listId"), in: household.id, by: session.user.id, ifMatch: nil)
            return WebResponse.redirect("/h/\(household.id)/lists")
        }
        pages.page(.post, "h/{householdId}/lists/{listId}/entries", services: services) { request, context, session, household in
            let listId = try context.parameters.require("listId")
            let form = try await WebForm.read(request, session: session, accounts: services.accounts)
            let body = form.json(["name", "quantity"])
            let name = try body.requiredString("name")
            let product = try await api.product(barcode: form["barcode"], name: name)
            _ = try await lists.addEntry(
                to: listId, in: household.id, EntryInput(name: name, quantity: try body.decimal("quantity"), product: product), by: session.user,
                ifMatch: nil)
            return WebResponse.redirect("/h/\(household.id)/lists/\(listId)")
        }
        pages.page(.post, "h/{householdId}/lists/{listId}/entries/{entryId}/tick", services: services) { request, context, session, household in
            let listId = try context.parameters.require("listId")
            let form = try await WebForm.read(request, session: session, accounts: services.accounts)
            _ = try await lists.editEntry(
                try context.parameters.require("entryId"), of: listId, in: household.id, EntryInput(completed: form["completed"] != "0"),
                by: session.user, ifMatch: nil)
            return WebResponse.redirect("/h/\(household.id)/lists/\(listId)")
        }
        // "I'm shopping" for an hour, or no longer.
        pages.page(.post, "h/{householdId}/lists/{listId}/shopping", services: services) { request, context, session, household in
            let listId = try context.parameters.require("listId")
            let form = try await WebForm.read(request, session: session, accounts: services.accounts)
            if form["shopping"] == "0" {
                try await lists.stopShopping(listId, in: household.id, by: session.user.id)
            } else {
                _ = try await lists.startShopping(listId, in: household.id, by: session.user, minutes: 60)
            }
            return WebResponse.redirect("/h/\(household.id)/lists/\(listId)")
        }
        // +/−: one more or one less; at zero the entry goes.
        pages.page(.post, "h/{householdId}/lists/{listId}/entries/{entryId}/quantity", services: services) { request, context, session, household in
            let listId = try context.parameters.require("listId")
            let entryId = try context.parameters.require("entryId")
            let form = try await WebForm.read(request, session: session, accounts: services.accounts)
            let delta: Decimal = form["delta"] == "-1" ? -1 : 1
            let list = try await lists.list(listId, in: household.id, for: session.user.id)
            guard let entry = list.value.entries.first(where: { $0.id == entryId }) else { throw HouseholdError(.entryNotFound, "No such entry in this list.") }
            let quantity = entry.quantity + delta
            if quantity <= 0 {
                _ = try await lists.deleteEntry(entryId, of: listId, in: household.id, by: session.user.id, ifMatch: list.rev)
            } else {
                _ = try await lists.editEntry(entryId, of: listId, in: household.id, EntryInput(quantity: quantity), by: session.user, ifMatch: list.rev)
            }
            return WebResponse.redirect("/h/\(household.id)/lists/\(listId)")
        }
    }
}
