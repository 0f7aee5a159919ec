import Catalog
import DocumentStore
import Foundation
import HouseholdApp
import Households
import Hummingbird
import Logging
import ReceiptOCR
import ServiceLifecycle

/// Builds the household server: the routes, their middleware and the receipt workers, over a store.
public enum ReceiptServerApp {
    /// The router alone (for tests of the route table against the OpenAPI document).
    public static func router(
        services: HouseholdServices,
        configuration: ServerConfiguration,
        catalog: ProductCatalog? = nil,
        signal: JobSignal = JobSignal(),
        ready: ReadinessCheck? = nil,
        metrics: MetricsExposition? = nil,
        live: LiveHub? = nil
    ) -> Router<APIContext> {
        let router = Router(context: APIContext.self)
        router.add(middleware: AccessLogMiddleware())
        router.add(middleware: RequestMetricsMiddleware())
        if let live { router.add(middleware: LiveWakeMiddleware(hub: live)) }
        router.add(middleware: ProblemMiddleware())
        let routeTable = RouteTable()
        router.add(middleware: MethodNotAllowedMiddleware(table: routeTable))
        OpsRoutes(store: services.store, metrics: metrics, ready: ready).add(to: router)

        let api = router.group("api/v1")
        let accounts = AccountRoutes(services: services, configuration: configuration)
        accounts.addPublic(to: api)
        api.get("openapi.json") { _, _ in OpenAPIDocument.response() }

        let authenticated = api.group().add(middleware: AuthMiddleware(accounts: services.accounts))
            .add(middleware: IdempotencyMiddleware(store: services.store, maxBodyBytes: configuration.maxUploadBytes))
        accounts.addAuthenticated(to: authenticated)
        let household = authenticated.household(services.directory)
        let products = ProductLookup(catalog: catalog)
        HouseholdRoutes(services: services).add(to: authenticated, household: household)
        CartRoutes(services: services).add(to: household)
        ReceiptRoutes(services: services, configuration: configuration, wake: signal).add(to: authenticated, household: household)
        StatsRoutes(services: services, catalog: catalog).add(to: household)
        ListRoutes(services: services, products: products, maxPhotoBytes: configuration.maxUploadBytes)
            .add(to: authenticated, household: household, list: authenticated.list())
        NotificationRoutes(services: services).add(to: authenticated, list: authenticated.list())
        ChatRoutes(services: services, maxPictureBytes: configuration.maxUploadBytes).add(to: authenticated.list())
        SyncRoutes(services: services).add(to: household)
        ProductRoutes(services: services, catalog: catalog).add(to: authenticated)
        ProductDetailRoutes(services: services, catalog: catalog).add(to: authenticated, household: household)
        FavouriteRoutes(services: services, catalog: catalog).add(to: authenticated)
        ProfileRoutes(services: services).add(to: authenticated)
        CorrectionRoutes(services: services, products: products).add(to: household)
        RecommendationRoutes(services: services, catalog: catalog).add(to: household)
        PresetRoutes(services: services, products: products).add(to: household)
        RecipeRoutes(services: services, recipes: RecipePresets(client: configuration.recipes, products: products, presets: services.presets))
            .add(to: household)
        ExpenseRoutes(services: services).add(to: authenticated)
        GroupRoutes(services: services, maxPictureBytes: configuration.maxUploadBytes).add(to: authenticated)
        let hub = live ?? LiveHub(store: services.store, logger: Logger(label: "live"))
        LiveRoutes(services: services, hub: hub).addOnline(to: household)
        WebRoutes(services: services, configuration: configuration, catalog: catalog, wake: signal, live: hub).add(to: router)
        routeTable.load(router)
        return router
    }

    /// The OpenAPI 3.1 document the server answers at /api/v1/openapi.json (compact JSON).
    public static var openAPIDocument: Data { OpenAPIDocument.data }

    /// Whether a route path is a web page (or its assets) rather than part of the API.
    public static func isPage(_ path: String) -> Bool { WebRoutes.isPage(path) }

