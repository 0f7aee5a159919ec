import Foundation
import HouseholdApp
import Households
import Hummingbird
import ReceiptModel

/// A list's entries: added by name or barcode, edited, ticked, deleted, and their photos.
extension ListRoutes {
    @Sendable func addEntry(_ request: Request, context: ListContext) async throws -> EditedResponse<EntryResult> {
        let body = try await JSONBody.read(NewEntry.self, request, context: context)
        let product: ProductRef?
        do {
            product = try await products.entryProduct(barcode: body.barcode, name: body.name)
        } catch let error as UnknownBarcode {
            throw Problem.unknownBarcode(error, field: "barcode")
        }
        let priority = try body.priority.map { try EntryPriority.parse($0) }
        let (list, entry) = try await lists.addEntry(
            to: context.list,
            in: context.household,
            EntryInput(name: body.name, quantity: body.quantity, unit: body.unit, note: body.note, priority: priority, product: product),
            by: context.caller.user,
            ifMatch: try ETag.ifMatch(request)
        )
        return EntryResult(list: list, entry: entry, book: try await priceBook(context)).tagged(list.rev, status: .created)
    }

    @Sendable func editEntry(_ request: Request, context: ListContext) async throws -> EditedResponse<EntryResult> {
        let body = try await JSONBody.read(EntryEdit.self, request, context: context)
        let priority = try body.priority.map { try EntryPriority.parse($0) }
        return try await edit(
            EntryInput(name: body.name, quantity: body.quantity, unit: body.unit, note: body.note, priority: priority, completed: body.completed),
            request,
            context
        )
    }

    @Sendable func deleteEntry(_ request: Request, context: ListContext) async throws -> EditedResponse<ListAnswer> {
        let list = try await lists.deleteEntry(
            try context.parameters.require("entryId"),
            of: context.list,
            in: context.household,
            by: context.caller.user.id,
            ifMatch: try ETag.ifMatch(request)
        )
        return ListAnswer(list, book: try await priceBook(context)).tagged(list.rev)
    }

    @Sendable func tick(_ request: Request, context: ListContext) async throws -> EditedResponse<EntryResult> {
        try await edit(EntryInput(completed: true), request, context)
    }

    @Sendable func untick(_ request: Request, context: ListContext) async throws -> EditedResponse<EntryResult> {
        try await edit(EntryInput(completed: false), request, context)
    }

    private func edit(_ input: EntryInput, _ request: Request, _ context: ListContext) async throws -> EditedResponse<EntryResult> {
        let (list, entry) = try await lists.editEntry(
            try context.parameters.require("entryId"),
            of: context.list,
            in: context.household,
            input,
            by: context.caller.user,
            ifMatch: try ETag.ifMatch(request)
        )
        return EntryResult(list: list, entry: entry, book: try await priceBook(context)).tagged(list.rev)
    }

    @Sendable func setPhoto(_ request: Request, context: ListContext) async throws -> EditedResponse<EntryResult> {
        // Who may see the list is checked before the upload is read: a stranger learns nothing,
        // not even the size limit.
        _ = try await lists.list(context.list, in: context.household, for: context.caller.user.id)
        let data = try await UploadedImage.read(request, limit: maxPhotoBytes)
        let (list, entry) = try await lists.setPhoto(
            data,
            entry: try context.parameters.require("entryId"),
            of: context.list,
            in: context.household,
            by: context.caller.user.id
        )
        return EntryResult(list: list, entry: entry, book: try await priceBook(context)).tagged(list.rev)
    }

    @Sendable func photo(_ request: Request, context: ListContext) async throws -> Response {
        let data = try await lists.photo(
            entry: try context.parameters.require("entryId"),
            of: context.list,
            in: context.household,
            for: context.caller.user.id
        )
        return try await UploadedImage.respond(data, as: request, store: services.store)
    }
}

/// A new entry, named, or by barcode (the catalog's product) with a name to show meanwhile.
struct NewEntry: RequestBody {
    var name: String
    var barcode: String?
    var quantity: Decimal?
    var unit: String?
    var note: String?
    /// low, normal (the default) or high.
    var priority: String?

    enum CodingKeys: String, CodingKey, CaseIterable { case name, barcode, quantity, unit, note, priority }
}

/// An entry's changes: an absent member is unchanged; a null unit or note is removed.
struct EntryEdit: RequestBody {
    var name: String?
    var quantity: Decimal?
    var unit: String??
    var note: String??
    var priority: String?
    var completed: Bool?

    enum CodingKeys: String, CodingKey, CaseIterable { case name, quantity, unit, note, priority, completed }
}
