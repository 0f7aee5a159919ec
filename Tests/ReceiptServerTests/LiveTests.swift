import DocumentStore
import Foundation
import HTTPTypes
import HouseholdApp
import Households
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import Logging
import ReceiptModel
import ReceiptTesting
import Synchronization
import Testing

@testable import ReceiptServer

/// A WebSocket client of `/api/v1/live` that keeps every message it receives.
final class LiveClient: Sendable {
    final class Log: Sendable {
        let messages = Mutex<[JSONValue]>([])
        func append(_ value: JSONValue) { messages.withLock { $0.append(value) } }
        var all: [JSONValue] { messages.withLock { $0 } }
    }

    let log = Log()
    let task: Task<Void, any Error>

    init(port: Int, token: String, since: Int64? = nil, origin: String? = nil) {
        var headers: HTTPFields = [.authorization: "Bearer \(token)"]
        if let origin { headers[.origin] = origin }
        let url = "ws://127.0.0.1:\(port)/api/v1/live" + (since.map { "?since=\($0)" } ?? "")
        let log = log
        task = Task {
            try await WebSocketClient.connect(url: url, configuration: .init(additionalHeaders: headers), logger: ServerHarness.logger) {
                inbound,
                _,
                _ in
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    guard case .text(let text) = message, let value = try? JSONValue(jsonData: Data(text.utf8)) else { continue }
                    log.append(value)
                }
            }
        }
    }

    var received: [JSONValue] { log.all }
    var changes: [JSONValue] { received.filter { $0["type"]?.stringValue == "change" } }

    /// Waits up to `seconds` for a message that `matches`. (How fast changes arrive is measured
    /// by `receipts-bench live`, not here: a loaded test machine must not fail a correct stream.)
    /// `after` is a count of messages (see `mark`) to skip: a question about what happened since
    /// some step must not be answered by a message from before it.
    func first(within seconds: Double = 10, after: Int = 0, where matches: (JSONValue) -> Bool) async throws -> JSONValue? {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if let found = received.dropFirst(after).first(where: matches) { return found }
            try await Task.sleep(for: .milliseconds(10))
        }
        return received.dropFirst(after).first(where: matches)
    }

    /// How many messages have arrived so far: pass it to `first(after:)`.
    var mark: Int { log.all.count }

    /// The `hello` message's sequence (where the live stream starts).
    func hello() async throws -> Int64 {
        let hello = try #require(try await first(within: 20) { $0["type"]?.stringValue == "hello" })
        return Int64(try #require(hello["seq"]?.intValue))
    }

    func close() { task.cancel() }
}