    /// The whole server: HTTP on `configuration.host:port`, plus `configuration.workers` receipt
    /// readers in process (none with 0: run `receipts worker` elsewhere).
    /// - Parameters:
    ///   - catalog: matches receipt lines to products; `nil` reads receipts without matching.
    ///   - metrics: renders `/metrics` (the executable bootstraps swift-metrics with a Prometheus
    ///     registry and passes its text here); `nil` answers an empty exposition.
    ///   - onServerRunning: called with the bound port (tests start on port 0).
    public static func application(
        services: HouseholdServices,
        configuration: ServerConfiguration,
        catalog: ProductCatalog?,
        metrics: MetricsExposition? = nil,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in },
        logger: Logger
    ) async throws -> some ApplicationProtocol {
        try await services.prepare(logger: logger)
        let signal = JobSignal()
        var workers: [any Service] = []
        if configuration.workers > 0 {
            workers.append(try await worker(services: services, configuration: configuration, catalog: catalog, signal: signal, logger: logger))
        }
        let lists = services.lists
        let live = LiveHub(
            store: services.store,
            settings: configuration.live,
            housekeeping: { try await lists.sweepExpiredShopping() },
            logger: logger
        )
        let router = router(
            services: services,
            configuration: configuration,
            catalog: catalog,
            signal: signal,
            ready: ReadinessCheck(store: services.store),
            metrics: metrics,
            live: live
        )
        return Application(
            router: router,
            // A connection that sends or reads nothing for a minute (a stalled phone, a slow-loris
            // client) is closed; handlers themselves are bounded by the store's own timeouts. Live
            // sockets are pinged every 30 s instead.
            server: LiveUpgradeChannel.builder(
                webSocketRouter: LiveRoutes(services: services, hub: live).router(),
                configuration: .init(
                    http1: .init(idleTimeout: .seconds(60)),
                    ws: .init(maxFrameSize: 1 << 16, autoPing: .enabled(timePeriod: .seconds(30)))
                )
            ),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "receipts"),
            services: workers + [live, NotificationFeedService(feed: services.notificationFeed, hub: live, logger: logger)],
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
            logger: logger
        )
    }
}

extension ReceiptServerApp {
    /// Receipt readers without the HTTP server (`receipts worker`).
    public static func worker(
        services: HouseholdServices,
        configuration: ServerConfiguration,
        catalog: ProductCatalog?,
        logger: Logger
    ) async throws -> ReceiptJobWorker {
        try await worker(services: services, configuration: configuration, catalog: catalog, signal: JobSignal(), logger: logger)
    }

    static func worker(
        services: HouseholdServices,
        configuration: ServerConfiguration,
        catalog: ProductCatalog?,
        signal: JobSignal,
        logger: Logger
    ) async throws -> ReceiptJobWorker {
        let pool = try OCREnginePool(workers: max(1, configuration.workers), logger: logger)
        let matcher = try await catalog?.matcher()
        return ReceiptJobWorker(
            services: services,
            ocr: pool,
            matcher: matcher,
            configuration: configuration,
            signal: signal,
            name: Identifiers.make("w"),
            logger: logger
        )
    }
}

/// `/readyz`: the store answers.
public struct ReadinessCheck: Sendable {
    let store: any DocumentStore

    func check() async -> Bool {
        (try? await store.lastSequence()) != nil
    }
}

/// Renders the process's metrics in the Prometheus text format.
public typealias MetricsExposition = @Sendable () -> String

/// `/healthz`, `/readyz`, `/metrics`.
struct OpsRoutes {
    let store: any DocumentStore
    let metrics: MetricsExposition?
    let ready: ReadinessCheck?

    /// A constant answer, encoded once: probes come often.
    private static let healthy = ByteBuffer(string: #"{"status":"ok"}"#)

    func add(to router: Router<APIContext>) {
        router.get("healthz", use: health)
        router.get("readyz", use: readiness)
        router.get("metrics", use: exposition)
    }

    @Sendable func health(_ request: Request, context: APIContext) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: Self.healthy))
    }

    @Sendable func readiness(_ request: Request, context: APIContext) async -> EditedResponse<Readiness> {
        let isReady = await ready?.check() ?? true
        return EditedResponse(status: isReady ? .ok : .serviceUnavailable, response: Readiness(status: isReady ? "ready" : "store unavailable"))
    }

    @Sendable func exposition(_ request: Request, context: APIContext) -> Response {
        Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4"], body: .init(byteBuffer: ByteBuffer(string: metrics?() ?? "")))
    }

    struct Readiness: ResponseEncodable {
        var status: String
    }
}
