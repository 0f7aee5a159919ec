import DocumentStore
import Foundation
import ReceiptModel

/// A typed document read from the store, with the revision it was read at (the `ETag`).
public struct Revisioned<Value: Sendable>: Sendable {
    public var value: Value
    public var rev: Int

    public init(_ value: Value, rev: Int) {
        self.value = value
        self.rev = rev
    }
}

/// Typed reads and writes over the document store, shared by the domain services (and, at
/// `package` level, by the ledger in `SharedExpenses`).
///
/// Build one per store and give it to every service over that store: its ``RecentWrites`` and
/// ``DocumentTurns`` are what make one process's updates of a document take turns, so two
/// services with a `Records` each (an API tick and a sync of the same cart) would race and fall
/// back to conflict retries. Copies share them.
public struct Records: Sendable {
    public let store: any DocumentStore
    /// What `update` wrote last, to start the next update of the same document from.
    let recent = RecentWrites()
    /// This process's updates of one document go one at a time.
    let turns = DocumentTurns()

    public init(store: any DocumentStore) {
        self.store = store
    }

    package func get<T: Decodable & Sendable>(_ type: T.Type, _ collection: String, _ id: String) async throws -> Revisioned<T>? {
        guard let stored = try await store.get(collection: collection, id: id) else { return nil }
        return Revisioned(try stored.document.decode(as: T.self), rev: stored.rev)
    }

    /// A document of the household `householdId` (its `household` member): nil when there is none
    /// or it is another household's, which must answer exactly like a missing one.
    func get<T: Decodable & Sendable>(_ type: T.Type, _ collection: String, _ id: String, in householdId: String) async throws -> Revisioned<T>? {
        guard let stored = try await store.get(collection: collection, id: id), stored.document["household"]?.stringValue == householdId else {
            return nil
        }
        return Revisioned(try stored.document.decode(as: T.self), rev: stored.rev)
    }

    @discardableResult
    package func put<T: Encodable>(_ value: T, _ collection: String, _ id: String, expectedRev: Int?) async throws -> Int {
        try await store.put(collection: collection, id: id, document: try JSONValue(encoding: value), expectedRev: expectedRev).rev
    }

    /// Creates a document of a household, with its "created" entry in the change log, in one
    /// batch with `alongside` (whose revision checks then guard the creation too).
    /// - Returns: the new document's revision, and those of the writes alongside, in their order.
    @discardableResult
    func create<T: Encodable>(
        _ value: T,
        _ collection: String,
        _ id: String,
        household: String,
        by author: ChangeAuthor,
        alongside: [DocumentWrite] = []
    ) async throws -> (rev: Int, alongside: [Int]) {
        let document = try JSONValue(encoding: value)
        let written = try await store.putBatch(
            [
                DocumentWrite(collection: collection, id: id, document: document, expectedRev: 0),
                try logWrite(
                    collection: collection,
                    id: id,
                    rev: 1,
                    household: household,
                    action: .created,
                    before: nil,
                    after: document,
                    by: author
                ),
            ] + alongside
        )
        return (written[0].rev, written.dropFirst(2).map(\.rev))
    }

    /// Creates a document of a household alone (see ``create(_:_:_:household:by:alongside:)``)
    /// and answers it with its revision, as the domain's create calls return it.
    func created<T: CollectionDocument>(_ value: T, household: String, by author: ChangeAuthor) async throws -> Revisioned<T> {
        Revisioned(value, rev: try await create(value, T.collection, value.id, household: household, by: author).rev)
    }

    package func write<T: Encodable>(_ value: T, _ collection: String, _ id: String, expectedRev: Int?) throws -> DocumentWrite {
        DocumentWrite(collection: collection, id: id, document: try JSONValue(encoding: value), expectedRev: expectedRev)
    }

    package func all<T: Decodable & Sendable>(_ type: T.Type, _ query: DocumentQuery) async throws -> [Revisioned<T>] {
        var result: [Revisioned<T>] = []
        for try await stored in store.query(query) {
            result.append(Revisioned(try stored.document.decode(as: T.self), rev: stored.rev))
        }
        return result
    }

    /// Each of the user's rows of the index `Row`, with the document of `collection` it names, when
    /// that still exists.
    package func linked<Row: UserIndexRow, T: Decodable & Sendable>(
        _ rowType: Row.Type,
        of userId: String,
        to type: T.Type,
        in collection: String
    ) async throws -> [(row: Row, document: Revisioned<T>)] {
        var result: [(row: Row, document: Revisioned<T>)] = []
        for row in try await all(Row.self, DocumentQuery(collection: Row.collection, filters: [.equals("userId", userId)])) {
            if let document = try await get(T.self, collection, row.value.target) { result.append((row.value, document)) }
        }
        return result
    }

