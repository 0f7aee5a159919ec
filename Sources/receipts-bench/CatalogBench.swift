import ArgumentParser
import Catalog
import DocumentStore
import Foundation
import Logging
import ReceiptModel
import ReceiptTesting

/// `receipts-bench catalog`: the product index on a generated catalog (default 100,000 products):
/// build time, warm search latency (median, p99), receipt-line matching throughput and peak RSS,
/// and the same search through the store's SQLite FTS5 trigram index for comparison.
struct CatalogBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Catalog index build, search latency, matching throughput, memory (in-memory index vs SQLite FTS5)."
    )

    @Option(help: "Generated products.")
    var products: Int = 100_000

    @Option(help: "Search queries timed (after one warm-up pass).")
    var queries: Int = 2_000

    @Option(help: "Receipt lines matched for the throughput figure.")
    var lines: Int = 20_000

    @Option(help: "Products written to a SQLite store for the FTS5 comparison (0 skips it).")
    var ftsProducts: Int = 100_000

    @Flag(help: "Print one JSON object.")
    var json = false

    /// Index search times: each query's latency in milliseconds (sorted), how many queries found
    /// something, and the slowest query with its time.
    private typealias SearchTimes = (latencies: [Double], queries: Int, hits: Int, slowest: (Double, String))
    /// Receipt-line matching: lines matched, matched to the right product name, and the seconds
    /// it took; `lines` is how many were tried.
    private typealias MatchTimes = (lines: Int, matched: Int, correct: Int, seconds: Double)
    /// Line cleaning alone: the words it found and the seconds it took.
    private typealias NormaliseTimes = (words: Int, seconds: Double)
    /// The store's FTS5 search: load seconds, and median and p99 search milliseconds.
    private typealias FTSTimes = (load: Double, median: Double, p99: Double)
    /// Everything one run measured, for the report.
    private typealias Measurements = (
        buildSeconds: Double, search: SearchTimes, matching: MatchTimes, normalising: NormaliseTimes, peak: Double, fts: FTSTimes?
    )

    func run() async throws {
        var generator = SeededGenerator(seed: 42)
        let catalog = CatalogGenerator.products(count: products, using: &generator)
        let queryTexts = (0..<queries).map { _ in CatalogGenerator.query(for: catalog.randomElement(using: &generator)!, using: &generator) }
        let receiptLines = (0..<lines).map { _ -> (String, String) in
            let product = catalog.randomElement(using: &generator)!
            return (CatalogGenerator.receiptLine(for: product, using: &generator), product.name)
        }

        // In-memory index.
        let buildStart = ContinuousClock.now
        let index = ProductIndex(products: catalog)
        let buildSeconds = (ContinuousClock.now - buildStart).seconds
        let search = timeSearches(index, queryTexts)
        let matching = timeMatching(index, receiptLines)
        let normalising = timeNormalising(receiptLines)
        let peak = OCRBench.peakRSSMegabytes()

        // SQLite FTS5 trigram through the store, for comparison.
        var fts: FTSTimes? = nil
        if ftsProducts > 0 {
            fts = try await measureFTS(catalog: Array(catalog.prefix(ftsProducts)), queries: Array(queryTexts.prefix(300)))
        }

        let measured: Measurements = (buildSeconds, search, matching, normalising, peak, fts)
        if json {
            print(String(decoding: try JSONValue.object(jsonFigures(measured)).jsonData(), as: UTF8.self))
            return
        }
        printTable(measured)
    }

    /// Runs every query once to warm up, then times each one again.
    private func timeSearches(_ index: ProductIndex, _ queryTexts: [String]) -> SearchTimes {
        for query in queryTexts { _ = index.search(query, limit: 10) }  // warm-up
        var latencies: [Double] = []
        latencies.reserveCapacity(queryTexts.count)
        var hits = 0
        var slowest = (0.0, "")
        for query in queryTexts {
            let start = ContinuousClock.now
            let results = index.search(query, limit: 10)
            let elapsed = (ContinuousClock.now - start).seconds * 1000
            latencies.append(elapsed)
            if elapsed > slowest.0 { slowest = (elapsed, query) }
            if !results.isEmpty { hits += 1 }
        }
        latencies.sort()
        return (latencies, queryTexts.count, hits, slowest)
    }

    /// Matches each receipt line to a product and counts the matches whose name is the line's.
    private func timeMatching(_ index: ProductIndex, _ receiptLines: [(String, String)]) -> MatchTimes {
        let matcher = ProductMatcher(index: index)
        let matchStart = ContinuousClock.now
        var matched = 0
        var correct = 0
        // Generated names repeat across brands and lines carry no brand: a match is right when the name is.
        for (line, name) in receiptLines {
            if let match = matcher.match(line: line) {
                matched += 1
                if match.product.name == name { correct += 1 }
            }
        }
        return (receiptLines.count, matched, correct, (ContinuousClock.now - matchStart).seconds)
    }

    /// Times the line cleaning that matching starts with, on its own.
    private func timeNormalising(_ receiptLines: [(String, String)]) -> NormaliseTimes {
        let normaliseStart = ContinuousClock.now
        var words = 0
        for (line, _) in receiptLines { words += ReceiptLineNormalizer.words(line).count }
        return (words, (ContinuousClock.now - normaliseStart).seconds)
    }

    /// The figures of `--json`, by name.
    private func jsonFigures(_ measured: Measurements) -> [String: JSONValue] {
        [
            "products": .number(Decimal(products)),
            "indexBuildSeconds": number(measured.buildSeconds, 3),
            "searchMedianMs": number(percentile(measured.search.latencies, 0.5), 3),
            "searchP99Ms": number(percentile(measured.search.latencies, 0.99), 3),
            "queriesWithResults": number(Double(measured.search.hits) / Double(max(1, measured.search.queries)), 3),
            "matchLinesPerSecond": number(Double(measured.matching.lines) / measured.matching.seconds, 0),
            "normaliseLinesPerSecond": number(Double(measured.matching.lines) / measured.normalising.seconds, 0),
            "matchRate": number(Double(measured.matching.matched) / Double(max(1, measured.matching.lines)), 3),
            "matchPrecision": number(Double(measured.matching.correct) / Double(max(1, measured.matching.matched)), 3),
            "peakRSSMegabytes": number(measured.peak, 0),
            "ftsProducts": .number(Decimal(ftsProducts)),
            "ftsLoadSeconds": measured.fts.map { number($0.load, 2) } ?? .null,
            "ftsSearchMedianMs": measured.fts.map { number($0.median, 3) } ?? .null,
            "ftsSearchP99Ms": measured.fts.map { number($0.p99, 3) } ?? .null,
        ]
    }

    /// Prints the figures for a person, one measurement a line.
    private func printTable(_ measured: Measurements) {
        print("catalog of \(products) generated products")
        print(String(format: "  in-memory index build      %.3f s", measured.buildSeconds))
        print(
            String(
                format: "  search (warm)              median %.3f ms, p99 %.3f ms (%d queries, %.1f %% with results)",
                percentile(measured.search.latencies, 0.5),
                percentile(measured.search.latencies, 0.99),
                measured.search.queries,
                100 * Double(measured.search.hits) / Double(max(1, measured.search.queries))
            )
        )
        print(String(format: "    slowest: %.3f ms for \"%@\"", measured.search.slowest.0, measured.search.slowest.1))
        print(
            String(
                format: "  receipt-line matching      %.0f lines/s (%d lines; %.1f %% matched, %.1f %% of those right)",
                Double(measured.matching.lines) / measured.matching.seconds,
                measured.matching.lines,
                100 * Double(measured.matching.matched) / Double(max(1, measured.matching.lines)),
                100 * Double(measured.matching.correct) / Double(max(1, measured.matching.matched))
            )
        )
        print(
            String(
                format: "    of which line cleaning    %.0f lines/s (%d words)",
                Double(measured.matching.lines) / measured.normalising.seconds,
                measured.normalising.words
            )
        )
        print(String(format: "  peak RSS                   %.0f MB", measured.peak))
        if let fts = measured.fts {
            print(
                String(
                    format: "  SQLite FTS5 trigram (store) load %d products %.2f s; searchText median %.3f ms, p99 %.3f ms",
                    ftsProducts,
                    fts.load,
                    fts.median,
                    fts.p99
                )
            )
        }
    }

    private func measureFTS(catalog: [Product], queries: [String]) async throws -> (Double, Double, Double) {
        var logger = Logger(label: "receipts-bench.catalog")
        logger.logLevel = .warning
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-bench-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let store = try await SQLiteDocumentStore(path: path, logger: logger)
        let start = ContinuousClock.now
        let writes = catalog.map { DocumentWrite(collection: "products", id: $0.id, document: $0.document) }
        for chunk in stride(from: 0, to: writes.count, by: 2000) {
            _ = try await store.putBatch(Array(writes[chunk..<min(writes.count, chunk + 2000)]))
        }
        _ = try await store.searchText(collection: "products", fields: ["name", "brand"], query: "warm up query", limit: 10)
        let load = (ContinuousClock.now - start).seconds
        for query in queries.prefix(20) {
            _ = try await store.searchText(collection: "products", fields: ["name", "brand"], query: query, limit: 10)
        }
        var latencies: [Double] = []
        for query in queries {
            let begin = ContinuousClock.now
            _ = try await store.searchText(collection: "products", fields: ["name", "brand"], query: query, limit: 10)
            latencies.append((ContinuousClock.now - begin).seconds * 1000)
        }
        try await store.close()
        latencies.sort()
        return (load, percentile(latencies, 0.5), percentile(latencies, 0.99))
    }

    private func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
    }

    private func number(_ value: Double, _ decimals: Int) -> JSONValue {
        .number(Decimal(string: String(format: "%.\(decimals)f", value)) ?? 0)
    }
}

