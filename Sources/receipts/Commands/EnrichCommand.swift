import ArgumentParser
import Catalog
import DocumentStore
import Foundation
import ReceiptModel
import ReceiptPipeline

/// `receipts enrich LIST`: a shopping list priced from what the household paid.
struct EnrichCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enrich",
        abstract: "Price a shopping list from the catalog and from what you paid in stored carts.",
        discussion: """
            LIST is a text file with one entry per line (`2 milk`, `bananas`, `peanut butter 16 oz`; \
            a leading number is the quantity) or a JSON array of {"name", "quantity"}. Each entry is \
            matched to a catalog product and to the items of stored carts (same product, or an item \
            name holding every word of the entry): last unit price paid with merchant and date, \
            lowest, median and number of purchases. The estimated line total is quantity × last \
            price; the list total sums the entries that have a price history. Entries without one \
            are marked "no history". --save stores the list in `lists` with completed: false.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var catalog: CatalogOptions

    @Argument(help: "The shopping list file.", completion: .file())
    var list: String

    @Option(help: "Who the saved list belongs to (default: the login name).")
    var user: String?

    @Flag(help: "Print the priced list as one JSON object (the `lists` document).")
    var json = false

    @Flag(help: "Store the priced list in the `lists` collection (completed: false).")
    var save = false

    func run() async throws {
        let logger = global.makeLogger(label: "receipts.enrich")
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: list))
        } catch {
            throw ValidationError("cannot read \(list): \(error.localizedDescription)")
        }
        let entries = try ValidationError.reading { try ListEntry.parse(data) }
        let document = try await store.withOpenStore(logger: logger) { documentStore in
            let matcher: ProductMatcher?
            do {
                matcher = try await catalog.open(store: documentStore, logger: logger).matcher()
            } catch {
                // Prices come from the carts; without the catalog, entries are matched by name only.
                logger.warning("product catalog unavailable; matching list entries by name only", metadata: ["error": "\(error)"])
                matcher = nil
            }
            let book = try await PriceBook.load(from: documentStore)
            let document = book.pricedList(
                entries,
                name: URL(fileURLWithPath: list).deletingPathExtension().lastPathComponent,
                user: user ?? IngestCommand.loginName(),
                now: Date()
            ) { name in matcher?.match(line: name)?.productRef }
            if save {
                _ = try await documentStore.put(
                    collection: ShoppingList.collection,
                    id: document.id,
                    document: try JSONValue(encoding: document)
                )
            }
            return document
        }
        if json {
            print(try JSONCoding.line(document))
            return
        }
        var lines: [String] = []
        for item in document.items {
            let head = "\(item.quantity) x \(item.name)"
            var line = head.padding(toLength: 28, withPad: " ", startingAt: 0)
            line += " " + (item.product.map { $0.name } ?? "-").padding(toLength: 28, withPad: " ", startingAt: 0)
            if let history = item.history, let price = item.price {
                line += String(format: " %10@", price.description)
                line += "  last \(history.lastPrice) at \(history.lastMerchant ?? "?") on \(history.lastDate ?? "?"),"
                line += " lowest \(history.lowest), median \(history.median), \(history.purchases) purchase\(history.purchases == 1 ? "" : "s")"
            } else {
                line += "          -  no history"
            }
            lines.append(line)
        }
        let priced = document.items.filter { $0.price != nil }.count
        lines.append("Estimated total: \(document.totalPrice.map(\.description) ?? "-") (\(priced) of \(document.items.count) entries priced)")
        if save { lines.append("Saved as list \(document.id.prefix(12))") }
        print(lines.joined(separator: "\n"))
    }
}
