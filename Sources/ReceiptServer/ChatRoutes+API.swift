import ReceiptModel

/// The OpenAPI description of `ChatRoutes`: its operations and the schemas only they use.
extension ChatRoutes {
    static var operations: [APIOperation] {
        [
            APIOperation(
                .get,
                "/api/v1/households/{householdId}/lists/{listId}/chat",
                id: "listChat",
                tags: ["chat"],
                summary: "The list's chat, newest first (members and the list's guests)",
                parameters: [
                    .query("before", "The `next` of the page read before.", schema: .string(minLength: 1, maxLength: 200)),
                    .query("limit", "1 to 100, default 50.", schema: .integer(minimum: 1, maximum: 100)),
                ],
                responses: [.json(200, "A page of messages", .ref("ChatPage"))],
                errors: [400]
            ),
            APIOperation(
                .post,
                "/api/v1/households/{householdId}/lists/{listId}/chat",
                id: "postChatMessage",
                tags: ["chat"],
                summary: "Write in the list's chat",
                parameters: [.idempotencyKey],
                body: .json(
                    .object(["text": .string(minLength: 1, maxLength: 1000, pattern: JSONSchema.nonBlank)], required: ["text"], additional: false)
                ),
                responses: [.json(201, "Sent", .ref("ChatMessage"))]
            ),
            APIOperation(
                .post,
                "/api/v1/households/{householdId}/lists/{listId}/chat/pictures",
                id: "postChatPicture",
                tags: ["chat"],
                summary: "Send a picture to the list's chat (checked and limited like a receipt upload)",
                parameters: [.idempotencyKey, .query("text", "A caption.", schema: .string(maxLength: 1000))],
                body: .image,
                responses: [.json(201, "Sent", .ref("ChatMessage"))],
                errors: [413, 415, 422]
            ),
            APIOperation(
                .delete,
                "/api/v1/households/{householdId}/lists/{listId}/chat/{messageId}",
                id: "deleteChatMessage",
                tags: ["chat"],
                summary: "Delete my own message",
                responses: [.empty(204, "Deleted")],
                errors: [403]
            ),
            APIOperation(
                .get,
                "/api/v1/households/{householdId}/lists/{listId}/chat/{messageId}/picture",
                id: "getChatPicture",
                tags: ["chat"],
                summary: "A message's picture (?size=thumbnail for a 320 px JPEG)",
                parameters: [.imageSize],
                responses: [.bytes(200, "The picture", type: "image/*")],
                errors: [400]
            ),
        ]
    }

    static var schemas: [String: JSONSchema] {
        [
            "ChatMessage": .object(
                [
                    "messageId": .string(), "listId": .string(), "household": .string(), "userId": .string(), "authorName": .string(),
                    "text": .string().orNull,
                    "picture": .string().orNull.described("The picture's SHA-256; fetch it from …/chat/{messageId}/picture."),
                    "sentAt": .string(), "order": .string(),
                ],
                required: ["messageId", "listId", "household", "userId", "authorName", "sentAt", "order"]
            ),
            "ChatPage": .object(
                [
                    "messages": .array(of: .ref("ChatMessage")),
                    "next": .string().orNull.described("Pass as `before` for older ones; absent on the last page."),
                ],
                required: ["messages"]
            ),
        ]
    }
}
