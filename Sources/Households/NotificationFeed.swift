import DocumentStore
import Foundation
import Logging
import ReceiptModel
import Synchronization

/// Hands stored notifications on to wherever their users are. The server's live hub is the one
/// implementation (it wakes, and the notifications go out over `/api/v1/live` to their users'
/// pages); a push relay for phones that are closed would be another.
public protocol NotificationDelivery: Sendable {
    func deliver(_ notifications: [UserNotification]) async
}

/// Makes the users' notifications from the store's change feed: one reader of every write,
/// whichever route, sync, worker or instance made it, instead of a call in each write path. Each
/// change the household sees is already in the feed (a list's edits as its change-log entries,
/// shopping statuses, expenses, receipt jobs); the feed reader turns each into a notification for
/// each user who may see it and wants it (``NotificationLevel``; high priority always), never for
/// its author. A notification's id names its user and its source change, so a change read twice
/// (by two instances, or after a restart from an older stored cursor) makes it once.
///
/// The position is kept in memory between reads and stored only when notifications were made or
/// it moved ``Self/storeEvery`` changes on: a server that nobody uses writes nothing.
public struct NotificationFeed: Sendable {
    package struct Cursor: Codable, Sendable {
        package static let collection = "notification-feed"
        static let id = "cursor"
        var seq: Int64
    }

    let records: Records
    let center: UserNotifications
    let now: @Sendable () -> Date
    let logger: Logger
    /// Where this process has read up to (the stored cursor may be behind).
    private let position = FeedPosition()
    /// How far the position may run ahead of the stored cursor without notifications.
    static let storeEvery: Int64 = 1_000

    /// Collections whose changes never make notifications (its own writes among them).
    static let quiet: Set<String> = [UserNotification.collection, Cursor.collection, "presence", "sessions", "idempotency"]

    public init(records: Records, center: UserNotifications, now: @escaping @Sendable () -> Date = Date.init, logger: Logger) {
        self.records = records
        self.center = center
        self.now = now
        self.logger = logger
    }

    /// Starts the feed at the store's end when it has never run (earlier changes notify nobody).
    public func start() async throws {
        guard try await records.get(Cursor.self, Cursor.collection, Cursor.id) == nil else { return }
        do {
            try await records.put(Cursor(seq: try await records.store.lastSequence()), Cursor.collection, Cursor.id, expectedRev: 0)
        } catch let error as StoreError where error.code == .conflict {}
    }

    /// Reads the changes since the cursor, stores the notifications they make and moves the
    /// cursor on; then hands the new notifications to `delivery`.
    /// - Returns: the notifications stored by this call.
    @discardableResult
    public func catchUp(delivery: (any NotificationDelivery)? = nil) async throws -> [UserNotification] {
        // Nothing written since the last read: no reads at all (the server's store answers its
        // last sequence from memory while nothing changed).
        if let known = position.value.withLock({ $0 }), try await records.store.lastSequence() <= known { return [] }
        guard let cursor = try await records.get(Cursor.self, Cursor.collection, Cursor.id) else {
            try await start()
            return []
        }
        var position = max(cursor.value.seq, self.position.value.withLock { $0 } ?? cursor.value.seq)
        var made: [UserNotification] = []
        while true {
            let changes = try await records.store.changes(since: position, limit: 500)
            guard let last = changes.last else { break }
            for change in changes where !Self.quiet.contains(change.collection) {
                do {
                    made += try await notifications(for: change)
                } catch {
                    logger.warning("a change made no notifications", metadata: ["collection": "\(change.collection)", "error": "\(error)"])
                }
            }
            position = last.seq
            if changes.count < 500 { break }
        }
        var stored: [UserNotification] = []
        for notification in made {
            do {
                try await records.put(notification, UserNotification.collection, notification.id, expectedRev: 0)
                stored.append(notification)
            } catch let error as StoreError where error.code == .conflict {
                // Made already, by another reader of the same change.
            }
        }
        let reached = position
        self.position.value.withLock { $0 = max($0 ?? reached, reached) }
        if !stored.isEmpty || reached - cursor.value.seq >= Self.storeEvery {
            do {
                try await records.put(Cursor(seq: reached), Cursor.collection, Cursor.id, expectedRev: cursor.rev)
            } catch let error as StoreError where error.code == .conflict {
                // Another instance moved it meanwhile.
            }
        }
        if !stored.isEmpty { await delivery?.deliver(stored) }
        return stored
    }

