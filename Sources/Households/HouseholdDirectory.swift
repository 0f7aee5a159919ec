import DocumentStore
import Foundation
import Logging
import ReceiptModel

/// A group that shares carts, lists and receipts.
public struct Household: Codable, Sendable, Hashable {
    public var id: String
    public var name: String
    public var ownerId: String
    public var createdAt: String
    public var members: [Member]

    public struct Member: Codable, Sendable, Hashable {
        public var userId: String
        public var displayName: String
        /// `owner` or `member`.
        public var role: String
        public var joinedAt: String
    }

    public func member(_ userId: String) -> Member? { members.first { $0.userId == userId } }
}

/// One user's membership of one household (the index behind "my households").
package struct Membership: Codable, Sendable, Hashable {
    var userId: String
    var householdId: String
    var role: String

    package static func id(user: String, household: String) -> String { Identifiers.pair(user, household) }
}

extension Membership: UserIndexRow {
    package static var collection: String { Collections.memberships }
    package var target: String { householdId }
}

/// A single-use invitation, stored under the hash of its code.
struct Invite: Codable, Sendable, Hashable {
    var householdId: String
    var createdBy: String
    var createdAt: String
    var expiresAt: String
    var usedBy: String?
    var usedAt: String?
}

/// An invitation as shown once to the member who made it.
public struct InviteCode: Codable, Sendable, Hashable {
    public var code: String
    public var householdId: String
    public var expiresAt: String
}

/// Households, members and invitations. Every read is scoped to the caller: a household the caller
/// is not a member of answers `household.not-found`, exactly like one that does not exist.
public struct HouseholdDirectory: Sendable {
    let records: Records
    let now: @Sendable () -> Date
    let logger: Logger

    public init(records: Records, now: @escaping @Sendable () -> Date = Date.init, logger: Logger) {
        self.records = records
        self.now = now
        self.logger = logger
    }

    public func create(name: String, by user: PublicUser) async throws -> Revisioned<Household> {
        let name = try Self.validName(name)
        let instant = Instant.string(now())
        let household = Household(
            id: Identifiers.make("h"),
            name: name,
            ownerId: user.id,
            createdAt: instant,
            members: [Household.Member(userId: user.id, displayName: user.displayName, role: "owner", joinedAt: instant)]
        )
        let stored = try await records.store.putBatch([
            try records.write(household, Collections.households, household.id, expectedRev: 0),
            try records.write(
                Membership(userId: user.id, householdId: household.id, role: "owner"),
                Collections.memberships,
                Membership.id(user: user.id, household: household.id),
                expectedRev: 0
            ),
        ])
        return Revisioned(household, rev: stored[1].rev)
    }

    /// The caller's households, oldest first.
    public func households(of userId: String) async throws -> [Revisioned<Household>] {
        let linked = try await records.linked(Membership.self, of: userId, to: Household.self, in: Collections.households)
        return linked.map(\.document).sorted { ($0.value.createdAt, $0.value.id) < ($1.value.createdAt, $1.value.id) }
    }

    /// The household, if the caller is a member.
    /// - Throws: `household.not-found` otherwise.
    public func household(_ id: String, for userId: String) async throws -> Revisioned<Household> {
        guard try await records.store.exists(collection: Collections.memberships, id: Membership.id(user: userId, household: id)),
            let household = try await records.get(Household.self, Collections.households, id),
            household.value.member(userId) != nil
        else { throw HouseholdError.householdNotFound }
        return household
    }

    /// The household as the store's operator sees it, with no caller to check: for the CLI run on
    /// the server's store (`receipts ingest --household`), never for a request.
    public func household(_ id: String) async throws -> Household? {
        try await records.get(Household.self, Collections.households, id)?.value
    }

    /// Checks membership with one read; the common guard of every household-scoped request.
    /// - Throws: `household.not-found` when the caller is not a member.
    public func requireMember(_ householdId: String, userId: String) async throws {
        guard try await isMember(householdId, userId: userId) else { throw HouseholdError.householdNotFound }
    }

    /// Whether the user is a member of the household (one read).
    public func isMember(_ householdId: String, userId: String) async throws -> Bool {
        try await records.store.exists(collection: Collections.memberships, id: Membership.id(user: userId, household: householdId))
    }

    public func rename(_ householdId: String, to name: String, by userId: String, ifMatch: Int?) async throws -> Revisioned<Household> {
        let name = try Self.validName(name)
        try await requireMember(householdId, userId: userId)
        return try await records.update(
            Household.self,
            Collections.households,
            householdId,
            ifMatch: ifMatch,
            notFound: .householdNotFound
        ) { household in
            guard household.ownerId == userId else { throw Self.ownerOnly }
            household.name = name
        }.0
    }

    /// A new single-use code that lets one person join; any member may invite.
    public func invite(to householdId: String, by userId: String, validFor: Duration = .seconds(7 * 24 * 3600)) async throws -> InviteCode {
        try await requireMember(householdId, userId: userId)
        let code = Identifiers.inviteCode()
        let instant = now()
        let expires = Instant.string(instant.addingTimeInterval(validFor.seconds))
        let invite = Invite(householdId: householdId, createdBy: userId, createdAt: Instant.string(instant), expiresAt: expires)
        try await records.put(invite, Collections.invites, Self.inviteKey(code), expectedRev: 0)
        return InviteCode(code: code, householdId: householdId, expiresAt: expires)
    }

