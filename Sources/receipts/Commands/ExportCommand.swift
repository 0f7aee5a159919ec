import ArgumentParser
import DocumentStore
import Foundation
import Logging

/// `receipts export`: the store's change feed as JSON Lines on stdout.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the store's documents as JSON Lines to stdout.",
        discussion: """
            One line per document, oldest change first:
            {"collection":"carts","deleted":false,"document":{…},"id":"…","rev":3,"seq":41}
            Deleted documents appear as tombstones ("deleted":true, "document":null). \
            --since SEQ writes only what changed after sequence number SEQ (the "seq" of the last \
            line of a previous export), so exports can be incremental. `receipts import` reads the \
            output back into any store, keeping ids and revisions.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOptions

    @Option(help: "Only this collection (carts, products, failures, ...).")
    var collection: String?

    @Option(help: "Only changes after this sequence number.")
    var since: Int64 = 0

    @Flag(help: "JSON Lines output (the only format; accepted for consistency).")
    var json = false

    func validate() throws {
        guard since >= 0 else { throw ValidationError("--since must be 0 or more.") }
    }

    func run() async throws {
        let logger = global.makeLogger(label: "receipts.export")
        var output = StandardOutputBuffer()
        var written = 0
        var last = since
        try await store.withOpenStore(logger: logger) { documentStore in
            defer { output.flush() }
            for try await change in documentStore.changeStream(since: since) {
                last = change.seq
                if let collection, change.collection != collection { continue }
                output.writeLine(ChangeLines.encode(change))
                written += 1
            }
        }
        logger.info("exported documents", metadata: ["count": "\(written)", "last.seq": "\(last)"])
    }
}
