import Catalog
import DocumentStore
import Foundation
import HouseholdApp
import Households
import Hummingbird
import ReceiptModel
import ReceiptOCR
import ReceiptPipeline

/// `/api/v1/households/{householdId}/lists`: shopping lists, their entries, and what they will
/// cost from what the household paid before.
struct ListRoutes {
    let services: HouseholdServices
    let catalog: ProductCatalog?
    let maxPhotoBytes: Int

    func add(to group: RouterGroup<APIContext>) {
        let lists = services.lists
        group.get("households/{householdId}/lists") { _, context in
            let householdId = try context.parameters.require("householdId")
            let found = try await lists.lists(of: householdId, for: try context.caller().user.id)
            let book = try await priceBook(householdId)
            return try JSONResponse.make(ListCollection(lists: found.map { ListAnswer($0, book: book) }))
        }
        group.post("households/{householdId}/lists") { request, context in
            let householdId = try context.parameters.require("householdId")
            let body = try await JSONBody.read(request, context: context, allowed: ["name"])
            let list = try await lists.create(in: householdId, name: try body.requiredString("name"), by: try context.caller().user)
            return try JSONResponse.make(
                ListAnswer(list, book: PriceBook(carts: [])),
                status: .created,
                etag: list.rev,
                headers: [.location: "/api/v1/households/\(householdId)/lists/\(list.value.id)"]
            )
        }
        group.get("households/{householdId}/lists/{listId}") { _, context in
            let householdId = try context.parameters.require("householdId")
            let userId = try context.caller().user.id
            let list = try await lists.list(try context.parameters.require("listId"), in: householdId, for: userId)
            let book = try await priceBook(householdId, for: userId)
            var answer = ListAnswer(list, book: book)
            answer.comparison = try await comparison(list.value)
            return try JSONResponse.make(answer, etag: list.rev)
        }
        group.patch("households/{householdId}/lists/{listId}") { request, context in
            let body = try await JSONBody.read(request, context: context, allowed: ["name"])
            let householdId = try context.parameters.require("householdId")
            let list = try await lists.rename(
                try context.parameters.require("listId"),
                in: householdId,
                to: try body.requiredString("name"),
                by: try context.caller().user.id,
                ifMatch: try ETag.ifMatch(request)
            )
            return try JSONResponse.make(ListAnswer(list, book: try await priceBook(householdId, for: try context.caller().user.id)), etag: list.rev)
        }
        group.delete("households/{householdId}/lists/{listId}") { request, context in
            try await lists.delete(
                try context.parameters.require("listId"),
                in: try context.parameters.require("householdId"),
                by: try context.caller().user.id,
                ifMatch: try ETag.ifMatch(request)
            )
            return JSONResponse.noContent()
        }
        group.post("households/{householdId}/lists/{listId}/entries") { request, context in
            let body = try await JSONBody.read(request, context: context, allowed: ["name", "quantity", "unit", "note", "barcode"])
            let householdId = try context.parameters.require("householdId")
            let name = try body.requiredString("name")
            let product = try await product(barcode: try body.string("barcode"), name: name)
            let (list, entry) = try await lists.addEntry(
                to: try context.parameters.require("listId"),
                in: householdId,
                EntryInput(
                    name: name,
                    quantity: try body.decimal("quantity"),
                    unit: try body.string("unit"),
                    note: try body.string("note"),
                    product: product
                ),
                by: try context.caller().user,
                ifMatch: try ETag.ifMatch(request)
            )
            return try JSONResponse.make(
                EntryResult(list: list, entry: entry, book: try await priceBook(householdId, for: try context.caller().user.id)),
                status: .created,
                etag: list.rev
            )
        }
        group.patch("households/{householdId}/lists/{listId}/entries/{entryId}") { request, context in
            let body = try await JSONBody.read(request, context: context, allowed: ["name", "quantity", "unit", "note", "completed"])
            let householdId = try context.parameters.require("householdId")
            let input = EntryInput(
                name: try body.string("name"),
                quantity: try body.decimal("quantity"),
                unit: body.has("unit") ? .some(try body.string("unit")) : nil,
                note: body.has("note") ? .some(try body.string("note")) : nil,
                completed: try body.bool("completed")
            )
            let (list, entry) = try await lists.editEntry(
                try context.parameters.require("entryId"),
                of: try context.parameters.require("listId"),
                in: householdId,
                input,
                by: try context.caller().user,
                ifMatch: try ETag.ifMatch(request)
            )
            return try JSONResponse.make(
                EntryResult(list: list, entry: entry, book: try await priceBook(householdId, for: try context.caller().user.id)),
                etag: list.rev
            )
        }
        group.delete("households/{householdId}/lists/{listId}/entries/{entryId}") { request, context in
            let householdId = try context.parameters.require("householdId")
            let list = try await lists.deleteEntry(
                try context.parameters.require("entryId"),
                of: try context.parameters.require("listId"),
                in: householdId,
                by: try context.caller().user.id,
                ifMatch: try ETag.ifMatch(request)
            )
            return try JSONResponse.make(ListAnswer(list, book: try await priceBook(householdId, for: try context.caller().user.id)), etag: list.rev)
        }
        group.put("households/{householdId}/lists/{listId}/entries/{entryId}/completed") { request, context in
            try await tick(request, context, completed: true)
        }
        group.delete("households/{householdId}/lists/{listId}/entries/{entryId}/completed") { request, context in
            try await tick(request, context, completed: false)
        }
        group.post("households/{householdId}/lists/{listId}/share") { _, context in
            let share = try await lists.share(
                try context.parameters.require("listId"),
                in: try context.parameters.require("householdId"),
                by: try context.caller().user.id
            )
            return try JSONResponse.make(share, status: .created)
        }
        group.delete("households/{householdId}/lists/{listId}/share") { _, context in
            try await lists.unshare(
                try context.parameters.require("listId"),
                in: try context.parameters.require("householdId"),
                by: try context.caller().user.id
            )
            return JSONResponse.noContent()
        }
        group.delete("households/{householdId}/lists/{listId}/guests/{userId}") { _, context in
            try await lists.removeGuest(
                try context.parameters.require("userId"),
                from: try context.parameters.require("listId"),
                in: try context.parameters.require("householdId"),
                by: try context.caller().user.id
            )
            return JSONResponse.noContent()
        }
        group.get("shared-lists") { _, context in
            let shared = try await lists.sharedWith(try context.caller().user.id)
            return try JSONResponse.make(ListCollection(lists: shared.map { ListAnswer($0, book: PriceBook(carts: [])) }))
        }
        group.post("shared-lists/join") { request, context in
            let body = try await JSONBody.read(request, context: context, allowed: ["listId", "passcode"])
            let joined = try await lists.join(
                try body.requiredString("listId"),
                passcode: try body.requiredString("passcode"),
                user: try context.caller().user,
                address: context.remoteAddress
            )
            return try JSONResponse.make(ListAnswer(joined, book: PriceBook(carts: [])), etag: joined.rev)
        }
        group.get("households/{householdId}/lists/{listId}/changes") { _, context in
            let log = try await lists.changes(
                of: try context.parameters.require("listId"),
                in: try context.parameters.require("householdId"),
                for: try context.caller().user.id
            )
            return try JSONResponse.make(try await ChangeLogAnswer(log, accounts: services.accounts))
        }
        group.get("households/{householdId}/lists/{listId}/shopping") { _, context in
            let shoppers = try await lists.shoppers(
                of: try context.parameters.require("listId"),
                in: try context.parameters.require("householdId"),
                for: try context.caller().user.id
            )
            return try JSONResponse.make(ShoppingAnswer(shopping: shoppers))
        }
        group.put("households/{householdId}/lists/{listId}/shopping") { request, context in
            let body = try await JSONBody.read(request, context: context, allowed: ["minutes"])
            let minutes = try body.decimal("minutes").map { NSDecimalNumber(decimal: $0).intValue } ?? 60
            let status = try await lists.startShopping(
                try context.parameters.require("listId"),
                in: try context.parameters.require("householdId"),
                by: try context.caller().user,
                minutes: minutes
            )
            return try JSONResponse.make(status)
        }
        group.delete("households/{householdId}/lists/{listId}/shopping") { _, context in
            try await lists.stopShopping(
                try context.parameters.require("listId"),
                in: try context.parameters.require("householdId"),
                by: try context.caller().user.id
            )
            return JSONResponse.noContent()
        }
        group.put("households/{householdId}/lists/{listId}/entries/{entryId}/photo") { request, context in
            let householdId = try context.parameters.require("householdId")
            let userId = try context.caller().user.id
            let listId = try context.parameters.require("listId")
            _ = try await lists.list(listId, in: householdId, for: userId)
            let data = try await UploadedImage.read(request, limit: maxPhotoBytes)
            let (list, entry) = try await lists.setPhoto(
                data,
                entry: try context.parameters.require("entryId"),
                of: listId,
                in: householdId,
                by: userId
            )
            return try JSONResponse.make(
                EntryResult(list: list, entry: entry, book: try await priceBook(householdId, for: try context.caller().user.id)),
                etag: list.rev
            )
        }
        group.get("households/{householdId}/lists/{listId}/entries/{entryId}/photo") { request, context in
            let data = try await lists.photo(
                entry: try context.parameters.require("entryId"),
                of: try context.parameters.require("listId"),
                in: try context.parameters.require("householdId"),
                for: try context.caller().user.id
            )
            return try await UploadedImage.respond(data, thumbnail: request.uri.queryParameters.get("size") == "thumbnail", store: services.store)
        }
    }

