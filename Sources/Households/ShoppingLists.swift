import DocumentStore
import Foundation
import Logging
import ReceiptModel
import Replication

/// A household's shopping list (the Group 10 app's lists): entries members add from their phones
/// and tick in the shop, and that a receipt ticks by itself when it shows them bought.
public struct HouseholdList: Codable, Sendable, Hashable {
    public static let collection = "shopping-lists"

    public var id: String
    public var household: String
    public var name: String
    public var createdBy: String
    public var createdAt: String
    public var entries: [Entry]
    /// Shared beyond the household (Sharecart): the passcode's hash, never the passcode.
    public var sharing: Sharing? = nil
    /// Users from outside the household who joined with the list id and passcode.
    public var guests: [String]? = nil
    /// When each replicated field was last written, and the deleted entries (see ``ReplicaStamps``).
    public var stamps: ReplicaStamps? = nil

    public struct Sharing: Codable, Sendable, Hashable {
        public var passcodeHash: String
        public var rotatedAt: String
    }

    public struct Entry: Codable, Sendable, Hashable {
        public var id: String
        public var name: String
        public var quantity: Decimal
        public var unit: String?
        public var note: String?
        /// Absent for normal (``EntryPriority``).
        public var priority: EntryPriority? = nil
        public var completed: Bool
        public var completedBy: String?
        /// Who asked for it (a display name) and their account id.
        public var addedBy: String
        public var addedByUserId: String
        public var addedOn: String
        /// The catalog product (picture, calories, brand), when one is known.
        public var product: ProductRef?
        /// The SHA-256 of a photo a member took of what they mean, stored as a blob.
        public var photo: String?
        /// The receipt that bought it: set when a receipt's cart showed the entry bought.
        public var bought: Bought?
    }

    /// Where an entry was bought, and for how much.
    public struct Bought: Codable, Sendable, Hashable {
        public var cartId: String
        public var itemName: String
        public var price: Amount?
        public var currency: String?
        public var merchant: String?
        public var date: String?
    }
}

/// What a client may set on an entry.
public struct EntryInput: Sendable, Hashable {
    public var name: String?
    public var quantity: Decimal?
    public var unit: String??
    public var note: String??
    public var priority: EntryPriority?
    public var completed: Bool?
    public var product: ProductRef?

    public init(
        name: String? = nil,
        quantity: Decimal? = nil,
        unit: String?? = nil,
        note: String?? = nil,
        priority: EntryPriority? = nil,
        completed: Bool? = nil,
        product: ProductRef? = nil
    ) {
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.note = note
        self.priority = priority
        self.completed = completed
        self.product = product
    }
}

/// Shopping lists of a household: create, rename, delete; entries added, edited, ticked, removed;
/// and the receipt loop, which ticks the entries a new receipt's cart shows bought.
public struct ShoppingLists: Sendable {
    let records: Records
    let directory: HouseholdDirectory
    let now: @Sendable () -> Date
    let logger: Logger
    /// Stamps every change to a list's entries, so API edits and synced offline edits merge by
    /// the same rules (``ReplicaStamps``).
    public let clock: SharedHybridClock

    static let notFound = HouseholdError(.listNotFound, "No such list in this household.")
    static let entryNotFound = HouseholdError(.entryNotFound, "No such entry in this list.")
    /// Wrong passcodes for shared lists are throttled like logins.
    let joinThrottle = LoginThrottle()

    /// - Parameter clock: this process's hybrid clock; by default one of its own, with a new
    ///   random replica id.
    public init(
        records: Records,
        directory: HouseholdDirectory,
        now: @escaping @Sendable () -> Date = Date.init,
        clock: SharedHybridClock? = nil,
        logger: Logger
    ) {
        self.records = records
        self.directory = directory
        self.now = now
        self.clock = clock ?? SharedHybridClock(replica: Identifiers.make("srv"), now: now)
        self.logger = logger
    }

    /// The household's lists, oldest first.
    public func lists(of householdId: String, for userId: String) async throws -> [Revisioned<HouseholdList>] {
        try await directory.requireMember(householdId, userId: userId)
        return try await records.all(
            HouseholdList.self,
            DocumentQuery(collection: HouseholdList.collection, filters: [.equals("household", householdId)], sort: SortKey("createdAt"))
        )
    }

    /// A list of the household, for its members and for the guests it is shared with.
    public func list(_ listId: String, in householdId: String, for userId: String) async throws -> Revisioned<HouseholdList> {
        guard let list = try await records.get(HouseholdList.self, HouseholdList.collection, listId, in: householdId) else {
            try await directory.requireMember(householdId, userId: userId)
            throw Self.notFound
        }
        if !(list.value.guests ?? []).contains(userId) { try await directory.requireMember(householdId, userId: userId) }
        return list
    }

