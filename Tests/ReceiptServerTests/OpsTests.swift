import Foundation
import HTTPTypes
import HouseholdApp
import Households
import Logging
import Metrics
import Prometheus
import ReceiptServer
import ReceiptTesting
import Testing

@Suite struct OpsTests {
    /// swift-metrics can be bootstrapped once per process; the executable does it in `serve`.
    static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return registry
    }()

    @Test("health, readiness and Prometheus metrics of requests")
    func healthAndMetrics() async throws {
        let registry = Self.registry
        try await TemporaryStores.with(.sqlite) { store, _ in
            let services = HouseholdServices(store: store, bcryptCost: 4, logger: ServerHarness.logger)
            let app = try await ReceiptServerApp.application(
                services: services,
                configuration: ServerConfiguration(port: 0, workers: 0),
                catalog: nil,
                metrics: { registry.emitToString() },
                logger: ServerHarness.logger
            )
            try await app.test(.live) { client in
                let api = API(client: client)
                let health = try await api.call(.get, "/healthz")
                #expect(health.status == 200)
                #expect(health["status"]?.stringValue == "ok")
                #expect(health.headers[.contentType] == "application/json")
                #expect(try await api.call(.get, "/readyz")["status"]?.stringValue == "ready")
                #expect(try await api.call(.get, "/api/v1/me").status == 401)
                let text = String(decoding: try await api.call(.get, "/metrics").bytes, as: UTF8.self)
                #expect(text.contains("hb_requests"), "\(text.prefix(400))")
                #expect(text.contains("http_server_request_duration"))
                #expect(text.contains("/healthz"))
                // The refused /me is counted with its status, like every answer.
                #expect(text.contains(#"http_response_status_code="401""#), "\(text.prefix(1200))")
            }
        }
    }

    @Test("a known path asked with a method it does not serve answers 405 with Allow; an unknown path stays 404")
    func methodNotAllowed() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let home = try await alice.newHousehold("Home")
            let cases: [(HTTPRequest.Method, String, String)] = [
                (.put, "/api/v1/households", "GET, POST"),
                (.post, "/api/v1/households/\(home)", "GET, PATCH"),
                (.delete, "/api/v1/me", "GET, PATCH"),
                (.post, "/healthz", "GET"),
                // A literal segment is its own path, not an id of the route beside it.
                (.delete, "/api/v1/households/join", "POST"),
            ]
            for (method, path, allow) in cases {
                for caller in [alice, api] {
                    let reply = try await caller.call(method, path)
                    #expect(reply.status == 405, "\(method) \(path)")
                    #expect(reply.headers[.allow] == allow, "\(method) \(path)")
                    #expect(reply.headers[.contentType] == "application/problem+json")
                    #expect(reply.code == "request.method-not-allowed")
                }
            }
            #expect(try await alice.call(.get, "/api/v1/nothing-here").status == 404)
            #expect(try await alice.call(.get, "/api/v1/households/\(home)").status == 200)
        }
    }
}
