import ArgumentParser
import DocumentStore
import Foundation
import Logging
import ReceiptModel
import ReceiptTesting

/// `receipts-bench store`: batched cart inserts, a date-range query, a merchant query and a full
/// change-feed read, on SQLite (temporary file) and PostgreSQL (when `--postgres` or
/// `RECEIPTS_TEST_POSTGRES_URL` gives one) in the same run.
struct StoreBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Document store: cart inserts/s in batches, query latencies, change-feed read speed."
    )

    @Option(help: "PostgreSQL URL (default: $RECEIPTS_TEST_POSTGRES_URL; none skips PostgreSQL).")
    var postgres: String?

    @Option(help: "Cart documents to insert.")
    var count: Int = 10_000

    @Option(help: "Documents per transaction.")
    var batchSize: Int = 500

    @Option(help: "Repetitions of each query for the latency figures.")
    var repeats: Int = 20

    @Flag(help: "Print JSON Lines (one object per engine).")
    var json = false

    func run() async throws {
        var logger = Logger(label: "receipts-bench.store")
        logger.logLevel = .warning
        let directory = try Self.workFolder("receipts-bench-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }

        let locations = Self.engines(sqlite: directory.appendingPathComponent("bench.sqlite").path, postgres: postgres, json: json)
        let carts = (0..<count).map(Self.cart)
        let bytes = carts.reduce(0) { $0 + ((try? $1.jsonData().count) ?? 0) }
        if !json {
            print("\(count) carts, \(bytes / max(count, 1)) bytes each on average, batches of \(batchSize), \(repeats) runs per query")
        }
        for (name, location) in locations {
            let store = try await StoreLocation.parse(location).open(logger: logger)
            let result = try await measure(store, carts: carts)
            try await store.close()
            if json {
                print(result.jsonLine(engine: name))
            } else {
                print(result.text(engine: name))
            }
        }
    }

    /// A new folder of that name in the temporary directory, for a bench's files.
    static func workFolder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The engines a bench measures, by name and location: SQLite at `sqlite`, and PostgreSQL when
    /// `postgres` or the environment gives a database (else, in text output, a line says it is skipped).
    static func engines(sqlite: String, postgres: String?, json: Bool) -> [(String, String)] {
        if let location = postgresLocation(postgres) { return [("sqlite", sqlite), ("postgres", location)] }
        if !json { print("PostgreSQL: skipped (give --postgres URL or run through scripts/with-postgres.sh)") }
        return [("sqlite", sqlite)]
    }

    /// A fresh schema in the PostgreSQL database of `option` or `RECEIPTS_TEST_POSTGRES_URL`; nil when neither is given.
    static func postgresLocation(_ option: String?) -> String? {
        guard let url = option ?? ProcessInfo.processInfo.environment["RECEIPTS_TEST_POSTGRES_URL"], !url.isEmpty else { return nil }
        let schema = "bench_\(Int(Date().timeIntervalSince1970))_\(Int.random(in: 0..<100_000))"
        return url + (url.contains("?") ? "&" : "?") + "schema=\(schema)"
    }

    private func measure(_ store: any DocumentStore, carts: [JSONValue]) async throws -> Figures {
        var figures = Figures()
        let clock = ContinuousClock()
        let insertStart = clock.now
        var index = 0
        while index < carts.count {
            let end = min(index + batchSize, carts.count)
            try await store.putBatch(
                (index..<end).map { DocumentWrite(collection: "carts", id: String(format: "cart-%08d", $0), document: carts[$0]) }
            )
            index = end
        }
        figures.insertSeconds = (clock.now - insertStart).seconds
        figures.inserted = carts.count

        let dateRange = DocumentQuery(
            collection: "carts",
            filters: Filter.textRange("date", from: "2016-03-01", to: "2016-03-31"),
            sort: SortKey("date")
        )
        let merchant = DocumentQuery(collection: "carts", filters: [.equals("merchant.name", "GREEN FIELD")])
        let amount = DocumentQuery(collection: "carts", filters: Filter.numericRange("total", from: 100, to: 120))
        for (query, keyPath) in [(dateRange, \Figures.dateRange), (merchant, \Figures.merchant), (amount, \Figures.amountRange)] {
            var samples: [Double] = []
            var rows = 0
            for _ in 0..<max(1, repeats) {
                let start = clock.now
                rows = 0
                for try await _ in store.query(query) { rows += 1 }
                samples.append((clock.now - start).seconds)
            }
            figures[keyPath: keyPath] = QueryFigures(rows: rows, samples: samples)
        }
        var gets: [Double] = []
        for index in stride(from: 0, to: carts.count, by: max(1, carts.count / 200)) {
            let start = clock.now
            _ = try await store.get(collection: "carts", id: String(format: "cart-%08d", index))
            gets.append((clock.now - start).seconds)
        }
        figures.get = QueryFigures(rows: 1, samples: gets)

        let feedStart = clock.now
        var changes = 0
        for try await _ in store.changeStream(since: 0, pageSize: 1_000) { changes += 1 }
        figures.feedSeconds = (clock.now - feedStart).seconds
        figures.feedChanges = changes
        return figures
    }

    /// A cart-like document of realistic size (3-12 items, merchant, totals, source, OCR text).
    static func cart(_ index: Int) -> JSONValue {
        var generator = SeededGenerator(seed: (UInt64(index) &+ 0x9E37_79B9_7F4A_7C15))
        let merchants = ["GREEN FIELD", "ALDI SÜD", "TRADER JOE'S", "WHOLE FOODS MARKET", "REWE", "LIDL", "SPAR", "EDEKA"]
        let products = ["Coke", "Lunch", "Bananas", "Whole Milk", "Bread", "Eggs 12ct", "Cheddar", "Apples", "Coffee", "Pasta"]
        let itemCount = 3 + Int(generator.next() % 10)
        var subtotal = 0
        var items: [JSONValue] = []
        for item in 0..<itemCount {
            let cents = 50 + Int(generator.next() % 2_000)
            subtotal += cents
            let price = JSONValue.string(String(format: "%d.%02d", cents / 100, cents % 100))
            items.append(
                .object([
                    "name": .string(products[(index + item) % products.count]),
                    "text": .string("1 \(products[(index + item) % products.count]) \(price.stringValue ?? "")"),
                    "quantity": .number(1), "unit": .null, "unitPrice": price, "price": price, "discount": .null, "completed": .bool(true),
                    "addedByUser": .string("saubhik"), "addedOn": .string("2026-11-21T10:15:00Z"), "product": .null,
                    "confidence": .number(Decimal(string: "0.93") ?? 0),
                ])
            )
        }
        let tax = subtotal * 9 / 100
        let money = { (cents: Int) in JSONValue.string(String(format: "%d.%02d", cents / 100, cents % 100)) }
        let date = String(format: "2016-%02d-%02d", 1 + Int(generator.next() % 12), 1 + Int(generator.next() % 28))
        let merchant = merchants[Int(generator.next() % UInt64(merchants.count))]
        return .object([
            "type": .string("cart"), "name": .string("\(merchant) \(date)"), "addedByUser": .string(index % 3 == 0 ? "ana" : "saubhik"),
            "addedOn": .string("2026-11-21T10:15:00Z"), "completed": .bool(true),
            "merchant": .object(["name": .string(merchant), "address": .string("5305 E PACIFIC COAST HWY, Long Beach, CA 90804"), "phone": .null]),
            "date": .string(date), "time": .string("12:53:10"), "currency": .string("USD"), "items": .array(items),
            "subtotal": money(subtotal), "tax": money(tax), "tip": .null, "total": money(subtotal + tax), "totalPrice": money(subtotal + tax),
            "needsReview": .bool(false), "warnings": .array([]),
            "source": .object([
                "file": .string("receipts/\(index).jpg"), "sha256": .string(String(format: "%064x", index)), "bytes": .number(118_204),
            ]),
            "ocrText": .string(items.compactMap { $0["text"]?.stringValue }.joined(separator: "\n")),
        ])
    }
}

