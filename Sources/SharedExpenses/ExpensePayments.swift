import DocumentStore
import Expenses
import Foundation
import Households
import ReceiptModel

/// Money recorded as handed over: a member's share of an expense marked paid by its uploader, or a
/// settle-up transfer between two members. Append-only: written once, never changed or deleted.
public struct PaymentRecord: Codable, Sendable, Hashable {
    public var id: String
    public var group: String?
    /// The expense whose share this pays; nil for a settle-up transfer.
    public var expenseId: String?
    public var from: String
    public var to: String
    /// Minor units of ``currency``, > 0.
    public var amount: Int
    public var currency: String
    public var recordedBy: String
    public var recordedAt: String

    public var payment: Expenses.Payment { Payment(from: from, to: to, amount: amount, currency: currency) }
}

/// A payment in amounts of its currency (`"9.13"`, never minor units), as the API answers it and
/// `receipts expense pay|transfer --json` prints it.
public struct PaymentSummary: Codable, Sendable, Hashable {
    public var id: String
    public var group: String?
    public var expenseId: String?
    public var from: String
    public var to: String
    public var amount: Amount
    public var currency: String
    public var recordedBy: String
    public var recordedAt: String

    public init(_ payment: PaymentRecord) {
        id = payment.id
        group = payment.group
        expenseId = payment.expenseId
        from = payment.from
        to = payment.to
        amount = MinorUnits.amount(payment.amount, currency: payment.currency)
        currency = payment.currency
        recordedBy = payment.recordedBy
        recordedAt = payment.recordedAt
    }
}

/// Where an expense stands for one member.
public enum ExpenseStatus: String, Codable, Sendable {
    /// The caller added it (and collects from the others).
    case uploadedByMe = "uploaded-by-me"
    /// The caller's share is paid, or the caller owes nothing under it.
    case paid
    /// The caller owes a share not yet marked paid.
    case toPay = "to-pay"
}

/// A group's balances in amounts of each currency: each member's position, who owes whom, and
/// the transfers that would settle it all (what the API answers and `receipts balances` prints).
public struct GroupBalances: Codable, Sendable, Hashable {
    public struct Position: Codable, Sendable, Hashable {
        public var member: String
        public var currency: String
        /// Positive: owes the group; negative: the group owes them.
        public var amount: Amount

        public init(member: String, currency: String, amount: Amount) {
            self.member = member
            self.currency = currency
            self.amount = amount
        }
    }

    public struct Debt: Codable, Sendable, Hashable {
        public var debtor: String
        public var creditor: String
        public var currency: String
        public var amount: Amount
    }

    public struct Transfer: Codable, Sendable, Hashable {
        public var from: String
        public var to: String
        public var currency: String
        public var amount: Amount
    }

    public var currencies: [String]
    public var members: [Position]
    public var pairs: [Debt]
    /// Settle-up suggestions, each recordable as a payment.
    public var suggestions: [Transfer]

    public init(_ balances: Balances) {
        let money = { (minor: Int, currency: String) in MinorUnits.amount(minor, currency: currency) }
        currencies = balances.currencies
        members = balances.members.map { Position(member: $0.member, currency: $0.currency, amount: money($0.amount, $0.currency)) }
        pairs = balances.pairs.map { Debt(debtor: $0.debtor, creditor: $0.creditor, currency: $0.currency, amount: money($0.amount, $0.currency)) }
        suggestions = SettleUp.transfers(for: balances).map {
            Transfer(from: $0.from, to: $0.to, currency: $0.currency, amount: money($0.amount, $0.currency))
        }
    }
}

extension ExpenseLedger {
    /// Payments and balances over this ledger's expenses: the one way the API, the pages and the
    /// CLI reach them.
    public var payments: ExpensePayments { ExpensePayments(ledger: self) }
}

/// Payments and balances over the ledger's expenses.
public struct ExpensePayments: Sendable {
    let ledger: ExpenseLedger

    init(ledger: ExpenseLedger) {
        self.ledger = ledger
    }

    var records: Records { ledger.records }

    /// The share payments recorded for one expense.
    public func payments(ofExpense id: String) async throws -> [PaymentRecord] {
        try await records.all(PaymentRecord.self, DocumentQuery(collection: Collections.payments, filters: [.equals("expenseId", id)])).map(\.value)
    }

    /// Marks `member`'s share of the expense paid: records what they owe under it to each member who
    /// paid more than their share. Only the uploader may, and only once.
    /// - Throws: `expense.not-uploader`, `expense.nothing-owed`, `expense.share-paid` (already marked).
    public func markPaid(expense id: String, member: String, by userId: String) async throws -> [PaymentRecord] {
        let record = try await ledger.expense(id, for: userId).value
        try ExpenseLedger.requireUploader(record, userId)
        let owed = try record.expense.debts().filter { $0.from == member }
        guard !owed.isEmpty else {
            throw HouseholdError(.nothingOwed, "\(member) owes nothing under this expense.", field: "member")
        }
        let instant = Instant.string(ledger.now())
        let payments = owed.map { debt in
            PaymentRecord(
                id: "p_" + Hashing.sha256Hex([id, debt.from, debt.to].joined(separator: "|")).prefix(24),
                group: record.group,
                expenseId: id,
                from: debt.from,
                to: debt.to,
                amount: debt.amount,
                currency: debt.currency,
                recordedBy: userId,
                recordedAt: instant
            )
        }
        do {
            // The ids derive from expense and members: a share is marked paid once, even by a retried request.
            try await records.store.putBatch(try payments.map { try records.write($0, Collections.payments, $0.id, expectedRev: 0) })
        } catch let error as StoreError where error.code == .conflict {
            throw HouseholdError(.sharePaid, "\(member)'s share is marked paid already; payments cannot be undone.", field: "member")
        }
        return payments
    }

