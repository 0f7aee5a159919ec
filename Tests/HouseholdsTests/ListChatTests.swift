import DocumentStore
import Foundation
import Households
import ReceiptTesting
import Testing

@Suite struct ListChatTests {
    @Test("a list's chat: members and guests write and read it, newest first by pages; authors delete only their own; strangers see nothing")
    func chat() async throws {
        try await HouseholdTestBed.with { bed in
            let chat = ListChat(records: bed.records, lists: bed.lists)
            let code = try await bed.directory.invite(to: bed.household, by: bed.ana.id)
            _ = try await bed.directory.join(code: code.code, user: bed.bo)
            let cy = try await bed.accounts.signUp(email: "cy@example.com", displayName: "Cy", password: "staple battery")
            let list = try await bed.lists.create(in: bed.household, name: "Weekly", by: bed.ana).value.id

            let hello = try await chat.post(to: list, in: bed.household, text: "  hello ", by: bed.ana)
            #expect(hello.text == "hello")
            _ = try await chat.post(to: list, in: bed.household, text: "second", by: bed.bo)
            _ = try await chat.post(to: list, in: bed.household, text: nil, picture: Data([1, 2, 3]), by: bed.bo)
            await #expect(throws: HouseholdError.self) { try await chat.post(to: list, in: bed.household, text: "   ", by: bed.ana) }
            let long = String(repeating: "x", count: ListChat.longestText + 1)
            await #expect(throws: HouseholdError.self) { try await chat.post(to: list, in: bed.household, text: long, by: bed.ana) }

            let first = try await chat.page(of: list, in: bed.household, for: bed.ana.id, limit: 2)
            #expect(first.messages.map(\.text) == [nil, "second"])
            let cursor: String = try #require(first.next)
            let rest = try await chat.page(of: list, in: bed.household, for: bed.ana.id, before: cursor, limit: 2)
            #expect(rest.messages.map(\.messageId) == [hello.messageId])
            #expect(rest.next == nil)
            let pictured = try #require(first.messages.first)
            #expect(try await chat.picture(pictured.messageId, of: list, in: bed.household, for: bed.ana.id) == Data([1, 2, 3]))

            // Only the author deletes.
            await #expect(throws: HouseholdError(.notAuthor, "Only whoever wrote a message can delete it.")) {
                try await chat.delete(hello.messageId, of: list, in: bed.household, by: bed.bo.id)
            }
            try await chat.delete(hello.messageId, of: list, in: bed.household, by: bed.ana.id)
            #expect(try await chat.page(of: list, in: bed.household, for: bed.bo.id).messages.count == 2)

            // A stranger: like a missing list. A guest of the shared list: reads and writes.
            await #expect(throws: HouseholdError.self) { try await chat.page(of: list, in: bed.household, for: cy.id) }
            await #expect(throws: HouseholdError.self) { try await chat.post(to: list, in: bed.household, text: "hi", by: cy) }
            let share = try await bed.lists.share(list, in: bed.household, by: bed.ana.id)
            _ = try await bed.lists.join(list, passcode: share.passcode, user: cy, address: nil)
            _ = try await chat.post(to: list, in: bed.household, text: "guest here", by: cy)
            #expect(try await chat.page(of: list, in: bed.household, for: bed.ana.id).messages.first?.authorName == "Cy")
        }
    }
}
