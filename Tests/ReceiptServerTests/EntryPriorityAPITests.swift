import Foundation
import HTTPTypes
import Households
import ReceiptModel
import ReceiptTesting
import Replication
import Testing

/// Entry priorities through the API, the sync route and the list page.
@Suite(.timeLimit(.minutes(5))) struct EntryPriorityAPITests {
    @Test("priority set on create and edit; the list answers open entries first, then by priority; an unknown one is 400 naming the field")
    func priorities() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let (bob, _) = try await api.newUser("Bob")
            let home = try await alice.newHousehold("Home")
            try await alice.invite(bob, to: home)
            let path =
                "/api/v1/households/\(home)/lists/\(try #require(try await alice.call(.post, "/api/v1/households/\(home)/lists", json: #"{"name":"Weekly"}"#)["id"]?.stringValue))"
            var ids: [String: String] = [:]
            for (name, body) in [
                ("bread", #"{"name":"bread"}"#), ("milk", #"{"name":"milk","priority":"low"}"#), ("eggs", #"{"name":"eggs","priority":"high"}"#),
                ("jam", #"{"name":"jam","priority":null}"#),
            ] {
                let added = try await bob.call(.post, "\(path)/entries", json: body)
                #expect(added.status == 201, "\(body)")
                ids[name] = added["entry"]?["id"]?.stringValue
            }
            let jam = "\(path)/entries/\(try #require(ids["jam"]))"
            let raised = try await alice.call(.patch, jam, json: #"{"priority":"high"}"#)
            #expect(raised["entry"]?["priority"]?.stringValue == "high")
            #expect(try await alice.call(.put, "\(jam)/completed").status == 200)

            let list = try await alice.call(.get, path)
            let entries = try #require(list["entries"]?.arrayValue)
            #expect(entries.map { $0["name"]?.stringValue } == ["eggs", "bread", "milk", "jam"])
            #expect(entries.map { $0["priority"]?.stringValue } == ["high", "normal", "low", "high"])
            #expect(entries.allSatisfy { $0["addedBy"]?.stringValue == "Bob" })
            let all = try await alice.call(.get, "/api/v1/households/\(home)/lists")
            #expect(all["lists"]?.arrayValue?.first?["entries"]?.arrayValue?.map { $0["name"]?.stringValue } == ["eggs", "bread", "milk", "jam"])

            for (method, target, body) in [
                (.post, "\(path)/entries", #"{"name":"tea","priority":"urgent"}"#), (.patch, jam, #"{"priority":"urgent"}"#),
                (.patch, jam, #"{"priority":3}"#),
            ] as [(HTTPRequest.Method, String, String)] {
                let refused = try await alice.call(method, target, json: body)
                #expect(refused.status == 400, "\(body)")
                #expect(refused.code == "request.invalid", "\(body)")
                #expect(refused["field"]?.stringValue == "priority", "\(body)")
            }
            #expect(try await alice.call(.get, path).etag == list.etag, "a refused priority changes nothing")
        }
    }

    @Test("a synced priority merges into the list; an unknown one is refused naming the entry's field")
    func syncedPriority() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let home = try await alice.newHousehold("Home")
            let lists = "/api/v1/households/\(home)/lists"
            let listId = try #require(try await alice.call(.post, lists, json: #"{"name":"Weekly"}"#)["id"]?.stringValue)
            let rice = try #require(try await alice.call(.post, "\(lists)/\(listId)/entries", json: #"{"name":"rice"}"#)["entry"]?["id"]?.stringValue)
            let pulled = try await SyncTests.sync(alice, home, SyncRequest(cursor: nil, lists: nil, carts: nil, known: nil))
            var phone = try #require(pulled.lists.first { $0.id == listId })
            var clock = HybridClock(replica: "cli_phone")
            let stamp = clock.observe(try #require(phone.state.newestStamp), now: Date())

            var wrong = phone
            wrong.state.set(entry: rice, "priority", .string("urgent"), at: stamp)
            let refused = try await alice.call(
                .post,
                "/api/v1/households/\(home)/sync",
                json: try SyncTests.json(SyncRequest(cursor: pulled.cursor, lists: [wrong], carts: nil, known: [listId]))
            )
            #expect(refused.status == 400)
            #expect(refused["field"]?.stringValue == "lists.state.entries.\(rice).priority")

            phone.state.set(entry: rice, "priority", .string("high"), at: stamp)
            _ = try await SyncTests.sync(alice, home, SyncRequest(cursor: pulled.cursor, lists: [phone], carts: nil, known: [listId]))
            let list = try await alice.call(.get, "\(lists)/\(listId)")
            #expect(list["entries"]?.arrayValue?.first?["priority"]?.stringValue == "high")
        }
    }

    @Test("the list page shows each entry's priority and who asked for it, and sets a priority by form")
    func listPage() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            let (anna, annaAPI) = try await WebPageTests.browser(api, "Anna")
            let home = try await annaAPI.newHousehold("Home")
            let listPath = try #require(try await anna.post("/h/\(home)/lists", [("name", "Weekly")]).headers[.location])
            #expect(try await anna.post(listPath + "/entries", [("name", "bread"), ("quantity", "1")]).status == 303)
            #expect(try await anna.post(listPath + "/entries", [("name", "eggs"), ("quantity", "1"), ("priority", "low")]).status == 303)
            #expect(try await anna.post(listPath + "/entries", [("name", "tea"), ("priority", "soon")]).status == 400)
            let listId = String(listPath.split(separator: "/").last ?? "")
            let stored = try await annaAPI.call(.get, "/api/v1/households/\(home)/lists/\(listId)")
            let bread = try #require(stored["entries"]?.arrayValue?.first { $0["name"]?.stringValue == "bread" }?["id"]?.stringValue)
            #expect(try await anna.post(listPath + "/entries/\(bread)/priority", [("priority", "high")]).status == 303)
            #expect(try await anna.post(listPath + "/entries/\(bread)/priority", [("priority", "now")]).status == 400)

            let page = String(decoding: try await anna.get(listPath).bytes, as: UTF8.self)
            #expect(page.contains("class=\"item entry priority-high\" data-entry=\"\(bread)\""))
            #expect(page.contains("asked by Anna"))
            #expect(page.contains("<option value=\"low\" selected>low</option>"))
            let breadAt = try #require(page.range(of: "data-entry=\"\(bread)\""))
            let eggsAt = try #require(page.range(of: "priority-low"))
            #expect(breadAt.lowerBound < eggsAt.lowerBound, "high before low")
        }
    }
}
