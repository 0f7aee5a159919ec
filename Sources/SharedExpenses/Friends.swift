import DocumentStore
import Foundation
import Households
import Logging
import ReceiptModel

/// One direction of a friendship (the index behind "my friends"); adding a friend writes both
/// directions at once, so friendship is always mutual.
struct Friendship: Codable, Sendable, Hashable {
    var userId: String
    var friendId: String
    var since: String

    static func id(user: String, friend: String) -> String { Identifiers.pair(user, friend) }
}

extension Friendship: UserIndexRow {
    static var collection: String { Collections.friendships }
    var target: String { friendId }
}

/// A friend as the caller sees them.
public struct Friend: Codable, Sendable, Hashable {
    public var id: String
    public var displayName: String
    public var email: String
    public var since: String
    public var hasPicture: Bool
}

/// Friends of a user, found by email, and profile pictures. Everything about another user is
/// answered only to that user's friends: anyone else gets `friend.not-found`.
public struct FriendDirectory: Sendable {
    let records: Records
    let now: @Sendable () -> Date
    let logger: Logger

    static let notFound = HouseholdError(.friendNotFound, "No such friend: add them first by their email.")

    public init(records: Records, now: @escaping @Sendable () -> Date = Date.init, logger: Logger) {
        self.records = records
        self.now = now
        self.logger = logger
    }

    /// Adds the account with this email as a friend (both ways). Adding a friend again is fine.
    /// - Throws: `friend.not-found` when no account has the email (or it is the caller's own).
    public func add(email: String, by user: PublicUser) async throws -> Friend {
        let key = email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard let link = try await records.store.get(collection: Collections.userEmails, id: key),
            let friendId = link.document["userId"]?.stringValue, friendId != user.id,
            let friend = try await records.get(UserAccount.self, Collections.users, friendId)
        else {
            throw HouseholdError(.friendNotFound, "No account uses this email. Ask your friend to sign up first.", field: "email")
        }
        let since = Instant.string(now())
        do {
            try await records.store.putBatch([
                try records.write(
                    Friendship(userId: user.id, friendId: friendId, since: since),
                    Collections.friendships,
                    Friendship.id(user: user.id, friend: friendId),
                    expectedRev: 0
                ),
                try records.write(
                    Friendship(userId: friendId, friendId: user.id, since: since),
                    Collections.friendships,
                    Friendship.id(user: friendId, friend: user.id),
                    expectedRev: 0
                ),
            ])
        } catch let error as StoreError where error.code == .conflict {
            // Already friends (from either side): answer the friendship as it stands.
        }
        return try await self.friend(friend.value.id, of: user.id)
    }

    /// The caller's friends, by display name.
    public func friends(of userId: String) async throws -> [Friend] {
        let linked = try await records.linked(Friendship.self, of: userId, to: UserAccount.self, in: Collections.users)
        return linked.map { Self.view($0.document.value, since: $0.row.since) }.sorted { ($0.displayName, $0.id) < ($1.displayName, $1.id) }
    }

    public func friend(_ friendId: String, of userId: String) async throws -> Friend {
        guard let link = try await records.get(Friendship.self, Collections.friendships, Friendship.id(user: userId, friend: friendId)),
            let user = try await records.get(UserAccount.self, Collections.users, friendId)
        else { throw Self.notFound }
        return Self.view(user.value, since: link.value.since)
    }

    public func areFriends(_ userId: String, _ otherId: String) async throws -> Bool {
        try await records.store.exists(collection: Collections.friendships, id: Friendship.id(user: userId, friend: otherId))
    }

    /// Stores the caller's profile picture (already checked to be an image).
    public func setPicture(_ image: Data, of userId: String) async throws {
        let sha = Hashing.sha256Hex(image)
        try await records.store.putBlob(id: sha, data: image)
        _ = try await records.update(UserAccount.self, Collections.users, userId, ifMatch: nil, notFound: HouseholdError.unauthenticatedUser) {
            user in
            user.picture = sha
        }
    }

    /// A user's picture, for that user and their friends.
    /// - Throws: `friend.not-found` for anyone else, `image.not-found` when there is none.
    public func picture(of userId: String, for callerId: String) async throws -> Data {
        if userId != callerId, try await !areFriends(callerId, userId) { throw Self.notFound }
        guard let user = try await records.get(UserAccount.self, Collections.users, userId), let sha = user.value.picture,
            let data = try await records.store.getBlob(id: sha)
        else { throw HouseholdError(.imageNotFound, "No profile picture yet.") }
        return data
    }

    static func view(_ user: UserAccount, since: String) -> Friend {
        Friend(id: user.id, displayName: user.displayName, email: user.email, since: since, hasPicture: user.picture != nil)
    }
}
