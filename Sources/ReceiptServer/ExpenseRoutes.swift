import Expenses
import Foundation
import HouseholdApp
import Households
import Hummingbird
import ReceiptModel
import SharedExpenses

/// `/api/v1/expenses`, `/api/v1/balances` and payments: shared costs, who paid, who owes whom.
struct ExpenseRoutes {
    let services: HouseholdServices

    var ledger: ExpenseLedger { services.ledger }
    var payments: ExpensePayments { services.ledger.payments }

    func add(to group: RouterGroup<APIContext>) {
        group.get("expenses", use: list)
        group.post("expenses", use: create)
        group.get("expenses/{expenseId}", use: show)
        group.patch("expenses/{expenseId}", use: edit)
        group.delete("expenses/{expenseId}", use: delete)
        group.post("expenses/{expenseId}/payments", use: markPaid)
        group.delete("expenses/{expenseId}/payments/{paymentId}", use: deletePayment)
        group.get("balances", use: balances)
    }

    @Sendable func list(_ request: Request, context: APIContext) async throws -> ExpenseCollection {
        let userId = try context.caller().user.id
        return ExpenseCollection(expenses: try await answers(try await ledger.expenses(of: userId), for: userId))
    }

    @Sendable func create(_ request: Request, context: APIContext) async throws -> EditedResponse<ExpenseAnswer> {
        let body = try await JSONBody.read(request, context: context, allowed: ExpenseInput.fields)
        let userId = try context.caller().user.id
        let added = try await ledger.add(try body.decode(ExpenseInput.self), by: userId)
        return try await answer(added, for: userId).tagged(added.rev, status: .created, location: "/api/v1/expenses/\(added.value.id)")
    }

    @Sendable func show(_ request: Request, context: APIContext) async throws -> EditedResponse<ExpenseAnswer> {
        let userId = try context.caller().user.id
        let expense = try await ledger.expense(try context.parameters.require("expenseId"), for: userId)
        return try await answer(expense, for: userId).tagged(expense.rev)
    }

    @Sendable func edit(_ request: Request, context: APIContext) async throws -> EditedResponse<ExpenseAnswer> {
        let body = try await JSONBody.read(
            request,
            context: context,
            allowed: ["merchant", "date", "notes", "split", "payers", "total", "currency"]
        )
        let userId = try context.caller().user.id
        let id = try context.parameters.require("expenseId")
        if body.has("total") || body.has("currency") {
            // Checked after visibility and authorship, so an outsider still sees only 404.
            let current = try await ledger.expense(id, for: userId)
            guard current.value.createdBy == userId else {
                throw HouseholdError(.notUploader, "Only the member who added this expense can change it; you can view it.")
            }
            throw HouseholdError(
                .totalLocked,
                "The total was agreed when the expense was added and cannot change. Delete the expense and add it again if nothing is paid yet.",
                field: body.has("total") ? "total" : "currency"
            )
        }
        let edit = ExpenseLedger.Edit(
            merchant: body.has("merchant") ? .some(try body.string("merchant")) : nil,
            date: body.has("date") ? .some(try body.string("date")) : nil,
            notes: body.has("notes") ? .some(try body.string("notes")) : nil,
            split: try body.member("split", as: SplitInput.self),
            payers: try body.member("payers", as: [String: Amount].self)
        )
        let updated = try await ledger.edit(id, edit, by: userId, ifMatch: try ETag.ifMatch(request))
        return try await answer(updated, for: userId).tagged(updated.rev)
    }

    @Sendable func delete(_ request: Request, context: APIContext) async throws -> HTTPResponse.Status {
        try await ledger.delete(try context.parameters.require("expenseId"), by: try context.caller().user.id, ifMatch: try ETag.ifMatch(request))
        return .noContent
    }

    /// A member's share marked paid.
    @Sendable func markPaid(_ request: Request, context: APIContext) async throws -> EditedResponse<PaymentCollection> {
        let body = try await JSONBody.read(PaidShare.self, request, context: context)
        let recorded = try await payments.markPaid(
            expense: try context.parameters.require("expenseId"),
            member: body.member,
            by: try context.caller().user.id
        )
        return PaymentCollection(payments: recorded.map(PaymentAnswer.init)).created()
    }

    /// A payment of the expense is never deleted (409); one it does not have is 404.
    @Sendable func deletePayment(_ request: Request, context: APIContext) async throws -> Response {
        let userId = try context.caller().user.id
        let id = try context.parameters.require("expenseId")
        _ = try await ledger.expense(id, for: userId)
        guard try await payments.payments(ofExpense: id).contains(where: { $0.id == (try? context.parameters.require("paymentId")) }) else {
            throw HouseholdError(.expenseNotFound, "No such payment of this expense.")
        }
        throw Self.irreversible
    }

