import DocumentStore
import Foundation
import HTTPTypes
import HouseholdApp
import Households
import ReceiptModel
import ReceiptServer
import ReceiptTesting
import Testing

/// Notifications and list chat over HTTP: paging, marking read, settings, pictures, and that
/// nobody reaches another's notifications or another household's list.
@Suite struct SocialRoutesTests {
    @Test(
        "notifications: the other member's page, newest first by cursor; mark read; settings; nothing for strangers",
        arguments: TemporaryStores.engines
    )
    func notifications(engine: StoreEngine) async throws {
        try await ServerHarness.with(engine) { api, services in
            let (alice, _) = try await api.newUser("Alice")
            let (bob, bobId) = try await api.newUser("Bob")
            let (carol, _) = try await api.newUser("Carol")
            let home = try await alice.newHousehold("Home")
            try await alice.invite(bob, to: home)
            _ = try await carol.newHousehold("Elsewhere")
            let list = try #require(try await alice.call(.post, "/api/v1/households/\(home)/lists", json: #"{"name":"Weekly"}"#)["id"]?.stringValue)
            let path = "/api/v1/households/\(home)/lists/\(list)"
            for name in ["Milk", "Eggs"] {
                #expect(try await alice.call(.post, "\(path)/entries", json: #"{"name":"\#(name)"}"#).status == 201)
                try await services.notificationFeed.catchUp()
            }

            let first = try await bob.call(.get, "/api/v1/notifications?limit=1")
            #expect(first.status == 200)
            #expect(first["unread"] == .number(2))
            let newest = try #require(first["notifications"]?.arrayValue?.first)
            #expect(newest["title"]?.stringValue == "Alice added Eggs in Weekly")
            #expect(newest["userId"]?.stringValue == bobId)
            let next = try #require(first["next"]?.stringValue)
            let older = try await bob.call(.get, "/api/v1/notifications?limit=1&before=\(next)")
            #expect(older["notifications"]?.arrayValue?.map { $0["title"]?.stringValue } == ["Alice added Milk in Weekly"])
            #expect(older["next"] == nil)
            #expect(try await bob.call(.get, "/api/v1/notifications?before=abc").status == 400)
            #expect(try await bob.call(.get, "/api/v1/notifications?limit=0").status == 400)
            #expect(try await alice.call(.get, "/api/v1/notifications")["notifications"]?.arrayValue?.isEmpty == true)

            let id = try #require(newest["id"]?.stringValue)
            let stranger = try await carol.call(.post, "/api/v1/notifications/\(id)/read")
            #expect(stranger.status == 404)
            #expect(stranger.code == "notification.not-found")
            let read = try await bob.call(.post, "/api/v1/notifications/\(id)/read")
            #expect(read["read"] == .bool(true))
            #expect(try await bob.call(.post, "/api/v1/notifications/read")["marked"] == .number(1))
            #expect(try await bob.call(.get, "/api/v1/notifications")["unread"] == .number(0))

            let setting = "\(path)/notification-setting"
            #expect(try await bob.call(.get, setting)["level"]?.stringValue == "every")
            #expect(try await bob.call(.put, setting, json: #"{"level":"highPriority"}"#)["level"]?.stringValue == "highPriority")
            #expect(try await bob.call(.put, setting, json: #"{"level":"loud"}"#).status == 400)
            #expect(try await carol.call(.get, setting).status == 404)
            #expect(try await carol.call(.put, setting, json: #"{"level":"none"}"#).status == 404)
            #expect(try await bob.call(.get, "/api/v1/notifications").status == 200)
            #expect(try await api.call(.get, "/api/v1/notifications").status == 401)
        }
    }

    @Test("an expense added to a group notifies its other members, not whoever added it nor anyone outside")
    func expenseNotifies() async throws {
        try await ServerHarness.with(.sqlite) { api, services in
            let f = try await ExpenseTests.friends(api)
            let added = try await f.alice.call(
                .post,
                "/api/v1/expenses",
                json: #"{"group":"\#(f.group)","merchant":"Trattoria","currency":"EUR","total":"30.00"}"#
            )
            try #require(added.status == 201)
            try await services.notificationFeed.catchUp()
            for member in [f.bob, f.carol] {
                let page = try await member.call(.get, "/api/v1/notifications")
                #expect(page["notifications"]?.arrayValue?.map { $0["kind"]?.stringValue } == ["expenseAdded"])
                #expect(page["notifications"]?.arrayValue?.first?["body"]?.stringValue == "Trattoria")
                #expect(page["notifications"]?.arrayValue?.first?["link"]?.stringValue == "/groups/\(f.group)")
            }
            #expect(try await f.alice.call(.get, "/api/v1/notifications")["notifications"]?.arrayValue?.isEmpty == true)
            #expect(try await f.dave.call(.get, "/api/v1/notifications")["notifications"]?.arrayValue?.isEmpty == true)
        }
    }

