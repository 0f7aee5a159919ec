import DocumentStore
import Foundation
import HTTPTypes
import Households
import ReceiptModel
import ReceiptTesting
import Testing

@Suite struct HouseholdTests {
    @Test("invitations are single-use; members leave; only the owner removes", arguments: TemporaryStores.engines)
    func membership(engine: StoreEngine) async throws {
        try await ServerHarness.with(engine) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let (bob, bobID) = try await api.newUser("Bob")
            let (carol, carolID) = try await api.newUser("Carol")
            let home = try await alice.newHousehold("Home")
            let invite = try await alice.call(.post, "/api/v1/households/\(home)/invites")
            let code = try #require(invite["code"]?.stringValue)
            // Typed by hand: case and dashes do not matter.
            let typed = code.lowercased().replacingOccurrences(of: "-", with: " ")
            #expect(try await bob.call(.post, "/api/v1/households/join", json: #"{"code":"\#(typed)"}"#).status == 200)
            let reused = try await carol.call(.post, "/api/v1/households/join", json: #"{"code":"\#(code)"}"#)
            #expect(reused.status == 404)
            #expect(reused.code == "invite.invalid")

            try await alice.invite(carol, to: home)
            let household = try await bob.call(.get, "/api/v1/households/\(home)")
            #expect(household["members"]?.arrayValue?.count == 3)

            // Bob is not the owner: he cannot remove Carol; he can leave.
            let refused = try await bob.call(.delete, "/api/v1/households/\(home)/members/\(carolID)")
            #expect(refused.status == 403)
            #expect(refused.code == "household.forbidden")
            #expect(try await bob.call(.delete, "/api/v1/households/\(home)/members/\(bobID)").status == 204)
            #expect(try await bob.call(.get, "/api/v1/households/\(home)").status == 404)
            #expect(try await alice.call(.delete, "/api/v1/households/\(home)/members/\(carolID)").status == 204)
            #expect(try await carol.call(.get, "/api/v1/households/\(home)/carts").status == 404)
            let left = try await alice.call(.get, "/api/v1/households/\(home)")
            #expect(left["members"]?.arrayValue?.count == 1)
        }
    }

    @Test("every endpoint answers 404 to another household's ids and changes nothing", arguments: TemporaryStores.engines)
    func privacyBetweenHouseholds(engine: StoreEngine) async throws {
        try await ServerHarness.with(engine) { api, services in
            let (alice, _) = try await api.newUser("Alice")
            let (bob, bobID) = try await api.newUser("Bob")
            let (carol, _) = try await api.newUser("Carol")
            let (dave, _) = try await api.newUser("Dave")
            let home = try await alice.newHousehold("Alice and Bob")
            try await alice.invite(bob, to: home)
            let flat = try await carol.newHousehold("Carol and Dave")
            try await carol.invite(dave, to: flat)

            let cart = try await alice.call(.post, "/api/v1/households/\(home)/carts", json: #"{"name":"Weekly shop","currency":"EUR"}"#)
            let cartID = try #require(cart["id"]?.stringValue)
            let added = try await alice.call(.post, "/api/v1/households/\(home)/carts/\(cartID)/items", json: #"{"name":"Milk","price":"1.19"}"#)
            let itemID = try #require(added["item"]?["id"]?.stringValue)
            let before = try await services.store.lastSequence()

            let h = "/api/v1/households/\(home)"
            let c = "\(h)/carts/\(cartID)"
            let attempts: [(HTTPRequestMethod, String, String?)] = [
                (.get, h, nil), (.patch, h, #"{"name":"Mine now"}"#), (.post, "\(h)/invites", nil),
                (.delete, "\(h)/members/\(bobID)", nil), (.get, "\(h)/carts", nil), (.post, "\(h)/carts", #"{"name":"x"}"#),
                (.get, c, nil), (.patch, c, #"{"name":"x"}"#), (.delete, c, nil),
                (.post, "\(c)/items", #"{"name":"x"}"#), (.patch, "\(c)/items/\(itemID)", #"{"name":"x"}"#),
                (.delete, "\(c)/items/\(itemID)", nil), (.put, "\(c)/items/\(itemID)/completed", nil),
                (.delete, "\(c)/items/\(itemID)/completed", nil), (.get, "\(c)/image", nil), (.get, "\(c)/thumbnail", nil),
                (.post, "\(h)/receipts", nil),
                // Carol's own household, with Alice's cart id: still not found.
                (.get, "/api/v1/households/\(flat)/carts/\(cartID)", nil),
                (.put, "/api/v1/households/\(flat)/carts/\(cartID)/items/\(itemID)/completed", nil),
            ]
            for (method, path, body) in attempts {
                let reply = try await carol.call(method.http, path, json: body)
                #expect(reply.status == 404, "\(method) \(path) answered \(reply.status)")
                #expect(reply.headers[.contentType] == "application/problem+json")
            }
            // A missing id answers exactly the same.
            let missing = try await carol.call(.get, "/api/v1/households/h_000000000000000000000000")
            let foreign = try await carol.call(.get, h)
            #expect(missing.status == foreign.status)
            #expect(missing.code == foreign.code)
            #expect(missing["detail"] == foreign["detail"])
            #expect(try await services.store.lastSequence() == before)
            let still = try await bob.call(.get, c)
            #expect(still["name"]?.stringValue == "Weekly shop")
            #expect(still["items"]?.arrayValue?.count == 1)
        }
    }

    @Test("carts made before the store was served join the household created first")
    func legacyCartsAreAdopted() async throws {
        try await ServerHarness.with(.sqlite) { api, services in
            var old = CartDocument(
                id: String(repeating: "a", count: 64),
                name: "ALDI 2026-01-02",
                addedByUser: "me",
                addedOn: "2026-01-02T10:00:00Z",
                source: DocumentSource(file: "old.jpg", sha256: String(repeating: "a", count: 64))
            )
            old.total = Amount("12.50")
            try await services.store.put(collection: Collections.carts, id: old.id, document: try JSONValue(encoding: old))
            let (alice, _) = try await api.newUser("Alice")
            let first = try await alice.newHousehold("First")
            _ = try await alice.newHousehold("Second")
            let listed = try await alice.call(.get, "/api/v1/households/\(first)/carts")
            #expect(listed["carts"]?.arrayValue?.first?["id"]?.stringValue == old.id)
            let stored = try await services.store.get(collection: Collections.carts, id: old.id)
            #expect(stored?.document["household"]?.stringValue == first)
        }
    }
}

/// The methods the privacy table uses, spelled once.
enum HTTPRequestMethod: CustomStringConvertible {
    case get, post, put, patch, delete

    var http: HTTPRequest.Method {
        switch self {
        case .get: .get
        case .post: .post
        case .put: .put
        case .patch: .patch
        case .delete: .delete
        }
    }

    var description: String { http.rawValue }
}