    public func create(in householdId: String, name: String, by user: PublicUser) async throws -> Revisioned<HouseholdList> {
        try await directory.requireMember(householdId, userId: user.id)
        let list = HouseholdList(
            id: Identifiers.make("l"),
            household: householdId,
            name: try HouseholdDirectory.validName(name),
            createdBy: user.id,
            createdAt: Instant.string(now()),
            entries: []
        )
        return try await records.created(list, household: householdId, by: ChangeAuthor(userId: user.id, now: now()))
    }

    public func rename(
        _ listId: String,
        in householdId: String,
        to name: String,
        by userId: String,
        ifMatch: Int?
    ) async throws -> Revisioned<HouseholdList> {
        try await requireHousehold(listId, in: householdId, userId)
        let name = try HouseholdDirectory.validName(name)
        return try await change(listId, in: householdId, by: userId, ifMatch: ifMatch) { list in list.name = name }.0
    }

    /// Who changed the list, what and when (its change log), oldest first.
    public func changes(of listId: String, in householdId: String, for userId: String) async throws -> [ChangeLogEntry] {
        try await directory.requireMember(householdId, userId: userId)
        let log = try await records.log(collection: HouseholdList.collection, id: listId, household: householdId)
        if log.isEmpty { _ = try await list(listId, in: householdId, for: userId) }
        return log
    }

    public func delete(_ listId: String, in householdId: String, by userId: String, ifMatch: Int?) async throws {
        try await requireHousehold(listId, in: householdId, userId)
        let current = try await list(listId, in: householdId, for: userId)
        try await records.delete(current, ifMatch: ifMatch, household: householdId, by: ChangeAuthor(userId: userId, now: now()))
    }

    public func addEntry(
        to listId: String,
        in householdId: String,
        _ input: EntryInput,
        by user: PublicUser,
        ifMatch: Int?
    ) async throws -> (Revisioned<HouseholdList>, HouseholdList.Entry) {
        let entry = try Self.newEntry(input, addedBy: user.displayName, userId: user.id, now: now())
        return try await change(listId, in: householdId, by: user.id, ifMatch: ifMatch) { list in
            list.entries.append(entry)
            return entry
        }
    }

    public func editEntry(
        _ entryId: String,
        of listId: String,
        in householdId: String,
        _ input: EntryInput,
        by user: PublicUser,
        ifMatch: Int?
    ) async throws -> (Revisioned<HouseholdList>, HouseholdList.Entry) {
        let edit = try Self.entryEdit(input, by: user.displayName)
        return try await change(listId, in: householdId, by: user.id, ifMatch: ifMatch) { list in
            guard let index = list.entries.firstIndex(where: { $0.id == entryId }) else { throw Self.entryNotFound }
            edit(&list.entries[index])
            return list.entries[index]
        }
    }

    /// A new entry from a client's input, checked.
    static func newEntry(_ input: EntryInput, addedBy displayName: String, userId: String, now: Date) throws -> HouseholdList.Entry {
        HouseholdList.Entry(
            id: Identifiers.make("e"),
            name: try Validation.lineName(input.name, "entry"),
            quantity: try CartEditor.validQuantity(input.quantity ?? 1),
            unit: try Self.validText(input.unit ?? nil, "unit", 20),
            note: try Self.validText(input.note ?? nil, "note", 500),
            priority: input.priority?.stored,
            completed: false,
            addedBy: displayName,
            addedByUserId: userId,
            addedOn: Instant.string(now),
            product: input.product
        )
    }

    /// A client's edit of an entry, checked first (so a bad field changes nothing), applied by
    /// the returned function. Ticking what is ticked changes nothing.
    static func entryEdit(_ input: EntryInput, by displayName: String) throws -> @Sendable (inout HouseholdList.Entry) -> Void {
        let name = try input.name.map { try Validation.lineName($0, "entry") }
        let quantity = try input.quantity.map(CartEditor.validQuantity)
        let unit = try input.unit.map { try Self.validText($0, "unit", 20) }
        let note = try input.note.map { try Self.validText($0, "note", 500) }
        return { entry in
            if let name { entry.name = name }
            if let quantity { entry.quantity = quantity }
            if let unit { entry.unit = unit }
            if let note { entry.note = note }
            if let priority = input.priority { entry.priority = priority.stored }
            if let product = input.product { entry.product = product }
            if let completed = input.completed, completed != entry.completed {
                entry.completed = completed
                entry.completedBy = completed ? displayName : nil
                if !completed { entry.bought = nil }
            }
        }
    }

    public func deleteEntry(
        _ entryId: String,
        of listId: String,
        in householdId: String,
        by userId: String,
        ifMatch: Int?
    ) async throws -> Revisioned<HouseholdList> {
        try await change(listId, in: householdId, by: userId, ifMatch: ifMatch) { list in
            guard let index = list.entries.firstIndex(where: { $0.id == entryId }) else { throw Self.entryNotFound }
            list.entries.remove(at: index)
        }.0
    }