    @Test("a high-priority change reaches the other member live, as a notification event of their own")
    func notificationGoesLive() async throws {
        try await ServerHarness.with(.sqlite, over: .live) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let (bob, bobId) = try await api.newUser("Bob")
            let home = try await alice.newHousehold("Home")
            try await alice.invite(bob, to: home)
            let list = try #require(try await alice.call(.post, "/api/v1/households/\(home)/lists", json: #"{"name":"Weekly"}"#)["id"]?.stringValue)
            let path = "/api/v1/households/\(home)/lists/\(list)"
            #expect(try await bob.call(.put, "\(path)/notification-setting", json: #"{"level":"none"}"#).status == 200)
            let bobLive = LiveClient(port: try #require(api.client.port), token: try #require(bob.token))
            defer { bobLive.close() }
            let aliceLive = LiveClient(port: try #require(api.client.port), token: try #require(alice.token))
            defer { aliceLive.close() }
            _ = try await bobLive.hello()
            _ = try await aliceLive.hello()

            #expect(try await alice.call(.post, "\(path)/entries", json: #"{"name":"Medicine","priority":"high"}"#).status == 201)
            let event = try #require(try await bobLive.first { $0["type"]?.stringValue == "notification" })
            #expect(event["document"]?["userId"]?.stringValue == bobId)
            #expect(event["document"]?["highPriority"] == .bool(true))
            // Bob's notification is his alone: Alice, whose change it was, never hears of it.
            #expect(try await aliceLive.first(within: 1) { $0["type"]?.stringValue == "notification" } == nil)
        }
    }

    @Test(
        "list chat: text and pictures (checked and limited like uploads), pages, the author alone deletes, strangers get 404",
        arguments: TemporaryStores.engines
    )
    func chat(engine: StoreEngine) async throws {
        try await ServerHarness.with(engine) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let (bob, _) = try await api.newUser("Bob")
            let (carol, _) = try await api.newUser("Carol")
            let home = try await alice.newHousehold("Home")
            try await alice.invite(bob, to: home)
            _ = try await carol.newHousehold("Elsewhere")
            let list = try #require(try await alice.call(.post, "/api/v1/households/\(home)/lists", json: #"{"name":"Weekly"}"#)["id"]?.stringValue)
            let chat = "/api/v1/households/\(home)/lists/\(list)/chat"

            let hello = try await alice.call(.post, chat, json: #"{"text":"Anything else?"}"#)
            #expect(hello.status == 201)
            let helloId = try #require(hello["messageId"]?.stringValue)
            #expect(try await alice.call(.post, chat, json: #"{"text":"  "}"#).status == 400)
            #expect(try await alice.call(.post, chat, json: #"{"words":"x"}"#).status == 400)

            let photo = try Data(contentsOf: Fixtures.url("receipts/us-cafe-beanleaf.png"))
            let pictured = try await bob.call(.post, "\(chat)/pictures?text=this%20one", data: photo, headers: [.contentType: "image/png"])
            #expect(pictured.status == 201)
            #expect(pictured["text"]?.stringValue == "this one")
            let pictureId = try #require(pictured["messageId"]?.stringValue)
            #expect(try await bob.call(.post, "\(chat)/pictures", data: Data("text".utf8)).status == 415)
            #expect(try await bob.call(.post, "\(chat)/pictures", data: photo.prefix(photo.count / 2)).status == 422)
            let huge = Data(count: ServerConfiguration(host: "x", port: 0).maxUploadBytes + 1)
            #expect(try await bob.call(.post, "\(chat)/pictures", data: huge).status == 413)
            #expect(try await alice.call(.get, "\(chat)/\(pictureId)/picture").bytes == photo)
            #expect(try await alice.call(.get, "\(chat)/\(pictureId)/picture?size=thumbnail").headers[.contentType] == "image/jpeg")
            #expect(try await alice.call(.get, "\(chat)/\(helloId)/picture").status == 404)

            let page = try await bob.call(.get, "\(chat)?limit=1")
            #expect(page["messages"]?.arrayValue?.map { $0["messageId"]?.stringValue } == [pictureId])
            let next = try #require(page["next"]?.stringValue)
            let escaped = try #require(next.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            let older = try await bob.call(.get, "\(chat)?limit=1&before=\(escaped)")
            #expect(older["messages"]?.arrayValue?.map { $0["messageId"]?.stringValue } == [helloId])

            let notAuthor = try await bob.call(.delete, "\(chat)/\(helloId)")
            #expect(notAuthor.status == 403)
            #expect(notAuthor.code == "chat.not-author")
            #expect(try await carol.call(.get, chat).status == 404)
            #expect(try await carol.call(.post, chat, json: #"{"text":"hi"}"#).status == 404)
            #expect(try await carol.call(.post, "\(chat)/pictures", data: photo, headers: [.contentType: "image/png"]).status == 404)
            #expect(try await carol.call(.get, "\(chat)/\(pictureId)/picture").status == 404)
            #expect(try await carol.call(.delete, "\(chat)/\(helloId)").status == 404)
            #expect(try await alice.call(.delete, "\(chat)/\(helloId)").status == 204)
            #expect(try await alice.call(.delete, "\(chat)/\(helloId)").status == 404)
            #expect(try await bob.call(.get, chat)["messages"]?.arrayValue?.count == 1)
        }
    }
}
