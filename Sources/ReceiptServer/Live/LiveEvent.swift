import DocumentStore
import Foundation
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

/// Who may see a change: the scopes a document belongs to. A subscriber sees a change when their
/// scopes and the change's meet.
enum LiveScopes {
    /// Collections never sent to clients (accounts, sessions, secrets, bookkeeping).
    static let hidden: Set<String> = [
        "users", "user-emails", "sessions", "invites", "idempotency", "products", "product-aliases", "failures", "catalog-meta",
    ]

    static func of(_ change: StoreChange) -> Set<LiveScope> {
        guard !hidden.contains(change.collection), let document = change.document else { return [] }
        let string = { (field: String) in document[field]?.stringValue }
        var scopes = Set<LiveScope>()
        switch change.collection {
        case "households":
            scopes.insert(.household(change.id))
        case "memberships":
            if let user = string("userId") { scopes.insert(.user(user)) }
            if let household = string("householdId") ?? change.id.split(separator: "|").last.map(String.init) { scopes.insert(.household(household)) }
        case "expense-groups":
            scopes.insert(.group(change.id))
        case "shopping-lists":
            // Its household, and the guests it is shared with.
            scopes.insert(.list(change.id))
            if let household = string("household") { scopes.insert(.household(household)) }
        case "notifications":
            // A user's notifications are theirs alone.
            if let user = string("userId") { scopes.insert(.user(user)) }
        case "list-chat":
            // The list's room: its household and its guests (a deletion's tombstone keeps the
            // household; its id, `listId|messageId`, names the list).
            if let list = string("listId") ?? change.id.split(separator: "|").first.map(String.init) { scopes.insert(.list(list)) }
            if let household = string("household") { scopes.insert(.household(household)) }
        case "list-guests":
            if let user = string("userId") { scopes.insert(.user(user)) }
        case "expense-group-members", "friendships", "favourites":
            if let user = string("userId") { scopes.insert(.user(user)) }
        case "expense-payments":
            if let group = string("group") {
                scopes.insert(.group(group))
            } else {
                for field in ["from", "to"] { if let user = string(field) { scopes.insert(.user(user)) } }
            }
        default:
            if let household = string("household") { scopes.insert(.household(household)) }
            if let group = string("group") { scopes.insert(.group(group)) }
            if scopes.isEmpty, let participants = document["participants"]?.arrayValue {
                for participant in participants { if let user = participant.stringValue { scopes.insert(.user(user)) } }
            }
        }
        return scopes
    }

    /// Collections whose change alters what a user may see.
    static let membershipCollections: Set<String> = ["memberships", "expense-group-members", "list-guests"]
}

/// What a client receives: one JSON object per text message.
enum LiveEvent {
    /// A document changed (or was deleted: `deleted` true and only its id and scope fields).
    static func change(_ change: StoreChange) -> String {
        var members: [String: JSONValue] = [
            // A notification is its own event type: pages show it rather than reload for it.
            "type": .string(change.collection == "notifications" ? "notification" : "change"), "seq": .number(Decimal(change.seq)),
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
