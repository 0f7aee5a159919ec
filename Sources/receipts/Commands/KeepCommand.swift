import ArgumentParser
import DocumentStore
import Foundation
import Households
import ReceiptModel
import ReceiptPipeline

/// `receipts keep ID`: a cart flagged as a possible duplicate is a purchase of its own after all.
struct KeepCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keep",
        abstract: "Count a cart flagged as a possible duplicate (dup in `receipts carts`) in spending after all.",
        discussion: """
            Two photos of one receipt make two carts; the second is flagged possibleDuplicateOf the \
            first and left out of `receipts stats`. When they really were two purchases (the same \
            coffee twice in a day), keep the second.
            """
    )

    @OptionGroup var selection: CartSelection

    @Flag(help: "Print the kept cart as JSON.")
    var json = false

    func run() async throws {
        do {
            // Through the one write path of carts (change log, revision, the replica's stamps),
            // as `receipts correct` and the server's PATCH write theirs.
            let cart = try await selection.withCart(label: "receipts.keep") { documentStore, found in
                let records = Records(store: documentStore)
                let replica = try await LocalReplica(records: records).state().replica
                return try await OfflineCarts(records: records, replica: replica).revise(found.id) { cart in
                    cart.duplicateKept = true
                }.0
            }
            if json {
                print(try JSONCoding.line(cart))
            } else {
                print("kept \(cart.id.prefix(12)): it counts in spending")
            }
        } catch let error as PipelineError {
            throw ValidationError(error.message)
        } catch let error as HouseholdError {
            throw CLIError(error)
        }
    }
}
