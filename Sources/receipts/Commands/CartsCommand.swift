import ArgumentParser
import DocumentStore
import Foundation
import ReceiptModel
import ReceiptPipeline

/// `receipts carts`: the stored carts, newest first.
struct CartsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "carts",
        abstract:
            "List stored carts: date, merchant, items, total, who added it, ! when it needs review, and dup when it repeats another cart (receipts keep ID to count it)."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOptions

    @Option(help: ArgumentHelp("Only receipts dated on or after this day.", valueName: "YYYY-MM-DD"))
    var since: String?

    @Option(help: ArgumentHelp("Only receipts dated on or before this day.", valueName: "YYYY-MM-DD"))
    var until: String?

    @Option(help: "Only merchants whose name contains this text (any case).")
    var merchant: String?

    @Option(help: "Only carts added by this user.")
    var user: String?

    @Flag(help: "One cart document per line (JSON Lines).")
    var json = false

    func validate() throws {
        for (name, value) in [("--since", since), ("--until", until)] {
            if let value, !ISODay.isValid(value) { throw ValidationError("\(name) wants a date like 2026-11-21, not \(value).") }
        }
    }

    func run() async throws {
        let logger = global.makeLogger(label: "receipts.carts")
        let documentStore = try await store.open(logger: logger)
        defer { Task { try? await documentStore.close() } }
        let carts = CartQueries(store: documentStore).carts(
            .init(since: since, until: until, merchant: merchant, user: user)
        )
        var output = StandardOutputBuffer()
        var count = 0
        if !json {
            output.writeLine(Self.row("ID", "DATE", "MERCHANT", "ITEMS", "TOTAL", "ADDED BY", ""))
        }
        for try await cart in carts {
            count += 1
            if json {
                output.writeLine(try JSONCoding.line(cart))
            } else {
                output.writeLine(
                    Self.row(
                        String(cart.id.prefix(12)),
                        cart.date ?? "-",
                        cart.merchant?.name ?? "-",
                        "\(cart.items.count)",
                        cart.effectiveTotal.map { "\($0)\(cart.currency.map { " " + $0 } ?? "")" } ?? "-",
                        cart.addedByUser,
                        (cart.needsReview ? "!" : "") + (cart.isLeftOutDuplicate ? " dup of \(cart.possibleDuplicateOf?.prefix(12) ?? "")" : "")
                    )
                )
            }
        }
        if !json { output.writeLine("\(count) cart\(count == 1 ? "" : "s")") }
        output.flush()
    }

    static func row(_ id: String, _ date: String, _ merchant: String, _ items: String, _ total: String, _ user: String, _ mark: String) -> String {
        func pad(_ text: String, _ width: Int) -> String {
            let cut = text.count > width ? String(text.prefix(width - 1)) + "…" : text
            return cut + String(repeating: " ", count: max(0, width - cut.count))
        }
        func padLeft(_ text: String, _ width: Int) -> String {
            String(repeating: " ", count: max(0, width - text.count)) + text
        }
        return "\(pad(id, 13))\(pad(date, 11))\(pad(merchant, 28))\(padLeft(items, 5))  \(padLeft(total, 12))  \(pad(user, 12))\(mark)"
    }
}

enum ISODay {
    static func isValid(_ text: String) -> Bool {
        let parts = text.split(separator: "-")
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let month = Int(parts[1]), let day = Int(parts[2]), Int(parts[0]) != nil
        else { return false }
        return (1...12).contains(month) && (1...31).contains(day)
    }
}
