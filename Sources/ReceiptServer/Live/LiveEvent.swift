import Catalog
import DocumentStore
import Foundation
import Households
import ReceiptModel

/// One audience of live changes: a household, an expense group, a shared list or one user. Its key
/// (`h:…`, `g:…`, `l:…`, `u:…`) is made and read only here.
struct LiveScope: Hashable, Sendable {
    let key: String

    static func household(_ id: String) -> LiveScope { LiveScope(key: "h:" + id) }
    static func group(_ id: String) -> LiveScope { LiveScope(key: "g:" + id) }
    static func list(_ id: String) -> LiveScope { LiveScope(key: "l:" + id) }
    static func user(_ id: String) -> LiveScope { LiveScope(key: "u:" + id) }

    /// The household's id, for a household scope.
    var household: String? { key.hasPrefix("h:") ? String(key.dropFirst(2)) : nil }
}

/// Who may see a collection's changes, declared once per collection in ``LiveScopes/declared``:
/// the scopes a changed document (or a deletion's tombstone, which keeps its scope members)
/// belongs to.
struct LiveAudience: Sendable {
    let scopes: @Sendable (_ id: String, _ document: JSONValue) -> Set<LiveScope>

    /// Sent to no client: accounts, sessions, secrets, caches and bookkeeping.
    static let nobody = LiveAudience { _, _ in [] }

    /// The scope named by the document's member `field`.
    static func member(_ field: String, _ scope: @escaping @Sendable (String) -> LiveScope) -> LiveAudience {
        LiveAudience { _, document in document[field]?.stringValue.map { [scope($0)] } ?? [] }
    }

    /// The scope named by the member `field`, else by a part of the id (`a|b` ids name both).
    static func member(
        _ field: String,
        orID part: @escaping @Sendable ([Substring]) -> Substring?,
        _ scope: @escaping @Sendable (String) -> LiveScope
    )
        -> LiveAudience
    {
        LiveAudience { id, document in
            (document[field]?.stringValue ?? part(id.split(separator: "|")).map(String.init)).map { [scope($0)] } ?? []
        }
    }

    /// The scope of the document's own id (a household, an expense group, a list).
    static func ownID(_ scope: @escaping @Sendable (String) -> LiveScope) -> LiveAudience {
        LiveAudience { id, _ in [scope(id)] }
    }

    static let household = member("household", LiveScope.household)
    static let user = member("userId", LiveScope.user)
    static let group = member("group", LiveScope.group)
    /// Each user of the document's `participants` (an expense outside a group).
    static let participants = LiveAudience { _, document in
        Set((document["participants"]?.arrayValue ?? []).compactMap { $0.stringValue.map(LiveScope.user) })
    }

    /// Both audiences.
    static func + (lhs: LiveAudience, rhs: LiveAudience) -> LiveAudience {
        LiveAudience { id, document in lhs.scopes(id, document).union(rhs.scopes(id, document)) }
    }

    /// `other` only when this audience names no one.
    func orElse(_ other: LiveAudience) -> LiveAudience {
        LiveAudience { id, document in
            let first = scopes(id, document)
            return first.isEmpty ? other.scopes(id, document) : first
        }
    }
}

