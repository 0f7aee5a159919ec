import Expenses
import Foundation
import HouseholdApp
import Households
import Hummingbird
import ReceiptModel
import SharedExpenses

/// `/api/v1/groups` with their expenses, balances, payments and recurring expenses; friends and
/// profile pictures (GroupRoutes+Friends).
struct GroupRoutes {
    let services: HouseholdServices
    let maxPictureBytes: Int

    var groups: ExpenseGroups { services.ledger.groups }
    var payments: ExpensePayments { services.ledger.payments }
    var recurring: RecurringExpenses { RecurringExpenses(ledger: services.ledger) }

    func add(to group: RouterGroup<APIContext>) {
        group.get("friends", use: friends)
        group.post("friends", use: addFriend)
        group.put("me/picture", use: setPicture)
        group.get("users/{userId}/picture", use: picture)
        group.get("groups", use: list)
        group.post("groups", use: create)
        group.get("groups/{groupId}", use: show)
        group.patch("groups/{groupId}", use: update)
        group.post("groups/{groupId}/members", use: addMember)
        group.get("groups/{groupId}/expenses", use: expenses)
        group.get("groups/{groupId}/balances", use: balances)
        group.get("groups/{groupId}/payments", use: listPayments)
        group.post("groups/{groupId}/payments", use: recordPayment)
        group.delete("groups/{groupId}/payments/{paymentId}", use: deletePayment)
        group.get("groups/{groupId}/recurring", use: schedules)
        group.post("groups/{groupId}/recurring", use: createSchedule)
        group.delete("groups/{groupId}/recurring/{recurringId}", use: stopSchedule)
    }

    @Sendable func list(_ request: Request, context: APIContext) async throws -> GroupCollection {
        let found = try await groups.groups(of: try context.caller().user.id)
        return GroupCollection(groups: try await answers(found))
    }

    @Sendable func create(_ request: Request, context: APIContext) async throws -> EditedResponse<GroupAnswer> {
        let body = try await JSONBody.read(NewGroup.self, request, context: context)
        let created = try await groups.create(
            name: body.name,
            members: body.members ?? [],
            defaultWeights: body.defaultWeights,
            currency: body.currency,
            by: try context.caller().user.id
        )
        return try await answers([created])[0].tagged(created.rev, status: .created, location: "/api/v1/groups/\(created.value.id)")
    }

    @Sendable func show(_ request: Request, context: APIContext) async throws -> EditedResponse<GroupAnswer> {
        let found = try await groups.group(try context.parameters.require("groupId"), for: try context.caller().user.id)
        return try await answers([found])[0].tagged(found.rev)
    }

    @Sendable func update(_ request: Request, context: APIContext) async throws -> EditedResponse<GroupAnswer> {
        let body = try await JSONBody.read(GroupEdit.self, request, context: context)
        let updated = try await groups.update(
            try context.parameters.require("groupId"),
            name: body.name,
            defaultWeights: body.defaultWeights,
            by: try context.caller().user.id,
            ifMatch: try ETag.ifMatch(request)
        )
        return try await answers([updated])[0].tagged(updated.rev)
    }

    @Sendable func addMember(_ request: Request, context: APIContext) async throws -> EditedResponse<GroupAnswer> {
        let body = try await JSONBody.read(NewMember.self, request, context: context)
        let updated = try await groups.add(
            member: body.userId,
            to: try context.parameters.require("groupId"),
            by: try context.caller().user.id
        )
        return try await answers([updated])[0].tagged(updated.rev)
    }

    @Sendable func expenses(_ request: Request, context: APIContext) async throws -> ExpenseCollection {
        let userId = try context.caller().user.id
        let found = try await services.ledger.expenses(inGroup: try context.parameters.require("groupId"), for: userId)
        return ExpenseCollection(expenses: try await ExpenseRoutes(services: services).answers(found, for: userId))
    }

    @Sendable func balances(_ request: Request, context: APIContext) async throws -> GroupBalances {
        let balances = try await payments.balances(ofGroup: try context.parameters.require("groupId"), for: try context.caller().user.id)
        return balances
    }

    @Sendable func listPayments(_ request: Request, context: APIContext) async throws -> PaymentCollection {
        let found = try await payments.payments(inGroup: try context.parameters.require("groupId"), for: try context.caller().user.id)
        return PaymentCollection(payments: found.map(PaymentAnswer.init))
    }

