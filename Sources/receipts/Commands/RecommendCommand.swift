import ArgumentParser
import DocumentStore
import Foundation
import HouseholdApp
import Households
import ReceiptModel
import ReceiptPipeline
import Recommendations

/// `receipts recommend`: what is due again, what goes with a list's entries, and what goes with
/// (or is like) a product, from the local store's carts: the same recommenders as the server's.
struct RecommendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recommend",
        abstract: "Recommendations from the stored carts: due again, bought together, related.",
        discussion: """
            Without --list or --product: the products bought at a regular interval that are due \
            (due again). With --list: those and what the stored carts show bought with the \
            list's entries (bought together). With --product (a catalog id: the barcode, or the \
            name-… id receipts search --json shows): what is bought with it, or, when it was \
            never bought, its catalog neighbours (related). Each suggestion says why. The rules \
            and thresholds are in docs/API.md, Recommendations and presets.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var catalogOptions: CatalogOptions

    @Option(help: ArgumentHelp("A list of the local store (id or name).", valueName: "list"))
    var list: String?

    @Option(help: ArgumentHelp("A product id (barcode or name-… id).", valueName: "id"))
    var product: String?

    @Option(help: ArgumentHelp("Only this household's carts (default: every cart in the store).", valueName: "id"))
    var household: String?

    @Option(help: ArgumentHelp("The day to recommend for (default: today, UTC).", valueName: "YYYY-MM-DD"))
    var asOf: String?

    @Option(help: "Suggestions of each kind.")
    var limit: Int = 5

    @Flag(help: "Print one JSON object.")
    var json = false

    func validate() throws {
        guard (1...20).contains(limit) else { throw ValidationError("--limit must be between 1 and 20.") }
        if list != nil && product != nil { throw ValidationError("Give --list or --product, not both.") }
        if let asOf, CalendarDay(iso: asOf) == nil { throw ValidationError("--as-of must be a date like 2026-01-31.") }
    }

    func run() async throws {
        let logger = global.makeLogger(label: "receipts.recommend")
        let today = Day((asOf.flatMap { CalendarDay(iso: $0) } ?? CalendarDay.today()).daysSinceEpoch)
        let suggestions = try await store.withLocalReplica(logger: logger) { records, replica in
            let documentStore = records.store
            let filters: [Filter] = household.map { [.equals("household", $0)] } ?? []
            let carts = try await documentStore.all(DocumentQuery(collection: Collections.carts, filters: filters, pageSize: 1000))
            let (history, products) = HouseholdRecommendations.history(of: carts.compactMap { try? $0.document.decode(as: CartDocument.self) })
            if let product {
                let catalog = try catalogOptions.open(store: documentStore, logger: logger)
                return try await HouseholdRecommendations.forProduct(product, history: history, products: products, catalog: catalog, limit: limit)
            }
            var entries: [HouseholdList.Entry] = []
            if let list { entries = try await OfflineLists(records: records, replica: replica).list(list).entries }
            return HouseholdRecommendations.forList(entries, history: history, products: products, on: today, limit: limit)
        }
        if json {
            print(try JSONCoding.line(suggestions))
            return
        }
        if suggestions.isEmpty {
            print("Nothing to suggest yet: recommendations need a few carts with dates (receipts ingest).")
            return
        }
        for (title, found) in [
            ("Due again", suggestions.dueAgain), ("Bought together", suggestions.boughtTogether), ("Related", suggestions.related),
        ]
        where !found.isEmpty {
            print(title)
            for suggestion in found {
                print("  \(suggestion.recommendation.name)  (\(suggestion.recommendation.explanation))  \(suggestion.recommendation.productId)")
            }
        }
    }
}
