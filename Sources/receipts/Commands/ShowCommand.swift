import ArgumentParser
import DocumentStore
import Foundation
import ReceiptModel
import ReceiptPipeline

/// `receipts show ID`: one cart with its items, matched products and warnings.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one cart: items, matched products, totals, checks and warnings."
    )

    @OptionGroup var selection: CartSelection

    @Flag(help: "Print the cart document as JSON.")
    var json = false

    func run() async throws {
        let cart: CartDocument
        do {
            cart = try await selection.withCart(label: "receipts.show") { _, cart in cart }
        } catch let error as PipelineError {
            FileHandle.standardError.write(Data("receipts: \(error.message)\n".utf8))
            throw ExitCode(1)
        }
        if json {
            print(String(decoding: try JSONCoding.prettyEncoder.encode(cart), as: UTF8.self))
            return
        }
        print(Self.render(cart), terminator: "")
    }

    static func render(_ cart: CartDocument) -> String {
        var out = ""
        func line(_ text: String = "") { out += text + "\n" }
        line("\(cart.merchant?.name ?? "Unknown merchant")\(cart.needsReview ? "   [needs review]" : "")")
        if let address = cart.merchant?.address { line(address) }
        if let phone = cart.merchant?.phone { line(phone) }
        line(
            "Date: \(cart.date ?? "-")\(cart.time.map { " " + $0 } ?? "")   Currency: \(cart.currency ?? "-")\(cart.language.map { "   Language: " + $0 } ?? "")   Added by \(cart.addedByUser) on \(cart.addedOn)"
        )
        line("Id: \(cart.id)")
        line("File: \(cart.source.file)")
        line()
        for item in cart.items {
            let quantity = item.quantity.map { $0 == 1 ? "" : "\($0)\(item.unit.map { " " + $0 } ?? "") x " } ?? ""
            let price = item.price.map { "\($0)" } ?? "-"
            line("  \(quantity)\(item.name)".padding(toLength: 46, withPad: " ", startingAt: 0) + price.leftPadded(10))
            if let discount = item.discount {
                line("      discount".padding(toLength: 46, withPad: " ", startingAt: 0) + "\(discount)".leftPadded(10))
            }
            if let product = item.product {
                line(
                    "      → \(product.name)\(product.brand.map { " (\($0))" } ?? "")  \(product.barcode ?? "")  score \(product.score.map { String(format: "%.2f", $0) } ?? "-")"
                )
            }
        }
        line()
        for (label, amount) in [("Subtotal", cart.subtotal), ("Tax", cart.tax), ("Tip", cart.tip), ("Total", cart.total)] {
            if let amount { line("  \(label)".padding(toLength: 46, withPad: " ", startingAt: 0) + "\(amount)".leftPadded(10)) }
        }
        if let payment = cart.payment, payment.method != nil || payment.cardLast4 != nil {
            line("  Paid: \(payment.method ?? "?")\(payment.cardLast4.map { " ****\($0)" } ?? "")")
        }
        let checks = [("items = subtotal", cart.checks.itemsMatchSubtotal), ("subtotal + tax = total", cart.checks.subtotalPlusTaxMatchesTotal)]
            .compactMap { name, value in value.map { "\(name): \($0 ? "ok" : "FAILED")" } }
        if !checks.isEmpty { line("Checks: " + checks.joined(separator: ", ")) }
        for warning in cart.warnings { line("Warning: \(warning)") }
        return out
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
