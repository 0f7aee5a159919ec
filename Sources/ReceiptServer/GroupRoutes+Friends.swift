import Expenses
import Foundation
import HouseholdApp
import Households
import Hummingbird
import ReceiptModel
import SharedExpenses

/// `/api/v1/friends` (with what is owed between the caller and each) and profile pictures.
extension GroupRoutes {
    @Sendable func friends(_ request: Request, context: APIContext) async throws -> FriendCollection {
        let userId = try context.caller().user.id
        let friends = try await services.friends.friends(of: userId)
        let balances = try await payments.balancesByPerson(of: userId)
        return FriendCollection(friends: friends.map { FriendAnswer($0, balances: balances[$0.id] ?? [:]) })
    }

    @Sendable func addFriend(_ request: Request, context: APIContext) async throws -> EditedResponse<FriendAnswer> {
        let body = try await JSONBody.read(NewFriend.self, request, context: context)
        let friend = try await services.friends.add(email: body.email, by: try context.caller().user)
        return FriendAnswer(friend, balances: [:]).created()
    }

    @Sendable func setPicture(_ request: Request, context: APIContext) async throws -> HTTPResponse.Status {
        let data = try await UploadedImage.read(request, limit: maxPictureBytes)
        try await services.friends.setPicture(data, of: try context.caller().user.id)
        return .noContent
    }

    @Sendable func picture(_ request: Request, context: APIContext) async throws -> Response {
        let data = try await services.friends.picture(of: try context.parameters.require("userId"), for: try context.caller().user.id)
        return try await UploadedImage.respond(data, as: request, store: services.store)
    }
}

struct FriendAnswer: ResponseEncodable {
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

struct FriendCollection: ResponseEncodable {
    var friends: [FriendAnswer]
}

/// Someone with an account, by their email.
struct NewFriend: RequestBody {
    var email: String

    enum CodingKeys: String, CodingKey, CaseIterable { case email }
}