    /// Money that went from one member to another.
    @Sendable func recordPayment(_ request: Request, context: APIContext) async throws -> EditedResponse<PaymentAnswer> {
        let body = try await JSONBody.read(request, context: context, allowed: ["from", "to", "amount", "currency"])
        guard let amount = try body.amount("amount") ?? nil else { throw Problem.badRequest("amount", "Give the amount, e.g. \"12.50\".") }
        let payment = try await payments.recordTransfer(
            in: try context.parameters.require("groupId"),
            from: try body.requiredString("from"),
            to: try body.requiredString("to"),
            amount: amount,
            currency: try body.requiredString("currency"),
            by: try context.caller().user.id
        )
        return PaymentAnswer(payment).created()
    }

    /// A payment of the group is never deleted (409); one it does not have is 404.
    @Sendable func deletePayment(_ request: Request, context: APIContext) async throws -> Response {
        let found = try await payments.payments(inGroup: try context.parameters.require("groupId"), for: try context.caller().user.id)
        let paymentId = try context.parameters.require("paymentId")
        guard found.contains(where: { $0.id == paymentId }) else { throw HouseholdError(.expenseNotFound, "No such payment in this group.") }
        throw ExpenseRoutes.irreversible
    }

    @Sendable func schedules(_ request: Request, context: APIContext) async throws -> RecurringCollection {
        let found = try await recurring.schedules(in: try context.parameters.require("groupId"), for: try context.caller().user.id)
        return RecurringCollection(recurring: found)
    }

    @Sendable func createSchedule(_ request: Request, context: APIContext) async throws -> EditedResponse<RecurringExpense> {
        let body = try await JSONBody.read(request, context: context, allowed: ["every", "start", "expense"])
        guard let every = RecurringExpense.Every(rawValue: try body.requiredString("every")) else {
            throw Problem.badRequest("every", "'every' is week or month.")
        }
        guard let template = try body.member("expense", as: ExpenseInput.self) else {
            throw Problem.badRequest("expense", "Give the expense to repeat in 'expense'.")
        }
        let groupId = try context.parameters.require("groupId")
        let schedule = try await recurring.create(
            in: groupId,
            every: every,
            start: try body.requiredString("start"),
            template: template,
            by: try context.caller().user.id
        )
        return schedule.created(at: "/api/v1/groups/\(groupId)/recurring/\(schedule.id)")
    }

    @Sendable func stopSchedule(_ request: Request, context: APIContext) async throws -> RecurringExpense {
        let schedule = try await recurring.stop(
            try context.parameters.require("recurringId"),
            in: try context.parameters.require("groupId"),
            by: try context.caller().user.id
        )
        return schedule
    }

    private func answers(_ found: [Revisioned<ExpenseGroup>]) async throws -> [GroupAnswer] {
        let users = try await services.accounts.users(found.flatMap(\.value.members))
        return found.map { GroupAnswer($0, users: users) }
    }
}

struct GroupAnswer: ResponseEncodable {
    struct Member: Encodable {
        var id: String
        var displayName: String
    }

    var id: String
    var rev: Int
    var name: String
    var createdBy: String
    var createdAt: String
    var members: [Member]
    var defaultWeights: [String: Int]?
    var currency: String?

    init(_ stored: Revisioned<ExpenseGroup>, users: [String: PublicUser]) {
        let group = stored.value
        id = group.id
        rev = stored.rev
        name = group.name
        createdBy = group.createdBy
        createdAt = group.createdAt
        members = group.members.map { Member(id: $0, displayName: users[$0]?.displayName ?? $0) }
        defaultWeights = group.defaultWeights
        currency = group.currency
    }
}

struct GroupCollection: ResponseEncodable {
    var groups: [GroupAnswer]
}

struct RecurringCollection: ResponseEncodable {
    var recurring: [RecurringExpense]
}

/// A new group: its name, the caller's friends in it, and how it usually splits.
struct NewGroup: RequestBody {
    var name: String
    var members: [String]?
    var defaultWeights: [String: Int]?
    var currency: String?

    enum CodingKeys: String, CodingKey, CaseIterable { case name, members, defaultWeights, currency }
}

/// A group's changes: an absent member is unchanged; null weights split evenly again.
struct GroupEdit: RequestBody {
    var name: String?
    var defaultWeights: [String: Int]??

    enum CodingKeys: String, CodingKey, CaseIterable { case name, defaultWeights }
}

/// A friend of the caller who joins a group.
struct NewMember: RequestBody {
    var userId: String

    enum CodingKeys: String, CodingKey, CaseIterable { case userId }
}
