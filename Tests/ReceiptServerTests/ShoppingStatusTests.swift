import DocumentStore
import Foundation
import HTTPTypes
import HouseholdApp
import Households
import ReceiptModel
import ReceiptServer
import ReceiptTesting
import Testing

@Suite struct ShoppingStatusTests {
    @Test("I'm shopping: the other member sees it live and in the list; it ends when said or when its time is up")
    func shoppingIsSeenAndEnds() async throws {
        try await ServerHarness.with(.sqlite, over: .live) { api, _ in
            let (alice, aliceId) = try await api.newUser("Alice")
            let (bob, _) = try await api.newUser("Bob")
            let (carol, _) = try await api.newUser("Carol")
            let home = try await alice.newHousehold("Home")
            try await alice.invite(bob, to: home)
            _ = try await carol.newHousehold("Elsewhere")
            let list = try #require(try await alice.call(.post, "/api/v1/households/\(home)/lists", json: #"{"name":"Weekly"}"#)["id"]?.stringValue)
            let path = "/api/v1/households/\(home)/lists/\(list)/shopping"
            let bobLive = LiveClient(port: try #require(api.client.port), token: try #require(bob.token))
            defer { bobLive.close() }
            _ = try await bobLive.hello()

            let started = try await alice.call(.put, path, json: #"{"minutes":30}"#)
            #expect(started.status == 200)
            #expect(started["userId"]?.stringValue == aliceId)
            #expect(try await bobLive.first { $0["collection"]?.stringValue == "shopping-status" && $0["deleted"] == .bool(false) } != nil)
            #expect(try await bob.call(.get, path)["shopping"]?.arrayValue?.map { $0["displayName"]?.stringValue } == ["Alice"])
            #expect(try await carol.call(.get, path).status == 404)
            #expect(try await alice.call(.put, path, json: #"{"minutes":0}"#).status == 400)
            // Minutes are whole, as the document says (77.75 was taken as 77).
            #expect(try await alice.call(.put, path, json: #"{"minutes":77.75}"#).status == 400)
            #expect(try await alice.call(.put, path, json: #"{"minutes":1e30}"#).status == 400)

            #expect(try await alice.call(.delete, path).status == 204)
            #expect(try await bobLive.first { $0["collection"]?.stringValue == "shopping-status" && $0["deleted"] == .bool(true) } != nil)
            #expect(try await bob.call(.get, path)["shopping"]?.arrayValue?.isEmpty == true)
        }
    }

    @Test("a shopping status left on expires by itself and is swept away")
    func shoppingExpires() async throws {
        try await TemporaryStores.with(.sqlite) { store, _ in
            let clock = TestClock()
            let services = HouseholdServices(store: store, bcryptCost: 4, now: { clock.now }, logger: ServerHarness.logger)
            try await services.prepare(logger: ServerHarness.logger)
            let user = try await services.accounts.signUp(email: "s@example.org", displayName: "S", password: "long enough")
            let home = try await services.directory.create(name: "Home", by: user).value.id
            let list = try await services.lists.create(in: home, name: "Weekly", by: user).value.id
            _ = try await services.lists.startShopping(list, in: home, by: user, minutes: 20)
            clock.advance(19 * 60)
            #expect(try await services.lists.shoppers(of: list, in: home, for: user.id).count == 1)
            clock.advance(2 * 60)
            #expect(try await services.lists.shoppers(of: list, in: home, for: user.id).isEmpty)
            try await services.lists.sweepExpiredShopping()
            #expect(try await store.count(collection: ShoppingStatus.collection) == 0)
        }
    }
}
