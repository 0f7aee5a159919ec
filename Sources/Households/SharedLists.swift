import DocumentStore
import Foundation
import ReceiptModel

/// One guest's access to a list shared beyond its household (the index behind "lists I joined").
struct ListGuest: Codable, Sendable, Hashable {
    var userId: String
    var listId: String
    var household: String

    static func id(user: String, list: String) -> String { Identifiers.pair(user, list) }
}

extension ListGuest: UserIndexRow {
    static var collection: String { Collections.listGuests }
    var target: String { listId }
}

/// A shared list's id and passcode, shown once to the member who shared it.
public struct ListShare: Codable, Sendable, Hashable {
    public var listId: String
    public var household: String
    public var passcode: String
}

/// Sharing a list beyond its household (Sharecart): a household member shares it and gets a
/// passcode (stored hashed, replaced by sharing again); anyone logged in joins with the list id
/// and the passcode, then reads and changes its entries like a member; a guest may leave, and
/// the household's members remove guests, rename, delete and re-share. Every check is here, per
/// list; wrong passcodes are throttled like logins.
extension ShoppingLists {
    static let shareInvalid = HouseholdError(.shareInvalid, "No shared list with this id and passcode. Check both with whoever shared it.")

    /// Shares the list (or rotates its passcode: the old one stops working, guests stay).
    public func share(_ listId: String, in householdId: String, by userId: String) async throws -> ListShare {
        try await requireHousehold(listId, in: householdId, userId)
        let passcode = Identifiers.inviteCode()
        let instant = Instant.string(now())
        _ = try await records.update(HouseholdList.self, HouseholdList.collection, listId, ifMatch: nil, notFound: Self.notFound) { list in
            list.sharing = HouseholdList.Sharing(passcodeHash: Self.passcodeHash(passcode, list: listId), rotatedAt: instant)
        }
        return ListShare(listId: listId, household: householdId, passcode: passcode)
    }

    /// Stops sharing: the passcode stops working and every guest loses access.
    public func unshare(_ listId: String, in householdId: String, by userId: String) async throws {
        try await requireHousehold(listId, in: householdId, userId)
        let (list, _) = try await records.update(HouseholdList.self, HouseholdList.collection, listId, ifMatch: nil, notFound: Self.notFound) {
            list in
            list.sharing = nil
        }
        for guest in list.value.guests ?? [] { try await removeGuest(guest, from: listId, in: householdId, by: userId) }
    }

    /// Joins a shared list with its id and passcode.
    /// - Throws: `share.invalid` for an unknown list, one not shared, or a wrong passcode (the
    ///   same answer for all three); `auth.throttled` after repeated wrong passcodes.
    public func join(_ listId: String, passcode: String, user: PublicUser, address: String?) async throws -> Revisioned<HouseholdList> {
        let keys = ["list:" + listId + "|" + user.id] + (address.map { ["list-address:" + $0] } ?? [])
        if let wait = await joinThrottle.delay(for: keys, now: now()) {
            throw HouseholdError(.throttled, "Too many wrong passcodes. Wait \(wait) seconds and try again.", retryAfterSeconds: wait)
        }
        guard let stored = try await records.get(HouseholdList.self, HouseholdList.collection, listId), let sharing = stored.value.sharing,
            Self.passcodeHash(passcode, list: listId) == sharing.passcodeHash
        else {
            await joinThrottle.recordFailure(for: keys, now: now())
            throw Self.shareInvalid
        }
        await joinThrottle.reset(keys)
        let household = stored.value.household
        if try await records.store.exists(collection: Collections.memberships, id: Membership.id(user: user.id, household: household)) {
            return stored
        }
        do {
            try await records.put(
                ListGuest(userId: user.id, listId: listId, household: household),
                Collections.listGuests,
                ListGuest.id(user: user.id, list: listId),
                expectedRev: 0
            )
        } catch let error as StoreError where error.code == .conflict {}
        return try await records.update(HouseholdList.self, HouseholdList.collection, listId, ifMatch: nil, notFound: Self.shareInvalid) { list in
            if !(list.guests ?? []).contains(user.id) { list.guests = (list.guests ?? []) + [user.id] }
        }.0
    }

    /// The lists shared with the caller from other households.
    public func sharedWith(_ userId: String) async throws -> [Revisioned<HouseholdList>] {
        let linked = try await records.linked(ListGuest.self, of: userId, to: HouseholdList.self, in: HouseholdList.collection)
        return linked.map(\.document).filter { ($0.value.guests ?? []).contains(userId) }.sorted {
            ($0.value.createdAt, $0.value.id) < ($1.value.createdAt, $1.value.id)
        }
    }

    /// A guest leaves, or a household member removes a guest.
    public func removeGuest(_ guest: String, from listId: String, in householdId: String, by userId: String) async throws {
        if guest != userId {
            try await requireHousehold(listId, in: householdId, userId)
        } else {
            _ = try await list(listId, in: householdId, for: userId)
        }
        _ = try await records.update(HouseholdList.self, HouseholdList.collection, listId, ifMatch: nil, notFound: Self.notFound) { list in
            list.guests = (list.guests ?? []).filter { $0 != guest }
        }
        _ = try await records.store.delete(collection: Collections.listGuests, id: ListGuest.id(user: guest, list: listId))
    }

    /// Renaming, deleting, sharing and removing guests are for the household's own members.
    func requireHousehold(_ listId: String, in householdId: String, _ userId: String) async throws {
        guard try await records.store.exists(collection: Collections.memberships, id: Membership.id(user: userId, household: householdId)) else {
            // A guest sees the list, so is told why; anyone else learns nothing.
            if let list = try await records.get(HouseholdList.self, HouseholdList.collection, listId, in: householdId),
                (list.value.guests ?? []).contains(userId)
            {
                throw HouseholdError(.forbidden, "Only the members of the list's household can do this; you can read and change its entries.")
            }
            throw HouseholdError.householdNotFound
        }
    }

    static func passcodeHash(_ passcode: String, list: String) -> String {
        Hashing.sha256Hex(list + "|" + Identifiers.normalizedInviteCode(passcode))
    }
}