    /// The notifications one change makes.
    func notifications(for change: StoreChange) async throws -> [UserNotification] {
        guard !change.deleted, let document = change.document else { return [] }
        switch change.collection {
        case ChangeLogEntry.collection:
            let entry = try document.decode(as: ChangeLogEntry.self)
            guard entry.collection == HouseholdList.collection, entry.action == .changed else { return [] }
            return try await listChange(entry, seq: change.seq, source: change.id)
        case ShoppingStatus.collection:
            return try await shoppingStarted(try document.decode(as: ShoppingStatus.self), seq: change.seq)
        case Collections.expenses where change.rev == 1:
            return try await expenseAdded(document, id: change.id, seq: change.seq)
        case Collections.jobs:
            let job = try document.decode(as: ReceiptJob.self)
            guard job.status == .done else { return [] }
            return try await receiptRead(job, seq: change.seq)
        default:
            return []
        }
    }

    // MARK: The sources

    private func listChange(_ entry: ChangeLogEntry, seq: Int64, source: String) async throws -> [UserNotification] {
        let summary = EntryChangeSummary(entry.changes)
        guard let kind = summary.kind else { return [] }
        let current = try await records.get(HouseholdList.self, HouseholdList.collection, entry.documentId)?.value
        let high = summary.touchesHighPriority(current)
        let actor = try await displayName(entry.userId)
        let listName = current?.name ?? "a list"
        let title = "\(actor) \(kind.verb) \(summary.names) in \(listName)"
        return try await forViewers(
            of: entry.documentId,
            household: entry.household,
            list: current,
            except: entry.userId,
            highPriority: high
        ) { user, link in
            UserNotification(
                id: UserNotification.id(user: user, source: source),
                userId: user,
                order: UserNotification.order(seq),
                kind: kind,
                at: entry.at,
                actorId: entry.userId,
                actorName: actor,
                householdId: entry.household,
                listId: entry.documentId,
                title: title,
                body: high ? "High priority" : listName,
                link: link,
                highPriority: high,
                read: false
            )
        }
    }

    private func shoppingStarted(_ status: ShoppingStatus, seq: Int64) async throws -> [UserNotification] {
        let list = try await records.get(HouseholdList.self, HouseholdList.collection, status.listId)?.value
        let listName = list?.name ?? "a list"
        return try await forViewers(of: status.listId, household: status.household, list: list, except: status.userId, highPriority: false) {
            user,
            link in
            UserNotification(
                id: UserNotification.id(user: user, source: "shopping|\(status.listId)|\(status.userId)|\(status.since)"),
                userId: user,
                order: UserNotification.order(seq),
                kind: .shoppingStarted,
                at: status.since,
                actorId: status.userId,
                actorName: status.displayName,
                householdId: status.household,
                listId: status.listId,
                title: "\(status.displayName) is shopping with \(listName)",
                body: "Until \(status.until.prefix(16).replacingOccurrences(of: "T", with: " ")) UTC",
                link: link,
                highPriority: false,
                read: false
            )
        }
    }

    private func expenseAdded(_ document: JSONValue, id: String, seq: Int64) async throws -> [UserNotification] {
        guard let author = document["createdBy"]?.stringValue, document["deletedAt"]?.stringValue == nil else { return [] }
        let group = document["group"]?.stringValue
        var recipients: [String]
        if let group {
            recipients =
                try await records.store.get(collection: Collections.expenseGroups, id: group)?.document["members"]?.arrayValue?
                .compactMap(\.stringValue) ?? []
        } else {
            recipients = document["participants"]?.arrayValue?.compactMap(\.stringValue) ?? []
        }
        recipients.removeAll { $0 == author }
        let actor = try await displayName(author)
        let what = document["merchant"]?.stringValue ?? document["notes"]?.stringValue ?? "an expense"
        return recipients.map { user in
            UserNotification(
                id: UserNotification.id(user: user, source: "expense|\(id)"),
                userId: user,
                order: UserNotification.order(seq),
                kind: .expenseAdded,
                at: document["createdAt"]?.stringValue ?? Instant.string(now()),
                actorId: author,
                actorName: actor,
                groupId: group,
                title: "\(actor) added an expense",
                body: what,
                link: group.map { "/groups/\($0)" } ?? "/groups",
                highPriority: false,
                read: false
            )
        }
    }

    private func receiptRead(_ job: ReceiptJob, seq: Int64) async throws -> [UserNotification] {
        var merchant: String?
        if let cartId = job.cartId {
            merchant = try await records.store.get(collection: Collections.carts, id: cartId)?.document["merchant"]?["name"]?.stringValue
        }
        return try await members(of: job.household).map { user in
            UserNotification(
                id: UserNotification.id(user: user, source: "job|\(job.id)"),
                userId: user,
                order: UserNotification.order(seq),
                kind: .receiptRead,
                at: job.updatedAt,
                actorId: job.userId,
                actorName: job.userName,
                householdId: job.household,
                title: "A receipt \(job.userName) uploaded was read",
                body: merchant ?? job.fileName ?? "Receipt",
                link: job.cartId.map { "/h/\(job.household)/carts/\($0)" },
                highPriority: false,
                read: false
            )
        }
    }

    // MARK: Who hears of it