    /// What the caller owes each person and each owes them, across groups.
    @Sendable func balances(_ request: Request, context: APIContext) async throws -> PersonBalances {
        let userId = try context.caller().user.id
        let byPerson = try await payments.balancesByPerson(of: userId)
        let users = try await services.accounts.users(Array(byPerson.keys))
        return PersonBalances(
            people: byPerson.keys.sorted().map { id in
                PersonBalances.Person(
                    userId: id,
                    displayName: users[id]?.displayName ?? id,
                    amounts: byPerson[id, default: [:]].reduce(into: [:]) { $0[$1.key] = MinorUnits.amount($1.value, currency: $1.key) }
                )
            }
        )
    }

    static let irreversible = HouseholdError(
        .paymentIrreversible,
        "Payments are a permanent record and cannot be reversed. If money went back, record a payment the other way."
    )

    func answers(_ expenses: [Revisioned<ExpenseRecord>], for userId: String) async throws -> [ExpenseAnswer] {
        let standings = try await payments.standings(of: expenses.map(\.value), for: userId)
        return try expenses.map { expense in
            let standing = standings[expense.value.id]
            return try ExpenseAnswer(expense, status: standing?.status ?? .paid, payments: standing?.payments ?? [])
        }
    }

    func answer(_ expense: Revisioned<ExpenseRecord>, for userId: String) async throws -> ExpenseAnswer {
        try await answers([expense], for: userId)[0]
    }
}

/// The member whose share is paid.
struct PaidShare: RequestBody {
    var member: String

    enum CodingKeys: String, CodingKey, CaseIterable { case member }
}

struct PersonBalances: ResponseEncodable {
    struct Person: Encodable {
        var userId: String
        var displayName: String
        /// By currency (never added across currencies): positive, the caller owes them; negative,
        /// they owe the caller.
        var amounts: [String: Amount]
    }

    var people: [Person]
}

typealias PaymentAnswer = PaymentSummary

struct PaymentCollection: ResponseEncodable {
    var payments: [PaymentAnswer]
}

struct ExpenseCollection: ResponseEncodable {
    var expenses: [ExpenseAnswer]
}

struct ExpenseAnswer: ResponseEncodable {
    var id: String
    var rev: Int
    var group: String?
    var createdBy: String
    var createdAt: String
    var merchant: String?
    var date: String?
    var notes: String?
    var currency: String
    var total: Amount
    var receipt: ExpenseRecord.ReceiptLink?
    var payers: [String: Amount]
    var split: SplitAnswer
    /// Each member's share, summing exactly to the total.
    var shares: [String: Amount]
    /// Shares marked paid.
    var payments: [PaymentAnswer]
    /// For the caller: `uploaded-by-me`, `paid` or `to-pay`.
    var status: ExpenseStatus
    var recurringId: String?

    init(_ stored: Revisioned<ExpenseRecord>, status: ExpenseStatus, payments: [PaymentRecord]) throws {
        let record = stored.value
        let currency = record.expense.currency
        id = record.id
        rev = stored.rev
        group = record.group
        createdBy = record.createdBy
        createdAt = record.createdAt
        merchant = record.merchant
        date = record.date
        notes = record.notes
        self.currency = currency
        total = MinorUnits.amount(record.expense.total, currency: currency)
        receipt = record.receipt
        payers = record.expense.payers.mapValues { MinorUnits.amount($0, currency: currency) }
        split = SplitAnswer(record.expense.split, currency: currency)
        shares = try record.expense.shares().mapValues { MinorUnits.amount($0, currency: currency) }
        self.payments = payments.map(PaymentAnswer.init)
        self.status = status
        recurringId = record.recurringId
    }
}

/// A split as clients send it back (`mode` plus the mode's field), amounts as decimal strings.
struct SplitAnswer: ResponseEncodable {
    struct Line: Encodable {
        var name: String
        var price: Amount
        var discount: Amount?
        var members: [String: Int]
    }

    struct Extra: Encodable {
        var kind: String
        var amount: Amount
    }

    var mode: SplitMode
    var members: [String]?
    var weights: [String: Int]?
    var percentages: [String: Decimal]?
    var amounts: [String: Amount]?
    var lines: [Line]?
    var extras: [Extra]?
    var taxSpread: ItemizedReceipt.TaxSpread?

    init(_ split: Split, currency: String) {
        let money = { (minor: Int) in MinorUnits.amount(minor, currency: currency) }
        switch split {
        case .evenly(let members):
            mode = .evenly
            self.members = members
        case .shares(let weights):
            mode = .shares
            self.weights = weights
        case .percentages(let percentages):
            mode = .percentages
            self.percentages = percentages
        case .exact(let amounts):
            mode = .exact
            self.amounts = amounts.mapValues(money)
        case .byItem(let receipt):
            mode = .byItem
            lines = receipt.lines.map {
                Line(name: $0.name, price: money($0.price), discount: $0.discount == 0 ? nil : money($0.discount), members: $0.members)
            }
            extras = receipt.extras.map { Extra(kind: $0.kind.rawValue, amount: money($0.amount)) }
            taxSpread = receipt.taxSpread
        }
    }
}