    private func tick(_ request: Request, _ context: APIContext, completed: Bool) async throws -> Response {
        let householdId = try context.parameters.require("householdId")
        let (list, entry) = try await services.lists.editEntry(
            try context.parameters.require("entryId"),
            of: try context.parameters.require("listId"),
            in: householdId,
            EntryInput(completed: completed),
            by: try context.caller().user,
            ifMatch: try ETag.ifMatch(request)
        )
        return try JSONResponse.make(
            EntryResult(list: list, entry: entry, book: try await priceBook(householdId, for: try context.caller().user.id)),
            etag: list.rev
        )
    }

    func priceBook(_ householdId: String, for userId: String? = nil) async throws -> PriceBook {
        try await services.pricing.priceBook(householdId, for: userId)
    }

    /// The catalog product of a new entry: by barcode when given, else a confident name match.
    func product(barcode: String?, name: String) async throws -> ProductRef? {
        guard let catalog else { return nil }
        if let barcode, !barcode.isEmpty {
            guard let product = try await catalog.lookup(barcode: barcode) else {
                throw Problem.unknownBarcode(barcode, field: "barcode")
            }
            return product.reference()
        }
        return try await catalog.matcher().match(line: name)?.productRef
    }

    private func comparison(_ list: HouseholdList) async throws -> PlannedVsBought {
        try await services.pricing.comparison(list)
    }
}

