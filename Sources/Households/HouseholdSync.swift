import DocumentStore
import Foundation
import Logging
import ReceiptModel
import Replication

/// A list as it travels between replicas: what identifies it, and its replicated state.
public struct SyncedList: Codable, Sendable, Hashable {
    public var id: String
    public var household: String?
    public var createdBy: String?
    public var createdAt: String?
    /// The entries' ids in the order the sender shows them (the state itself has no order).
    public var order: [String]?
    public var state: ReplicatedDocument

    public init(id: String, household: String?, createdBy: String?, createdAt: String?, order: [String]?, state: ReplicatedDocument) {
        self.id = id
        self.household = household
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.order = order
        self.state = state
    }

    public init(_ list: HouseholdList) throws {
        self.init(
            id: list.id,
            household: list.household,
            createdBy: list.createdBy,
            createdAt: list.createdAt,
            order: list.entries.map(\.id),
            state: try list.replicated()
        )
    }
}

/// What a replica sends: its lists' states, its new carts, and where it stopped reading last time.
public struct SyncRequest: Codable, Sendable, Hashable {
    /// The ``SyncAnswer/cursor`` of the previous sync; nil the first time (everything is sent).
    public var cursor: String?
    public var lists: [SyncedList]?
    /// Carts made on the replica (receipts it ingested), as cart documents. Idempotent: a cart
    /// the household already has is not added again.
    public var carts: [CartDocument]?
    /// Ids of the lists the replica holds, so that it learns which were deleted meanwhile.
    public var known: [String]?
    /// Lists deleted on the replica: deleted here too, whatever was changed in them meanwhile.
    public var removedLists: [String]?
    /// The household's carts whose items were changed on the replica: merged like lists.
    public var cartStates: [SyncedCart]?

    public init(
        cursor: String?,
        lists: [SyncedList]?,
        carts: [CartDocument]?,
        known: [String]?,
        removedLists: [String]? = nil,
        cartStates: [SyncedCart]? = nil
    ) {
        self.cursor = cursor
        self.lists = lists
        self.carts = carts
        self.known = known
        self.removedLists = removedLists
        self.cartStates = cartStates
    }
}

/// What the server answers: everything of the household that changed since the cursor
/// (including the merges of what was sent), and the cursor to send next time.
public struct SyncAnswer: Codable, Sendable, Hashable {
    public var cursor: String
    public var lists: [SyncedList]
    /// Lists that no longer exist (deleted by a member): the replica drops its copy.
    public var removedLists: [String]
    public var carts: [CartDocument]
    /// For each cart sent: the id it has in the household (receipt carts are per household).
    public var uploaded: [UploadedCart]

    public struct UploadedCart: Codable, Sendable, Hashable {
        public var localId: String
        public var id: String
    }
}

/// Two-way replication of a household's lists and carts with a replica that works offline (the
/// CLI's local store). Lists merge as ``ReplicatedDocument``s, by the rules API edits follow
/// too; carts are created once, by id. Every write goes through the store (so the change log
/// and live updates see it) and names the member who synced.
public struct HouseholdSync: Sendable {
    let records: Records
    let directory: HouseholdDirectory
    let lists: ShoppingLists
    let now: @Sendable () -> Date
    let logger: Logger

    public init(
        records: Records,
        directory: HouseholdDirectory,
        lists: ShoppingLists,
        now: @escaping @Sendable () -> Date = Date.init,
        logger: Logger
    ) {
        self.records = records
        self.directory = directory
        self.lists = lists
        self.now = now
        self.logger = logger
    }

    /// How far ahead of the server's clock a replica's stamps may be, in seconds.
    static let maxClockSkew: TimeInterval = 24 * 3600

    /// Carts are read with their items; a page of them is what one answer carries at most.
    static let maxCarts = 200