    /// A notification for everyone who can see the list (its household's members, its guests) but
    /// `author`, as their setting allows.
    private func forViewers(
        of listId: String,
        household: String,
        list: HouseholdList?,
        except author: String,
        highPriority: Bool,
        _ make: (_ user: String, _ link: String) -> UserNotification
    ) async throws -> [UserNotification] {
        let members = try await members(of: household)
        let guests = (list?.guests ?? []).filter { !members.contains($0) }
        var result: [UserNotification] = []
        for user in members + guests where user != author {
            guard try await wants(user, listId: listId, highPriority: highPriority) else { continue }
            let isMember = members.contains(user)
            result.append(make(user, isMember ? "/h/\(household)/lists/\(listId)" : "/shared-lists/\(listId)"))
        }
        return result
    }

    /// Sharecart's rule: high priority reaches everyone; otherwise the user's setting decides.
    func wants(_ user: String, listId: String, highPriority: Bool) async throws -> Bool {
        if highPriority { return true }
        switch try await center.storedLevel(user: user, list: listId) {
        case .every: return true
        case .highPriority, .none: return false
        case .whileShopping:
            guard let status = try await records.get(ShoppingStatus.self, ShoppingStatus.collection, ShoppingStatus.id(list: listId, user: user))
            else { return false }
            return status.value.until > Instant.string(now())
        }
    }

    private func members(of household: String) async throws -> [String] {
        var members: [String] = []
        for try await link in records.store.query(DocumentQuery(collection: Collections.memberships, filters: [.equals("householdId", household)])) {
            if let user = link.document["userId"]?.stringValue { members.append(user) }
        }
        return members.sorted()
    }

    private func displayName(_ userId: String) async throws -> String {
        try await records.store.get(collection: Collections.users, id: userId)?.document["displayName"]?.stringValue ?? "Someone"
    }
}

/// A feed reader's position, shared by the copies of its value.
final class FeedPosition: Sendable {
    let value = Mutex<Int64?>(nil)
}

/// What one change-log entry of a list did to its entries.
struct EntryChangeSummary {
    var added: [ChangeLogEntry.FieldChange] = []
    var removed: [ChangeLogEntry.FieldChange] = []
    var ticked: [ChangeLogEntry.FieldChange] = []
    var edited: [ChangeLogEntry.FieldChange] = []

    init(_ changes: [ChangeLogEntry.FieldChange]) {
        for change in changes {
            switch change.field {
            case "entries" where change.new != nil: added.append(change)
            case "entries": removed.append(change)
            case "entries.completed" where change.new == .bool(true): ticked.append(change)
            // Who ticked it and what bought it come with a tick or an untick: not changes of their own.
            case "entries.completedBy", "entries.bought": continue
            case let field where field.hasPrefix("entries."): edited.append(change)
            default: continue
            }
        }
    }

    var all: [ChangeLogEntry.FieldChange] { added + removed + ticked + edited }

    /// One kind for the whole change: the only one it is, else "changed".
    var kind: UserNotification.Kind? {
        let kinds: [(Int, UserNotification.Kind)] = [
            (added.count, .entryAdded), (removed.count, .entryRemoved), (ticked.count, .entryTicked), (edited.count, .entryChanged),
        ]
        let present = kinds.filter { $0.0 > 0 }
        if present.isEmpty { return nil }
        return present.count == 1 ? present[0].1 : .entryChanged
    }

    /// The entries' names, each once, in the order changed.
    var names: String {
        var seen = Set<String>()
        let names = all.compactMap(\.itemName).filter { seen.insert($0).inserted }
        return names.isEmpty ? "an entry" : names.joined(separator: ", ")
    }

    /// Whether an entry the change touched is (or, removed, was) of high priority.
    func touchesHighPriority(_ list: HouseholdList?) -> Bool {
        let high = JSONValue.string(EntryPriority.high.rawValue)
        if (added + removed).contains(where: { ($0.new ?? $0.old)?["priority"] == high }) { return true }
        if edited.contains(where: { $0.field == "entries.priority" && $0.new == high }) { return true }
        let ids = Set((ticked + edited).compactMap(\.item))
        return list?.entries.contains { ids.contains($0.id) && $0.effectivePriority == .high } ?? false
    }
}

extension UserNotification.Kind {
    var verb: String {
        switch self {
        case .entryAdded: "added"
        case .entryChanged: "changed"
        case .entryRemoved: "removed"
        case .entryTicked: "ticked"
        case .shoppingStarted: "started shopping with"
        case .expenseAdded: "added"
        case .receiptRead: "read"
        }
    }
}

extension ErrorCode where Domain == HouseholdError {
    public static var notificationNotFound: Self { Self(rawValue: "notification.not-found") }
    public static var messageNotFound: Self { Self(rawValue: "chat.message-not-found") }
    /// Only a message's author may delete it.
    public static var notAuthor: Self { Self(rawValue: "chat.not-author") }
}