/// A list with each entry's estimate and the estimated total per currency.
/// A change log with the authors' names.
struct ChangeLogAnswer: Encodable {
    struct Entry: Encodable {
        var rev: Int
        var at: String
        var userId: String
        var displayName: String
        var action: ChangeLogEntry.Action
        var changes: [ChangeLogEntry.FieldChange]
    }

    var changes: [Entry]

    init(_ log: [ChangeLogEntry], accounts: AccountService) async throws {
        let users = try await accounts.users(log.map(\.userId))
        changes = log.map {
            Entry(
                rev: $0.revision,
                at: $0.at,
                userId: $0.userId,
                displayName: users[$0.userId]?.displayName ?? $0.userId,
                action: $0.action,
                changes: $0.changes
            )
        }
    }
}

struct ShoppingAnswer: Encodable {
    var shopping: [ShoppingStatus]
}

struct ListAnswer: Encodable {
    var id: String
    var rev: Int
    var household: String
    var name: String
    var createdBy: String
    var createdAt: String
    var entries: [EntryAnswer]
    /// Estimated cost of the open entries, per currency (never added across currencies).
    var estimatedTotals: [CurrencyAmount]
    var comparison: PlannedVsBought?

    init(_ stored: Revisioned<HouseholdList>, book: PriceBook) {
        let list = stored.value
        id = list.id
        rev = stored.rev
        household = list.household
        name = list.name
        createdBy = list.createdBy
        createdAt = list.createdAt
        entries = list.entries.map { EntryAnswer($0, book: book) }
        var totals: [String: Amount] = [:]
        for entry in entries where !entry.completed {
            guard let estimate = entry.estimate else { continue }
            totals[estimate.currency ?? "", default: .zero] = totals[estimate.currency ?? "", default: .zero] + estimate.price
        }
        estimatedTotals = totals.sorted { $0.key < $1.key }.map { CurrencyAmount(currency: $0.key.isEmpty ? nil : $0.key, amount: $0.value) }
    }
}

struct EntryAnswer: Encodable {
    var id: String
    var name: String
    var quantity: Decimal
    var unit: String?
    var note: String?
    var completed: Bool
    var completedBy: String?
    var addedBy: String
    var addedOn: String
    var product: ProductRef?
    var hasPhoto: Bool
    var bought: HouseholdList.Bought?
    /// What it should cost, from the last time the household bought it.
    var estimate: PriceEstimate?

    init(_ entry: HouseholdList.Entry, book: PriceBook) {
        id = entry.id
        name = entry.name
        quantity = entry.quantity
        unit = entry.unit
        note = entry.note
        completed = entry.completed
        completedBy = entry.completedBy
        addedBy = entry.addedBy
        addedOn = entry.addedOn
        product = entry.product
        hasPhoto = entry.photo != nil
        bought = entry.bought
        estimate = book.estimate(entry.name, product: entry.product, quantity: entry.quantity)
    }
}

struct EntryResult: Encodable {
    var list: ListHead
    var entry: EntryAnswer

    init(list: Revisioned<HouseholdList>, entry: HouseholdList.Entry, book: PriceBook) {
        self.list = ListHead(id: list.value.id, rev: list.rev)
        self.entry = EntryAnswer(entry, book: book)
    }
}

struct ListHead: Encodable {
    var id: String
    var rev: Int
}

struct ListCollection: Encodable {
    var lists: [ListAnswer]
}

struct CurrencyAmount: Encodable {
    var currency: String?
    var amount: Amount
}
