/// One shared cost: who paid how much, and how the total is divided.
///
/// The total is fixed when the expense is added (it may differ from the receipt's); payers and the
/// split are checked against it. Amounts are minor units of ``currency``.
public struct Expense: Sendable, Hashable, Codable, Identifiable {
    public var id: String
    /// ISO 4217 code, e.g. `EUR`; balances never add amounts of different currencies.
    public var currency: String
    /// Minor units; negative for a refund shared back.
    public var total: Int
    /// Who paid and how much, in minor units; the amounts sum to ``total`` (two cards, card and cash).
    public var payers: [MemberID: Int]
    public var split: Split

    public init(id: String, currency: String, total: Int, payers: [MemberID: Int], split: Split) {
        self.id = id
        self.currency = currency
        self.total = total
        self.payers = payers
        self.split = split
    }

    /// A whole expense paid by one member.
    public init(id: String, currency: String, total: Int, paidBy payer: MemberID, split: Split) {
        self.init(id: id, currency: currency, total: total, payers: [payer: total], split: split)
    }

    /// Each member's share, summing exactly to ``total``, after checking payers and split.
    /// - Throws: ``ExpenseError`` (`expense.payers-invalid`, `expense.split-invalid`,
    ///   `expense.item-unassigned`, `expense.amount-invalid`) naming the field at fault.
    public func shares() throws -> [MemberID: Int] {
        try validatePayers()
        return try split.shares(of: total)
    }

    /// Payers present, each on the total's side of zero, summing to the total.
    public func validatePayers() throws {
        guard !currency.isEmpty else {
            throw ExpenseError(.amountInvalid, "Name the expense's currency (e.g. EUR).", field: "currency")
        }
        try MinorUnits.check(total, field: "total")
        guard !payers.isEmpty else {
            throw ExpenseError(.payersInvalid, "Name who paid.", field: "payers")
        }
        for (payer, amount) in payers {
            try MinorUnits.check(amount, field: "payers.\(payer)")
            guard amount == 0 || (amount > 0) == (total > 0) else {
                throw ExpenseError(.payersInvalid, "\(payer)'s payment has the opposite sign of the total.", field: "payers.\(payer)")
            }
        }
        let paid = payers.values.reduce(0, +)
        guard paid == total else {
            throw ExpenseError(
                .payersInvalid,
                "The payers paid \(paid) minor units in all but the total is \(total); make the payments add up to the total.",
                field: "payers"
            )
        }
    }
}

/// Money handed from one member to another to settle up: recorded, never reversed (the server keeps
/// payments append-only), or suggested by ``SettleUp``. Amount in minor units of ``currency``, positive.
public struct Payment: Sendable, Hashable, Codable {
    public var from: MemberID
    public var to: MemberID
    public var amount: Int
    public var currency: String

    public init(from: MemberID, to: MemberID, amount: Int, currency: String) {
        self.from = from
        self.to = to
        self.amount = amount
        self.currency = currency
    }

    func validate(field: String) throws {
        try MinorUnits.check(amount, field: "\(field).amount")
        guard amount > 0 else { throw ExpenseError(.paymentInvalid, "A payment is a positive amount.", field: "\(field).amount") }
        guard from != to else { throw ExpenseError(.paymentInvalid, "A payment goes to someone else.", field: "\(field).to") }
        guard !currency.isEmpty else { throw ExpenseError(.paymentInvalid, "Name the payment's currency.", field: "\(field).currency") }
    }
}

extension Expense {
    /// What each member owes whom under this expense alone: from the members whose share exceeds
    /// what they paid to the members who paid more than their share (see ``Balances`` for how a
    /// debtor's amount is divided among several creditors). Marking a member's share paid records
    /// exactly these payments for that member.
    public func debts() throws -> [Payment] {
        let nets = try shares().merging(payers.mapValues { -$0 }, uniquingKeysWith: +)
        return Balances.debts(from: nets)
            .map { Payment(from: $0.debtor, to: $0.creditor, amount: $0.amount, currency: currency) }
            .sorted { ($0.from, $0.to) < ($1.from, $1.to) }
    }
}
