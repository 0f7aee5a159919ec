import DocumentStore
import Foundation
import ReceiptModel

/// One notification for one user: something another member did in a list they can see, an
/// expense added to one of their groups, a receipt of their household read. Made by
/// ``NotificationFeed`` from the store's change feed, read and marked read only by its user.
public struct UserNotification: Codable, Sendable, Hashable {
    public static let collection = "notifications"

    public enum Kind: String, Codable, Sendable, Hashable {
        case entryAdded, entryChanged, entryRemoved, entryTicked, shoppingStarted, expenseAdded, receiptRead
    }

    /// `userId.hash-of-source`: one notification per user and source change, whichever instance
    /// made it; safe in a URL as it is.
    public var id: String
    public var userId: String
    /// Sorts as text, newest last: the change's sequence number, zero-padded (the paging cursor).
    public var order: String
    public var kind: Kind
    public var at: String
    public var actorId: String?
    public var actorName: String?
    /// Named so, not `household`, so that the live feed sends it to its user alone.
    public var householdId: String?
    public var listId: String?
    public var groupId: String?
    public var title: String
    public var body: String
    /// Where the web app shows what it is about.
    public var link: String?
    /// About an entry of high priority: it reached the user whatever their setting.
    public var highPriority: Bool
    public var read: Bool

    static func id(user: String, source: String) -> String {
        user + "." + Hashing.sha256Hex(source).prefix(32)
    }

    static func order(_ seq: Int64) -> String {
        let digits = String(seq)
        return String(repeating: "0", count: max(0, 19 - digits.count)) + digits
    }
}

/// How much of a list's activity a user wants to hear about (Sharecart's settings). A change to
/// a high-priority entry reaches every member whatever this says.
public enum NotificationLevel: String, Codable, Sendable, Hashable, CaseIterable {
    /// Every change another member makes (the default).
    case every
    /// Only while I said I am shopping with the list.
    case whileShopping
    /// Only changes to high-priority entries.
    case highPriority
    case none

    public static func parse(_ text: String) throws -> NotificationLevel {
        guard let level = NotificationLevel(rawValue: text.trimmingCharacters(in: .whitespaces)) else {
            throw HouseholdError.invalid("level", "'level' must be one of \(allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return level
    }
}

/// A user's setting for one list. No `household` member: the live feed sends it to nobody.
package struct NotificationSetting: Codable, Sendable, Hashable {
    package static let collection = "notification-settings"

    var userId: String
    var listId: String
    var level: NotificationLevel

    static func id(user: String, list: String) -> String { Identifiers.pair(user, list) }
}

/// One page of a user's notifications, newest first.
public struct NotificationPage: Codable, Sendable, Hashable {
    public var notifications: [UserNotification]
    public var unread: Int
    /// Pass as `before` for the next (older) page; nil on the last.
    public var next: String?
}

/// A user's notifications and their per-list settings. Every call is for the caller's own: a
/// notification of someone else is answered like a missing one.
public struct UserNotifications: Sendable {
    let records: Records
    let lists: ShoppingLists

    static let notFound = HouseholdError(.notificationNotFound, "No such notification.")
    public static let largestPage = 100

    public init(records: Records, lists: ShoppingLists) {
        self.records = records
        self.lists = lists
    }

    /// The caller's notifications older than `before` (a page's `next`), newest first.
    public func page(for userId: String, before: String? = nil, limit: Int = 30) async throws -> NotificationPage {
        guard (1...Self.largestPage).contains(limit) else {
            throw HouseholdError.invalid("limit", "'limit' is 1 to \(Self.largestPage).")
        }
        if let before, before.isEmpty || before.count > 19 || !before.allSatisfy(\.isASCII) || !before.allSatisfy(\.isNumber) {
            throw HouseholdError.invalid("before", "'before' is the 'next' of the page you read.")
        }
        var filters: [Filter] = [.equals("userId", userId)]
        if let before { filters.append(.less("order", .string(before))) }
        let found = try await records.all(
            UserNotification.self,
            DocumentQuery(
                collection: UserNotification.collection,
                filters: filters,
                sort: SortKey("order", descending: true),
                limit: limit + 1
            )
        ).map(\.value)
        let page = Array(found.prefix(limit))
        return NotificationPage(
            notifications: page,
            unread: try await unreadCount(for: userId),
            next: found.count > limit ? page.last?.order : nil
        )
    }

    public func unreadCount(for userId: String) async throws -> Int {
        try await records.store.count(collection: UserNotification.collection, filters: [.equals("userId", userId), .equals("read", .bool(false))])
    }

    /// Marks one of the caller's notifications read (again is fine).
    @discardableResult
    public func markRead(_ id: String, by userId: String) async throws -> UserNotification {
        // The id names its user first: another user's id is not even read.
        guard id.hasPrefix(userId + ".") else { throw Self.notFound }
        return try await records.update(UserNotification.self, UserNotification.collection, id, ifMatch: nil, notFound: Self.notFound) {
            $0.read = true
        }.0.value
    }

    /// Marks all the caller's notifications read.
    /// - Returns: how many were unread.
    @discardableResult
    public func markAllRead(by userId: String) async throws -> Int {
        let unread = try await records.all(
            UserNotification.self,
            DocumentQuery(collection: UserNotification.collection, filters: [.equals("userId", userId), .equals("read", .bool(false))])
        )
        for notification in unread { try await markRead(notification.value.id, by: userId) }
        return unread.count
    }

    /// The caller's setting for a list they can see (`every` until they choose).
    public func level(of listId: String, in householdId: String, for userId: String) async throws -> NotificationLevel {
        _ = try await lists.list(listId, in: householdId, for: userId)
        return try await storedLevel(user: userId, list: listId)
    }

    public func setLevel(_ level: NotificationLevel, of listId: String, in householdId: String, for userId: String) async throws {
        _ = try await lists.list(listId, in: householdId, for: userId)
        try await records.put(
            NotificationSetting(userId: userId, listId: listId, level: level),
            NotificationSetting.collection,
            NotificationSetting.id(user: userId, list: listId),
            expectedRev: nil
        )
    }

    func storedLevel(user: String, list: String) async throws -> NotificationLevel {
        try await records.get(NotificationSetting.self, NotificationSetting.collection, NotificationSetting.id(user: user, list: list))?.value.level
            ?? .every
    }
}