    /// Records money handed over between two group members (a settle-up suggestion, or any
    /// amount). Either of the two may record it.
    public func recordTransfer(
        in groupId: String,
        from: String,
        to: String,
        amount: Amount,
        currency: String,
        by userId: String
    ) async throws -> PaymentRecord {
        let group = try await ledger.groups.group(groupId, for: userId).value
        guard userId == from || userId == to else {
            throw HouseholdError(.forbidden, "Record payments you made or received; the other member records their own.")
        }
        for (field, member) in [("from", from), ("to", to)] where !group.members.contains(member) {
            throw HouseholdError(.notInGroup, "\(member) is not in the group.", field: field)
        }
        guard from != to else { throw HouseholdError(.paymentToSelf, "A payment goes to someone else.", field: "to") }
        let currency = try CartEditor.validCurrency(currency)
        let minor = try MinorUnits.of(amount, currency: currency, field: "amount")
        guard minor > 0 else { throw HouseholdError.invalid("amount", "A payment is a positive amount.") }
        let payment = PaymentRecord(
            id: Identifiers.make("p"),
            group: groupId,
            expenseId: nil,
            from: from,
            to: to,
            amount: minor,
            currency: currency,
            recordedBy: userId,
            recordedAt: Instant.string(ledger.now())
        )
        try await records.put(payment, Collections.payments, payment.id, expectedRev: 0)
        return payment
    }

    /// The group's payments, oldest first.
    public func payments(inGroup groupId: String, for userId: String) async throws -> [PaymentRecord] {
        _ = try await ledger.groups.group(groupId, for: userId)
        return try await records.all(PaymentRecord.self, DocumentQuery(collection: Collections.payments, filters: [.equals("group", groupId)]))
            .map(\.value).sorted { ($0.recordedAt, $0.id) < ($1.recordedAt, $1.id) }
    }

    /// Positions, pairs and settle-up suggestions of a group, per currency.
    public func balances(ofGroup groupId: String, for userId: String) async throws -> GroupBalances {
        let expenses = try await ledger.expenses(inGroup: groupId, for: userId)
        let payments = try await payments(inGroup: groupId, for: userId)
        return GroupBalances(try Balances(expenses: expenses.map(\.value.expense), payments: payments.map(\.payment)))
    }

    /// What the caller owes each person they share expenses with (positive) or is owed
    /// (negative), per currency, over all their groups and personal expenses.
    public func balancesByPerson(of userId: String) async throws -> [String: [String: Int]] {
        let expenses = try await ledger.expenses(of: userId)
        var payments: [String: PaymentRecord] = [:]
        for field in ["from", "to"] {
            let found = try await records.all(
                PaymentRecord.self,
                DocumentQuery(collection: Collections.payments, filters: [.equals(FieldPath(field), userId)])
            )
            for payment in found { payments[payment.value.id] = payment.value }
        }
        let balances = try Balances(expenses: expenses.map(\.value.expense), payments: payments.values.map(\.payment))
        var result: [String: [String: Int]] = [:]
        for pair in balances.pairs where pair.debtor == userId || pair.creditor == userId {
            let other = pair.debtor == userId ? pair.creditor : pair.debtor
            result[other, default: [:]][pair.currency, default: 0] += pair.debtor == userId ? pair.amount : -pair.amount
        }
        return result
    }

    /// Each expense's recorded share payments and where it stands for the caller, reading each
    /// expense's payments once.
    public func standings(of expenses: [ExpenseRecord], for userId: String) async throws -> [String: Standing] {
        var result: [String: Standing] = [:]
        for record in expenses {
            let paid = try await payments(ofExpense: record.id)
            result[record.id] = Standing(payments: paid, status: try Self.status(of: record, payments: paid, for: userId))
        }
        return result
    }

    public struct Standing: Sendable {
        public var payments: [PaymentRecord]
        public var status: ExpenseStatus
    }

    static func status(of record: ExpenseRecord, payments: [PaymentRecord], for userId: String) throws -> ExpenseStatus {
        if record.createdBy == userId { return .uploadedByMe }
        let owes = try record.expense.debts().contains { $0.from == userId }
        return owes && !payments.contains { $0.from == userId } ? .toPay : .paid
    }
}

/// An expense in amounts of its currency, for printing and for clients that only show it.
public struct ExpenseSummary: Codable, Sendable, Hashable {
    public var id: String
    public var group: String?
    public var createdBy: String
    public var merchant: String?
    public var date: String?
    public var currency: String
    public var total: Amount
    public var payers: [String: Amount]
    /// Each member's share; they sum exactly to the total.
    public var shares: [String: Amount]
    public var split: SplitMode
    /// For a receipt split by item with tax: whether the tax went over the lines the receipt
    /// marks taxed, or over all lines because it marks none.
    public var taxSpread: ItemizedReceipt.TaxSpread?
    public var paid: [String]
    public var status: ExpenseStatus?

    public init(_ record: ExpenseRecord, payments: [PaymentRecord], status: ExpenseStatus?) throws {
        let currency = record.expense.currency
        let money = { (minor: Int) in MinorUnits.amount(minor, currency: currency) }
        id = record.id
        group = record.group
        createdBy = record.createdBy
        merchant = record.merchant
        date = record.date
        self.currency = currency
        total = money(record.expense.total)
        payers = record.expense.payers.mapValues(money)
        shares = try record.expense.shares().mapValues(money)
        split = record.expense.split.mode
        if case .byItem(let receipt) = record.expense.split { taxSpread = receipt.taxSpread }
        paid = Array(Set(payments.map(\.from))).sorted()
        self.status = status
    }
}