/// Who may see a change. Closed by default: a collection must be declared here, with its
/// audience or as ``LiveAudience/nobody``, before any of its changes reaches a client; an
/// undeclared one is sent to no one (and `LiveScopeTests` fails until it is declared). A
/// subscriber sees a change when their scopes and the change's meet.
enum LiveScopes {
    static let declared: [String: LiveAudience] = [
        // Accounts, sessions, secrets, bookkeeping and caches: never sent.
        Collections.users: .nobody,
        Collections.userEmails: .nobody,
        Collections.sessions: .nobody,
        Collections.invites: .nobody,
        Collections.idempotency: .nobody,
        Collections.expenseLinks: .nobody,
        ProductCatalog.collection: .nobody,
        ProductCatalog.queryCollection: .nobody,
        ProductAliases.collection: .nobody,
        FailureRecord.collection: .nobody,
        ShoppingList.collection: .nobody,
        LocalReplica.collection: .nobody,
        NotificationSetting.collection: .nobody,
        NotificationFeed.Cursor.collection: .nobody,

        // A household's own documents: its members.
        Collections.households: .ownID(LiveScope.household),
        Collections.memberships: .user + .member("householdId", orID: { $0.last }, LiveScope.household),
        CartDocument.collection: .household,
        Preset.collection: .household,
        ProductReview.collection: .household,
        ShoppingStatus.collection: .household,
        ChangeLogEntry.collection: .household,
        Collections.jobs: .household,
        Presence.collection: .household,
        // A list: its household, and the guests it is shared with.
        HouseholdList.collection: .ownID(LiveScope.list) + .household,
        // A list's room: its household and its guests (a deletion's tombstone keeps the household;
        // its id, `listId|messageId`, names the list).
        ChatMessage.collection: .member("listId", orID: { $0.first }, LiveScope.list) + .household,

        // A user's own documents.
        UserNotification.collection: .user,
        Collections.listGuests: .user,
        Collections.groupMemberships: .user,
        Collections.friendships: .user,
        Favourite.collection: .user,

        // Expense groups, their expenses and payments; outside a group, the people in them.
        Collections.expenseGroups: .ownID(LiveScope.group),
        Collections.expenses: LiveAudience.group.orElse(.participants),
        Collections.recurringExpenses: .group,
        Collections.payments: LiveAudience.group.orElse(.member("from", LiveScope.user) + .member("to", LiveScope.user)),
    ]

    static func of(_ change: StoreChange) -> Set<LiveScope> {
        guard let audience = declared[change.collection], let document = change.document else { return [] }
        return audience.scopes(change.id, document)
    }

    /// Collections whose change alters what a user may see.
    static let membershipCollections: Set<String> = [Collections.memberships, Collections.groupMemberships, Collections.listGuests]
}

/// What a client receives: one JSON object per text message.
enum LiveEvent {
    /// A document changed (or was deleted: `deleted` true and only its id and scope fields).
    static func change(_ change: StoreChange) -> String {
        var members: [String: JSONValue] = [
            // A notification is its own event type: pages show it rather than reload for it.
            "type": .string(change.collection == UserNotification.collection ? "notification" : "change"), "seq": .number(Decimal(change.seq)),
            "collection": .string(change.collection),
            "id": .string(change.id), "rev": .number(Decimal(change.rev)), "deleted": .bool(change.deleted),
        ]
        if var document = change.document, !change.deleted {
            // The OCR text is large and no screen shows it live.
            if case .object(var fields) = document {
                fields["ocrText"] = nil
                document = .object(fields)
            }
            members["document"] = document
        }
        return JSONWriter.encode(.object(members))
    }

    static func hello(seq: Int64, userId: String) -> String {
        JSONWriter.encode(.object(["type": .string("hello"), "seq": .number(Decimal(seq)), "userId": .string(userId)]))
    }

    /// The client missed more than the server replays: it should reload everything, then
    /// reconnect with the `seq` it reads from `hello`.
    static func reload(_ reason: String) -> String {
        JSONWriter.encode(.object(["type": .string("reload"), "reason": .string(reason)]))
    }

    /// Sent before a slow client is disconnected: reconnect with `since` to get the rest.
    static func resume(since: Int64) -> String {
        JSONWriter.encode(.object(["type": .string("resume"), "since": .number(Decimal(since))]))
    }

    static func presence(household: String, online: [OnlineUser]) -> String {
        JSONWriter.encode(
            .object([
                "type": .string("presence"), "household": .string(household),
                "online": .array(online.map { .object(["userId": .string($0.userId), "displayName": .string($0.displayName)]) }),
            ])
        )
    }
}

/// A member with at least one live connection.
public struct OnlineUser: Codable, Sendable, Hashable {
    public var userId: String
    public var displayName: String
}
