import Expenses
import Foundation
import ReceiptModel

/// A friend with what is owed between the caller and them, per currency, and how the expenses
/// shared with them stand for the caller: the rows of the caller's friends list.
public struct FriendStanding: Sendable {
    public var friend: Friend
    /// Positive: the caller owes them; negative: they owe the caller.
    public var balances: [String: Amount]
    /// How many of the expenses shared with them stand how for the caller.
    public var statuses: [ExpenseStatus: Int]

    public init(friend: Friend, balances: [String: Amount], statuses: [ExpenseStatus: Int] = [:]) {
        self.friend = friend
        self.balances = balances
        self.statuses = statuses
    }
}

extension ExpensePayments {
    /// The caller's friends (by display name), each with the balance between them and how many
    /// of the expenses they share stand how for the caller.
    public func friendStandings(of userId: String, friends directory: FriendDirectory) async throws -> [FriendStanding] {
        let friends = try await directory.friends(of: userId)
        let balances = try await balancesByPerson(of: userId)
        let shared = try await ledger.expenses(of: userId).map(\.value)
        let standings = try await standings(of: shared, for: userId)
        return friends.map { friend in
            var statuses: [ExpenseStatus: Int] = [:]
            for record in shared where record.participants.contains(friend.id) {
                if let status = standings[record.id]?.status { statuses[status, default: 0] += 1 }
            }
            let owed = (balances[friend.id] ?? [:]).reduce(into: [String: Amount]()) { $0[$1.key] = MinorUnits.amount($1.value, currency: $1.key) }
            return FriendStanding(friend: friend, balances: owed, statuses: statuses)
        }
    }
}
