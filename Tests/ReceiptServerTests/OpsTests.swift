import Foundation
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
                services: services, configuration: ServerConfiguration(port: 0, workers: 0), catalog: nil,
                metrics: { registry.emitToString() }, logger: ServerHarness.logger)
            try await app.test(.live) { client in
                let api = API(client: client)
                #expect(try await api.call(.get, "/healthz").status == 200)
                #expect(try await api.call(.get, "/readyz")["status"]?.stringValue == "ready")
                #expect(try await api.call(.get, "/api/v1/me").status == 401)
                let text = String(decoding: try await api.call(.get, "/metrics").bytes, as: UTF8.self)
                #expect(text.contains("hb_requests"), "\(text.prefix(400))")
                #expect(text.contains("http_server_request_duration"))
                #expect(text.contains("/healthz"))
            }
        }
    }
}