private struct QueryFigures {
    var rows = 0
    var samples: [Double] = []

    func percentile(_ p: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p + 0.5))]
    }

    var summary: String { String(format: "%5d rows  p50 %7.2f ms  p95 %7.2f ms", rows, percentile(0.5) * 1000, percentile(0.95) * 1000) }
    var json: String { String(format: #"{"rows":%d,"p50_ms":%.3f,"p95_ms":%.3f}"#, rows, percentile(0.5) * 1000, percentile(0.95) * 1000) }
}

private struct Figures {
    var inserted = 0
    var insertSeconds = 0.0
    var dateRange = QueryFigures()
    var merchant = QueryFigures()
    var amountRange = QueryFigures()
    var get = QueryFigures()
    var feedChanges = 0
    var feedSeconds = 0.0

    var insertRate: Double { Double(inserted) / max(insertSeconds, 1e-9) }
    var feedRate: Double { Double(feedChanges) / max(feedSeconds, 1e-9) }

    func text(engine: String) -> String {
        """
        \(engine):
          insert \(inserted) carts      \(String(format: "%8.0f docs/s (%.2f s)", insertRate, insertSeconds))
          date range (1 month)    \(dateRange.summary)
          merchant equality       \(merchant.summary)
          total 100-120 (numeric) \(amountRange.summary)
          get by id               \(get.summary)
          change feed from 0      \(String(format: "%8.0f changes/s (%d in %.2f s)", feedRate, feedChanges, feedSeconds))
        """
    }

    func jsonLine(engine: String) -> String {
        String(
            format:
                #"{"engine":"%@","inserted":%d,"insert_docs_per_s":%.0f,"date_range":%@,"merchant":%@,"amount_range":%@,"get":%@,"feed_changes":%d,"feed_changes_per_s":%.0f}"#,
            engine,
            inserted,
            insertRate,
            dateRange.json,
            merchant.json,
            amountRange.json,
            get.json,
            feedChanges,
            feedRate
        )
    }
}
