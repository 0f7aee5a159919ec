import DocumentStore
import Foundation
import HTTPTypes
import ReceiptModel
import ReceiptTesting
import Testing

@Suite(.timeLimit(.minutes(5))) struct SharedListTests {
    @Test(
        "a list shared by id and passcode: guests join, change entries live, leave; wrong, rotated and revoked passcodes; owners' rights",
        arguments: TemporaryStores.engines
    )
    func sharedLists(engine: StoreEngine) async throws {
        try await ServerHarness.with(engine, over: .live) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let (gina, ginaId) = try await api.newUser("Gina")
            let (hugo, _) = try await api.newUser("Hugo")
            let home = try await alice.newHousehold("Home")
            let lists = "/api/v1/households/\(home)/lists"
            let listId = try #require(try await alice.call(.post, lists, json: #"{"name":"Party"}"#)["id"]?.stringValue)
            // A cart, so the household has prices the guest must not see.
            let cart = try #require(
                try await alice.call(.post, "/api/v1/households/\(home)/carts", json: #"{"name":"Earlier","currency":"EUR"}"#)["id"]?.stringValue
            )
            _ = try await alice.call(.post, "/api/v1/households/\(home)/carts/\(cart)/items", json: #"{"name":"Chips","price":"2.50"}"#)

            // Before sharing nobody outside gets in, with any passcode.
            let early = try await gina.call(.post, "/api/v1/shared-lists/join", json: #"{"listId":"\#(listId)","passcode":"AAAA-BBBB-CCCC"}"#)
            #expect(early.status == 404)
            #expect(early.code == "share.invalid")
            let shared = try await alice.call(.post, "\(lists)/\(listId)/share")
            #expect(shared.status == 201)
            let passcode = try #require(shared["passcode"]?.stringValue)

            let joined = try await gina.call(
                .post,
                "/api/v1/shared-lists/join",
                json: #"{"listId":"\#(listId)","passcode":"\#(passcode.lowercased())"}"#
            )
            #expect(joined.status == 200)
            #expect(try await gina.call(.get, "/api/v1/shared-lists")["lists"]?.arrayValue?.map { $0["id"]?.stringValue } == [listId])
            // The guest reads and changes entries, live for both sides, but sees nothing else of the household.
            let ginaLive = LiveClient(port: try #require(api.client.port), token: try #require(gina.token))
            defer { ginaLive.close() }
            _ = try await ginaLive.hello()
            let added = try await gina.call(.post, "\(lists)/\(listId)/entries", json: #"{"name":"Chips"}"#)
            #expect(added.status == 201)
            #expect(added["entry"]?["estimate"] == nil || added["entry"]?["estimate"] == .null)
            _ = try await alice.call(.post, "\(lists)/\(listId)/entries", json: #"{"name":"Lemonade"}"#)
            #expect(try await ginaLive.first { $0["id"]?.stringValue == listId && $0["document"]?["entries"]?.arrayValue?.count == 2 } != nil)
            #expect(try await gina.call(.get, "/api/v1/households/\(home)/carts").status == 404)
            #expect(try await gina.call(.get, lists).status == 404)
            #expect(try await gina.call(.get, "/api/v1/households/\(home)/carts/\(cart)").status == 404)
            // Renaming, deleting and re-sharing are the household's.
            let rename = try await gina.call(.patch, "\(lists)/\(listId)", json: #"{"name":"Mine"}"#)
            #expect(rename.status == 403)
            #expect(try await gina.call(.post, "\(lists)/\(listId)/share").status == 403)

            // Rotating: the old passcode stops working; the guest stays.
            let rotated = try #require(try await alice.call(.post, "\(lists)/\(listId)/share")["passcode"]?.stringValue)
            #expect(rotated != passcode)
            let (ivy, _) = try await api.newUser("Ivy")
            #expect(try await ivy.call(.post, "/api/v1/shared-lists/join", json: #"{"listId":"\#(listId)","passcode":"\#(passcode)"}"#).status == 404)
            #expect(try await ivy.call(.post, "/api/v1/shared-lists/join", json: #"{"listId":"\#(listId)","passcode":"\#(rotated)"}"#).status == 200)
            #expect(try await gina.call(.get, "\(lists)/\(listId)").status == 200)

            // Leaving, and being removed: access ends.
            #expect(try await gina.call(.delete, "\(lists)/\(listId)/guests/\(ginaId)").status == 204)
            #expect(try await gina.call(.get, "\(lists)/\(listId)").status == 404)
            #expect(try await gina.call(.get, "/api/v1/shared-lists")["lists"]?.arrayValue?.isEmpty == true)
            let ivyId = try #require(try await ivy.call(.get, "/api/v1/me")["user"]?["id"]?.stringValue)
            #expect(try await alice.call(.delete, "\(lists)/\(listId)/guests/\(ivyId)").status == 204)
            #expect(try await ivy.call(.post, "\(lists)/\(listId)/entries", json: #"{"name":"Cake"}"#).status == 404)

            // Wrong passcodes are refused alike and throttled like logins.
            for _ in 0..<5 {
                #expect(
                    try await hugo.call(.post, "/api/v1/shared-lists/join", json: #"{"listId":"\#(listId)","passcode":"WRONG-CODE-0000"}"#).code
                        == "share.invalid"
                )
            }
            let throttled = try await hugo.call(.post, "/api/v1/shared-lists/join", json: #"{"listId":"\#(listId)","passcode":"\#(rotated)"}"#)
            #expect(throttled.status == 429)
            #expect(throttled.headers[.retryAfter] != nil)
        }
    }
}
