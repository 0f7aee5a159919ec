import Foundation

/// The ways a total can be split, by the names clients send (`"byItem"`) and documents store.
public enum SplitMode: String, Codable, Sendable, Hashable, CaseIterable {
    case evenly, shares, percentages, exact, byItem
}

/// How an expense's total is divided among members. Every mode yields shares in minor units that
/// sum exactly to the total (see ``Apportion`` for the rounding rule: largest remainder, ties to
/// the member id that sorts first); for a positive total no share is negative.
public enum Split: Sendable, Hashable, Codable {
    /// Equal parts for each listed member.
    case evenly(members: [MemberID])
    /// In proportion to integer weights (2 for a couple, 1 for a single), each 0…1,000,000.
    case shares(weights: [MemberID: Int])
    /// Percentages (at most 6 decimals, each 0…100) that must sum to exactly 100.
    case percentages([MemberID: Decimal])
    /// Amounts in minor units fixed by the members; they must sum to the total.
    case exact([MemberID: Int])
    /// Receipt lines given to members; extras spread over the lines (see ``ItemizedReceipt``).
    case byItem(ItemizedReceipt)

    /// The mode's name as clients send it and documents store it.
    public var mode: SplitMode {
        switch self {
        case .evenly: .evenly
        case .shares: .shares
        case .percentages: .percentages
        case .exact: .exact
        case .byItem: .byItem
        }
    }

    /// The largest weight ``shares(weights:)`` accepts; keeps products inside `Int128`.
    public static let maximumWeight = 1_000_000

    /// Each member's share of `total` minor units.
    /// - Returns: every member of the split (zero shares included), summing exactly to `total`.
    /// - Throws: ``ExpenseError`` with code `expense.split-invalid` (or `expense.item-unassigned`)
    ///   and the field at fault, prefixed by `field`.
    public func shares(of total: Int, field: String = "split") throws -> [MemberID: Int] {
        try MinorUnits.check(total, field: "total")
        switch self {
        case .evenly(let members):
            guard !members.isEmpty else { throw ExpenseError.split("\(field).members", "Name at least one member to split with.") }
            guard Set(members).count == members.count else {
                throw ExpenseError.split("\(field).members", "A member is listed twice; list each member once.")
            }
            return Apportion.largestRemainder(total, weights: Dictionary(uniqueKeysWithValues: members.map { ($0, 1) }))
        case .shares(let weights):
            try Self.checkWeights(weights, field: "\(field).weights")
            return Apportion.largestRemainder(total, weights: weights.mapValues { Int128($0) })
        case .percentages(let percentages):
            return Apportion.largestRemainder(total, weights: try Self.percentageWeights(percentages, field: "\(field).percentages"))
        case .exact(let amounts):
            return try Self.checkExact(amounts, total: total, field: "\(field).exact")
        case .byItem(let receipt):
            return try receipt.shares(of: total, field: field)
        }
    }

    /// Non-negative, bounded, not all zero: the conditions under which weights can apportion.
    static func checkWeights(_ weights: [MemberID: Int], field: String) throws {
        for (member, weight) in weights where !(0...maximumWeight).contains(weight) {
            throw ExpenseError.split("\(field).\(member)", "A weight must be between 0 and \(maximumWeight); \(member) has \(weight).")
        }
        guard weights.values.contains(where: { $0 > 0 }) else {
            throw ExpenseError.split(field, "Give at least one member a weight above zero.")
        }
    }

    /// Percentages scaled by 10⁶ to integers, so apportioning by them is exact.
    static func percentageWeights(_ percentages: [MemberID: Decimal], field: String) throws -> [MemberID: Int128] {
        guard !percentages.isEmpty else { throw ExpenseError.split(field, "Give at least one member a percentage.") }
        var weights: [MemberID: Int128] = [:]
        for (member, percent) in percentages {
            var scaled = percent * 1_000_000
            var whole = Decimal()
            NSDecimalRound(&whole, &scaled, 0, .plain)
            guard percent >= 0, percent <= 100, whole == scaled else {
                throw ExpenseError.split(
                    "\(field).\(member)",
                    "A percentage must be between 0 and 100 with at most 6 decimals; \(member) has \(percent)."
                )
            }
            weights[member] = Int128(NSDecimalNumber(decimal: whole).int64Value)
        }
        let sum = percentages.values.reduce(Decimal(0), +)
        guard sum == 100 else {
            throw ExpenseError.split(field, "The percentages add up to \(sum); make them add up to exactly 100.")
        }
        return weights
    }

    static func checkExact(_ amounts: [MemberID: Int], total: Int, field: String) throws -> [MemberID: Int] {
        guard !amounts.isEmpty else { throw ExpenseError.split(field, "Give at least one member an amount.") }
        for (member, amount) in amounts {
            try MinorUnits.check(amount, field: "\(field).\(member)")
            // A share against the total's sign would have one member paid to take part.
            guard amount == 0 || (amount > 0) == (total > 0) else {
                throw ExpenseError.split("\(field).\(member)", "\(member)'s amount has the opposite sign of the total.")
            }
        }
        let sum = amounts.values.reduce(0, +)
        guard sum == total else {
            throw ExpenseError.split(
                field,
                "The amounts add up to \(sum) minor units but the total is \(total); make them add up to the total."
            )
        }
        return amounts
    }
}
