import Catalog
import CurlHTTP
import Foundation
import Logging
import ReceiptTesting
import Testing

/// The Recipe API client against the loopback fake Chomp server with its recipes fixture.
@Suite struct ChompRecipeTests {
    static let logger = Logger(label: "test.recipes")

    /// Runs `body` with a fake server serving `Fixtures/catalog/recipes.json`.
    static func withRecipeServer(_ body: (LoopbackServer) async throws -> Void) async throws {
        let recipes = Fixtures.url("catalog/recipes.json").path
        let server = try await onOwnThread {
            try LoopbackServer.start(script: "scripts/fake-chomp-server.py", arguments: ["--recipes", recipes])
        }
        defer { server.stop() }
        try await body(server)
    }

    static func client(_ server: LoopbackServer, mode: String = "ok", key: String? = "recipe-key") -> ChompRecipeClient? {
        let http = HTTPClient(
            configuration: HTTPClientConfiguration(retry: RetryPolicy(maxAttempts: 1, baseDelay: .milliseconds(10)), requestsPerMinute: 0),
            logger: logger
        )
        return ChompRecipeClient(apiKey: key, baseURL: "\(server.origin)/\(UUID().uuidString.prefix(8))/\(mode)/api/v2", http: http, logger: logger)
    }

    @Test("search and id read recipes with their ingredients; none found is an empty answer")
    func searchAndId() async throws {
        try await Self.withRecipeServer { server in
            let client = try #require(Self.client(server))
            let found = try await client.search("tacos")
            #expect(found.map(\.title) == ["Beef Tacos"])
            let tacos = try #require(found.first)
            #expect(tacos.id == "9001")
            #expect(tacos.servings == 4)
            try #require(tacos.ingredients.count == 5)
            #expect(tacos.ingredients[0].name == "Flour Tortillas" && tacos.ingredients[0].quantity == 8 && tacos.ingredients[0].unit == nil)
            #expect(tacos.ingredients[1].unit == "g")
            #expect(try await client.recipe(id: "9002")?.title == "Overnight Oats")
            #expect(try await client.recipe(id: "1") == nil)
            #expect(try await client.search("zzzz").isEmpty)
        }
    }

    @Test("a refused key is catalog.unauthorized; no key is no client")
    func refusedAndMissingKeys() async throws {
        try await Self.withRecipeServer { server in
            let refused = try #require(Self.client(server, mode: "401"))
            await #expect(throws: CatalogError.self) { try await refused.search("tacos") }
            do {
                _ = try await refused.search("tacos")
            } catch let error as CatalogError {
                #expect(error.code == .unauthorized)
                #expect(!error.message.contains("recipe-key"))
            }
            #expect(Self.client(server, key: nil) == nil)
            #expect(Self.client(server, key: "") == nil)
        }
    }
}
