import Expenses
import Foundation
import HouseholdApp
import Households
import Hummingbird
import ReceiptModel
import SharedExpenses

/// `/api/v1/friends`, profile pictures and `/api/v1/groups` with their expenses, balances,
/// payments and recurring expenses.
struct GroupRoutes {
    let services: HouseholdServices
    let maxPictureBytes: Int

    var groups: ExpenseGroups { services.ledger.groups }
    var payments: ExpensePayments { ExpensePayments(ledger: services.ledger) }
    var recurring: RecurringExpenses { RecurringExpenses(ledger: services.ledger) }

    func add(to group: RouterGroup<APIContext>) {
        addFriends(to: group)
        group.get("groups") { _, context in
            let found = try await groups.groups(of: try context.caller().user.id)
            return try JSONResponse.make(GroupCollection(groups: try await answers(found)))
        }
        group.post("groups") { request, context in
            let body = try await JSONBody.read(request, context: context, allowed: ["name", "members", "defaultWeights", "currency"])
            let created = try await groups.create(
                name: try body.requiredString("name"),
                members: try body.member("members", as: [String].self) ?? [],
                defaultWeights: try body.member("defaultWeights", as: [String: Int].self),
                currency: try body.string("currency"),
                by: try context.caller().user.id
            )
            return try JSONResponse.make(
                try await answers([created])[0],
                status: .created,
                etag: created.rev,
                headers: [.location: "/api/v1/groups/\(created.value.id)"]
            )
        }
        group.get("groups/{groupId}") { _, context in
            let found = try await groups.group(try context.parameters.require("groupId"), for: try context.caller().user.id)
            return try JSONResponse.make(try await answers([found])[0], etag: found.rev)
        }
        group.patch("groups/{groupId}") { request, context in
            let body = try await JSONBody.read(request, context: context, allowed: ["name", "defaultWeights"])
            let updated = try await groups.update(
                try context.parameters.require("groupId"),
                name: try body.string("name"),
                defaultWeights: body.has("defaultWeights") ? .some(try body.member("defaultWeights", as: [String: Int].self)) : nil,
                by: try context.caller().user.id,
                ifMatch: try ETag.ifMatch(request)
            )
            return try JSONResponse.make(try await answers([updated])[0], etag: updated.rev)
        }
        group.post("groups/{groupId}/members") { request, context in
            let body = try await JSONBody.read(request, context: context, allowed: ["userId"])
            let updated = try await groups.add(
                member: try body.requiredString("userId"),
                to: try context.parameters.require("groupId"),
                by: try context.caller().user.id
            )
            return try JSONResponse.make(try await answers([updated])[0], etag: updated.rev)
        }
        group.get("groups/{groupId}/expenses") { _, context in
            let userId = try context.caller().user.id
            let found = try await services.ledger.expenses(inGroup: try context.parameters.require("groupId"), for: userId)
            return try JSONResponse.make(ExpenseCollection(expenses: try await ExpenseRoutes(services: services).answers(found, for: userId)))
        }
        group.get("groups/{groupId}/balances") { _, context in
            let balances = try await payments.balances(ofGroup: try context.parameters.require("groupId"), for: try context.caller().user.id)
            return try JSONResponse.make(balances)
        }
        group.get("groups/{groupId}/payments") { _, context in
            let found = try await payments.payments(inGroup: try context.parameters.require("groupId"), for: try context.caller().user.id)
            return try JSONResponse.make(PaymentCollection(payments: found.map(PaymentAnswer.init)))
        }
        group.post("groups/{groupId}/payments") { request, context in
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
            return try JSONResponse.make(PaymentAnswer(payment), status: .created)
        }
        group.delete("groups/{groupId}/payments/{paymentId}") { _, context -> Response in
            let found = try await payments.payments(inGroup: try context.parameters.require("groupId"), for: try context.caller().user.id)
            let paymentId = try context.parameters.require("paymentId")
            guard found.contains(where: { $0.id == paymentId }) else { throw HouseholdError(.expenseNotFound, "No such payment in this group.") }
            throw ExpenseRoutes.irreversible
        }
        group.get("groups/{groupId}/recurring") { _, context in
            let found = try await recurring.schedules(in: try context.parameters.require("groupId"), for: try context.caller().user.id)
            return try JSONResponse.make(RecurringCollection(recurring: found))
        }
        group.post("groups/{groupId}/recurring") { request, context in
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
            return try JSONResponse.make(schedule, status: .created, headers: [.location: "/api/v1/groups/\(groupId)/recurring/\(schedule.id)"])
        }
        group.delete("groups/{groupId}/recurring/{recurringId}") { _, context in
            let schedule = try await recurring.stop(
                try context.parameters.require("recurringId"),
                in: try context.parameters.require("groupId"),
                by: try context.caller().user.id
            )
            return try JSONResponse.make(schedule)
        }
    }

    private func addFriends(to group: RouterGroup<APIContext>) {
        group.get("friends") { _, context in
            let userId = try context.caller().user.id
            let friends = try await services.friends.friends(of: userId)
            let balances = try await payments.balancesByPerson(of: userId)
            return try JSONResponse.make(FriendCollection(friends: friends.map { FriendAnswer($0, balances: balances[$0.id] ?? [:]) }))
        }
        group.post("friends") { request, context in
            let body = try await JSONBody.read(request, context: context, allowed: ["email"])
            let friend = try await services.friends.add(email: try body.requiredString("email"), by: try context.caller().user)
            return try JSONResponse.make(FriendAnswer(friend, balances: [:]), status: .created)
        }
        group.put("me/picture") { request, context in
            let data = try await UploadedImage.read(request, limit: maxPictureBytes)
            try await services.friends.setPicture(data, of: try context.caller().user.id)
            return JSONResponse.noContent()
        }
        group.get("users/{userId}/picture") { request, context in
            let data = try await services.friends.picture(of: try context.parameters.require("userId"), for: try context.caller().user.id)
            return try await UploadedImage.respond(data, thumbnail: request.uri.queryParameters.get("size") == "thumbnail", store: services.store)
        }
    }

    private func answers(_ found: [Revisioned<ExpenseGroup>]) async throws -> [GroupAnswer] {
        let users = try await services.accounts.users(found.flatMap(\.value.members))
        return found.map { GroupAnswer($0, users: users) }
    }
}

struct FriendAnswer: Encodable {
    var id: String
    var displayName: String
    var email: String
    var since: String
    var hasPicture: Bool
    /// By currency: positive, the caller owes them; negative, they owe the caller.
    var balance: [String: Amount]

    init(_ friend: Friend, balances: [String: Int]) {
        id = friend.id
        displayName = friend.displayName
        email = friend.email
        since = friend.since
        hasPicture = friend.hasPicture
        balance = balances.reduce(into: [:]) { $0[$1.key] = MinorUnits.amount($1.value, currency: $1.key) }
    }
}

struct FriendCollection: Encodable {
    var friends: [FriendAnswer]
}

struct GroupAnswer: Encodable {
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

struct GroupCollection: Encodable {
    var groups: [GroupAnswer]
}

struct RecurringCollection: Encodable {
    var recurring: [RecurringExpense]
}