    /// Joins the household of an invitation; the code is used up atomically with the join, so two
    /// people racing with one code cannot both get in.
    /// - Throws: `invite.invalid` for an unknown, used or expired code.
    public func join(code: String, user: PublicUser) async throws -> Revisioned<Household> {
        let key = Self.inviteKey(code)
        let (invite, household) = try await openInvite(code)
        if household.value.member(user.id) != nil { return household }
        var used = invite.value
        used.usedBy = user.id
        used.usedAt = Instant.string(now())
        var joined = household.value
        joined.members.append(Household.Member(userId: user.id, displayName: user.displayName, role: "member", joinedAt: Instant.string(now())))
        do {
            let stored = try await records.store.putBatch([
                try records.write(used, Collections.invites, key, expectedRev: invite.rev),
                try records.write(joined, Collections.households, joined.id, expectedRev: household.rev),
                try records.write(
                    Membership(userId: user.id, householdId: joined.id, role: "member"),
                    Collections.memberships,
                    Membership.id(user: user.id, household: joined.id),
                    expectedRev: nil
                ),
            ])
            return Revisioned(joined, rev: stored[1].rev)
        } catch let error as StoreError where error.code == .conflict {
            // The code was used meanwhile, or the household changed: try once more from the top.
            guard let again = try await records.get(Invite.self, Collections.invites, key), again.value.usedBy == nil else {
                throw Self.inviteInvalid
            }
            return try await join(code: code, user: user)
        }
    }

    /// The name of the household an invitation is for, without using it up: an invitation link
    /// asks before it joins (a link preview or a crawler opening it joins nothing).
    /// - Throws: `invite.invalid` for an unknown, used or expired code.
    public func invitedHouseholdName(code: String) async throws -> String {
        try await openInvite(code).household.value.name
    }

    static let inviteInvalid = HouseholdError(.inviteInvalid, "This invitation code is unknown, used or expired. Ask a member for a new one.")

    /// An invitation that can still be used, and its household.
    private func openInvite(_ code: String) async throws -> (invite: Revisioned<Invite>, household: Revisioned<Household>) {
        guard let invite = try await records.get(Invite.self, Collections.invites, Self.inviteKey(code)),
            invite.value.usedBy == nil, let expires = Instant.date(invite.value.expiresAt), expires > now(),
            let household = try await records.get(Household.self, Collections.households, invite.value.householdId)
        else { throw Self.inviteInvalid }
        return (invite, household)
    }

    /// The caller leaves. An owner who leaves hands the household to the longest-standing member;
    /// the last member leaving deletes it.
    public func leave(_ householdId: String, userId: String) async throws {
        try await removeMembership(householdId, member: userId, by: userId)
    }

    /// The owner removes a member.
    /// - Throws: `household.forbidden` for a caller who is not the owner, `member.not-found`.
    public func remove(member: String, from householdId: String, by ownerId: String) async throws {
        try await removeMembership(householdId, member: member, by: ownerId)
    }

    private func removeMembership(_ householdId: String, member: String, by caller: String) async throws {
        for _ in 0..<8 {
            let household = try await household(householdId, for: caller)
            var changed = household.value
            if member != caller, changed.ownerId != caller { throw Self.ownerOnly }
            guard changed.member(member) != nil else { throw HouseholdError(.memberNotFound, "No such member in this household.") }
            changed.members.removeAll { $0.userId == member }
            var writes = [DocumentWrite]()
            if changed.ownerId == member, let heir = changed.members.min(by: { $0.joinedAt < $1.joinedAt }) {
                changed.ownerId = heir.userId
                if let index = changed.members.firstIndex(where: { $0.userId == heir.userId }) { changed.members[index].role = "owner" }
                writes.append(
                    try records.write(
                        Membership(userId: heir.userId, householdId: householdId, role: "owner"),
                        Collections.memberships,
                        Membership.id(user: heir.userId, household: householdId),
                        expectedRev: nil
                    )
                )
            }
            do {
                if changed.members.isEmpty {
                    try await records.store.delete(collection: Collections.households, id: householdId, expectedRev: household.rev)
                } else {
                    writes.append(try records.write(changed, Collections.households, householdId, expectedRev: household.rev))
                    try await records.store.putBatch(writes)
                }
                try await records.store.delete(collection: Collections.memberships, id: Membership.id(user: member, household: householdId))
                return
            } catch let error as StoreError where error.code == .conflict {
                continue
            }
        }
        throw HouseholdError(.conflict, "The household changed several times while removing the member; try again.")
    }

    static let ownerOnly = HouseholdError(.forbidden, "Only the household's owner can do this.")

    static func inviteKey(_ code: String) -> String {
        Hashing.sha256Hex("invite:" + Identifiers.normalizedInviteCode(code))
    }

    package static func validName(_ name: String) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...100).contains(trimmed.count) else { throw HouseholdError.invalid("name", "Give a name of 1 to 100 characters.") }
        return trimmed
    }
}
