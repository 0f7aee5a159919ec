import DocumentStore
import Foundation
import Logging
import ReceiptModel

/// A saved set of entries ("Taco night", for 4) that a member adds to a list at once, the
/// quantities scaled to the servings wanted. Household-scoped like lists.
public struct Preset: Codable, Sendable, Hashable {
    public static let collection = "presets"

    public var id: String
    public var household: String
    public var name: String
    /// How many servings the quantities are for.
    public var servings: Int
    public var entries: [Item]
    /// Where it came from when not typed: `chomp-recipe:<id>` for a recipe.
    public var source: String?
    public var createdBy: String
    public var createdAt: String

    public init(
        id: String,
        household: String,
        name: String,
        servings: Int,
        entries: [Item],
        source: String? = nil,
        createdBy: String,
        createdAt: String
    ) {
        self.id = id
        self.household = household
        self.name = name
        self.servings = servings
        self.entries = entries
        self.source = source
        self.createdBy = createdBy
        self.createdAt = createdAt
    }

    public struct Item: Codable, Sendable, Hashable {
        public var name: String
        public var quantity: Decimal
        public var unit: String?
        public var product: ProductRef?

        public init(name: String, quantity: Decimal = 1, unit: String? = nil, product: ProductRef? = nil) {
            self.name = name
            self.quantity = quantity
            self.unit = unit
            self.product = product
        }
    }

    /// The list entries for `servings` (1 to 100): quantities scaled, each noted with the name.
    public func entryInputs(for servings: Int) throws -> [EntryInput] {
        guard Presets.servingsRange.contains(servings) else {
            throw HouseholdError.invalid("servings", "Servings must be between 1 and \(Presets.servingsRange.upperBound).")
        }
        return entries.map { item in
            EntryInput(name: item.name, quantity: quantity(of: item, for: servings), unit: .some(item.unit), note: .some(name), product: item.product)
        }
    }

    /// An item's quantity for `servings`: scaled by servings / ``servings``; a count (no unit) is
    /// rounded up to whole pieces (one buys 2 packs of tortillas, not 1.5), a measure (g, ml, cup)
    /// to two decimals.
    public func quantity(of item: Item, for servings: Int) -> Decimal {
        guard servings != self.servings, self.servings > 0 else { return item.quantity }
        let scaled = item.quantity * Decimal(servings) / Decimal(self.servings)
        var rounded = Decimal()
        var value = scaled
        NSDecimalRound(&rounded, &value, item.unit == nil ? 0 : 2, item.unit == nil ? .up : .plain)
        return max(rounded, item.unit == nil ? 1 : Decimal(string: "0.01")!)
    }
}

/// What a member sends to create a preset.
public struct PresetInput: Sendable, Hashable {
    public var name: String
    public var servings: Int
    public var entries: [Preset.Item]
    public var source: String?

    public init(name: String, servings: Int = 1, entries: [Preset.Item], source: String? = nil) {
        self.name = name
        self.servings = servings
        self.entries = entries
        self.source = source
    }
}

/// A household's presets: listed, created, deleted, and added to a list.
public struct Presets: Sendable {
    let records: Records
    let directory: HouseholdDirectory
    let lists: ShoppingLists
    let now: @Sendable () -> Date

    static let notFound = HouseholdError(.presetNotFound, "No such preset in this household.")
    /// Enough for a large recipe; a list is not a warehouse inventory.
    public static let maximumEntries = 100
    public static let servingsRange = 1...100

    public init(records: Records, directory: HouseholdDirectory, lists: ShoppingLists, now: @escaping @Sendable () -> Date = Date.init) {
        self.records = records
        self.directory = directory
        self.lists = lists
        self.now = now
    }

    /// The household's presets by name.
    public func presets(of householdId: String, for userId: String) async throws -> [Revisioned<Preset>] {
        try await directory.requireMember(householdId, userId: userId)
        let all = try await records.all(Preset.self, DocumentQuery(collection: Preset.collection, filters: [.equals("household", householdId)]))
        return all.sorted { ($0.value.name.lowercased(), $0.value.id) < ($1.value.name.lowercased(), $1.value.id) }
    }

    /// One preset of the household; another household's answers like a missing one.
    public func preset(_ presetId: String, in householdId: String, for userId: String) async throws -> Revisioned<Preset> {
        try await directory.requireMember(householdId, userId: userId)
        guard let preset = try await records.get(Preset.self, Preset.collection, presetId, in: householdId) else { throw Self.notFound }
        return preset
    }

