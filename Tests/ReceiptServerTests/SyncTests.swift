import DocumentStore
import Foundation
import Households
import ReceiptModel
import ReceiptTesting
import Replication
import Testing

/// `POST /api/v1/households/{id}/sync`: offline replicas' states merged with API edits by the
/// same rules, permission-checked like every route.
@Suite(.timeLimit(.minutes(5))) struct SyncTests {
    @Test("sync: offline edits merge per field with API edits; deletions win", arguments: TemporaryStores.engines)
    func offlineAndAPIEditsMerge(engine: StoreEngine) async throws {
        try await ServerHarness.with(engine) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let (bob, _) = try await api.newUser("Bob")
            let home = try await alice.newHousehold("Home")
            try await alice.invite(bob, to: home)
            let path = "/api/v1/households/\(home)/lists"
            let listId = try #require(try await alice.call(.post, path, json: #"{"name":"Weekend"}"#)["id"]?.stringValue)
            let milk = try #require(try await alice.call(.post, "\(path)/\(listId)/entries", json: #"{"name":"milk"}"#)["entry"]?["id"]?.stringValue)
            let tea = try #require(try await alice.call(.post, "\(path)/\(listId)/entries", json: #"{"name":"tea"}"#)["entry"]?["id"]?.stringValue)

            // Alice's phone takes the list, then goes offline.
            let pulled = try await Self.sync(alice, home, SyncRequest(cursor: nil, lists: nil, carts: nil, known: nil))
            var phone = try #require(pulled.lists.first { $0.id == listId })
            var clock = HybridClock(replica: "cli_phone")
            var stamp = clock.observe(try #require(phone.state.newestStamp), now: Date())
            phone.state.set(entry: milk, "note", .string("oat"), at: stamp)
            stamp = clock.tick(now: Date())
            phone.state.set(entry: tea, "completed", .bool(true), at: stamp)
            phone.state.set(entry: tea, "completedBy", .string("Alice"), at: stamp)

            // Meanwhile Bob, online: another field of milk, and tea removed.
            #expect(try await bob.call(.patch, "\(path)/\(listId)/entries/\(milk)", json: #"{"quantity":4}"#).status == 200)
            #expect(try await bob.call(.delete, "\(path)/\(listId)/entries/\(tea)").status == 200)

            let answer = try await Self.sync(alice, home, SyncRequest(cursor: pulled.cursor, lists: [phone], carts: nil, known: [listId]))
            let merged = try #require(answer.lists.first { $0.id == listId })
            #expect(merged.state.liveEntries[milk]?["note"] == .string("oat"))
            #expect(merged.state.liveEntries[milk]?["quantity"] == .number(4))
            #expect(merged.state.entries[tea]?.isRemoved == true, "a stale tick must not bring back a removed entry")
            let list = try await bob.call(.get, "\(path)/\(listId)")
            #expect(list["entries"]?.arrayValue?.count == 1)
            #expect(list["entries"]?.arrayValue?.first?["note"]?.stringValue == "oat")
            #expect(list["entries"]?.arrayValue?.first?["quantity"] == .number(4))

            // The same state again changes nothing (no new revision).
            let etag = list.etag
            _ = try await Self.sync(alice, home, SyncRequest(cursor: answer.cursor, lists: [merged], carts: nil, known: [listId]))
            #expect(try await bob.call(.get, "\(path)/\(listId)").etag == etag)

            // The change log names who synced, like any edit.
            let log = try await bob.call(.get, "\(path)/\(listId)/changes")
            #expect(
                log["changes"]?.arrayValue?.contains { $0["displayName"]?.stringValue == "Alice" && $0["action"]?.stringValue == "changed" } == true
            )
        }
    }

    @Test("sync: lists made offline are created; deleted lists stay deleted; carts added once", arguments: TemporaryStores.engines)
    func createsDeletesAndCarts(engine: StoreEngine) async throws {
        try await ServerHarness.with(engine) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let home = try await alice.newHousehold("Home")
            var state = ReplicatedDocument()
            var clock = HybridClock(replica: "cli_laptop")
            let stamp = clock.tick(now: Date())
            state.set("name", .string("Party"), at: stamp)
            for (field, value) in [
                ("name", JSONValue.string("crisps")), ("quantity", .number(2)), ("completed", .bool(false)),
                ("addedBy", .string("Alice")), ("addedByUserId", .string("")), ("addedOn", .string("2026-01-01T10:00:00.000Z")),
            ] {
                state.set(entry: "e_1a2b", field, value, at: stamp)
            }
            let offline = SyncedList(id: "l_offline1", household: nil, createdBy: "Alice", createdAt: nil, order: ["e_1a2b"], state: state)
            var cart = CartDocument(
                id: String(repeating: "ab", count: 32),
                name: "FRESHMART",
                addedByUser: "alice",
                addedOn: "2026-01-02T10:00:00Z",
                completed: true,
                currency: "USD",
                totalPrice: Amount("4.50"),
                source: DocumentSource(file: "r.jpg")
            )
            cart.source.sha256 = cart.id
            let answer = try await Self.sync(alice, home, SyncRequest(cursor: nil, lists: [offline], carts: [cart], known: ["l_offline1"]))
            let created = try #require(answer.lists.first { $0.id == "l_offline1" })
            #expect(created.state.liveEntries["e_1a2b"]?["name"] == .string("crisps"))
            #expect(answer.uploaded.map(\.id) == ["\(home)-\(cart.id)"])
            #expect(answer.carts.map(\.id) == ["\(home)-\(cart.id)"])
            let list = try await alice.call(.get, "/api/v1/households/\(home)/lists/l_offline1")
            #expect(list["entries"]?.arrayValue?.first?["name"]?.stringValue == "crisps")

            // Sent again: still one cart.
            _ = try await Self.sync(alice, home, SyncRequest(cursor: answer.cursor, lists: nil, carts: [cart], known: nil))
            #expect(try await alice.call(.get, "/api/v1/households/\(home)/carts")["carts"]?.arrayValue?.count == 1)

            // Deleted on the server: a replica's stale copy does not bring it back.
            #expect(try await alice.call(.delete, "/api/v1/households/\(home)/lists/l_offline1").status == 204)
            let after = try await Self.sync(alice, home, SyncRequest(cursor: answer.cursor, lists: [created], carts: nil, known: ["l_offline1"]))
            #expect(after.removedLists == ["l_offline1"])
            #expect(try await alice.call(.get, "/api/v1/households/\(home)/lists/l_offline1").status == 404)

            // Deleted on a replica: deleted here, even though a member changed it meanwhile.
            let other = try #require(try await alice.call(.post, "/api/v1/households/\(home)/lists", json: #"{"name":"Later"}"#)["id"]?.stringValue)
            #expect(try await alice.call(.patch, "/api/v1/households/\(home)/lists/\(other)", json: #"{"name":"Sooner"}"#).status == 200)
            let deleted = try await Self.sync(
                alice,
                home,
                SyncRequest(cursor: after.cursor, lists: nil, carts: nil, known: nil, removedLists: [other])
            )
            #expect(deleted.removedLists == [other])
            #expect(try await alice.call(.get, "/api/v1/households/\(home)/lists/\(other)").status == 404)
            let log = try await alice.call(.get, "/api/v1/households/\(home)/lists/\(other)/changes")
            #expect(log["changes"]?.arrayValue?.last?["action"]?.stringValue == "deleted")
            // Sent again (the answer was lost): nothing more to do, no error.
            #expect(
                try await Self.sync(alice, home, SyncRequest(cursor: after.cursor, lists: nil, carts: nil, known: nil, removedLists: [other]))
                    .removedLists == [other]
            )
        }
    }

    @Test("sync: offline item changes merge with API edits of the household's carts", arguments: TemporaryStores.engines)
    func cartItemsMerge(engine: StoreEngine) async throws {
        try await ServerHarness.with(engine) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let (bob, _) = try await api.newUser("Bob")
            let home = try await alice.newHousehold("Home")
            try await alice.invite(bob, to: home)
            let carts = "/api/v1/households/\(home)/carts"
            let cartId = try #require(try await alice.call(.post, carts, json: #"{"name":"Market","currency":"EUR"}"#)["id"]?.stringValue)
            let milk = try #require(
                try await alice.call(.post, "\(carts)/\(cartId)/items", json: #"{"name":"milk","price":"1.20"}"#)["item"]?["id"]?.stringValue
            )
            let bread = try #require(try await alice.call(.post, "\(carts)/\(cartId)/items", json: #"{"name":"bread"}"#)["item"]?["id"]?.stringValue)

            // Alice's laptop takes the cart, then goes offline: ticks milk, renames bread.
            let pulled = try await Self.sync(alice, home, SyncRequest(cursor: nil, lists: nil, carts: nil, known: nil))
            var laptop = try SyncedCart(try #require(pulled.carts.first { $0.id == cartId }))
            var clock = HybridClock(replica: "cli_laptop")
            let stamp = clock.observe(try #require(laptop.state.newestStamp), now: Date())
            laptop.state.set(entry: milk, "completed", .bool(true), at: stamp)
            laptop.state.set(entry: milk, "completedBy", .string("Alice"), at: stamp)
            laptop.state.set(entry: bread, "name", .string("rye bread"), at: stamp)

            // Bob, online: milk's price, and bread removed.
            #expect(try await bob.call(.patch, "\(carts)/\(cartId)/items/\(milk)", json: #"{"price":"2.50"}"#).status == 200)
            #expect(try await bob.call(.delete, "\(carts)/\(cartId)/items/\(bread)").status == 200)

            _ = try await Self.sync(alice, home, SyncRequest(cursor: pulled.cursor, lists: nil, carts: nil, known: nil, cartStates: [laptop]))
            let cart = try await bob.call(.get, "\(carts)/\(cartId)")
            let items = try #require(cart["items"]?.arrayValue)
            #expect(items.count == 1, "a stale rename must not bring back a removed item")
            #expect(items.first?["price"]?.stringValue == "2.50")
            #expect(items.first?["completed"] == .bool(true))
            #expect(cart["completed"] == .bool(true), "settled after the merge: every item is ticked")
            #expect(cart["totalPrice"]?.stringValue == "2.50")
            #expect(cart["stamps"] == nil, "stamps are for sync, not in the API's cart")
        }
    }

    @Test func anotherHouseholdsSyncAndListsAnswer404AndBadStatesAre400() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let (mallory, _) = try await api.newUser("Mallory")
            let home = try await alice.newHousehold("Home")
            let elsewhere = try await mallory.newHousehold("Elsewhere")
            let listId = try #require(
                try await alice.call(.post, "/api/v1/households/\(home)/lists", json: #"{"name":"Weekend"}"#)["id"]?.stringValue
            )
            #expect(try await mallory.call(.post, "/api/v1/households/\(home)/sync", json: "{}").status == 404)
            var state = ReplicatedDocument()
            var clock = HybridClock(replica: "cli_m")
            state.set("name", .string("Mine now"), at: clock.tick(now: Date()))
            let theft = SyncRequest(
                cursor: nil,
                lists: [SyncedList(id: listId, household: nil, createdBy: nil, createdAt: nil, order: nil, state: state)],
                carts: nil,
                known: nil
            )
            let stolen = try await mallory.call(.post, "/api/v1/households/\(elsewhere)/sync", json: try Self.json(theft))
            #expect(stolen.status == 404)
            #expect(stolen.code == "list.not-found")
            #expect(try await alice.call(.get, "/api/v1/households/\(home)/lists/\(listId)")["name"]?.stringValue == "Weekend")

            let badStamp = #"{"lists":[{"id":"l_x1","state":{"fields":{"name":{"value":"X","at":"yesterday"}},"entries":{}}}]}"#
            #expect(try await alice.call(.post, "/api/v1/households/\(home)/sync", json: badStamp).status == 400)
            let badId = #"{"lists":[{"id":"../x","state":{"fields":{},"entries":{}}}]}"#
            #expect(try await alice.call(.post, "/api/v1/households/\(home)/sync", json: badId).code == "request.invalid")
            #expect(try await alice.call(.post, "/api/v1/households/\(home)/sync", json: #"{"cursor":"x"}"#).status == 400)
            // Cursors are the server's: up to 18 digits (as the document's pattern says), nothing Int64 would also read.
            for cursor in ["+5", "-0", "0000000000000000000"] {
                #expect(try await alice.call(.post, "/api/v1/households/\(home)/sync", json: #"{"cursor":"\#(cursor)"}"#).status == 400, "\(cursor)")
            }
            var future = ReplicatedDocument()
            future.set("name", .string("Later"), at: HybridTimestamp(wallMillis: 9_999_999_999_999, counter: 0, replica: "cli_m"))
            let ahead = SyncRequest(
                cursor: nil,
                lists: [SyncedList(id: "l_ahead", household: nil, createdBy: nil, createdAt: nil, order: nil, state: future)],
                carts: nil,
                known: nil
            )
            // Well-formed, but the device's clock is a day or more fast: 422, not a malformed request.
            let fast = try await alice.call(.post, "/api/v1/households/\(home)/sync", json: try Self.json(ahead))
            #expect(fast.status == 422)
            #expect(fast.code == "sync.clock-ahead")
        }
    }

    static func json(_ request: SyncRequest) throws -> String {
        String(decoding: try JSONCoding.encoder.encode(request), as: UTF8.self)
    }

    static func sync(_ caller: API, _ household: String, _ request: SyncRequest) async throws -> SyncAnswer {
        let reply = try await caller.call(.post, "/api/v1/households/\(household)/sync", json: try json(request))
        try #require(reply.status == 200, "\(reply.status) \(String(decoding: reply.bytes, as: UTF8.self))")
        return try JSONCoding.decoder.decode(SyncAnswer.self, from: reply.bytes)
    }
}
