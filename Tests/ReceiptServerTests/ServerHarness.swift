import Catalog
import DocumentStore
import Foundation
import HTTPTypes
import HouseholdApp
import Households
import Hummingbird
import HummingbirdTesting
import Logging
import ReceiptModel
import ReceiptServer
import ReceiptTesting
import Testing

/// The server over a throw-away store, and a small JSON client for it: through the router
/// (Hummingbird's `.router` test mode, no sockets, fast) unless a test asks for real sockets.
enum ServerHarness {
    static let logger: Logger = {
        var logger = Logger(label: "server-tests")
        logger.logLevel = .critical
        return logger
    }()

    /// Runs `body` against the server on a new store of `engine`; `over: .live` for a real server
    /// on a loopback port (WebSocket clients, and a smoke test per area end to end).
    static func with<T: Sendable>(
        _ engine: StoreEngine,
        workers: Int = 0,
        catalog: Bool = false,
        over transport: TestingSetup = .router,
        _ body: @escaping @Sendable (API, HouseholdServices) async throws -> T
    ) async throws -> T {
        try await TemporaryStores.with(engine) { store, _ in
            // bcrypt cost 4 keeps sign-ups fast in tests; production uses 12.
            let services = HouseholdServices(store: store, bcryptCost: 4, logger: logger)
            let configuration = ServerConfiguration(
                host: "127.0.0.1",
                port: 0,
                workers: workers,
                bcryptCost: 4,
                jobPollInterval: .milliseconds(200),
                fastReading: true
            )
            // The bundled invented catalog, never the network.
            let products =
                catalog
                ? ProductCatalog(store: store, client: nil, defaultCatalog: Fixtures.url("catalog/products.json"), logger: logger) : nil
            let app = try await ReceiptServerApp.application(services: services, configuration: configuration, catalog: products, logger: logger)
            return try await app.test(transport) { client in try await body(API(client: client), services) }
        }
    }
}

/// What a test sees of a response.
struct Reply: Sendable {
    var status: Int
    var headers: HTTPFields
    var bytes: Data

    var json: JSONValue { (try? JSONValue(jsonData: bytes)) ?? .null }
    subscript(key: String) -> JSONValue? { json[key] }
    var code: String? { json["code"]?.stringValue }
    var etag: String? { headers[.eTag] }
}

/// A logged-in (or anonymous) caller.
struct API: Sendable {
    let client: any TestClientProtocol
    var token: String?
    var extraHeaders: HTTPFields = [:]

    init(client: any TestClientProtocol, token: String? = nil) {
        self.client = client
        self.token = token
    }

    func `as`(_ token: String?) -> API { API(client: client, token: token) }

    @discardableResult
    func call(_ method: HTTPRequest.Method, _ path: String, json: String? = nil, data: Data? = nil, headers: HTTPFields = [:]) async throws -> Reply {
        var fields = headers
        for field in extraHeaders { fields.append(field) }
        if let token { fields[.authorization] = "Bearer \(token)" }
        var body: ByteBuffer?
        if let json {
            fields[.contentType] = "application/json"
            body = ByteBuffer(string: json)
        } else if let data {
            fields[.contentType] = fields[.contentType] ?? "image/jpeg"
            body = ByteBuffer(bytes: data)
        }
        return try await client.execute(uri: path, method: method, headers: fields, body: body) { response in
            Reply(status: Int(response.status.code), headers: response.headers, bytes: Data(buffer: response.body))
        }
    }

    /// Signs up and logs in; returns the caller with its token and its user id.
    func newUser(_ name: String, password: String = "correct horse battery") async throws -> (API, String) {
        let email = "\(name.lowercased())@example.org"
        let created = try await call(.post, "/api/v1/accounts", json: #"{"email":"\#(email)","displayName":"\#(name)","password":"\#(password)"}"#)
        try #require(created.status == 201, "sign-up: \(created.status) \(String(decoding: created.bytes, as: UTF8.self))")
        let login = try await call(.post, "/api/v1/sessions", json: #"{"email":"\#(email)","password":"\#(password)"}"#)
        try #require(login.status == 201)
        let token = try #require(login["token"]?.stringValue)
        return (self.as(token), try #require(created["id"]?.stringValue))
    }

    func newHousehold(_ name: String) async throws -> String {
        let reply = try await call(.post, "/api/v1/households", json: #"{"name":"\#(name)"}"#)
        try #require(reply.status == 201)
        return try #require(reply["id"]?.stringValue)
    }

    /// An invitation from this member, used by `joiner`.
    func invite(_ joiner: API, to household: String) async throws {
        let invite = try await call(.post, "/api/v1/households/\(household)/invites")
        try #require(invite.status == 201)
        let code = try #require(invite["code"]?.stringValue)
        let joined = try await joiner.call(.post, "/api/v1/households/join", json: #"{"code":"\#(code)"}"#)
        try #require(joined.status == 200)
    }
}
