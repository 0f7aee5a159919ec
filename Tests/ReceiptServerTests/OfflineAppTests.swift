import Foundation
import HTTPTypes
import ReceiptModel
import ReceiptTesting
import Testing
import WebApp

/// The installable, offline-first web app's server side: the manifest and the service worker,
/// the replicated state a browser edits offline, an entry's edit form, and logging out.
/// (The offline flows themselves run in real Chromium: Tests/web/test_offline.py.)
@Suite struct OfflineAppTests {
    @Test("the manifest, the icons and the service worker at the root, named after this build")
    func installable() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            let manifest = try await api.call(.get, "/manifest.webmanifest")
            #expect(manifest.status == 200)
            #expect(manifest.headers[.contentType] == "application/manifest+json")
            #expect(manifest["display"]?.stringValue == "standalone")
            let icons = try #require(manifest["icons"]?.arrayValue)
            #expect(Set(icons.compactMap { $0["sizes"]?.stringValue }) == ["192x192", "512x512", "any"])
            for size in [192, 512] {
                let icon = try await api.call(.get, "/assets/icon-\(size).png")
                #expect(icon.headers[.contentType] == "image/png")
                // PNG signature, then the IHDR chunk's width.
                #expect(icon.bytes.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
                #expect(icon.bytes.dropFirst(16).prefix(4).reduce(0) { $0 << 8 | Int($1) } == size)
            }
            let worker = try await api.call(.get, "/sw.js")
            #expect(worker.status == 200)
            #expect(worker.headers[.contentType]?.hasPrefix("text/javascript") == true)
            #expect(worker.headers[.cacheControl] == "no-cache")
            let text = String(decoding: worker.bytes, as: UTF8.self)
            #expect(text.contains("const VERSION = \"\(WebAssets.buildVersion)\""))
            #expect(try await api.call(.get, "/sw.js", headers: [.ifNoneMatch: worker.etag ?? ""]).status == 304)
            let fallback = try await api.call(.get, "/offline")
            #expect(fallback.status == 200)
            #expect(String(decoding: fallback.bytes, as: UTF8.self).contains("You are offline"))
        }
    }

    @Test("a list's and a cart's replicated state, for members only")
    func replicatedState() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let (eve, _) = try await api.newUser("Eve")
            let home = try await alice.newHousehold("Home")
            _ = try await eve.newHousehold("Elsewhere")
            let lists = "/api/v1/households/\(home)/lists"
            let listId = try #require(try await alice.call(.post, lists, json: #"{"name":"Weekend"}"#)["id"]?.stringValue)
            let milk = try #require(try await alice.call(.post, "\(lists)/\(listId)/entries", json: #"{"name":"milk"}"#)["entry"]?["id"]?.stringValue)
            let state = try await alice.call(.get, "/api/v1/households/\(home)/sync/lists/\(listId)")
            #expect(state.status == 200)
            #expect(state["id"]?.stringValue == listId)
            #expect(state["state"]?["fields"]?["name"]?["value"]?.stringValue == "Weekend")
            let entry = try #require(state["state"]?["entries"]?[milk]?["fields"])
            #expect(entry["name"]?["value"]?.stringValue == "milk")
            // Every field, stamped: what a browser sends back whole, with a later stamp on what it changed.
            #expect(entry["addedByUserId"]?["at"]?.stringValue?.hasPrefix("000000000000000000") == false)

            let carts = "/api/v1/households/\(home)/carts"
            let cartId = try #require(try await alice.call(.post, carts, json: #"{"name":"Corner shop"}"#)["id"]?.stringValue)
            let item = try await alice.call(.post, "\(carts)/\(cartId)/items", json: #"{"name":"coffee"}"#)
            let itemId = try #require(item["item"]?["id"]?.stringValue ?? item["items"]?.arrayValue?.first?["id"]?.stringValue)
            let cart = try await alice.call(.get, "/api/v1/households/\(home)/sync/carts/\(cartId)")
            #expect(cart["state"]?["entries"]?[itemId]?["fields"]?["name"]?["value"]?.stringValue == "coffee")

            // Another household's member: exactly like ids that do not exist.
            for path in ["sync/lists/\(listId)", "sync/carts/\(cartId)", "sync/lists/l_nope"] {
                let reply = try await eve.call(.get, "/api/v1/households/\(home)/\(path)")
                #expect(reply.status == 404)
                #expect(reply.code == "household.not-found")
            }
            #expect(try await alice.call(.get, "/api/v1/households/\(home)/sync/lists/l_nope").status == 404)
        }
    }

    @Test("an entry's name, quantity and note from its edit form; logging out clears the site's offline data")
    func editFormAndLogout() async throws {
        try await ServerHarness.with(.sqlite, over: .live) { api, _ in
            let (anna, user) = try await WebPageTests.browser(api, "Anna")
            let home = try await user.newHousehold("Home")
            let lists = "/api/v1/households/\(home)/lists"
            let listId = try #require(try await user.call(.post, lists, json: #"{"name":"Weekend"}"#)["id"]?.stringValue)
            let milk = try #require(try await user.call(.post, "\(lists)/\(listId)/entries", json: #"{"name":"milk"}"#)["entry"]?["id"]?.stringValue)
            let page = try await anna.get("/h/\(home)/lists/\(listId)")
            #expect(String(decoding: page.bytes, as: UTF8.self).contains("action=\"/h/\(home)/lists/\(listId)/entries/\(milk)/edit\""))
            let edited = try await anna.post(
                "/h/\(home)/lists/\(listId)/entries/\(milk)/edit",
                [("name", "oat milk"), ("quantity", "2"), ("note", "the blue one")]
            )
            #expect(edited.status == 303)
            let entry = try await user.call(.get, "\(lists)/\(listId)")["entries"]?.arrayValue?.first
            #expect(entry?["name"]?.stringValue == "oat milk")
            #expect(entry?["quantity"] == .number(2))
            #expect(entry?["note"]?.stringValue == "the blue one")
            #expect(try await anna.post("/h/\(home)/lists/\(listId)/entries/\(milk)/edit", [("name", " ")]).status == 400)

            let out = try await anna.post("/logout", [])
            #expect(out.status == 303)
            #expect(out.headers[HTTPField.Name("Clear-Site-Data")!] == "\"cache\", \"storage\"")
        }
    }
}