/// Plausible grocery products, queries and receipt lines, generated.
enum CatalogGenerator {
    static let nouns = [
        "milk", "yogurt", "cheese", "butter", "eggs", "bread", "bagels", "tortillas", "cereal", "oatmeal",
        "granola", "rice", "pasta", "spaghetti", "noodles", "flour", "sugar", "coffee", "tea", "juice", "soda",
        "water", "chips", "crackers", "cookies", "pretzels", "popcorn", "salsa", "ketchup", "mustard",
        "mayonnaise", "dressing", "vinegar", "oil", "soup", "beans", "corn", "peas", "tomatoes", "potatoes",
        "onions", "carrots", "lettuce", "spinach", "broccoli", "apples", "bananas", "oranges", "grapes",
        "strawberries", "blueberries", "lemons", "avocados", "chicken", "beef", "pork", "turkey", "bacon",
        "sausage", "ham", "salmon", "tuna", "shrimp", "tofu", "hummus", "peanut butter", "jam", "honey",
        "syrup", "ice cream", "pizza", "waffles", "burritos", "detergent", "paper towels", "toilet paper",
        "shampoo", "toothpaste", "soap", "dog food", "cat food", "diapers", "wipes", "candy", "chocolate",
        "nuts", "almonds", "raisins", "muffins", "donuts", "croissants", "cream cheese", "sour cream",
    ]
    static let modifiers = [
        "organic", "whole", "low fat", "fat free", "reduced fat", "greek", "vanilla", "chocolate",
        "strawberry", "honey", "roasted", "salted", "unsalted", "smoked", "sliced", "shredded", "ground",
        "boneless", "skinless", "frozen", "fresh", "sweet", "spicy", "mild", "original", "classic",
        "whole wheat", "multigrain", "gluten free", "sugar free", "light", "extra virgin", "sparkling",
        "diet", "natural", "creamy", "crunchy", "cinnamon", "maple", "garlic", "italian", "mexican", "baby",
        "large", "jumbo", "family size", "mini", "red", "green", "yellow", "white", "brown", "black",
    ]
    static let sizes = [
        "8 oz", "12 oz", "16 oz", "24 oz", "32 oz", "1 lb", "2 lb", "5 lb", "1 gallon", "half gallon",
        "2 liter", "12 pack", "6 pack", "24 pack", "12 count", "18 count", "500 g", "1 kg",
    ]
    static let syllables = [
        "ka", "lo", "mi", "ra", "ten", "vo", "sun", "ber", "dal", "fin", "gro", "har", "ly", "nor", "pel", "qui", "sto", "val", "wen", "zer",
    ]
    static let categoryFor: [String: String] = [
        "milk": "Dairy", "yogurt": "Dairy", "cheese": "Dairy", "butter": "Dairy", "chicken": "Meat", "beef": "Meat",
    ]

