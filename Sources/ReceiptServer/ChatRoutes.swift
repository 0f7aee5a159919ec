import Foundation
import HouseholdApp
import Households
import Hummingbird

/// `/api/v1/households/{householdId}/lists/{listId}/chat`: the list's chat room, for everyone who
/// can see the list. A picture is sent as the body of its own POST (checked like a receipt
/// upload), with an optional `text` query parameter as its caption.
struct ChatRoutes {
    let services: HouseholdServices
    let maxPictureBytes: Int

    var chat: ListChat { services.chat }

    func add(to list: RouterGroup<ListContext>) {
        list.get("chat", use: index)
        list.post("chat", use: post)
        list.post("chat/pictures", use: postPicture)
        list.delete("chat/{messageId}", use: delete)
        list.get("chat/{messageId}/picture", use: picture)
    }

    @Sendable func index(_ request: Request, context: ListContext) async throws -> ChatPage {
        try await chat.page(
            of: context.list,
            in: context.household,
            for: context.caller.user.id,
            before: request.uri.queryParameters.get("before"),
            limit: try request.queryInt("limit", default: 50, range: 1...ListChat.largestPage)
        )
    }

    @Sendable func post(_ request: Request, context: ListContext) async throws -> EditedResponse<ChatMessage> {
        let body = try await JSONBody.read(ChatText.self, request, context: context)
        return try await chat.post(to: context.list, in: context.household, text: body.text, by: context.caller.user).created()
    }

    @Sendable func postPicture(_ request: Request, context: ListContext) async throws -> EditedResponse<ChatMessage> {
        // Who may see the list is checked before the upload is read: a stranger learns nothing.
        _ = try await services.lists.list(context.list, in: context.household, for: context.caller.user.id)
        let data = try await UploadedImage.read(request, limit: maxPictureBytes)
        let message = try await chat.post(
            to: context.list,
            in: context.household,
            text: request.query("text"),
            picture: data,
            by: context.caller.user
        )
        return message.created()
    }

    @Sendable func delete(_ request: Request, context: ListContext) async throws -> HTTPResponse.Status {
        try await chat.delete(try context.parameters.require("messageId"), of: context.list, in: context.household, by: context.caller.user.id)
        return .noContent
    }

    @Sendable func picture(_ request: Request, context: ListContext) async throws -> Response {
        let data = try await chat.picture(
            try context.parameters.require("messageId"),
            of: context.list,
            in: context.household,
            for: context.caller.user.id
        )
        return try await UploadedImage.respond(data, as: request, store: services.store)
    }
}

/// A text message.
struct ChatText: RequestBody {
    var text: String

    enum CodingKeys: String, CodingKey, CaseIterable { case text }
}