    /// Reads, changes and writes one document, re-reading and re-applying `change` when another
    /// writer got there first. With `ifMatch` the caller's revision must still be current
    /// (`request.stale` otherwise) and no retry happens: the caller decided on what it saw.
    /// With `householdId`, another household's document answers `notFound`, like a missing one.
    package func update<T: Codable & Sendable & Equatable, R: Sendable>(
        _ type: T.Type,
        _ collection: String,
        _ id: String,
        in householdId: String? = nil,
        ifMatch: Int?,
        notFound: HouseholdError,
        loggedBy author: ChangeAuthor? = nil,
        _ change: (inout T) throws -> R
    ) async throws -> (Revisioned<T>, R) {
        // The first attempt may start from this process's own last write (see `RecentWrites`);
        // after a conflict, or when that copy would make the change a no-op, the store decides.
        await turns.begin(collection, id)
        defer { turns.end(collection, id) }
        for attempt in 0..<8 {
            let stored: (document: JSONValue, rev: Int)
            var current: Revisioned<T>
            let fromRecent: Bool
            if attempt == 0, let hit = recent.entry(collection, id), let value = hit.value as? T, ifMatch == nil || ifMatch == hit.rev {
                stored = (hit.document, hit.rev)
                current = Revisioned(value, rev: hit.rev)
                fromRecent = true
            } else {
                guard let read = try await store.get(collection: collection, id: id) else {
                    recent.forget(collection, id)
                    throw notFound
                }
                stored = (read.document, read.rev)
                current = Revisioned(try read.document.decode(as: T.self), rev: read.rev)
                fromRecent = false
            }
            if let householdId, stored.document["household"]?.stringValue != householdId { throw notFound }
            if let ifMatch, ifMatch != current.rev { throw HouseholdError.stale(current: current.rev) }
            let before = current.value
            let result: R
            do {
                result = try change(&current.value)
            } catch  where fromRecent {
                // Refused on the remembered copy (an item another instance added is not in it):
                // only the store's version can refuse.
                continue
            }
            // Nothing changed (a second tick of the same item): no write, no new revision. A
            // remembered copy may be behind the store: it answers only while it is still current.
            if current.value == before {
                if fromRecent, try await store.revision(collection: collection, id: id) != current.rev { continue }
                return (current, result)
            }
            do {
                // A remembered copy's JSON is exactly the encoder's: unchanged parts are reused.
                let patched = fromRecent ? try (current.value as? any PatchEncodable)?.json(patching: stored.document, of: before) : nil
                let after = try patched ?? JSONValue(encoding: current.value)
                var writes = [DocumentWrite(collection: collection, id: id, document: after, expectedRev: current.rev)]
                if let author, let household = after["household"]?.stringValue {
                    // The log compares the stored JSON with the new: the same encoder wrote both.
                    writes.append(
                        try logWrite(
                            collection: collection,
                            id: id,
                            rev: current.rev + 1,
                            household: household,
                            action: .changed,
                            before: stored.document,
                            after: after,
                            by: author
                        )
                    )
                }
                let rev = try await store.putBatch(writes)[0].rev
                recent.remember(collection, id, RecentWrites.Entry(rev: rev, document: after, value: current.value))
                return (Revisioned(current.value, rev: rev), result)
            } catch let error as StoreError where error.code == .conflict {
                recent.forget(collection, id)
                // A stale remembered copy is this process's miss, not the caller's: read and retry.
                if ifMatch != nil && !fromRecent {
                    throw HouseholdError.stale(current: current.rev + 1)
                }
                continue
            }
        }
        throw HouseholdError(.conflict, "This changed under us several times in a row; try again.")
    }
}

extension Records {
    /// Deletes a document read at `current`, honouring the caller's `If-Match`; with an author,
    /// the deletion goes in the household's change log.
    func delete(
        _ collection: String,
        _ id: String,
        current: Int,
        ifMatch: Int?,
        household: String? = nil,
        loggedBy author: ChangeAuthor? = nil
    ) async throws {
        if let ifMatch, ifMatch != current { throw HouseholdError.stale(current: current) }
        recent.forget(collection, id)
        do {
            try await store.delete(collection: collection, id: id, expectedRev: current)
        } catch let error as StoreError where error.code == .conflict {
            throw HouseholdError.stale(current: current + 1)
        }
        // The store deletes one document at a time, so the log entry follows the deletion (a crash
        // between the two loses the entry, never the deletion).
        if let author, let household {
            _ = try? await store.putBatch([
                try logWrite(
                    collection: collection,
                    id: id,
                    rev: current + 1,
                    household: household,
                    action: .deleted,
                    before: nil,
                    after: nil,
                    by: author
                )
            ])
        }
    }

