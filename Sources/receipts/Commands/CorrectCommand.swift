import ArgumentParser
import Catalog
import DocumentStore
import Foundation
import HouseholdApp
import Households
import ReceiptModel
import ReceiptPipeline

/// `receipts correct ID …`: fix what the reader got wrong, as a new revision of the cart.
struct CorrectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "correct",
        abstract: "Correct a cart's merchant, date, total or items; the fixed fields are marked verified.",
        discussion: """
            Items are numbered from 1 as `receipts show` lists them. --product N=BARCODE also \
            teaches the matcher: the next receipt from the same merchant with the same line gets \
            that product directly. `receipts eval --store` scores the reader against the carts \
            you corrected.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var catalog: CatalogOptions

    @Argument(help: "The cart id, or its first characters (at least 4).")
    var id: String

    @Option(help: "The merchant's name.")
    var merchant: String?

    @Option(help: ArgumentHelp("The receipt's date.", valueName: "YYYY-MM-DD"))
    var date: String?

    @Option(help: ArgumentHelp("The total paid, e.g. 43.48.", valueName: "amount"))
    var total: String?

    @Option(name: .customLong("item"), help: ArgumentHelp("An item's name: N=NAME (repeatable).", valueName: "N=name"))
    var itemNames: [String] = []

    @Option(name: .customLong("price"), help: ArgumentHelp("An item's price: N=3.49 (repeatable).", valueName: "N=amount"))
    var itemPrices: [String] = []

    @Option(name: .customLong("product"), help: ArgumentHelp("An item's catalog product: N=BARCODE (repeatable).", valueName: "N=barcode"))
    var itemProducts: [String] = []

    @Flag(help: "Print the corrected cart as JSON.")
    var json = false

    func run() async throws {
        let logger = global.makeLogger(label: "receipts.correct")
        var correction = CartCorrection(merchant: merchant, date: date)
        if let total {
            correction.total = try Amount.option(total, "--total")
        }
        for (index, name) in try Self.numbered(itemNames, "--item") { correction.items[index, default: .init()].name = name }
        for (index, text) in try Self.numbered(itemPrices, "--price") {
            correction.items[index, default: .init()].price = try Amount.option(text, "--price")
        }
        guard !correction.isEmpty || !itemProducts.isEmpty else {
            throw ValidationError("Say what to correct: --merchant, --date, --total, --item, --price or --product.")
        }
        do {
            let cart = try await store.withOpenStore(logger: logger) { documentStore in
                if !itemProducts.isEmpty {
                    let products = try catalog.open(store: documentStore, logger: logger)
                    for (index, barcode) in try Self.numbered(itemProducts, "--product") {
                        guard let product = try await products.lookup(barcode: barcode) else {
                            throw ValidationError("No product with barcode \(barcode) in the catalog (receipts search NAME finds one).")
                        }
                        correction.items[index, default: .init()].product = product.reference()
                    }
                }
                let records = Records(store: documentStore)
                let replica = try await LocalReplica(records: records).state().replica
                return try await CartCorrections.save(
                    correction,
                    to: id,
                    in: OfflineCarts(records: records, replica: replica),
                    store: documentStore
                )
            }
            if json {
                print(try JSONCoding.line(cart))
            } else {
                print("corrected \(cart.id.prefix(12)) (revision \(cart.rev)); verified: \(cart.verified.joined(separator: ", "))")
            }
        } catch let error as CorrectionError {
            throw ValidationError(error.message)
        } catch let error as PipelineError {
            throw ValidationError(error.message)
        } catch let error as HouseholdError {
            throw CLIError(error)
        }
    }

    /// `2=Oat milk` → (1, "Oat milk"): items are numbered from 1 on the command line.
    static func numbered(_ values: [String], _ option: String) throws -> [(Int, String)] {
        try values.map { value in
            let parts = value.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let number = Int(parts[0]), number >= 1 else {
                throw ValidationError("\(option) wants N=value with N the item's number from 1, like 2=\(parts.last ?? "x").")
            }
            return (number - 1, String(parts[1]))
        }
    }
}