    /// Stores a photo for an entry (the bytes become a blob; the entry names it).
    public func setPhoto(
        _ image: Data,
        entry entryId: String,
        of listId: String,
        in householdId: String,
        by userId: String
    ) async throws -> (Revisioned<HouseholdList>, HouseholdList.Entry) {
        _ = try await list(listId, in: householdId, for: userId)
        let sha = Hashing.sha256Hex(image)
        try await records.store.putBlob(id: sha, data: image)
        return try await change(listId, in: householdId, by: userId, ifMatch: nil) { list in
            guard let index = list.entries.firstIndex(where: { $0.id == entryId }) else { throw Self.entryNotFound }
            list.entries[index].photo = sha
            return list.entries[index]
        }
    }

    /// The photo of an entry of the caller's household.
    public func photo(entry entryId: String, of listId: String, in householdId: String, for userId: String) async throws -> Data {
        let list = try await list(listId, in: householdId, for: userId)
        guard let entry = list.value.entries.first(where: { $0.id == entryId }) else { throw Self.entryNotFound }
        guard let sha = entry.photo, let data = try await records.store.getBlob(id: sha) else {
            throw HouseholdError(.imageNotFound, "This entry has no photo.")
        }
        return data
    }

    /// Closes the loop from receipt to list: every open entry of the cart's household that one of
    /// the cart's items shows bought is ticked, with the price paid and a link to the cart. Each
    /// item ticks at most one entry (the oldest that matches), so two "milk" entries need two milks.
    /// - Returns: How many entries were ticked.
    @discardableResult
    public func tickBought(by cart: CartDocument) async throws -> Int {
        guard let household = cart.household else { return 0 }
        var ticked = 0
        let lists = try await records.all(
            HouseholdList.self,
            DocumentQuery(collection: HouseholdList.collection, filters: [.equals("household", household)], sort: SortKey("createdAt"))
        )
        var usedItems = Set<Int>()
        for stored in lists where stored.value.entries.contains(where: { !$0.completed }) {
            let (_, outcome) = try await records.update(
                HouseholdList.self,
                HouseholdList.collection,
                stored.value.id,
                ifMatch: nil,
                notFound: Self.notFound
            ) { list -> (count: Int, used: Set<Int>) in
                // Work on a copy: a retried update starts again from the items used before it.
                var used = usedItems
                var count = 0
                // Stamped like any edit: a member's later untick, even one made offline, wins.
                try list.stampingChanges(clock: clock) { list in
                    for index in list.entries.indices where !list.entries[index].completed {
                        guard
                            let itemIndex = cart.items.indices.first(where: {
                                !used.contains($0) && EntryMatching.matches(entry: list.entries[index], item: cart.items[$0])
                            })
                        else { continue }
                        used.insert(itemIndex)
                        let item = cart.items[itemIndex]
                        list.entries[index].completed = true
                        list.entries[index].completedBy = cart.addedByUser
                        list.entries[index].bought = HouseholdList.Bought(
                            cartId: cart.id,
                            itemName: item.name,
                            price: item.price,
                            currency: cart.currency,
                            merchant: cart.merchant?.name,
                            date: cart.date
                        )
                        if list.entries[index].product == nil { list.entries[index].product = item.product }
                        count += 1
                    }
                }
                return (count, used)
            }
            usedItems = outcome.used
            let count = outcome.count
            ticked += count
        }
        if ticked > 0 { logger.info("receipt ticked list entries", metadata: ["cart.id": "\(cart.id)", "entries": "\(ticked)"]) }
        return ticked
    }

    func change<R: Sendable>(
        _ listId: String,
        in householdId: String,
        by userId: String,
        ifMatch: Int?,
        _ body: (inout HouseholdList) throws -> R
    ) async throws -> (Revisioned<HouseholdList>, R) {
        _ = try await list(listId, in: householdId, for: userId)
        return try await records.update(
            HouseholdList.self,
            HouseholdList.collection,
            listId,
            in: householdId,
            ifMatch: ifMatch,
            notFound: Self.notFound,
            loggedBy: ChangeAuthor(userId: userId, now: now())
        ) { list in
            try list.stampingChanges(clock: clock, body)
        }
    }

    static func validText(_ text: String?, _ field: String, _ limit: Int) throws -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        guard text.count <= limit else { throw HouseholdError.invalid(field, "'\(field)' may have at most \(limit) characters.") }
        return text
    }
}

/// When a receipt line is the thing a list entry asked for (``LineMatching``, the rule the price
/// book uses too).
public enum EntryMatching {
    /// The same catalog product when both name one; otherwise every word of the entry in the
    /// item's name or its product's name ("eggs" in "LARGE EGGS 12CT", singular or plural).
    public static func matches(entry: HouseholdList.Entry, item: CartItem) -> Bool {
        if let wanted = entry.product, let product = item.product { return LineMatching.sameProduct(wanted, product) }
        return LineMatching.nameMatches(entry: entry.name, line: item.name, lineProduct: item.product)
    }
}
