import DocumentStore
import Foundation
import Households
import ReceiptModel

/// Who is online, kept in the store so that every instance sees every instance's connections:
/// one document per connection and household, refreshed by a heartbeat and deleted when the
/// connection ends. A connection of an instance that died stops counting when its document
/// expires, so no user stays online as a ghost.
struct Presence: Sendable {
    static let collection = "presence"

    struct Entry: Codable, Sendable {
        var household: String
        var userId: String
        var displayName: String
        var connection: String
        var expiresAt: String
    }

    let store: any DocumentStore
    let lifetime: Duration
    /// This instance's connections: id → entries.
    let local = LocalConnections()

    final class LocalConnections: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String: [Entry]] = [:]

        func set(_ connection: String, _ value: [Entry]?) { lock.withLock { entries[connection] = value } }
        var all: [Entry] { lock.withLock { entries.values.flatMap { $0 } } }
    }

    static func documentId(_ entry: Entry) -> String { entry.connection + "|" + entry.household }

    func expiry() -> String { Instant.string(Date().addingTimeInterval(TimeInterval(lifetime.components.seconds))) }

    /// Marks a connection online in each of the user's households.
    func connect(_ connection: String, user: PublicUser, households: [String]) async throws {
        let entries = households.map {
            Entry(household: $0, userId: user.id, displayName: user.displayName, connection: connection, expiresAt: expiry())
        }
        local.set(connection, entries)
        for entry in entries {
            try await store.put(collection: Self.collection, id: Self.documentId(entry), document: try JSONValue(encoding: entry))
        }
    }

    func disconnect(_ connection: String, households: [String]) async {
        local.set(connection, nil)
        for household in households { _ = try? await store.delete(collection: Self.collection, id: connection + "|" + household) }
    }

    /// Extends this instance's connections and removes any instance's expired ones.
    func heartbeat() async throws {
        let expiresAt = expiry()
        let extended = local.all
        // One transaction per few hundred connections, not one per connection.
        let writes = try extended.map { entry in
            var entry = entry
            entry.expiresAt = expiresAt
            return DocumentWrite(collection: Self.collection, id: Self.documentId(entry), document: try JSONValue(encoding: entry), expectedRev: nil)
        }
        for start in stride(from: 0, to: writes.count, by: 500) {
            try await store.putBatch(Array(writes[start..<min(start + 500, writes.count)]))
        }
        // A connection that ended while the batch was written may have been written back after
        // its goodbye deleted it: delete it again, or it would stay online as a ghost.
        let current = Set(local.all.map(Self.documentId))
        for entry in extended where !current.contains(Self.documentId(entry)) {
            _ = try? await store.delete(collection: Self.collection, id: Self.documentId(entry))
        }
        let now = Instant.string(Date())
        for try await stale in store.query(DocumentQuery(collection: Self.collection, filters: [.less("expiresAt", .string(now))])) {
            _ = try? await store.delete(collection: Self.collection, id: stale.id, expectedRev: stale.rev)
        }
    }

    /// The users with a live connection to the household, by name.
    func online(in household: String) async throws -> [OnlineUser] {
        let now = Instant.string(Date())
        var users: [String: String] = [:]
        for try await stored in store.query(DocumentQuery(collection: Self.collection, filters: [.equals("household", household)])) {
            let entry = try stored.document.decode(as: Entry.self)
            if entry.expiresAt > now { users[entry.userId] = entry.displayName }
        }
        return users.map { OnlineUser(userId: $0.key, displayName: $0.value) }.sorted { ($0.displayName, $0.userId) < ($1.displayName, $1.userId) }
    }
}
