import ArgumentParser
import Catalog
import CurlHTTP
import DocumentStore
import Foundation
import Logging
import ReceiptModel

/// Options of the commands that use the product catalog (`search`, `catalog …`).
struct CatalogOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The default catalog loaded into an empty store (default: $RECEIPTS_CATALOG, else Fixtures/catalog/products.json under the current folder or above the executable).",
            valueName: "file"
        ),
        completion: .file(extensions: ["json"])
    )
    var catalog: String?

    @Option(help: ArgumentHelp("Chomp API key (default $CHOMP_API_KEY; prefer the variable: options show in process lists).", valueName: "key"))
    var apiKey: String?

    @Option(help: ArgumentHelp("Chomp API base URL (default $CHOMP_BASE_URL, else https://chompthis.com/api/v2).", valueName: "url"))
    var chompURL: String?

    @Option(help: ArgumentHelp("Chomp user id sent with every call (default $CHOMP_USER_ID; Premium plans need it).", valueName: "id"))
    var chompUser: String?

    @Option(help: "Chomp requests per minute at most (the smallest plan allows 30).")
    var rate: Double = 30

    @Option(help: "Re-fetch products cached from the API after this many days.")
    var maxAgeDays: Double = 30

    func validate() throws {
        guard rate > 0 else { throw ValidationError("--rate must be above 0.") }
        guard maxAgeDays >= 0 else { throw ValidationError("--max-age-days must not be negative.") }
    }

    /// The Chomp client when a key is configured.
    func client(logger: Logger) -> ChompClient? {
        let configuration = ChompConfiguration.fromEnvironment(apiKey: apiKey, baseURL: chompURL, userID: chompUser)
        guard configuration.isConfigured else { return nil }
        let http = HTTPClient(
            configuration: HTTPClientConfiguration(
                userAgent: "receipts/\(ReceiptsVersion.string)",
                requestsPerMinute: rate,
                burst: 5
            ),
            logger: logger
        )
        return ChompClient(configuration: configuration, http: http, logger: logger)
    }

    func open(store: any DocumentStore, logger: Logger) throws -> ProductCatalog {
        let file = DefaultCatalog.locate(override: catalog)
        if let catalog, !FileManager.default.fileExists(atPath: catalog) {
            throw ValidationError("--catalog \(catalog): no such file.")
        }
        return ProductCatalog(
            store: store,
            client: client(logger: logger),
            defaultCatalog: file,
            maxAge: maxAgeDays * 86_400,
            logger: logger
        )
    }

    /// Runs `body` over the catalog of the store `store` names, closing the store after.
    func withCatalog<T>(in store: StoreOptions, logger: Logger, _ body: (ProductCatalog) async throws -> T) async throws -> T {
        try await store.withOpenStore(logger: logger) { documentStore in try await body(try open(store: documentStore, logger: logger)) }
    }
}

/// `receipts catalog …`: manage the offline product catalog.
struct CatalogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Manage the offline product catalog (the store's products collection).",
        subcommands: [Import.self, Lookup.self, Match.self]
    )

    /// `receipts catalog import FILE`
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import a Chomp-shaped JSON file ({\"items\": [...]} or [...]) into the catalog.",
            discussion: "Products are keyed by barcode (or a hash of name and brand); importing again replaces them."
        )

        @OptionGroup var global: GlobalOptions
        @OptionGroup var store: StoreOptions
        @OptionGroup var options: CatalogOptions

        @Argument(help: "The JSON file.", completion: .file(extensions: ["json"]))
        var file: String

        @Flag(help: "Print the summary as JSON.")
        var json = false

        func run() async throws {
            let logger = global.makeLogger(label: "receipts.catalog")
            let (count, total) = try await store.withOpenStore(logger: logger) { documentStore in
                let catalog = try options.open(store: documentStore, logger: logger)
                try await catalog.prepare()
                let count = try await catalog.importFile(URL(fileURLWithPath: file))
                return (count, try await documentStore.count(collection: ProductCatalog.collection))
            }
            if json {
                print(
                    String(
                        decoding: try JSONValue.object(["imported": .number(Decimal(count)), "products": .number(Decimal(total))]).jsonData(),
                        as: UTF8.self
                    )
                )
            } else {
                print("imported \(count) products from \(file); the catalog holds \(total)")
            }
        }
    }

    /// `receipts catalog match LINE...`
    struct Match: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Match receipt lines to catalog products (what ingest does for each item).",
            discussion: "Prints the product and score per line, or \"no match\" below the threshold; --candidates shows the runners-up."
        )

        @OptionGroup var global: GlobalOptions
        @OptionGroup var store: StoreOptions
        @OptionGroup var options: CatalogOptions

        @Argument(help: "Receipt lines, e.g. \"GV WHL MLK GAL 3.48 N\" (or - to read lines from stdin).")
        var lines: [String]

        @Option(help: "The minimum score of a match.")
        var threshold: Double = ProductMatcher.defaultThreshold

        @Option(help: "Also show this many candidates with their scores.")
        var candidates: Int = 0

        @Flag(help: "Print JSON Lines: {line, product, score}.")
        var json = false

        func run() async throws {
            let logger = global.makeLogger(label: "receipts.catalog")
            let matcher = try await options.withCatalog(in: store, logger: logger) { try await $0.matcher(threshold: threshold) }
            var input = lines
            if input == ["-"] {
                input = []
                while let line = readLine() { input.append(line) }
            }
            for line in input where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                let match = matcher.match(line: line)
                if json {
                    let object: JSONValue = .object(["line": .string(line), "product": match?.cartProduct ?? .null])
                    print(String(decoding: try object.jsonData(), as: UTF8.self))
                    continue
                }
                if let match {
                    print(String(format: "%@  →  %@ (%.2f)", line, match.product.name, match.score))
                } else {
                    print("\(line)  →  no match")
                }
                for candidate in matcher.rank(line: line, limit: candidates) {
                    print(String(format: "      %.3f  %@", candidate.score, candidate.product.name))
                }
            }
        }
    }

    /// `receipts catalog lookup BARCODE`
    struct Lookup: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the product with a barcode (from the store, else the Chomp API when configured)."
        )

        @OptionGroup var global: GlobalOptions
        @OptionGroup var store: StoreOptions
        @OptionGroup var options: CatalogOptions

        @Argument(help: "The barcode (UPC/EAN).")
        var barcode: String

        @Flag(help: "Print the product document as JSON.")
        var json = false

        func run() async throws {
            let logger = global.makeLogger(label: "receipts.catalog")
            let product = try await options.withCatalog(in: store, logger: logger) { try await $0.lookup(barcode: barcode) }
            guard let product else {
                throw ValidationError(
                    "No product with barcode \(barcode) in the catalog\(options.client(logger: logger) == nil ? " (set CHOMP_API_KEY to ask the Chomp API)" : " or the Chomp API")."
                )
            }
            if json {
                print(String(decoding: try product.document.jsonData(), as: UTF8.self))
            } else {
                print(SearchCommand.describe(product))
            }
        }
    }
}