    static func products(count: Int, using generator: inout SeededGenerator) -> [Product] {
        let brands = (0..<400).map { _ -> String in
            let first = (0..<Int.random(in: 2...3, using: &generator)).map { _ in syllables.randomElement(using: &generator)! }.joined()
            let second =
                Bool.random(using: &generator)
                ? " " + ["Farms", "Foods", "Kitchen", "Market", "Co.", "Naturals", "Brands"].randomElement(using: &generator)! : ""
            return first.prefix(1).uppercased() + first.dropFirst() + second
        }
        var result: [Product] = []
        result.reserveCapacity(count)
        for number in 0..<count {
            let noun = nouns.randomElement(using: &generator)!
            var words: [String] = []
            for _ in 0..<Int.random(in: 0...2, using: &generator) {
                words.append(modifiers.randomElement(using: &generator)!)
            }
            let size = sizes.randomElement(using: &generator)!
            let name = (words + [noun]).joined(separator: " ").capitalized + ", " + size
            let brand = brands.randomElement(using: &generator)!
            let barcode = String(format: "2%012d", number)
            result.append(
                Product(
                    barcode: barcode,
                    name: name,
                    brand: brand,
                    categories: [categoryFor[noun] ?? "Grocery", noun.capitalized],
                    keywords: [noun] + words,
                    caloriesPer100g: Double(Int.random(in: 0...600, using: &generator)),
                    source: "generated"
                )
            )
        }
        return result
    }

