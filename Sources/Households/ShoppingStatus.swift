import DocumentStore
import Foundation

/// "I'm shopping": a member says they are in the shop with a list, so the others know not to go
/// too (Sharecart's "stop after X minutes"). It ends when they say so or when `until` passes.
public struct ShoppingStatus: Codable, Sendable, Hashable {
    public static let collection = "shopping-status"

    public var household: String
    public var listId: String
    public var userId: String
    public var displayName: String
    public var since: String
    /// When it ends by itself; readers ignore it after this, and the server deletes it.
    public var until: String

    static func id(list: String, user: String) -> String { Identifiers.pair(list, user) }
}

extension ShoppingLists {
    /// The longest a member can say they are shopping without saying it again.
    public static let longestShopping = 12 * 60

    /// Marks the caller as shopping with the list for `minutes` (1 to 720); saying it again
    /// extends it.
    public func startShopping(_ listId: String, in householdId: String, by user: PublicUser, minutes: Int) async throws -> ShoppingStatus {
        guard (1...Self.longestShopping).contains(minutes) else {
            throw HouseholdError.invalid("minutes", "Shop for 1 to \(Self.longestShopping) minutes; say it again to go on.")
        }
        _ = try await list(listId, in: householdId, for: user.id)
        let start = now()
        let status = ShoppingStatus(
            household: householdId,
            listId: listId,
            userId: user.id,
            displayName: user.displayName,
            since: Instant.string(start),
            until: Instant.string(start.addingTimeInterval(TimeInterval(minutes * 60)))
        )
        try await records.put(status, ShoppingStatus.collection, ShoppingStatus.id(list: listId, user: user.id), expectedRev: nil)
        return status
    }

    /// The caller is done shopping (saying it twice is fine).
    public func stopShopping(_ listId: String, in householdId: String, by userId: String) async throws {
        _ = try await list(listId, in: householdId, for: userId)
        _ = try await records.store.delete(collection: ShoppingStatus.collection, id: ShoppingStatus.id(list: listId, user: userId))
    }

    /// Who is shopping with the list now.
    public func shoppers(of listId: String, in householdId: String, for userId: String) async throws -> [ShoppingStatus] {
        _ = try await list(listId, in: householdId, for: userId)
        let current = Instant.string(now())
        return try await records.all(
            ShoppingStatus.self,
            DocumentQuery(collection: ShoppingStatus.collection, filters: [.equals("listId", listId)])
        ).map(\.value).filter { $0.until > current && $0.household == householdId }.sorted { $0.since < $1.since }
    }

    /// Deletes the statuses whose time is up, so that live clients hear that they ended.
    public func sweepExpiredShopping() async throws {
        let current = Instant.string(now())
        for try await stale in records.store.query(DocumentQuery(collection: ShoppingStatus.collection, filters: [.less("until", .string(current))]))
        {
            _ = try? await records.store.delete(collection: ShoppingStatus.collection, id: stale.id, expectedRev: stale.rev)
        }
    }
}
