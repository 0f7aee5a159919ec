import DocumentStore
import Foundation
import HTTPTypes
import Households
import ReceiptModel
import ReceiptTesting
import Testing

@Suite struct CartTests {
    @Test("ticking every item completes the cart; totalPrice is the items' sum", arguments: TemporaryStores.engines)
    func tickingCompletesTheCart(engine: StoreEngine) async throws {
        try await ServerHarness.with(engine, over: .live) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let (bob, _) = try await api.newUser("Bob")
            let home = try await alice.newHousehold("Home")
            try await alice.invite(bob, to: home)
            let base = "/api/v1/households/\(home)/carts"
            let cart = try await alice.call(.post, base, json: #"{"name":"Saturday"}"#)
            #expect(cart.status == 201)
            #expect(cart.etag == "\"1\"")
            let cartID = try #require(cart["id"]?.stringValue)
            let milk = try await alice.call(.post, "\(base)/\(cartID)/items", json: #"{"name":"Milk","quantity":2,"price":"2.38"}"#)
            let bread = try await bob.call(.post, "\(base)/\(cartID)/items", json: #"{"name":"Bread","price":0.1}"#)
            #expect(bread["cart"]?["totalPrice"]?.stringValue == "2.48")
            #expect(milk["item"]?["unitPrice"]?.stringValue == "1.19")
            let milkID = try #require(milk["item"]?["id"]?.stringValue)
            let breadID = try #require(bread["item"]?["id"]?.stringValue)

            let first = try await alice.call(.put, "\(base)/\(cartID)/items/\(milkID)/completed")
            #expect(first["cart"]?["completed"] == .bool(false))
            let last = try await bob.call(.put, "\(base)/\(cartID)/items/\(breadID)/completed")
            #expect(last["cart"]?["completed"] == .bool(true))
            #expect(last["cart"]?["purchasedByUser"]?.stringValue == "Bob")
            #expect(last["item"]?["completedBy"]?.stringValue == "Bob")
            // A second tick changes nothing, not even the revision.
            let again = try await bob.call(.put, "\(base)/\(cartID)/items/\(breadID)/completed")
            #expect(again.etag == last.etag)

            let list = try await alice.call(.get, base)
            let summary = try #require(list["carts"]?.arrayValue?.first)
            #expect(summary["completed"] == .bool(true))
            #expect(summary["addedByUser"]?.stringValue == "Alice")
            #expect(summary["totalPrice"]?.stringValue == "2.48")

            let unticked = try await alice.call(.delete, "\(base)/\(cartID)/items/\(milkID)/completed")
            #expect(unticked["cart"]?["completed"] == .bool(false))
            #expect(unticked["cart"]?["purchasedByUser"] == nil || unticked["cart"]?["purchasedByUser"] == .null)

            let edited = try await alice.call(.patch, "\(base)/\(cartID)/items/\(milkID)", json: #"{"price":"3.00","name":"Oat milk"}"#)
            #expect(edited["cart"]?["totalPrice"]?.stringValue == "3.10")
            #expect(edited["item"]?["name"]?.stringValue == "Oat milk")
            let removed = try await alice.call(.delete, "\(base)/\(cartID)/items/\(milkID)")
            #expect(removed["totalPrice"]?.stringValue == "0.10")
            #expect(removed["items"]?.arrayValue?.count == 1)
            #expect(try await alice.call(.delete, "\(base)/\(cartID)/items/\(milkID)").code == "item.not-found")
        }
    }

    @Test("a cart read again is answered from memory only while nothing was written; another household's id still answers 404")
    func cartReadsFollowWrites() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let (bob, _) = try await api.newUser("Bob")
            let home = try await alice.newHousehold("Home")
            let flat = try await bob.newHousehold("Flat")
            let base = "/api/v1/households/\(home)/carts"
            let cartID = try #require(try await alice.call(.post, base, json: #"{"name":"Saturday"}"#)["id"]?.stringValue)
            let milk = try await alice.call(.post, "\(base)/\(cartID)/items", json: #"{"name":"Milk","price":"2.38"}"#)
            let milkID = try #require(milk["item"]?["id"]?.stringValue)

            let first = try await alice.call(.get, "\(base)/\(cartID)")
            let second = try await alice.call(.get, "\(base)/\(cartID)")
            #expect(first.status == 200)
            #expect(second.bytes == first.bytes)
            #expect(second.etag == "\"2\"")
            #expect(try await bob.call(.get, "\(base)/\(cartID)").status == 404)
            #expect(try await bob.call(.get, "/api/v1/households/\(flat)/carts/\(cartID)").status == 404)

            _ = try await alice.call(.patch, "\(base)/\(cartID)/items/\(milkID)", json: #"{"name":"Oat milk"}"#)
            let edited = try await alice.call(.get, "\(base)/\(cartID)")
            #expect(edited.etag == "\"3\"")
            #expect(edited["items"]?.arrayValue?.first?["name"]?.stringValue == "Oat milk")
        }
    }

    @Test("a stale If-Match answers 412 and changes nothing", arguments: TemporaryStores.engines)
    func staleIfMatch(engine: StoreEngine) async throws {
        try await ServerHarness.with(engine) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let home = try await alice.newHousehold("Home")
            let created = try await alice.call(.post, "/api/v1/households/\(home)/carts", json: #"{"name":"One"}"#)
            let path = "/api/v1/households/\(home)/carts/\(try #require(created["id"]?.stringValue))"
            let etag = try #require(created.etag)
            let renamed = try await alice.call(.patch, path, json: #"{"name":"Two"}"#, headers: [.ifMatch: etag])
            #expect(renamed.status == 200)
            #expect(renamed.etag == "\"2\"")
            let stale = try await alice.call(.patch, path, json: #"{"name":"Three"}"#, headers: [.ifMatch: etag])
            #expect(stale.status == 412)
            #expect(stale.code == "request.stale")
            let staleDelete = try await alice.call(.delete, path, headers: [.ifMatch: etag])
            #expect(staleDelete.status == 412)
            let current = try await alice.call(.get, path)
            #expect(current["name"]?.stringValue == "Two")
            #expect(try await alice.call(.patch, path, json: #"{"name":"x"}"#, headers: [.ifMatch: "garbage"]).status == 400)
            // An empty If-Match lists no entity tag, so it matches no revision.
            #expect(try await alice.call(.patch, path, json: #"{"name":"x"}"#, headers: [.ifMatch: ""]).status == 412)
            // A well-formed ETag beyond any revision this server could give out is stale too.
            #expect(try await alice.call(.patch, path, json: #"{"name":"x"}"#, headers: [.ifMatch: #"W/"7558422115166288329770""#]).status == 412)
            #expect(try await alice.call(.delete, path, headers: [.ifMatch: try #require(current.etag)]).status == 204)
            #expect(try await alice.call(.get, path).status == 404)
        }
    }

    @Test("a retried POST with the same Idempotency-Key creates one cart")
    func idempotencyKey() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let home = try await alice.newHousehold("Home")
            let key: HTTPFields = [.init("Idempotency-Key")!: "7c1d-retry"]
            let first = try await alice.call(.post, "/api/v1/households/\(home)/carts", json: #"{"name":"Once"}"#, headers: key)
            let second = try await alice.call(.post, "/api/v1/households/\(home)/carts", json: #"{"name":"Once"}"#, headers: key)
            #expect(first.status == 201)
            #expect(second.status == 201)
            #expect(second["id"] == first["id"])
            #expect(second.headers[.init("Idempotent-Replayed")!] == "true")
            let list = try await alice.call(.get, "/api/v1/households/\(home)/carts")
            #expect(list["carts"]?.arrayValue?.count == 1)
            let other = try await alice.call(.post, "/api/v1/households/\(home)/invites", headers: key)
            #expect(other.status == 422)
            #expect(other.code == "request.idempotency-key-reused")
            // The same address with another body is not a retry either: refused, not answered with the first cart.
            let otherBody = try await alice.call(.post, "/api/v1/households/\(home)/carts", json: #"{"name":"Twice"}"#, headers: key)
            #expect(otherBody.status == 422)
            #expect(otherBody.code == "request.idempotency-key-reused")
        }
    }

    @Test("carts page by cursor: open ones first, newest first", arguments: TemporaryStores.engines)
    func pagination(engine: StoreEngine) async throws {
        try await ServerHarness.with(engine) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let home = try await alice.newHousehold("Home")
            let base = "/api/v1/households/\(home)/carts"
            var ids: [String] = []
            var added: [String: String] = [:]
            for index in 0..<7 {
                let cart = try await alice.call(.post, base, json: #"{"name":"Cart \#(index)"}"#)
                let id = try #require(cart["id"]?.stringValue)
                ids.append(id)
                added[id] = cart["addedOn"]?.stringValue
            }
            // Carts 1 and 4 are bought: each gets one ticked item.
            for index in [1, 4] {
                let item = try await alice.call(.post, "\(base)/\(ids[index])/items", json: #"{"name":"Tea"}"#)
                let itemID = try #require(item["item"]?["id"]?.stringValue)
                _ = try await alice.call(.put, "\(base)/\(ids[index])/items/\(itemID)/completed")
            }
            var seen: [String] = []
            var cursor: String?
            var pages = 0
            repeat {
                let page = try await alice.call(.get, base + "?limit=3" + (cursor.map { "&cursor=\($0)" } ?? ""))
                #expect(page.status == 200)
                seen += (page["carts"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
                cursor = page["nextCursor"]?.stringValue
                pages += 1
            } while cursor != nil && pages < 10
            // Newest first; carts made within the same millisecond are ordered by id, descending.
            let newestFirst: ([String]) -> [String] = { $0.sorted { (added[$0] ?? "", $0) > (added[$1] ?? "", $1) } }
            #expect(seen == newestFirst([ids[0], ids[2], ids[3], ids[5], ids[6]]) + newestFirst([ids[1], ids[4]]))
            #expect(pages == 3)
            #expect(try await alice.call(.get, base + "?cursor=bogus!").status == 400)
            #expect(try await alice.call(.get, base + "?limit=0").code == "request.invalid")
        }
    }
}

@Suite struct StatsTests {
    @Test("spend figures are per currency, for the household only, with the caller's own share")
    func statsPerCurrency() async throws {
        try await ServerHarness.with(.sqlite) { api, services in
            let (alice, aliceID) = try await api.newUser("Alice")
            let (bob, _) = try await api.newUser("Bob")
            let home = try await alice.newHousehold("Home")
            try await alice.invite(bob, to: home)
            let (carol, _) = try await api.newUser("Carol")
            let flat = try await carol.newHousehold("Flat")
            func receipt(_ id: String, household: String, user: String?, currency: String, total: String, date: String) async throws {
                var cart = CartDocument(
                    id: id,
                    name: id,
                    addedByUser: "x",
                    addedOn: "2026-11-01T10:00:00Z",
                    date: date,
                    currency: currency,
                    total: Amount(total),
                    totalPrice: Amount(total),
                    source: DocumentSource(file: id, sha256: id)
                )
                cart.household = household
                cart.addedByUserId = user
                try await services.store.put(collection: Collections.carts, id: id, document: try JSONValue(encoding: cart))
            }
            try await receipt("r1", household: home, user: aliceID, currency: "EUR", total: "10.00", date: "2026-10-05")
            try await receipt("r2", household: home, user: nil, currency: "EUR", total: "5.50", date: "2026-09-20")
            try await receipt("r3", household: home, user: aliceID, currency: "USD", total: "7.25", date: "2026-10-06")
            try await receipt("r4", household: flat, user: nil, currency: "EUR", total: "99.00", date: "2026-10-07")
            let stats = try await alice.call(.get, "/api/v1/households/\(home)/stats?asOf=2026-11-24")
            #expect(stats.status == 200)
            let currencies = try #require(stats["currencies"]?.arrayValue)
            let eur = try #require(currencies.first { $0["currency"]?.stringValue == "EUR" })
            let usd = try #require(currencies.first { $0["currency"]?.stringValue == "USD" })
            #expect(eur["total"]?.stringValue == "15.50")
            #expect(eur["totalByUser"]?.stringValue == "10.00")
            #expect(eur["averageMonthly"]?.stringValue == "5.17")
            #expect(usd["total"]?.stringValue == "7.25")
            #expect(currencies.count == 2)
            #expect(try await carol.call(.get, "/api/v1/households/\(home)/stats").status == 404)
            #expect(try await alice.call(.get, "/api/v1/households/\(home)/stats?asOf=yesterday").code == "request.invalid")
            let all = try await alice.call(.get, "/api/v1/households/\(home)/stats?asOf=2026-11-24&period=all")
            let eurAll = try #require(all["currencies"]?.arrayValue?.first { $0["currency"]?.stringValue == "EUR" }?["period"])
            #expect(all["period"]?.stringValue == "all")
            #expect(eurAll["months"]?.arrayValue?.map { $0["label"]?.stringValue } == ["2026-09", "2026-10"])
            #expect(eurAll["averageMonthly"]?.stringValue == "7.75")
            #expect(try await alice.call(.get, "/api/v1/households/\(home)/stats?period=5y").code == "request.invalid")
        }
    }
}