    public func create(in householdId: String, _ input: PresetInput, by userId: String) async throws -> Revisioned<Preset> {
        try await directory.requireMember(householdId, userId: userId)
        let preset = try Self.checked(input, household: householdId, by: userId, now: now())
        return try await records.created(preset, household: householdId, by: ChangeAuthor(userId: userId, now: now()))
    }

    /// A new preset from a member's input, checked: a name, 1 to 100 servings, 1 to 100 entries
    /// with names, quantities and units as list entries take them.
    static func checked(_ input: PresetInput, household: String, by author: String, now: Date) throws -> Preset {
        guard servingsRange.contains(input.servings) else {
            throw HouseholdError.invalid("servings", "Servings must be between 1 and \(servingsRange.upperBound).")
        }
        guard (1...maximumEntries).contains(input.entries.count) else {
            throw HouseholdError.invalid("entries", "A preset needs 1 to \(maximumEntries) entries.")
        }
        let entries = try input.entries.map { item in
            Preset.Item(
                name: try Validation.lineName(item.name, "entry"),
                quantity: try CartEditor.validQuantity(item.quantity),
                unit: try ShoppingLists.validText(item.unit, "unit", 20),
                product: item.product
            )
        }
        return Preset(
            id: Identifiers.make("pr"),
            household: household,
            name: try HouseholdDirectory.validName(input.name),
            servings: input.servings,
            entries: entries,
            source: input.source,
            createdBy: author,
            createdAt: Instant.string(now)
        )
    }

    public func delete(_ presetId: String, in householdId: String, by userId: String, ifMatch: Int?) async throws {
        let current = try await preset(presetId, in: householdId, for: userId)
        try await records.delete(current, ifMatch: ifMatch, household: householdId, by: ChangeAuthor(userId: userId, now: now()))
    }

    /// Adds the preset's entries to a list of the same household in one change, quantities
    /// scaled to `servings` (the preset's own by default), each noted with the preset's name.
    /// - Returns: the list after the change and the entries added.
    public func add(
        _ presetId: String,
        to listId: String,
        in householdId: String,
        servings: Int? = nil,
        by user: PublicUser
    ) async throws -> (Revisioned<HouseholdList>, [HouseholdList.Entry]) {
        let preset = try await preset(presetId, in: householdId, for: user.id).value
        let inputs = try preset.entryInputs(for: servings ?? preset.servings)
        return try await lists.addEntries(inputs, to: listId, in: householdId, by: user)
    }
}

extension ShoppingLists {
    /// Adds several entries in one change of the list (one revision, one change-log entry).
    public func addEntries(
        _ inputs: [EntryInput],
        to listId: String,
        in householdId: String,
        by user: PublicUser,
        ifMatch: Int? = nil
    ) async throws -> (Revisioned<HouseholdList>, [HouseholdList.Entry]) {
        let at = now()
        let entries = try inputs.map { try Self.newEntry($0, addedBy: user.displayName, userId: user.id, now: at) }
        return try await change(listId, in: householdId, by: user.id, ifMatch: ifMatch) { list in
            list.entries.append(contentsOf: entries)
            return entries
        }
    }
}

extension ErrorCode where Domain == HouseholdError {
    public static var presetNotFound: Self { Self(rawValue: "preset.not-found") }
}

extension Preset.Item {
    /// Units a typed line may give after its number ("300 g cheddar", "2 cups rice").
    static let units: Set<String> = ["g", "kg", "ml", "l", "oz", "lb", "cup", "cups", "tbsp", "tsp", "can", "cans", "pack", "packs"]

    /// An entry from a line a member typed: "2 flour tortillas", "300 g cheddar", "salsa" (1);
    /// `nil` for a blank line.
    public init?(line: String) {
        var words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty else { return nil }
        var quantity: Decimal = 1
        var unit: String?
        if let number = Decimal(string: words[0].replacingOccurrences(of: ",", with: ".")), number > 0, words.count > 1 {
            quantity = number
            words.removeFirst()
            if words.count > 1, Self.units.contains(words[0].lowercased()) { unit = words.removeFirst().lowercased() }
        }
        self.init(name: words.joined(separator: " "), quantity: quantity, unit: unit)
    }
}
