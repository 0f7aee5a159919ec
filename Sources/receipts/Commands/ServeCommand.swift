import ArgumentParser
import Catalog
import Foundation
import HouseholdApp
import Logging
import Metrics
import Prometheus
import ReceiptServer
import ServiceLifecycle

/// `receipts serve`: the household server.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the household server: accounts, households, carts, receipt uploads, over HTTP.",
        discussion: """
            The API is JSON under /api/v1, described at /api/v1/openapi.json. With the embedded SQLite \
            store (the default) the server reads uploaded receipts itself with --workers readers. \
            With PostgreSQL, several servers can share one database, and `receipts worker` on other \
            machines can read receipts too. SIGTERM or Ctrl-C stops it gracefully: requests in \
            flight and receipts being read are finished first.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var catalog: CatalogOptions

    @Option(help: "The address to listen on (0.0.0.0 for every interface).")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one; the chosen port is printed).")
    var port = 8080

    @Option(help: "Receipt readers in this process (0: none, leave the reading to `receipts worker`).")
    var workers = 1

    @Flag(help: "Send cookies only over HTTPS (set it when a TLS proxy is in front).")
    var secureCookies = false

    @Option(help: ArgumentHelp("bcrypt cost for new passwords (10 to 14).", visibility: .hidden))
    var bcryptCost: UInt8 = 12

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535.") }
        guard (0...16).contains(workers) else { throw ValidationError("--workers must be from 0 to 16.") }
        guard (4...16).contains(bcryptCost) else { throw ValidationError("--bcrypt-cost must be from 4 to 16.") }
    }

    func run() async throws {
        let logger = global.makeLogger(label: "receipts.serve")
        try await store.withOpenStore(logger: logger) { documentStore in
            var configuration = ServerConfiguration(
                host: host,
                port: port,
                workers: workers,
                bcryptCost: bcryptCost,
                secureCookies: secureCookies
            )
            configuration.recipes = catalog.recipeClient(logger: logger)
            let services = HouseholdServices(store: documentStore, bcryptCost: bcryptCost, logger: logger)
            let productCatalog = try catalog.open(store: documentStore, logger: logger)
            // Only the executable configures metrics: swift-metrics into a Prometheus registry,
            // which /metrics renders.
            let registry = PrometheusCollectorRegistry()
            MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
            let app = try await ReceiptServerApp.application(
                services: services,
                configuration: configuration,
                catalog: productCatalog,
                metrics: { registry.emitToString() },
                onServerRunning: { port in
                    // Scripts and tests read the bound port from this line on stdout.
                    FileHandle.standardOutput.write(Data("PORT \(port)\n".utf8))
                    FileHandle.standardError.write(Data("receipts: serving on http://\(host):\(port)/ (Ctrl-C stops)\n".utf8))
                },
                logger: logger
            )
            try await app.runService()
        }
    }
}

/// `receipts worker`: reads uploaded receipts for servers sharing a PostgreSQL store.
struct WorkerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker",
        abstract: "Read uploaded receipts into carts, for servers that share this store.",
        discussion: """
            Run any number of workers on any machines against the same PostgreSQL store. Each \
            claims one receipt at a time per reader, with a lease: a worker that dies leaves its \
            receipt to another once the lease runs out, so no upload is lost or read into two carts. \
            SIGTERM or Ctrl-C finishes the receipts in hand, then stops.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var catalog: CatalogOptions

    @Option(help: "Receipt readers (OCR engines) in this process.")
    var jobs = 1

    @Option(help: ArgumentHelp("Seconds a reader holds a receipt before another may take it.", valueName: "seconds"))
    var lease = 120

    func validate() throws {
        guard (1...16).contains(jobs) else { throw ValidationError("--jobs must be from 1 to 16.") }
        guard (10...3600).contains(lease) else { throw ValidationError("--lease must be from 10 to 3600 seconds.") }
    }

    func run() async throws {
        let logger = global.makeLogger(label: "receipts.worker")
        try await store.withOpenStore(logger: logger) { documentStore in
            let configuration = ServerConfiguration(workers: jobs, jobLease: .seconds(lease))
            let services = HouseholdServices(store: documentStore, logger: logger)
            try await services.prepare(logger: logger)
            let worker = try await ReceiptServerApp.worker(
                services: services,
                configuration: configuration,
                catalog: try catalog.open(store: documentStore, logger: logger),
                logger: logger
            )
            let group = ServiceGroup(
                configuration: .init(services: [.init(service: worker)], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
            )
            FileHandle.standardError.write(Data("receipts: worker reading receipts with \(jobs) reader(s) (Ctrl-C stops)\n".utf8))
            try await group.run()
        }
    }
}
