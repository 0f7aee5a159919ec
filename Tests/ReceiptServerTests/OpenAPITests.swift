import Foundation
import HouseholdApp
import Households
import Hummingbird
import Logging
import ReceiptModel
import ReceiptServer
import ReceiptTesting
import Testing

/// The OpenAPI document served at /api/v1/openapi.json describes exactly the routes the server has.
@Suite struct OpenAPITests {
    /// `METHOD /path/{param}` for every route of the router.
    static func routes() async throws -> Set<String> {
        try await TemporaryStores.with(.sqlite) { store, _ in
            let services = HouseholdServices(store: store, bcryptCost: 4, logger: ServerHarness.logger)
            let router = ReceiptServerApp.router(services: services, configuration: ServerConfiguration())
            let routes = router.routes.map { route in
                let path =
                    "/"
                    + route.path.description.split(separator: "/").map { component -> String in
                        component.hasPrefix(":") ? "{\(component.dropFirst())}" : String(component)
                    }.joined(separator: "/")
                return (method: route.method.rawValue, path: path)
            }
            // The web app's pages are not API: the document describes /api/v1 and the ops routes.
            return Set(routes.filter { !ReceiptServerApp.isPage($0.path) }.map { "\($0.method) \($0.path)" })
        }
    }

    static func documented(_ document: JSONValue) -> Set<String> {
        var result = Set<String>()
        for (path, item) in document["paths"]?.objectValue ?? [:] {
            for method in (item.objectValue ?? [:]).keys where ["get", "put", "post", "patch", "delete"].contains(method) {
                result.insert("\(method.uppercased()) \(path)")
            }
        }
        return result
    }

    /// The document as the server answers it.
    static func served() async throws -> JSONValue {
        try await ServerHarness.with(.sqlite) { api, _ in
            let reply = try await api.call(.get, "/api/v1/openapi.json")
            #expect(reply.status == 200)
            return reply.json
        }
    }

    @Test("every route is documented and every documented route is served")
    func documentMatchesRouter() async throws {
        let document = try await Self.served()
        #expect(document["openapi"]?.stringValue == "3.1.0")
        let routes = try await Self.routes()
        let documented = Self.documented(document)
        #expect(routes.subtracting(documented).sorted() == [], "served but not documented")
        #expect(documented.subtracting(routes).sorted() == [], "documented but not served")
        #expect(routes.count >= 25)
    }

    @Test("every documented error response refers to the problem schema, and every operation has an id")
    func operationsAreComplete() async throws {
        let document = try await Self.served()
        var ids = Set<String>()
        for (path, item) in document["paths"]?.objectValue ?? [:] {
            for (method, operation) in item.objectValue ?? [:] {
                let id = try #require(operation["operationId"]?.stringValue, "\(method) \(path)")
                #expect(ids.insert(id).inserted, "duplicate operationId \(id)")
                for (status, response) in operation["responses"]?.objectValue ?? [:] where status.hasPrefix("4") {
                    #expect(response["$ref"]?.stringValue == "#/components/responses/\(status)", "\(method) \(path) \(status)")
                }
            }
        }
    }
}