@Suite(.timeLimit(.minutes(5))) struct LiveTests {
    static func port(_ api: API) throws -> Int { try #require(api.client.port) }

    @Test(
        "a change reaches the other member and never another household; reconnecting with since replays exactly what was missed",
        arguments: TemporaryStores.engines
    )
    func changesReachMembersOnly(engine: StoreEngine) async throws {
        try await ServerHarness.with(engine, over: .live) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let (bob, _) = try await api.newUser("Bob")
            let (carol, _) = try await api.newUser("Carol")
            let home = try await alice.newHousehold("Home")
            try await alice.invite(bob, to: home)
            let elsewhere = try await carol.newHousehold("Elsewhere")
            let port = try Self.port(api)
            let bobLive = LiveClient(port: port, token: try #require(bob.token))
            let carolLive = LiveClient(port: port, token: try #require(carol.token))
            defer {
                bobLive.close()
                carolLive.close()
            }
            _ = try await bobLive.hello()
            _ = try await carolLive.hello()

            let cart = try await alice.call(.post, "/api/v1/households/\(home)/carts", json: #"{"name":"Saturday"}"#)
            let cartId = try #require(cart["id"]?.stringValue)
            let event = try await bobLive.first { $0["id"]?.stringValue == cartId }
            #expect(event != nil, "Bob did not hear of the new cart")
            #expect(event?["collection"]?.stringValue == "carts")
            #expect(event?["document"]?["name"]?.stringValue == "Saturday")
            // Carol's household is another: she hears nothing of it, now or later. A change in her
            // own household, made after Alice's, comes after anything of Alice's on her stream.
            _ = try await alice.call(.patch, "/api/v1/households/\(home)/carts/\(cartId)", json: #"{"name":"Saturday shop"}"#)
            _ = try await bobLive.first { $0["document"]?["name"]?.stringValue == "Saturday shop" }
            _ = try await carol.call(.post, "/api/v1/households/\(elsewhere)/carts", json: #"{"name":"Carol's own"}"#)
            #expect(try await carolLive.first { $0["document"]?["name"]?.stringValue == "Carol's own" } != nil)
            #expect(carolLive.changes.allSatisfy { $0["id"]?.stringValue != cartId })
            #expect(carolLive.received.allSatisfy { $0["household"]?.stringValue != home && $0["document"]?["household"]?.stringValue != home })

            // Bob goes away; two changes and a delete happen; back with `since`, he gets each once.
            let lastSeen = Int64(try #require(event?["seq"]?.intValue))
            bobLive.close()
            let item = try await alice.call(.post, "/api/v1/households/\(home)/carts/\(cartId)/items", json: #"{"name":"Milk","price":"1.19"}"#)
            #expect(item.status == 201)
            let second = try await alice.call(.post, "/api/v1/households/\(home)/carts", json: #"{"name":"Sunday"}"#)
            let secondId = try #require(second["id"]?.stringValue)
            #expect(try await alice.call(.delete, "/api/v1/households/\(home)/carts/\(secondId)").status == 204)
            let back = LiveClient(port: port, token: try #require(bob.token), since: lastSeen)
            defer { back.close() }
            _ = try await back.hello()
            let replayed = back.changes.filter { $0["collection"]?.stringValue == "carts" }
            #expect(replayed.map { $0["id"]?.stringValue }.sorted { ($0 ?? "") < ($1 ?? "") } == [cartId, secondId].sorted())
            #expect(replayed.first { $0["id"]?.stringValue == cartId }?["document"]?["items"]?.arrayValue?.count == 1)
            #expect(replayed.first { $0["id"]?.stringValue == secondId }?["deleted"] == .bool(true))
            let seqs = back.changes.compactMap { $0["seq"]?.intValue }
            #expect(Set(seqs).count == seqs.count, "an event came twice")
            #expect(seqs.allSatisfy { $0 > lastSeen })

            // Too far behind for this server's replay limit of 10,000 changes? Not here; but a
            // `since` ahead of the store (a client of another store) is told to reload.
            let confused = LiveClient(port: port, token: try #require(bob.token), since: 1_000_000)
            defer { confused.close() }
            #expect(try await confused.first(within: 10) { $0["type"]?.stringValue == "reload" } != nil)
        }
    }

    @Test("who is online follows connections, also a dropped one; a finished receipt job is announced")
    func presenceAndJobs() async throws {
        try await ServerHarness.with(.sqlite, workers: 1, over: .live) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let (bob, bobId) = try await api.newUser("Bob")
            let home = try await alice.newHousehold("Home")
            try await alice.invite(bob, to: home)
            let port = try Self.port(api)
            let aliceLive = LiveClient(port: port, token: try #require(alice.token))
            defer { aliceLive.close() }
            _ = try await aliceLive.hello()
            let bobLive = LiveClient(port: port, token: try #require(bob.token))
            _ = try await bobLive.hello()
            let joined = try await aliceLive.first {
                $0["type"]?.stringValue == "presence" && $0["online"]?.arrayValue?.contains { $0["userId"]?.stringValue == bobId } == true
            }
            #expect(joined != nil)
            let online = try await alice.call(.get, "/api/v1/households/\(home)/online")
            #expect(online["count"]?.intValue == 2)
            // Bob's connection drops without a goodbye: he is gone from the list, no ghost.
            // Only what came after the drop counts: Alice's first presence message, before Bob
            // joined, also lacks him.
            let beforeDrop = aliceLive.mark
            bobLive.close()
            let left = try await aliceLive.first(within: 10, after: beforeDrop) {
                $0["type"]?.stringValue == "presence" && $0["online"]?.arrayValue?.contains { $0["userId"]?.stringValue == bobId } == false
            }
            #expect(left != nil)
            let afterDrop = try await alice.call(.get, "/api/v1/households/\(home)/online")
            #expect(afterDrop["count"]?.intValue == 1, "online after Bob's connection dropped: \(afterDrop)")

            let image = try Data(contentsOf: ReceiptUploadTests.photo)
            let upload = try await alice.call(.post, "/api/v1/households/\(home)/receipts", data: image, headers: [.contentType: "image/png"])
            let jobId = try #require(upload["id"]?.stringValue)
            let done = try await aliceLive.first(within: 60) {
                $0["collection"]?.stringValue == "jobs" && $0["id"]?.stringValue == jobId && $0["document"]?["status"]?.stringValue == "done"
            }
            #expect(done?["document"]?["cartId"]?.stringValue != nil)
        }
    }

    @Test("another site's page cannot open the socket; no token, no socket")
    func originAndAuthentication() async throws {
        try await ServerHarness.with(.sqlite, over: .live) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let port = try Self.port(api)
            let forged = LiveClient(port: port, token: try #require(alice.token), origin: "https://evil.example")
            let anonymous = LiveClient(port: port, token: "not-a-token")
            defer {
                forged.close()
                anonymous.close()
            }
            await #expect(throws: (any Error).self) { try await forged.task.value }
            await #expect(throws: (any Error).self) { try await anonymous.task.value }
            #expect(forged.received.isEmpty && anonymous.received.isEmpty)
        }
    }

    @Test("a refused upgrade answers a problem document with its status and code, like every other route")
    func refusedUpgradeIsAProblem() async throws {
        try await ServerHarness.with(.sqlite, over: .live) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let port = try Self.port(api)
            // Each refusal closes its connection, so each upgrade comes on a new one.
            func upgrade(_ path: String, token: String?) async throws -> Reply {
                var headers: HTTPFields = [
                    .upgrade: "websocket", .connection: "Upgrade", .secWebSocketKey: "dGhlIHNhbXBsZSBub25jZQ==", .secWebSocketVersion: "13",
                ]
                if let token { headers[.authorization] = "Bearer \(token)" }
                let request = headers
                return try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
                    let response = try await client.get(path, headers: request)
                    return Reply(
                        status: Int(response.head.status.code),
                        headers: response.head.headerFields,
                        bytes: Data(buffer: response.body ?? .init())
                    )
                }
            }
            for token in [nil, "not-a-token"] {
                let refused = try await upgrade("/api/v1/live", token: token)
                #expect(refused.status == 401)
                #expect(refused.headers[.contentType] == "application/problem+json")
                #expect(refused.code == "auth.required")
            }
            let badSince = try await upgrade("/api/v1/live?since=yesterday", token: alice.token)
            #expect(badSince.status == 400)
            #expect(badSince["field"]?.stringValue == "since")
        }
    }

    @Test("a change made through one instance reaches a client of another (shared PostgreSQL)", .enabled(if: RequiredTool.postgres))
    func acrossInstances() async throws {
        try await TemporaryStores.with(.postgres) { storeA, location in
            let storeB = try await StoreLocation.parse(location).open(logger: ServerHarness.logger)
            defer { Task { try? await storeB.close() } }
            let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, workers: 0, bcryptCost: 4)
            let appA = try await ReceiptServerApp.application(
                services: HouseholdServices(store: storeA, bcryptCost: 4, logger: ServerHarness.logger),
                configuration: configuration,
                catalog: nil,
                logger: ServerHarness.logger
            )
            let appB = try await ReceiptServerApp.application(
                services: HouseholdServices(store: storeB, bcryptCost: 4, logger: ServerHarness.logger),
                configuration: configuration,
                catalog: nil,
                logger: ServerHarness.logger
            )
            try await appA.test(.live) { clientA in
                try await appB.test(.live) { clientB in
                    let a = API(client: clientA)
                    let b = API(client: clientB)
                    let (alice, _) = try await a.newUser("Alice")
                    let home = try await alice.newHousehold("Home")
                    let bobOnB = try await b.newUser("Bob").0
                    try await alice.invite(API(client: clientA, token: bobOnB.token), to: home)
                    let live = LiveClient(port: try #require(clientB.port), token: try #require(bobOnB.token))
                    defer { live.close() }
                    _ = try await live.hello()
                    let cart = try await alice.call(.post, "/api/v1/households/\(home)/carts", json: #"{"name":"Via A"}"#)
                    let cartId = try #require(cart["id"]?.stringValue)
                    #expect(try await live.first { $0["id"]?.stringValue == cartId } != nil)
                }
            }
        }
    }

    @Test("a client that does not keep up is cut off with where to resume, and the server holds at most its queue limit")
    func slowClientIsDisconnected() async throws {
        try await TemporaryStores.with(.sqlite) { store, _ in
            let hub = LiveHub(store: store, settings: .init(queueLimit: 5), logger: ServerHarness.logger)
            try await hub.poll()
            let member = Membership(userId: "u1", householdId: "h1")
            try await store.put(collection: Collections.memberships, id: "u1|h1", document: try JSONValue(encoding: member))
            let subscription = try await hub.subscribe(userId: "u1")
            for index in 0..<20 {
                try await store.put(
                    collection: "carts",
                    id: "c\(index)",
                    document: .object(["household": .string("h1"), "name": .string("c\(index)")])
                )
            }
            try await hub.poll()
            var received: [LiveHub.Outgoing] = []
            for await outgoing in subscription.stream { received.append(outgoing) }
            #expect(received.count == 6)
            if case .overflow = received.last {} else { Issue.record("the last message is not the overflow marker") }
            #expect(await hub.connectionCount == 0)
        }
    }
}

private struct Membership: Codable {
    var userId: String
    var householdId: String
}
