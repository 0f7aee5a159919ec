import Foundation
import HouseholdApp
import Households
import Hummingbird
import ReceiptModel
import ReceiptPipeline

/// `/api/v1/households/{householdId}/presets`: saved sets of entries ("Taco night", for 4) and
/// adding one to a list at once, quantities scaled to the servings wanted.
struct PresetRoutes {
    let services: HouseholdServices
    let products: ProductLookup

    var presets: Presets { services.presets }

    func add(to household: RouterGroup<HouseholdContext>) {
        household.get("presets", use: index)
        household.post("presets", use: create)
        household.get("presets/{presetId}", use: show)
        household.delete("presets/{presetId}", use: delete)
        household.post("presets/{presetId}/add", use: addToList)
    }

    @Sendable func index(_ request: Request, context: HouseholdContext) async throws -> PresetCollection {
        let found = try await presets.presets(of: context.household, for: context.caller.user.id)
        return PresetCollection(presets: found.map(PresetAnswer.init))
    }

    @Sendable func create(_ request: Request, context: HouseholdContext) async throws -> EditedResponse<PresetAnswer> {
        let body = try await JSONBody.read(NewPreset.self, request, context: context)
        var entries: [Preset.Item] = []
        for (index, entry) in body.entries.enumerated() {
            let product: ProductRef?
            do {
                product = try await products.entryProduct(barcode: entry.barcode, name: entry.name)
            } catch let error as UnknownBarcode {
                throw Problem.unknownBarcode(error, field: "entries.\(index).barcode")
            }
            entries.append(Preset.Item(name: entry.name, quantity: entry.quantity ?? 1, unit: entry.unit, product: product))
        }
        let preset = try await presets.create(
            in: context.household,
            PresetInput(name: body.name, servings: body.servings ?? 1, entries: entries),
            by: context.caller.user.id
        )
        return PresetAnswer.created(preset, in: context.household)
    }

    @Sendable func show(_ request: Request, context: HouseholdContext) async throws -> EditedResponse<PresetAnswer> {
        let preset = try await presets.preset(try context.parameters.require("presetId"), in: context.household, for: context.caller.user.id)
        return PresetAnswer(preset).tagged(preset.rev)
    }

    @Sendable func delete(_ request: Request, context: HouseholdContext) async throws -> Response {
        try await presets.delete(
            try context.parameters.require("presetId"),
            in: context.household,
            by: context.caller.user.id,
            ifMatch: try ETag.ifMatch(request)
        )
        return Response(status: .noContent)
    }

    @Sendable func addToList(_ request: Request, context: HouseholdContext) async throws -> EditedResponse<ListAnswer> {
        let body = try await JSONBody.read(AddPreset.self, request, context: context)
        let (list, _) = try await presets.add(
            try context.parameters.require("presetId"),
            to: body.listId,
            in: context.household,
            servings: body.servings,
            by: context.caller.user
        )
        let book = try await services.pricing.priceBook(context.household)
        return ListAnswer(list, book: book).tagged(list.rev)
    }
}

struct NewPreset: RequestBody {
    var name: String
    var servings: Int?
    var entries: [Entry]

    struct Entry: Decodable {
        var name: String
        var quantity: Decimal?
        var unit: String?
        var barcode: String?
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case name, servings, entries }
}

struct AddPreset: RequestBody {
    var listId: String
    var servings: Int?

    enum CodingKeys: String, CodingKey, CaseIterable { case listId, servings }
}

struct PresetAnswer: ResponseEncodable {
    var preset: Preset
    var rev: Int

    init(_ stored: Revisioned<Preset>) {
        preset = stored.value
        rev = stored.rev
    }

    /// A preset just saved (by hand or from a recipe): 201 at its address, with its revision.
    static func created(_ stored: Revisioned<Preset>, in household: String) -> EditedResponse<Self> {
        Self(stored).tagged(stored.rev, status: .created, location: "/api/v1/households/\(household)/presets/\(stored.value.id)")
    }

    func encode(to encoder: any Encoder) throws {
        try preset.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(rev, forKey: .rev)
    }

    enum Keys: String, CodingKey { case rev }
}

struct PresetCollection: ResponseEncodable {
    var presets: [PresetAnswer]
}
