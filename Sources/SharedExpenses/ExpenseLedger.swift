import DocumentStore
import Expenses
import Foundation
import Households
import Logging
import ReceiptModel

/// A shared cost as stored: the pure ``Expense`` (currency, total and payers in minor units, split)
/// with who added it, when, what for, and the receipt it came from.
public struct ExpenseRecord: Codable, Sendable, Hashable {
    public var id: String
    /// The group; nil for a personal expense between friends.
    public var group: String?
    /// Everyone who paid or has a share, and whoever added it: who can see it.
    public var participants: [String]
    /// The uploader: the only one who may edit it, mark shares paid or delete it.
    public var createdBy: String
    public var createdAt: String
    public var merchant: String?
    public var date: String?
    public var notes: String?
    /// The cart it was split from, and that receipt's own total (the agreed total may differ).
    public var receipt: ReceiptLink?
    public var expense: Expense
    /// The recurring expense this is an occurrence of.
    public var recurringId: String?
    /// Set when deleted: the record stays, so the change log keeps it.
    public var deletedAt: String?
    public var deletedBy: String?

    public struct ReceiptLink: Codable, Sendable, Hashable {
        public var household: String?
        public var cartId: String
        public var total: Amount?
    }

    public var isDeleted: Bool { deletedAt != nil }
}

/// Looks up a cart the caller may split: `(household, cartId, callerId)`.
public typealias CartLookup = @Sendable (String?, String, String) async throws -> CartDocument

/// Expenses: add, read, edit (uploader only; never the total), delete (uploader only, never with
/// paid shares). Payments and balances are in ExpensePayments.swift.
public struct ExpenseLedger: Sendable {
    let records: Records
    public let groups: ExpenseGroups
    let cart: CartLookup
    let now: @Sendable () -> Date
    let logger: Logger

    static let notFound = HouseholdError(.expenseNotFound, "No such expense, or it is not shared with you.")

    public init(
        records: Records,
        groups: ExpenseGroups,
        cart: @escaping CartLookup,
        now: @escaping @Sendable () -> Date = Date.init,
        logger: Logger
    ) {
        self.records = records
        self.groups = groups
        self.cart = cart
        self.now = now
        self.logger = logger
    }

    /// Adds an expense. The caller pays the whole total unless `paidBy` or `payers` say otherwise.
    /// - Throws: `group.not-found`, `request.invalid` (a member outside the group, a bad date), the
    ///   expense module's `expense.*` validation errors.
    public func add(_ input: ExpenseInput, by userId: String, id: String? = nil, recurringId: String? = nil) async throws -> Revisioned<ExpenseRecord>
    {
        let record = try await makeRecord(input, by: userId, id: id ?? Identifiers.make("x"), recurringId: recurringId)
        var writes = [try records.write(record, Collections.expenses, record.id, expectedRev: 0)]
        if record.group == nil {
            for participant in record.participants {
                writes.append(
                    try records.write(
                        ["userId": participant, "expenseId": record.id],
                        Collections.expenseLinks,
                        Identifiers.pair(participant, record.id),
                        expectedRev: 0
                    )
                )
            }
        }
        let stored = try await records.store.putBatch(writes)
        logger.info("expense added", metadata: ["expense.id": "\(record.id)", "group.id": "\(record.group ?? "-")"])
        return Revisioned(record, rev: stored[0].rev)
    }

