import DocumentStore
import Expenses
import Foundation
import Households
import Logging

/// Friends or flatmates who share costs (U.O.ME's groups). A group is never deleted, so the record
/// of who shared what stays; members can be added, and default split weights set.
public struct ExpenseGroup: Codable, Sendable, Hashable {
    public var id: String
    public var name: String
    public var createdBy: String
    public var createdAt: String
    /// Member ids in the order they joined.
    public var members: [String]
    /// How an expense is split when it names no split: weights by member (members left out get 0).
    /// Without them, evenly among all members.
    public var defaultWeights: [String: Int]?
    /// The currency new expenses default to.
    public var currency: String?

    /// The split an expense gets when it names none.
    public var defaultSplit: Split {
        if let defaultWeights, defaultWeights.values.contains(where: { $0 > 0 }) {
            return .shares(weights: Dictionary(uniqueKeysWithValues: members.map { ($0, defaultWeights[$0] ?? 0) }))
        }
        return .evenly(members: members)
    }
}

/// One user's membership of one group (the index behind "my groups").
struct GroupMembership: Codable, Sendable, Hashable {
    var userId: String
    var groupId: String

    static func id(user: String, group: String) -> String { Identifiers.pair(user, group) }
}

extension GroupMembership: UserIndexRow {
    static var collection: String { Collections.groupMemberships }
    var target: String { groupId }
}

/// Who may be a member of a group or take part in an expense outside a group.
public enum MemberRule: Sendable {
    /// Server accounts: the caller's friends (the caller included).
    case friendsOf(FriendDirectory)
    /// A personal store used from the command line: members are names, anyone named may take part.
    case anyName
}

/// Expense groups: create, list, rename, add members, default weights. Every read is scoped to the
/// caller: a group the caller is not in answers `group.not-found`, exactly like one that does not exist.
public struct ExpenseGroups: Sendable {
    let records: Records
    let rule: MemberRule
    let now: @Sendable () -> Date

    static let notFound = HouseholdError(.groupNotFound, "No such group, or you are not in it.")

    public init(records: Records, rule: MemberRule, now: @escaping @Sendable () -> Date = Date.init) {
        self.records = records
        self.rule = rule
        self.now = now
    }

    public func create(
        name: String,
        members: [String],
        defaultWeights: [String: Int]? = nil,
        currency: String? = nil,
        by userId: String
    ) async throws -> Revisioned<ExpenseGroup> {
        var ordered = [userId]
        for member in members where !ordered.contains(member) { ordered.append(member) }
        try await requireAllowed(ordered, by: userId, field: "members")
        let group = ExpenseGroup(
            id: Identifiers.make("g"),
            name: try HouseholdDirectory.validName(name),
            createdBy: userId,
            createdAt: Instant.string(now()),
            members: ordered,
            defaultWeights: try defaultWeights.map { try Self.validWeights($0, members: ordered) },
            currency: try currency.map(CartEditor.validCurrency)
        )
        var writes = [try records.write(group, Collections.expenseGroups, group.id, expectedRev: 0)]
        for member in ordered {
            writes.append(
                try records.write(
                    GroupMembership(userId: member, groupId: group.id),
                    Collections.groupMemberships,
                    GroupMembership.id(user: member, group: group.id),
                    expectedRev: 0
                )
            )
        }
        let stored = try await records.store.putBatch(writes)
        return Revisioned(group, rev: stored[0].rev)
    }

    /// The caller's groups, oldest first.
    public func groups(of userId: String) async throws -> [Revisioned<ExpenseGroup>] {
        let linked = try await records.linked(GroupMembership.self, of: userId, to: ExpenseGroup.self, in: Collections.expenseGroups)
        return linked.map(\.document).filter { $0.value.members.contains(userId) }.sorted {
            ($0.value.createdAt, $0.value.id) < ($1.value.createdAt, $1.value.id)
        }
    }

    /// The group, if the caller is a member.
    public func group(_ groupId: String, for userId: String) async throws -> Revisioned<ExpenseGroup> {
        guard let group = try await records.get(ExpenseGroup.self, Collections.expenseGroups, groupId), group.value.members.contains(userId) else {
            throw Self.notFound
        }
        return group
    }

    /// Renames, or sets the default weights (any member may; both are shown to everyone).
    public func update(
        _ groupId: String,
        name: String?,
        defaultWeights: [String: Int]??,
        by userId: String,
        ifMatch: Int?
    ) async throws -> Revisioned<ExpenseGroup> {
        _ = try await group(groupId, for: userId)
        let name = try name.map(HouseholdDirectory.validName)
        return try await records.update(ExpenseGroup.self, Collections.expenseGroups, groupId, ifMatch: ifMatch, notFound: Self.notFound) { group in
            if let name { group.name = name }
            if let defaultWeights { group.defaultWeights = try defaultWeights.map { try Self.validWeights($0, members: group.members) } }
        }.0
    }

    /// Adds a member (a friend of the caller's).
    public func add(member: String, to groupId: String, by userId: String) async throws -> Revisioned<ExpenseGroup> {
        _ = try await group(groupId, for: userId)
        try await requireAllowed([member], by: userId, field: "userId")
        // The index first: a crash between the two writes leaves an index entry that listing skips
        // (the group does not name the member), never a member the index misses.
        do {
            try await records.put(
                GroupMembership(userId: member, groupId: groupId),
                Collections.groupMemberships,
                GroupMembership.id(user: member, group: groupId),
                expectedRev: 0
            )
        } catch let error as StoreError where error.code == .conflict {}
        return try await records.update(ExpenseGroup.self, Collections.expenseGroups, groupId, ifMatch: nil, notFound: Self.notFound) { group in
            if !group.members.contains(member) { group.members.append(member) }
        }.0
    }

    /// Checks that everyone named may take part: the caller, or the caller's friends on a server.
    func requireAllowed(_ members: [String], by userId: String, field: String) async throws {
        for member in members where member != userId {
            guard !member.isEmpty, member.count <= 80 else { throw HouseholdError.invalid(field, "A member id is 1 to 80 characters.") }
            if case .friendsOf(let friends) = rule, try await !friends.areFriends(userId, member) {
                throw HouseholdError(.notFriend, "\(member) is not your friend; add them as a friend first.", field: field)
            }
        }
    }

    static func validWeights(_ weights: [String: Int], members: [String]) throws -> [String: Int] {
        for (member, weight) in weights {
            guard members.contains(member) else {
                throw HouseholdError(.notInGroup, "\(member) is not in the group.", field: "defaultWeights.\(member)")
            }
            guard (0...Split.maximumWeight).contains(weight) else {
                throw HouseholdError.invalid("defaultWeights.\(member)", "A weight is between 0 and \(Split.maximumWeight).")
            }
        }
        return weights
    }
}