    /// Deletes a household's document read at `current.rev`, honouring the caller's `If-Match`,
    /// with the deletion in the household's change log as `author`'s: the counterpart of
    /// ``created(_:household:by:)``.
    func delete<T: CollectionDocument>(_ current: Revisioned<T>, ifMatch: Int?, household: String, by author: ChangeAuthor) async throws {
        try await delete(T.collection, current.value.id, current: current.rev, ifMatch: ifMatch, household: household, loggedBy: author)
    }
}

/// Checks of names people type, shared by carts, items, lists and entries.
enum Validation {
    /// An item's or entry's name: trimmed, 1 to 200 characters.
    static func lineName(_ name: String?, _ what: String) throws -> String {
        guard let trimmed = name?.trimmingCharacters(in: .whitespacesAndNewlines), (1...200).contains(trimmed.count) else {
            throw HouseholdError.invalid("name", "Give the \(what) a name of 1 to 200 characters.")
        }
        return trimmed
    }
}

/// A document type of one collection, stored under its own `id`.
protocol CollectionDocument: Encodable, Sendable {
    static var collection: String { get }
    var id: String { get }
}

extension HouseholdList: CollectionDocument {}
extension Preset: CollectionDocument {}
extension ProductReview: CollectionDocument {}
extension CartDocument: CollectionDocument {}

/// A row of an index behind "my households", "my groups", …: it belongs to the user in its
/// `userId` member (the index is read by it) and names one document, ``target``.
package protocol UserIndexRow: Decodable, Sendable {
    /// The index's collection.
    static var collection: String { get }
    /// The id of the document the row names.
    var target: String { get }
}

/// The collections of the household domain.
public enum Collections {
    public static let users = "users"
    /// Id: the lowercased email; makes emails unique across accounts.
    public static let userEmails = "user-emails"
    /// Id: the SHA-256 of the session's bearer token.
    public static let sessions = "sessions"
    public static let households = "households"
    /// Id: `userId|householdId`; lets a user's households be listed and membership checked in one read.
    public static let memberships = "memberships"
    /// Id: the SHA-256 of the normalised invitation code.
    public static let invites = "invites"
    public static let jobs = "jobs"
    /// Id: the SHA-256 of the caller and the `Idempotency-Key`.
    public static let idempotency = "idempotency"
    public static let carts = CartDocument.collection
    /// Id: `userId|friendId`, one per direction.
    public static let friendships = "friendships"
    public static let expenseGroups = "expense-groups"
    /// Id: `userId|groupId`; lets a user's groups be listed and membership checked in one read.
    public static let groupMemberships = "expense-group-members"
    public static let expenses = "expenses"
    /// Id: `userId|expenseId`, for expenses outside a group: who can see them.
    public static let expenseLinks = "expense-links"
    /// Append-only: a payment is written once and never changed or deleted.
    public static let payments = "expense-payments"
    public static let recurringExpenses = "recurring-expenses"
    /// Id: `userId|listId`: lists shared with a user from another household.
    public static let listGuests = "list-guests"

    /// The query indexes the domain's reads use, created when a server opens the store.
    public static let indexes: [(collection: String, field: String)] = [
        (memberships, "userId"),
        // Who is in a household, for its notifications.
        (memberships, "householdId"),
        (sessions, "userId"),
        (carts, "household"),
        (carts, "source.sha256"),
        (jobs, "status"),
        (HouseholdList.collection, "household"),
        (Preset.collection, "household"),
        (friendships, "userId"),
        (groupMemberships, "userId"),
        (expenses, "group"),
        (expenseLinks, "userId"),
        (payments, "group"),
        (payments, "expenseId"),
        (payments, "from"),
        (payments, "to"),
        (recurringExpenses, "group"),
        (ShoppingStatus.collection, "listId"),
        (ChangeLogEntry.collection, "documentId"),
        (listGuests, "userId"),
        ("presence", "household"),
        (ProductReview.collection, "productId"),
        (Favourite.collection, "userId"),
        (UserNotification.collection, "userId"),
        (ChatMessage.collection, "listId"),
    ]
}