    func makeRecord(_ input: ExpenseInput, by userId: String, id: String, recurringId: String?) async throws -> ExpenseRecord {
        var group: ExpenseGroup?
        if let id = input.group { group = try await groups.group(id, for: userId).value }
        var cart: CartDocument?
        if let receipt = input.receipt { cart = try await self.cart(receipt.household, receipt.cart, userId) }
        guard let currency = try (input.currency ?? cart?.currency ?? group?.currency).map(CartEditor.validCurrency) else {
            throw HouseholdError.invalid("currency", "Name the expense's currency (e.g. EUR).")
        }
        guard let totalAmount = input.total ?? cart?.total ?? cart?.totalPrice else {
            throw HouseholdError.invalid("total", "Give the expense's total.")
        }
        let total = try MinorUnits.of(totalAmount, currency: currency, field: "total")
        var payers: [String: Int] = [:]
        if let given = input.payers {
            for (member, amount) in given { payers[member] = try MinorUnits.of(amount, currency: currency, field: "payers.\(member)") }
        } else {
            payers[input.paidBy ?? userId] = total
        }
        let everyone = group?.members ?? Array(Set([userId] + payers.keys)).sorted()
        let split =
            try input.split?.split(currency: currency, everyone: everyone, cart: cart)
            ?? group?.defaultSplit
            ?? .evenly(members: everyone)
        let expense = Expense(id: id, currency: currency, total: total, payers: payers, split: split)
        _ = try expense.shares()
        let participants = Set(payers.keys).union(split.members).union([userId])
        if let group {
            if let outsider = participants.sorted().first(where: { !group.members.contains($0) }) {
                throw HouseholdError(.notInGroup, "\(outsider) is not in the group; add them to the group first.", field: "split")
            }
        } else {
            try await groups.requireAllowed(participants.sorted(), by: userId, field: "split")
        }
        return ExpenseRecord(
            id: id,
            group: group?.id,
            participants: participants.sorted(),
            createdBy: userId,
            createdAt: Instant.string(now()),
            merchant: try Self.text(input.merchant ?? cart?.merchant?.name, "merchant", 200),
            date: try Self.validDate(input.date ?? cart?.date),
            notes: try Self.text(input.notes, "notes", 2000),
            receipt: input.receipt.map {
                ExpenseRecord.ReceiptLink(household: $0.household, cartId: $0.cart, total: cart?.total ?? cart?.totalPrice)
            },
            expense: expense,
            recurringId: recurringId
        )
    }

    /// An expense the caller can see (a member of its group, or a participant of a personal one).
    public func expense(_ id: String, for userId: String) async throws -> Revisioned<ExpenseRecord> {
        guard let stored = try await records.get(ExpenseRecord.self, Collections.expenses, id), !stored.value.isDeleted else { throw Self.notFound }
        try await requireVisible(stored.value, to: userId)
        return stored
    }

    func requireVisible(_ record: ExpenseRecord, to userId: String) async throws {
        if let group = record.group {
            do { _ = try await groups.group(group, for: userId) } catch { throw Self.notFound }
        } else if !record.participants.contains(userId) {
            throw Self.notFound
        }
    }

    /// A group's expenses (recurring ones due by today included), newest first.
    public func expenses(inGroup groupId: String, for userId: String) async throws -> [Revisioned<ExpenseRecord>] {
        _ = try await groups.group(groupId, for: userId)
        // One read of the group's expenses serves both: which recurring occurrences are due, and the answer.
        var all = try await records.all(ExpenseRecord.self, DocumentQuery(collection: Collections.expenses, filters: [.equals("group", groupId)]))
        all += try await RecurringExpenses(ledger: self).materialize(group: groupId, existing: Set(all.map(\.value.id)))
        return Self.newestFirst(all.filter { !$0.value.isDeleted })
    }

    /// Every expense the caller shares: of their groups, and personal ones.
    public func expenses(of userId: String) async throws -> [Revisioned<ExpenseRecord>] {
        var result: [Revisioned<ExpenseRecord>] = []
        for group in try await groups.groups(of: userId) {
            result += try await expenses(inGroup: group.value.id, for: userId)
        }
        let links = try await records.store.all(DocumentQuery(collection: Collections.expenseLinks, filters: [.equals("userId", userId)]))
        for link in links {
            guard let id = link.document["expenseId"]?.stringValue,
                let stored = try await records.get(ExpenseRecord.self, Collections.expenses, id),
                !stored.value.isDeleted, stored.value.participants.contains(userId)
            else { continue }
            result.append(stored)
        }
        return Self.newestFirst(result)
    }

    /// What the uploader may change after adding: merchant, date, notes, who paid (while nothing is
    /// paid) and the split, as long as no share already marked paid changes.
    public struct Edit: Sendable {
        public var merchant: String??
        public var date: String??
        public var notes: String??
        public var split: SplitInput?
        public var payers: [String: Amount]?

        public init(merchant: String?? = nil, date: String?? = nil, notes: String?? = nil, split: SplitInput? = nil, payers: [String: Amount]? = nil)
        {
            self.merchant = merchant
            self.date = date
            self.notes = notes
            self.split = split
            self.payers = payers
        }
    }

