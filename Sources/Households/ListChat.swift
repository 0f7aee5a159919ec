import DocumentStore
import Foundation
import ReceiptModel

/// A message in a list's chat room (Sharecart): text, a picture, or both.
public struct ChatMessage: Codable, Sendable, Hashable {
    public static let collection = "list-chat"

    /// The message's own id (the document's is `listId|id`, so a deletion's tombstone still says
    /// which list's room it was in).
    public var messageId: String
    public var listId: String
    public var household: String
    public var userId: String
    public var authorName: String
    public var text: String?
    /// The SHA-256 of the picture's bytes, stored as a blob.
    public var picture: String?
    public var sentAt: String
    /// `sentAt|messageId`: sorts as text, oldest first (the paging cursor).
    public var order: String

    static func id(list: String, message: String) -> String { Identifiers.pair(list, message) }
}

/// One page of a chat, newest first.
public struct ChatPage: Codable, Sendable, Hashable {
    public var messages: [ChatMessage]
    /// Pass as `before` for the next (older) page; nil on the last.
    public var next: String?
}

/// The chat room of each list: everyone who can see the list (its household's members and its
/// guests) reads and writes it; authors delete their own messages. Access is the list's own
/// check (``ShoppingLists/list(_:in:for:)``): another household's list answers `list.not-found`.
public struct ListChat: Sendable {
    let records: Records
    let lists: ShoppingLists
    let now: @Sendable () -> Date

    public static let longestText = 1_000
    public static let largestPage = 100
    static let notFound = HouseholdError(.messageNotFound, "No such message in this list's chat.")

    public init(records: Records, lists: ShoppingLists, now: @escaping @Sendable () -> Date = Date.init) {
        self.records = records
        self.lists = lists
        self.now = now
    }

    /// Posts a message. `picture` is an image the caller (the route) has already checked.
    public func post(
        to listId: String,
        in householdId: String,
        text: String?,
        picture: Data? = nil,
        by user: PublicUser
    ) async throws -> ChatMessage {
        let text = text?.trimmingCharacters(in: .whitespacesAndNewlines).nonEmpty
        if let text, text.count > Self.longestText {
            throw HouseholdError.invalid("text", "A message has at most \(Self.longestText) characters.")
        }
        guard text != nil || picture != nil else { throw HouseholdError.invalid("text", "Write something or send a picture.") }
        _ = try await lists.list(listId, in: householdId, for: user.id)
        let sha = picture.map { Hashing.sha256Hex($0) }
        if let picture, let sha { try await records.store.putBlob(id: sha, data: picture) }
        let messageId = Identifiers.make("m")
        let sentAt = Instant.string(now())
        let message = ChatMessage(
            messageId: messageId,
            listId: listId,
            household: householdId,
            userId: user.id,
            authorName: user.displayName,
            text: text,
            picture: sha,
            sentAt: sentAt,
            order: sentAt + "|" + messageId
        )
        try await records.create(
            message,
            ChatMessage.collection,
            ChatMessage.id(list: listId, message: messageId),
            household: householdId,
            by: ChangeAuthor(userId: user.id, now: now())
        )
        return message
    }

    /// The list's messages older than `before` (a page's `next`), newest first.
    public func page(
        of listId: String,
        in householdId: String,
        for userId: String,
        before: String? = nil,
        limit: Int = 50
    ) async throws
        -> ChatPage
    {
        guard (1...Self.largestPage).contains(limit) else { throw HouseholdError.invalid("limit", "'limit' is 1 to \(Self.largestPage).") }
        if let before, before.isEmpty || before.count > 200 {
            throw HouseholdError.invalid("before", "'before' is the 'next' of the page you read.")
        }
        _ = try await lists.list(listId, in: householdId, for: userId)
        var filters: [Filter] = [.equals("listId", listId)]
        if let before { filters.append(.less("order", .string(before))) }
        let found = try await records.all(
            ChatMessage.self,
            DocumentQuery(collection: ChatMessage.collection, filters: filters, sort: SortKey("order", descending: true), limit: limit + 1)
        ).map(\.value).filter { $0.household == householdId }
        let page = Array(found.prefix(limit))
        return ChatPage(messages: page, next: found.count > limit ? page.last?.order : nil)
    }

    /// Deletes one of the caller's own messages.
    /// - Throws: `chat.not-author` for someone else's, `chat.message-not-found` for none.
    public func delete(_ messageId: String, of listId: String, in householdId: String, by userId: String) async throws {
        let message = try await message(messageId, of: listId, in: householdId, for: userId)
        guard message.value.userId == userId else {
            throw HouseholdError(.notAuthor, "Only whoever wrote a message can delete it.")
        }
        try await records.delete(
            ChatMessage.collection,
            ChatMessage.id(list: listId, message: messageId),
            current: message.rev,
            ifMatch: nil,
            household: householdId,
            loggedBy: ChangeAuthor(userId: userId, now: now())
        )
    }

    /// A message's picture.
    public func picture(_ messageId: String, of listId: String, in householdId: String, for userId: String) async throws -> Data {
        let message = try await message(messageId, of: listId, in: householdId, for: userId)
        guard let sha = message.value.picture, let data = try await records.store.getBlob(id: sha) else {
            throw HouseholdError(.imageNotFound, "This message has no picture.")
        }
        return data
    }

    func message(_ messageId: String, of listId: String, in householdId: String, for userId: String) async throws -> Revisioned<ChatMessage> {
        _ = try await lists.list(listId, in: householdId, for: userId)
        let id = ChatMessage.id(list: listId, message: messageId)
        guard let message = try await records.get(ChatMessage.self, ChatMessage.collection, id, in: householdId) else { throw Self.notFound }
        return message
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