    public func sync(_ request: SyncRequest, in householdId: String, by user: PublicUser) async throws -> SyncAnswer {
        try await directory.requireMember(householdId, userId: user.id)
        let since = try Self.sequence(request.cursor)
        // Read before any write: whatever commits after it is sent again next time (merging it
        // twice changes nothing), and nothing is skipped.
        let cursor = try await records.store.lastSequence()
        let author = ChangeAuthor(userId: user.id, now: now())
        var removed: [String] = []
        for id in request.removedLists ?? [] {
            try await remove(id, in: householdId, by: user)
            removed.append(id)
        }
        for list in request.lists ?? [] where !removed.contains(list.id) {
            if try await !push(list, in: householdId, by: user, author) { removed.append(list.id) }
        }
        var uploaded: [SyncAnswer.UploadedCart] = []
        for cart in request.carts ?? [] {
            uploaded.append(SyncAnswer.UploadedCart(localId: cart.id, id: try await upload(cart, in: householdId, by: user)))
        }
        for synced in request.cartStates ?? [] {
            try await merge(synced, in: householdId, by: user, author)
        }
        for id in request.known ?? [] where !removed.contains(id) {
            if try await records.get(HouseholdList.self, HouseholdList.collection, id, in: householdId) == nil { removed.append(id) }
        }
        let changedLists = try await records.store.all(
            DocumentQuery(collection: HouseholdList.collection, filters: [.equals("household", householdId)])
        ).filter { $0.seq > since }
        var carts: [CartDocument] = []
        var cartCursor = cursor
        for try await stored in records.store.query(DocumentQuery(collection: Collections.carts, filters: [.equals("household", householdId)]))
        where stored.seq > since {
            guard carts.count < Self.maxCarts else {
                // More than one answer holds: the next sync starts from before the first left out.
                cartCursor = min(cartCursor, stored.seq - 1)
                continue
            }
            var cart = try stored.document.decode(as: CartDocument.self)
            cart.rev = stored.rev
            carts.append(cart)
        }
        return SyncAnswer(
            cursor: String(min(cursor, cartCursor)),
            lists: try changedLists.map { try SyncedList($0.document.decode(as: HouseholdList.self)) },
            removedLists: removed,
            carts: carts,
            uploaded: uploaded
        )
    }

    /// Merges one list into the household's copy, or creates it. Answers false when the list was
    /// deleted here: deletion wins over offline edits, for whole lists as for entries.
    private func push(_ synced: SyncedList, in householdId: String, by user: PublicUser, _ author: ChangeAuthor) async throws -> Bool {
        try Self.check(synced, now: now())
        if try await records.store.exists(collection: HouseholdList.collection, id: synced.id) {
            // Another household's list is answered like one that does not exist (`in: householdId`).
            _ = try await records.update(
                HouseholdList.self,
                HouseholdList.collection,
                synced.id,
                in: householdId,
                ifMatch: nil,
                notFound: ShoppingLists.notFound,
                loggedBy: author
            ) { list in
                try list.merge(synced.state)
                try claimEntries(&list, by: user)
            }
            return true
        }
        if try await records.log(collection: HouseholdList.collection, id: synced.id, household: householdId).contains(where: {
            $0.action == .deleted
        }) {
            return false
        }
        guard case .string(let name)? = synced.state.fields["name"]?.value else {
            throw HouseholdError.invalid("lists.state.fields.name", "A new list needs a name.")
        }
        var list = HouseholdList(
            id: synced.id,
            household: householdId,
            name: try HouseholdDirectory.validName(name),
            createdBy: user.id,
            createdAt: synced.createdAt.flatMap { Instant.date($0) }.map(Instant.string) ?? Instant.string(now()),
            entries: []
        )
        try list.merge(synced.state, order: synced.order)
        try claimEntries(&list, by: user)
        do {
            _ = try await records.create(list, HouseholdList.collection, list.id, household: householdId, by: author)
        } catch let error as StoreError where error.code == .conflict {
            // Created by a concurrent sync of the same list: merge into that one instead.
            return try await push(synced, in: householdId, by: user, author)
        }
        return true
    }

    /// Merges a replica's changes to a cart's items into the household's cart, then settles its
    /// totals and completion as any item edit does.
    private func merge(_ synced: SyncedCart, in householdId: String, by user: PublicUser, _ author: ChangeAuthor) async throws {
        try Self.checkClock(synced.state, "cartStates", now: now())
        _ = try await records.update(
            CartDocument.self,
            Collections.carts,
            synced.id,
            in: householdId,
            ifMatch: nil,
            notFound: .cartNotFound,
            loggedBy: author
        ) { cart in
            try cart.merge(synced.state)
            for item in cart.items {
                _ = try Validation.lineName(item.name, "item")
                _ = try item.quantity.map(CartEditor.validQuantity)
            }
            CartEditor.settle(&cart, by: user.displayName, now: now())
        }
    }

