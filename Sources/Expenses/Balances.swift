/// Who owes whom, from expenses and recorded payments, kept per currency and never summed across
/// currencies.
///
/// Sign convention: a positive amount is owed by the member named first. In ``members`` a positive
/// amount means the member owes the group (their shares exceed what they paid and received), a
/// negative one that the group owes them; per currency the members' amounts sum to zero.
/// ``pairs`` name the debtor and the creditor, amount always positive; ``owed(by:to:)`` gives the
/// signed view for one friend (positive = I owe them).
///
/// Between two people, an expense's debts run from the members whose share exceeds what they paid
/// (debtors) to the members who paid more than their share (creditors): taking the creditors in
/// member-id order, each takes from the debtors in proportion to what the debtors still owe
/// (largest remainder), and the last creditor takes exactly what is left. So a member's pairwise
/// balances add up exactly to their group position. A payment from A to B lowers what A owes B.
public struct Balances: Sendable, Hashable, Codable {
    public struct MemberBalance: Sendable, Hashable, Codable {
        public var currency: String
        public var member: MemberID
        /// Minor units; positive = owes the group.
        public var amount: Int
    }

    public struct PairBalance: Sendable, Hashable, Codable {
        public var currency: String
        public var debtor: MemberID
        public var creditor: MemberID
        /// Minor units, > 0.
        public var amount: Int
    }

    /// Every member who took part, per currency (settled ones with 0), sorted by currency then member.
    public var members: [MemberBalance]
    /// Every pair with something owed, sorted by currency, debtor, creditor.
    public var pairs: [PairBalance]

    /// Balances of a group (pass its expenses and payments) or of a person across groups.
    /// - Throws: the first invalid expense's or payment's ``ExpenseError``, its field prefixed with
    ///   `expenses[i].` or `payments[i].`.
    public init(expenses: [Expense], payments: [Payment] = []) throws {
        var positions: [String: [MemberID: Int]] = [:]
        var ledger = PairLedger()
        for (index, expense) in expenses.enumerated() {
            let shares = try prefixingField("expenses[\(index)]") { try expense.shares() }
            let nets = shares.merging(expense.payers.mapValues { -$0 }, uniquingKeysWith: +)
            positions[expense.currency, default: [:]].merge(nets, uniquingKeysWith: +)
            for debt in Self.debts(from: nets) {
                ledger.add(debt.amount, owedBy: debt.debtor, to: debt.creditor, currency: expense.currency)
            }
        }
        for (index, payment) in payments.enumerated() {
            try payment.validate(field: "payments[\(index)]")
            positions[payment.currency, default: [:]][payment.from, default: 0] -= payment.amount
            positions[payment.currency, default: [:]][payment.to, default: 0] += payment.amount
            ledger.add(-payment.amount, owedBy: payment.from, to: payment.to, currency: payment.currency)
        }
        members = positions.flatMap { currency, amounts in
            amounts.map { MemberBalance(currency: currency, member: $0.key, amount: $0.value) }
        }.sorted { ($0.currency, $0.member) < ($1.currency, $1.member) }
        pairs = ledger.balances()
    }

    /// The currencies that appear, sorted.
    public var currencies: [String] { Array(Set(members.map(\.currency))).sorted() }

    /// Each member's position in one currency (positive = owes the group).
    public func group(currency: String) -> [MemberID: Int] {
        Dictionary(members.filter { $0.currency == currency }.map { ($0.member, $0.amount) }, uniquingKeysWith: +)
    }

    /// What `me` owes `other` per currency: positive = I owe them, negative = they owe me;
    /// currencies with nothing owed are left out.
    public func owed(by me: MemberID, to other: MemberID) -> [String: Int] {
        var result: [String: Int] = [:]
        for pair in pairs {
            if pair.debtor == me, pair.creditor == other { result[pair.currency, default: 0] += pair.amount }
            if pair.debtor == other, pair.creditor == me { result[pair.currency, default: 0] -= pair.amount }
        }
        return result
    }

    /// One expense's debts between people, from each member's net (share − paid, positive = owes).
    static func debts(from nets: [MemberID: Int]) -> [(debtor: MemberID, creditor: MemberID, amount: Int)] {
        var remaining = nets.filter { $0.value > 0 }
        let creditors = nets.filter { $0.value < 0 }.sorted { $0.key < $1.key }
        var debts: [(debtor: MemberID, creditor: MemberID, amount: Int)] = []
        for (index, creditor) in creditors.enumerated() {
            guard remaining.values.contains(where: { $0 > 0 }) else { break }
            // The last creditor takes exactly what is left, so both sides' sums hold to the cent;
            // earlier ones never take more than a debtor still owes (their credit ≤ what is left).
            let portion =
                index == creditors.count - 1
                ? remaining
                : Apportion.largestRemainder(-creditor.value, weights: remaining.mapValues { Int128($0) })
            for (debtor, amount) in portion where amount > 0 {
                debts.append((debtor, creditor.key, amount))
                remaining[debtor, default: 0] -= amount
            }
        }
        return debts
    }
}

/// Pairwise amounts keyed by the two members in id order, so A→B and B→A net out.
private struct PairLedger {
    struct Key: Hashable {
        var currency: String
        var first: MemberID
        var second: MemberID
    }

    /// Positive = `first` owes `second`.
    var amounts: [Key: Int] = [:]

    mutating func add(_ amount: Int, owedBy debtor: MemberID, to creditor: MemberID, currency: String) {
        guard debtor != creditor else { return }
        if debtor < creditor {
            amounts[Key(currency: currency, first: debtor, second: creditor), default: 0] += amount
        } else {
            amounts[Key(currency: currency, first: creditor, second: debtor), default: 0] -= amount
        }
    }

    func balances() -> [Balances.PairBalance] {
        amounts.compactMap { key, amount in
            guard amount != 0 else { return nil }
            return amount > 0
                ? Balances.PairBalance(currency: key.currency, debtor: key.first, creditor: key.second, amount: amount)
                : Balances.PairBalance(currency: key.currency, debtor: key.second, creditor: key.first, amount: -amount)
        }.sorted { ($0.currency, $0.debtor, $0.creditor) < ($1.currency, $1.debtor, $1.creditor) }
    }
}

/// Runs `body`, prefixing the field of an ``ExpenseError`` it throws with `prefix`.
private func prefixingField<T>(_ prefix: String, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch var error as ExpenseError {
        error.field = [prefix, error.field].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ".")
        throw error
    }
}
