import Expenses
import Foundation
import Households
import ReceiptModel

/// An expense as a client sends it (API body or CLI flags). Amounts are decimal amounts of the
/// currency (`"12.34"`), turned into minor units here, once.
public struct ExpenseInput: Codable, Sendable, Hashable {
    /// The group it belongs to; without one it is a personal expense between friends.
    public var group: String?
    public var merchant: String?
    /// `yyyy-MM-dd`.
    public var date: String?
    public var notes: String?
    /// ISO 4217; defaults to the receipt's, then the group's.
    public var currency: String?
    /// Defaults to the receipt's total; may differ from it when the expense is added, never after.
    public var total: Amount?
    /// One payer of the whole total (default: the caller).
    public var paidBy: String?
    /// Several payers and what each paid; must add up to the total.
    public var payers: [String: Amount]?
    /// A cart of one of the caller's households to split (by item or otherwise).
    public var receipt: ReceiptInput?
    /// Default: the group's default weights, or evenly among the group.
    public var split: SplitInput?

    public init(
        group: String? = nil,
        merchant: String? = nil,
        date: String? = nil,
        notes: String? = nil,
        currency: String? = nil,
        total: Amount? = nil,
        paidBy: String? = nil,
        payers: [String: Amount]? = nil,
        receipt: ReceiptInput? = nil,
        split: SplitInput? = nil
    ) {
        self.group = group
        self.merchant = merchant
        self.date = date
        self.notes = notes
        self.currency = currency
        self.total = total
        self.paidBy = paidBy
        self.payers = payers
        self.receipt = receipt
        self.split = split
    }

    public static let fields: Set<String> = ["group", "merchant", "date", "notes", "currency", "total", "paidBy", "payers", "receipt", "split"]
}

public struct ReceiptInput: Codable, Sendable, Hashable {
    /// The household whose cart it is (the caller must be a member); none on a personal store.
    public var household: String?
    public var cart: String

    public init(household: String?, cart: String) {
        self.household = household
        self.cart = cart
    }
}

/// A split as a client names it: `mode` and the one field that mode reads.
public struct SplitInput: Codable, Sendable, Hashable {
    public var mode: SplitMode
    /// evenly: who shares (default: the group's members).
    public var members: [String]?
    /// shares: integer weights.
    public var weights: [String: Int]?
    /// percentages: summing to 100.
    public var percentages: [String: Decimal]?
    /// exact: amounts summing to the total.
    public var amounts: [String: Amount]?
    /// byItem: for each receipt line (its index in the cart's items, as a string), the members and
    /// their weights on it (`{"0": {"ana": 1}, "1": {"ana": 1, "bo": 1}}`).
    public var items: [String: [String: Int]]?

    public init(
        mode: SplitMode,
        members: [String]? = nil,
        weights: [String: Int]? = nil,
        percentages: [String: Decimal]? = nil,
        amounts: [String: Amount]? = nil,
        items: [String: [String: Int]]? = nil
    ) {
        self.mode = mode
        self.members = members
        self.weights = weights
        self.percentages = percentages
        self.amounts = amounts
        self.items = items
    }

    /// The same split with only the field its mode reads, so a stored template keeps nothing a
    /// client sent that no split will ever read.
    func keepingWhatItsModeReads() -> SplitInput {
        switch mode {
        case .evenly: SplitInput(mode: mode, members: members)
        case .shares: SplitInput(mode: mode, weights: weights)
        case .percentages: SplitInput(mode: mode, percentages: percentages)
        case .exact: SplitInput(mode: mode, amounts: amounts)
        case .byItem: SplitInput(mode: mode, items: items)
        }
    }

    /// The split in minor units of `currency`.
    /// - Parameters:
    ///   - everyone: who `evenly` means when it names no members.
    ///   - cart: the receipt, which `byItem` needs.
    func split(currency: String, everyone: [String], cart: CartDocument?) throws -> Split {
        switch mode {
        case .evenly:
            return .evenly(members: members ?? everyone)
        case .shares:
            return .shares(weights: try required(weights, "weights"))
        case .percentages:
            return .percentages(try required(percentages, "percentages"))
        case .exact:
            let amounts = try required(amounts, "amounts")
            return .exact(
                try amounts.reduce(into: [:]) { result, entry in
                    result[entry.key] = try MinorUnits.of(entry.value, currency: currency, field: "split.amounts.\(entry.key)")
                }
            )
        case .byItem:
            guard let cart else {
                throw HouseholdError.invalid("split.mode", "A split by item needs the receipt: name it in 'receipt'.")
            }
            var assignments: [Int: [String: Int]] = [:]
            for (key, members) in try required(items, "items") {
                guard let index = Int(key), cart.items.indices.contains(index) else {
                    throw HouseholdError.invalid(
                        "split.items.\(key)",
                        "No line \(key) on this receipt; lines are numbered from 0 to \(cart.items.count - 1)."
                    )
                }
                assignments[index] = members
            }
            return .byItem(try ItemizedReceipt(cart: cart, assignments: assignments))
        }
    }

    private func required<T>(_ value: T?, _ name: String) throws -> T {
        guard let value else { throw HouseholdError.invalid("split.\(name)", "A \(mode) split needs '\(name)'.") }
        return value
    }
}

extension Split {
    /// Everyone the split gives a share (or a line) to.
    var members: Set<String> {
        switch self {
        case .evenly(let members): Set(members)
        case .shares(let weights): Set(weights.keys)
        case .percentages(let percentages): Set(percentages.keys)
        case .exact(let amounts): Set(amounts.keys)
        case .byItem(let receipt): Set(receipt.lines.flatMap(\.members.keys))
        }
    }
}