    /// A search a person would type: a couple of the name's words, maybe reordered, maybe with a typo.
    static func query(for product: Product, using generator: inout SeededGenerator) -> String {
        var words = TextNormalizer.words(product.name).filter { !TextNormalizer.isNumber($0) }
        words = Array(words.prefix(Int.random(in: 1...max(1, words.count), using: &generator)))
        if Bool.random(using: &generator) { words.shuffle(using: &generator) }
        if let index = words.indices.randomElement(using: &generator), words[index].count > 4, Int.random(in: 0..<3, using: &generator) == 0 {
            var characters = Array(words[index])
            characters.remove(at: Int.random(in: 1..<characters.count, using: &generator))
            words[index] = String(characters)
        }
        return words.joined(separator: " ")
    }

    /// A receipt-style line: upper case, some words cut to their consonants, a price and a tax flag.
    static func receiptLine(for product: Product, using generator: inout SeededGenerator) -> String {
        let words = TextNormalizer.words(product.name).map { word -> String in
            guard word.count > 4, Bool.random(using: &generator) else { return word }
            let first = word.prefix(1)
            return first + word.dropFirst().filter { !"aeiou".contains($0) }
        }
        let price = String(format: "%d.%02d", Int.random(in: 0...19, using: &generator), Int.random(in: 0...99, using: &generator))
        return words.joined(separator: " ").uppercased() + " " + price + " " + ["F", "N", "T", ""].randomElement(using: &generator)!
    }
}
