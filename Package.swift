// swift-tools-version:6.2
import PackageDescription

/// Settings every target of ours shares: Swift 6 mode comes with the tools
/// version; warnings are errors so that "no warnings" is enforced, not hoped for.
let strict: [SwiftSetting] = [
    .treatAllWarnings(as: .error)
]

/// The executables export ProcessBootstrap's OpenMP entry points (SerialOpenMP.swift), so that
/// libtesseract's OpenMP regions run on the calling thread without libgomp's team and barrier.
let serialOpenMP: [LinkerSetting] = [
    .unsafeFlags(
        ["GOMP_parallel", "GOMP_parallel_sections", "GOMP_sections_next", "GOMP_sections_end_nowait"].flatMap {
            ["-Xlinker", "--export-dynamic-symbol=\($0)"]
        },
        .when(platforms: [.linux])
    )
]

let package = Package(
    name: "receipts",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "receipts", targets: ["receipts"]),
        .library(name: "ReceiptPipeline", targets: ["ReceiptPipeline"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.25.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.0"),
    ],
    targets: [
        // C libraries, each behind exactly one thin Swift layer.
        .systemLibrary(
            name: "CTesseract",
            pkgConfig: "tesseract",
            providers: [.apt(["libtesseract-dev", "libleptonica-dev"])]
        ),
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),

        // Shared document types (cart, product, failure, JSON value).
        .target(
            name: "ReceiptModel",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strict
        ),
        // Images, preprocessing and OCR: the only importer of CTesseract.
        .target(
            name: "ReceiptOCR",
            dependencies: [
                "CTesseract", "ReceiptModel", "ChildProcesses",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // Pure Swift: OCR lines or text in, checked receipt out. No C, no I/O.
        .target(
            name: "ReceiptParsing",
            dependencies: ["ReceiptModel"],
            swiftSettings: strict
        ),
        // HTTP over libcurl: the only importer of CCurl.
        .target(
            name: "CurlHTTP",
            dependencies: [
                "CCurl", "ReceiptModel",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // JSON document store: SQLite (embedded) and PostgreSQL engines.
        .target(
            name: "DocumentStore",
            dependencies: [
                "ReceiptModel",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // Product catalog: Chomp API client, offline catalog, search, matching.
        .target(
            name: "Catalog",
            dependencies: [
                "ReceiptModel", "CurlHTTP", "DocumentStore",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // Concurrent and offline edits, pure: hybrid logical clocks and a state-based CRDT of a
        // document with entries (per-field last writer wins, deletions win). No I/O.
        .target(
            name: "Replication",
            dependencies: ["ReceiptModel"],
            swiftSettings: strict
        ),
        // Recommendations, pure: association rules over a household's carts, products due again,
        // catalog neighbours, and the generated histories of their offline evaluation. No I/O.
        .target(
            name: "Recommendations",
            swiftSettings: strict
        ),
        // Orchestration: folders → OCR → parse → match → store.
        .target(
            name: "ReceiptPipeline",
            dependencies: [
                "ReceiptModel", "ReceiptOCR", "ReceiptParsing", "Catalog", "DocumentStore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // Accounts, households, carts and items, receipt jobs: the shared-household domain over the
        // document store. No HTTP here: the server and the CLI both call it.
        .target(
            name: "Households",
            dependencies: [
                "ReceiptModel", "DocumentStore", "Replication",
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // The Splitwise-style ledger over the household store: friends, expense groups, expenses
        // (uploader-only edits), append-only payments, recurring schedules. It sees carts only
        // through a lookup closure; Households never depends on it.
        .target(
            name: "SharedExpenses",
            dependencies: [
                "ReceiptModel", "DocumentStore", "Expenses", "Households",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // The application layer: the flows that join the household domain with the receipt
        // pipeline (reading an upload into a cart, list pricing, corrections) and the services
        // over one store. The server's routes and worker, the web pages and the CLI call it.
        .target(
            name: "HouseholdApp",
            dependencies: [
                "ReceiptModel", "DocumentStore", "Catalog", "ReceiptOCR", "ReceiptPipeline", "Households", "SharedExpenses", "Replication",
                "Recommendations",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // The web app's views: a small escaping HTML builder, the pages, SVG charts, and the one
        // CSS file and JS module the binary serves. No HTTP and no store: ReceiptServer's page
        // routes call the domain and render with these.
        .target(
            name: "WebApp",
            dependencies: ["ReceiptModel", "Households", "ReceiptPipeline", "Expenses", "SharedExpenses", "Recommendations"],
            resources: [.copy("Assets")],
            swiftSettings: strict
        ),
        // `receipts serve`: the HTTP API (Hummingbird 2) over Households and ReceiptPipeline, and the
        // receipt-job worker.
        .target(
            name: "ReceiptServer",
            dependencies: [
                "ReceiptModel", "ReceiptOCR", "DocumentStore", "Catalog", "ReceiptPipeline", "Households", "HouseholdApp", "Expenses",
                "SharedExpenses",
                "WebApp", "Recommendations",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // Group expenses, pure: splits (evenly, shares, percentages, exact, by receipt item), balances
        // per currency, settle-up suggestions. No I/O and no HTTP: the server and the CLI build on it.
        .target(
            name: "Expenses",
            dependencies: ["ReceiptModel"],
            swiftSettings: strict
        ),
        // `receipts sync`: a local store replicated with a household server over its HTTP API.
        .target(
            name: "ReceiptSync",
            dependencies: [
                "ReceiptModel", "DocumentStore", "Households", "CurlHTTP",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // Accuracy on a labelled corpus, with the corpus README's scoring rules.
        .target(
            name: "ReceiptEvaluation",
            dependencies: [
                "ReceiptModel", "ReceiptParsing",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
        // Child processes started with posix_spawn and reaped with waitpid (the neural reader's
        // process; the servers and tools of tests and benchmarks), never Foundation's Process.
        .target(name: "ChildProcesses", swiftSettings: strict),
        // Process start-up settings the executables apply in `main` before any thread exists
        // (OpenMP's thread limit, glibc's malloc arenas); no library depends on it.
        .target(name: "ProcessBootstrap", swiftSettings: strict),
        .executableTarget(
            name: "receipts",
            dependencies: [
                "ProcessBootstrap", "ReceiptModel", "ReceiptOCR", "ReceiptParsing", "CurlHTTP", "Catalog",
                "DocumentStore", "ReceiptPipeline", "ReceiptEvaluation", "Households", "HouseholdApp", "ReceiptServer", "Expenses", "SharedExpenses",
                "ReceiptSync", "Recommendations",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: strict,
            linkerSettings: serialOpenMP
        ),
        .executableTarget(
            name: "receipts-bench",
            dependencies: [
                "ProcessBootstrap", "ReceiptModel", "ReceiptOCR", "ReceiptParsing", "Catalog", "DocumentStore", "ReceiptPipeline", "ReceiptTesting",
                "ChildProcesses", "Recommendations",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                // The bare framework the server is compared with (`anchor-server`).
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict,
            linkerSettings: serialOpenMP
        ),

        // Test support: fixture paths, loopback servers, temporary stores.
        .target(
            name: "ReceiptTesting",
            dependencies: [
                "DocumentStore", "ChildProcesses",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "ReceiptModelTests", dependencies: ["ReceiptModel", "ReceiptTesting"], swiftSettings: strict),
        .testTarget(name: "ReceiptOCRTests", dependencies: ["ReceiptOCR", "ReceiptTesting", "ChildProcesses"], swiftSettings: strict),
        .testTarget(name: "ProcessBootstrapTests", dependencies: ["ProcessBootstrap"], swiftSettings: strict),
        .testTarget(
            name: "ReceiptParsingTests",
            dependencies: [
                "ReceiptParsing", "ReceiptTesting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "CurlHTTPTests", dependencies: ["CurlHTTP", "ReceiptTesting"], swiftSettings: strict),
        .testTarget(name: "DocumentStoreTests", dependencies: ["DocumentStore", "ReceiptTesting", "ChildProcesses"], swiftSettings: strict),
        .testTarget(name: "CatalogTests", dependencies: ["Catalog", "DocumentStore", "ReceiptTesting"], swiftSettings: strict),
        .testTarget(
            name: "ReceiptPipelineTests",
            dependencies: ["ReceiptPipeline", "ReceiptEvaluation", "ReceiptTesting"],
            swiftSettings: strict
        ),
        .testTarget(name: "ReceiptEvaluationTests", dependencies: ["ReceiptEvaluation", "ReceiptTesting"], swiftSettings: strict),
        .testTarget(name: "ReceiptsCLITests", dependencies: ["ReceiptTesting", "ChildProcesses"], swiftSettings: strict),
        .testTarget(
            name: "ReceiptServerTests",
            dependencies: [
                "ReceiptServer", "Households", "HouseholdApp", "DocumentStore", "ReceiptModel", "ReceiptTesting", "Catalog", "ReceiptOCR",
                "Replication", "ReceiptPipeline",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ExpensesTests",
            dependencies: [
                "Expenses", "ReceiptModel", "ReceiptTesting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "HouseholdAppTests",
            dependencies: [
                "HouseholdApp", "Households", "ReceiptPipeline", "ReceiptOCR", "ReceiptModel", "DocumentStore", "ReceiptTesting",
                "Catalog", "CurlHTTP",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "HouseholdsTests", dependencies: ["Households", "DocumentStore", "ReceiptModel", "ReceiptTesting"], swiftSettings: strict),
        .testTarget(
            name: "SharedExpensesTests",
            dependencies: ["SharedExpenses", "Households", "Expenses", "DocumentStore", "ReceiptModel", "ReceiptTesting"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "WebAppTests",
            dependencies: ["WebApp", "ReceiptModel", "ReceiptPipeline", "Households", "Expenses", "SharedExpenses", "Recommendations"],
            swiftSettings: strict
        ),
        .testTarget(name: "RecommendationsTests", dependencies: ["Recommendations", "ReceiptTesting"], swiftSettings: strict),
        .testTarget(name: "ReplicationTests", dependencies: ["Replication", "ReceiptModel", "ReceiptTesting"], swiftSettings: strict),
        .testTarget(name: "ChildProcessesTests", dependencies: ["ChildProcesses"], swiftSettings: strict),
    ]
)
