import DocumentStore
import Foundation
import HTTPTypes
import ReceiptModel
import ReceiptTesting
import Testing

@Suite struct ChangeLogTests {
    @Test(
        "a cart's and a list's change log say who added, changed, ticked and removed what, with old and new values",
        arguments: TemporaryStores.engines
    )
    func changeLogs(engine: StoreEngine) async throws {
        try await ServerHarness.with(engine) { api, _ in
            let (alice, aliceId) = try await api.newUser("Alice")
            let (bob, bobId) = try await api.newUser("Bob")
            let (carol, _) = try await api.newUser("Carol")
            let home = try await alice.newHousehold("Home")
            try await alice.invite(bob, to: home)
            _ = try await carol.newHousehold("Elsewhere")
            let carts = "/api/v1/households/\(home)/carts"
            let cartId = try #require(try await alice.call(.post, carts, json: #"{"name":"Saturday"}"#)["id"]?.stringValue)
            let added = try await bob.call(.post, "\(carts)/\(cartId)/items", json: #"{"name":"Milk","price":"1.19"}"#)
            let itemId = try #require(added["item"]?["id"]?.stringValue)
            _ = try await alice.call(.patch, "\(carts)/\(cartId)/items/\(itemId)", json: #"{"price":"1.29"}"#)
            _ = try await bob.call(.put, "\(carts)/\(cartId)/items/\(itemId)/completed")
            _ = try await alice.call(.delete, "\(carts)/\(cartId)/items/\(itemId)")

            let log = try await bob.call(.get, "\(carts)/\(cartId)/changes")
            let entries = try #require(log["changes"]?.arrayValue)
            #expect(entries.map { $0["action"]?.stringValue } == ["created", "changed", "changed", "changed", "changed"])
            #expect(entries.map { $0["userId"]?.stringValue } == [aliceId, bobId, aliceId, bobId, aliceId])
            #expect(entries.map { $0["rev"]?.intValue } == [1, 2, 3, 4, 5])
            func change(_ entry: JSONValue, _ field: String) -> JSONValue? {
                entry["changes"]?.arrayValue?.first { $0["field"]?.stringValue == field && $0["item"]?.stringValue == itemId }
            }
            #expect(change(entries[1], "items")?["new"]?["name"]?.stringValue == "Milk")
            #expect(change(entries[2], "items.price")?["old"]?.stringValue == "1.19")
            #expect(change(entries[2], "items.price")?["new"]?.stringValue == "1.29")
            #expect(change(entries[3], "items.completed")?["new"] == .bool(true))
            #expect(change(entries[3], "items.completed")?["itemName"]?.stringValue == "Milk")
            #expect(change(entries[4], "items")?["old"]?["name"]?.stringValue == "Milk")
            #expect(entries[1]["displayName"]?.stringValue == "Bob")
            // Another household's member sees nothing, as if the cart did not exist.
            #expect(try await carol.call(.get, "\(carts)/\(cartId)/changes").status == 404)

            // A list: created, an entry added, then the list deleted: the log outlives it.
            let lists = "/api/v1/households/\(home)/lists"
            let listId = try #require(try await alice.call(.post, lists, json: #"{"name":"Weekly"}"#)["id"]?.stringValue)
            _ = try await bob.call(.post, "\(lists)/\(listId)/entries", json: #"{"name":"Eggs"}"#)
            #expect(try await alice.call(.delete, "\(lists)/\(listId)").status == 204)
            let listLog = try await bob.call(.get, "\(lists)/\(listId)/changes")
            #expect(listLog["changes"]?.arrayValue?.map { $0["action"]?.stringValue } == ["created", "changed", "deleted"])
            #expect(try await carol.call(.get, "\(lists)/\(listId)/changes").status == 404)
        }
    }
}
