import Foundation
import ReceiptModel
import Testing

/// A list's forms (entries, chat, notification setting) are one set of handlers at two addresses:
/// a member's under the household, a guest's under `/shared-lists`. The list is found for the
/// caller before any form is read: to anyone else each form is a 404 page and changes nothing.
@Suite struct ListFormPageTests {
    @Test("a list's forms work for a member and a guest at their own address, and for no one else")
    func listForms() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            let (anna, annaAPI) = try await WebPageTests.browser(api, "Anna")
            let (cleo, _) = try await WebPageTests.browser(api, "Cleo")
            let (dan, danAPI) = try await WebPageTests.browser(api, "Dan")
            let home = try await annaAPI.newHousehold("Home")
            _ = try await danAPI.newHousehold("Elsewhere")
            let member = try #require(try await anna.post("/h/\(home)/lists", [("name", "Weekly")]).headers[.location])
            let listId = String(member.split(separator: "/").last ?? "")
            let guest = "/shared-lists/\(listId)"
            #expect(try await anna.post(member + "/entries", [("name", "Milk")]).status == 303)
            let shared = String(decoding: try await anna.post(member + "/share", []).bytes, as: UTF8.self)
            let passcode = String(try #require(shared.firstMatch(of: /data-testid="share-passcode">([^<]+)</)?.output.1))
            #expect(try await cleo.post("/shared-lists/join", [("listId", listId), ("passcode", passcode)]).status == 303)

            func list() async throws -> JSONValue { try await annaAPI.call(.get, "/api/v1/households/\(home)/lists/\(listId)").json }
            let entryId = try #require(try await list()["entries"]?.arrayValue?.first?["id"]?.stringValue)
            let forms: [(String, [(String, String)])] = [
                ("/entries", [("name", "Ham")]),
                ("/entries/\(entryId)/tick", [("completed", "1")]),
                ("/entries/\(entryId)/priority", [("priority", "high")]),
                ("/entries/\(entryId)/edit", [("name", "Oat milk"), ("quantity", "3"), ("note", "the blue one")]),
                ("/entries/\(entryId)/quantity", [("delta", "-1")]),
                ("/chat", [("text", "Anything else?")]),
                ("/notification-setting", [("level", "none")]),
            ]
            // Someone of another household, at either address, and the guest at the members' one.
            let before = try await list()
            for (path, fields) in forms {
                for (stranger, base) in [(dan, member), (dan, guest), (cleo, member)] {
                    let refused = try await stranger.post(base + path, fields)
                    #expect(refused.status == 404, "\(base + path)")
                    #expect(String(decoding: refused.bytes, as: UTF8.self).contains("Not found"), "\(base + path)")
                }
            }
            #expect(try await list() == before, "no refused form changed the list")

            for (caller, base) in [(anna, member), (cleo, guest)] {
                for (path, fields) in forms {
                    let done = try await caller.post(base + path, fields)
                    #expect(done.status == 303, "\(base + path)")
                    #expect(done.headers[.location]?.hasPrefix(base) == true, "\(base + path)")
                }
            }
            let after = try await list()
            let milk = try #require(after["entries"]?.arrayValue?.first { $0["id"]?.stringValue == entryId })
            #expect(milk["name"]?.stringValue == "Oat milk")
            #expect(milk["note"]?.stringValue == "the blue one")
            #expect(milk["priority"]?.stringValue == "high")
            // Edited to 3 by each of them, then one less each time.
            #expect(milk["quantity"] == .number(2))
            #expect(after["entries"]?.arrayValue?.filter { $0["name"]?.stringValue == "Ham" }.count == 2)
            let chat = try await annaAPI.call(.get, "/api/v1/households/\(home)/lists/\(listId)/chat")
            #expect(chat["messages"]?.arrayValue?.count == 2)
        }
    }
}