    /// - Throws: `expense.not-uploader` (403) for anyone but the uploader, `expense.share-paid`
    ///   when the change would alter a paid share.
    public func edit(_ id: String, _ edit: Edit, by userId: String, ifMatch: Int?) async throws -> Revisioned<ExpenseRecord> {
        let current = try await expense(id, for: userId)
        try Self.requireUploader(current.value, userId)
        let paid = try await payments.payments(ofExpense: id)
        var cart: CartDocument?
        if let receipt = current.value.receipt, edit.split != nil { cart = try await self.cart(receipt.household, receipt.cartId, userId) }
        var group: ExpenseGroup?
        if let id = current.value.group { group = try await groups.group(id, for: userId).value }
        var candidate = current.value
        if let merchant = edit.merchant { candidate.merchant = try Self.text(merchant, "merchant", 200) }
        if let date = edit.date { candidate.date = try Self.validDate(date) }
        if let notes = edit.notes { candidate.notes = try Self.text(notes, "notes", 2000) }
        if let payers = edit.payers {
            guard paid.isEmpty else {
                throw HouseholdError(.sharePaid, "Shares of this expense are paid already; who paid can no longer change.", field: "payers")
            }
            candidate.expense.payers = try payers.reduce(into: [:]) { result, entry in
                result[entry.key] = try MinorUnits.of(entry.value, currency: candidate.expense.currency, field: "payers.\(entry.key)")
            }
        }
        if let split = edit.split {
            candidate.expense.split = try split.split(
                currency: candidate.expense.currency,
                everyone: group?.members ?? current.value.participants,
                cart: cart
            )
        }
        _ = try candidate.expense.shares()
        let participants = Set(candidate.expense.payers.keys).union(candidate.expense.split.members).union([candidate.createdBy])
        if let group, let outsider = participants.sorted().first(where: { !group.members.contains($0) }) {
            throw HouseholdError(.notInGroup, "\(outsider) is not in the group; add them to the group first.", field: "split")
        }
        if group == nil { try await groups.requireAllowed(participants.sorted(), by: userId, field: "split") }
        candidate.participants = participants.sorted()
        // A paid share is settled: the members who paid must owe exactly what they paid, to whom they paid it.
        let before = try current.value.expense.debts()
        let after = try candidate.expense.debts()
        for member in Set(paid.map(\.from)) where before.filter({ $0.from == member }) != after.filter({ $0.from == member }) {
            throw HouseholdError(.sharePaid, "\(member)'s share is marked paid; a split that changes it is refused.", field: "split")
        }
        let final = candidate
        let updated = try await records.update(ExpenseRecord.self, Collections.expenses, id, ifMatch: ifMatch ?? current.rev, notFound: Self.notFound)
        { record in
            record = final
        }.0
        if updated.value.group == nil {
            for participant in updated.value.participants where !current.value.participants.contains(participant) {
                _ = try? await records.put(
                    ["userId": participant, "expenseId": id],
                    Collections.expenseLinks,
                    Identifiers.pair(participant, id),
                    expectedRev: 0
                )
            }
        }
        return updated
    }

    /// Deletes an expense without paid shares; the record stays, marked deleted, for the change log.
    public func delete(_ id: String, by userId: String, ifMatch: Int?) async throws {
        let current = try await expense(id, for: userId)
        try Self.requireUploader(current.value, userId)
        guard try await payments.payments(ofExpense: id).isEmpty else {
            throw HouseholdError(.hasPayments, "Shares of this expense are paid; an expense with payments cannot be deleted.")
        }
        let instant = Instant.string(now())
        _ = try await records.update(ExpenseRecord.self, Collections.expenses, id, ifMatch: ifMatch ?? current.rev, notFound: Self.notFound) {
            record in
            record.deletedAt = instant
            record.deletedBy = userId
        }
    }

    static func requireUploader(_ record: ExpenseRecord, _ userId: String) throws {
        guard record.createdBy == userId else {
            throw HouseholdError(.notUploader, "Only the member who added this expense can change it; you can view it.")
        }
    }

    static func newestFirst(_ records: [Revisioned<ExpenseRecord>]) -> [Revisioned<ExpenseRecord>] {
        records.sorted { ($0.value.date ?? "", $0.value.createdAt, $0.value.id) > ($1.value.date ?? "", $1.value.createdAt, $1.value.id) }
    }

    static func text(_ value: String?, _ field: String, _ limit: Int) throws -> String? {
        guard let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        guard trimmed.count <= limit else { throw HouseholdError.invalid(field, "Keep \(field) to \(limit) characters.") }
        return trimmed
    }

    static func validDate(_ value: String?) throws -> String? {
        guard let value, !value.isEmpty else { return nil }
        guard ExpenseCalendar.day(value) != nil else { throw HouseholdError.invalid("date", "Give the date as yyyy-MM-dd, e.g. 2026-11-24.") }
        return value
    }
}

/// Days as `yyyy-MM-dd` in UTC: the dates of expenses and of recurring schedules.
enum ExpenseCalendar {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    static func day(_ text: String) -> Date? {
        let parts = text.split(separator: "-")
        guard text.count == 10, parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
            string(date) == text
        else { return nil }
        return date
    }

    static func string(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