    /// Deletes a list a replica deleted (once: a list already gone is left alone). Only the
    /// household's own members may, as through the API.
    private func remove(_ id: String, in householdId: String, by user: PublicUser) async throws {
        guard let stored = try await records.get(HouseholdList.self, HouseholdList.collection, id) else { return }
        guard stored.value.household == householdId else { throw ShoppingLists.notFound }
        for _ in 0..<3 {
            do {
                return try await lists.delete(id, in: householdId, by: user.id, ifMatch: nil)
            } catch let error as HouseholdError where error.code == .listNotFound || error.code == .stale {
                // Changed under us (try again) or deleted by someone else meanwhile (done).
                if try await !records.store.exists(collection: HouseholdList.collection, id: id) { return }
            }
        }
        throw HouseholdError(.conflict, "List \(id) changed under this sync several times in a row; sync again.")
    }

    /// Entries made offline carry no account id; they are the syncing member's.
    private func claimEntries(_ list: inout HouseholdList, by user: PublicUser) throws {
        try list.stampingChanges(clock: lists.clock) { list in
            for index in list.entries.indices where list.entries[index].addedByUserId.isEmpty {
                list.entries[index].addedByUserId = user.id
            }
        }
    }

    /// Adds a cart made on the replica, once: its id in the household comes from the receipt
    /// image, so sending it again finds it there.
    private func upload(_ cart: CartDocument, in householdId: String, by user: PublicUser) async throws -> String {
        guard let sha = cart.source.sha256, sha.count == 64, sha.allSatisfy(\.isHexDigit) else {
            throw HouseholdError.invalid("carts", "Cart \(cart.id) has no receipt image hash (source.sha256); only receipt carts sync.")
        }
        let id = CartDocument.receiptCartID(imageSHA256: sha, household: householdId)
        if let stored = try await records.store.get(collection: Collections.carts, id: id) {
            guard stored.document["household"]?.stringValue == householdId else { throw HouseholdError.cartNotFound }
            return id
        }
        var copy = cart
        copy.id = id
        copy.household = householdId
        copy.addedByUserId = user.id
        do {
            _ = try await records.create(copy, Collections.carts, id, household: householdId, by: ChangeAuthor(userId: user.id, now: now()))
        } catch let error as StoreError where error.code == .conflict {
            return id  // sent twice at once; the first one stored it
        }
        do {
            try await lists.tickBought(by: copy)
        } catch {
            logger.warning("could not tick the list entries a synced receipt bought", metadata: ["cart.id": "\(id)", "error": "\(error)"])
        }
        return id
    }

    /// A stamp from the future would drag this server's clock (and every later edit) with it.
    static func checkClock(_ state: ReplicatedDocument, _ field: String, now: Date) throws {
        let limit = Int64((now.timeIntervalSince1970 + Self.maxClockSkew) * 1000)
        if let newest = state.newestStamp, newest.wallMillis > limit {
            throw HouseholdError(
                .clockAhead,
                "Changes are stamped more than a day ahead of the server's clock: set the device's clock right, then sync again.",
                field: field
            )
        }
    }

    static func sequence(_ cursor: String?) throws -> Int64 {
        guard let cursor else { return 0 }
        // A sequence number as this server writes it: up to 18 digits (always an Int64), and not
        // the other spellings Int64 reads ("+5", "-0").
        guard (1...18).contains(cursor.utf8.count), cursor.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int64(cursor) else {
            throw HouseholdError.invalid("cursor", "The cursor is not one this server gave out: sync again without it.")
        }
        return value
    }

    /// A list id a replica made: the form ``Identifiers/make(_:)`` gives, so ids stay readable
    /// and cannot collide with the store's own separators.
    static func check(_ list: SyncedList, now: Date) throws {
        let body = list.id.dropFirst(2)
        guard list.id.hasPrefix("l_"), (1...64).contains(body.count), body.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            throw HouseholdError.invalid("lists.id", "'\(list.id)' is not a list id (l_ and up to 64 letters or digits).")
        }
        for (id, entry) in list.state.entries {
            guard id.hasPrefix("e_"), id.count <= 66, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
                throw HouseholdError.invalid("lists.state.entries", "'\(id)' is not an entry id (e_ and up to 64 letters or digits).")
            }
            guard let values = entry.values else { continue }
            let parsed = try HouseholdList.entry(id: id, values)
            _ = try Validation.lineName(parsed.name, "entry")
            _ = try CartEditor.validQuantity(parsed.quantity)
            _ = try ShoppingLists.validText(parsed.unit, "unit", 20)
            _ = try ShoppingLists.validText(parsed.note, "note", 500)
        }
        try checkClock(list.state, "lists.state", now: now)
        if let name = list.state.fields["name"] {
            guard case .string(let text) = name.value else { throw HouseholdError.invalid("lists.state.fields.name", "A list's name is a string.") }
            _ = try HouseholdDirectory.validName(text)
        }
    }
}
