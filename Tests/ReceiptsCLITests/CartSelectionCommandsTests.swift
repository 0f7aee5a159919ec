import Foundation
import Testing

/// `receipts show` and `receipts keep`, the two commands that name a stored cart by its id or
/// the start of it (`CartSelection`): what each prints, and how each says a cart is unknown.
@Suite(.serialized) struct CartSelectionCommandsTests {
    typealias Carts = StatsAndEnrichEndToEndTests

    @Test func keepCountsAFlaggedDuplicateAndShowReadsTheCartByItsStart() async throws {
        let work = try Workspace()
        let original = String(repeating: "a", count: 64)
        let second = String(repeating: "b", count: 64)
        try await Carts.importCarts(
            [
                Carts.cart(1, "2024-12-29", "60.00").replacingOccurrences(of: Carts.id(1), with: original),
                Carts.cart(2, "2024-12-29", "60.00", extra: #","possibleDuplicateOf":"\#(original)""#)
                    .replacingOccurrences(of: Carts.id(2), with: second),
            ],
            into: work
        )
        let stats = try await CLI.run(["stats", "--store", work.store, "--as-of", "2025-01-02", "--json"], in: work.url)
        #expect(try CLI.json(stats.stdout)["skippedDuplicates"] as? Int == 1)

        let kept = try await CLI.run(["keep", "bbbb", "--store", work.store], in: work.url)
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(kept.stdout == "kept bbbbbbbbbbbb: it counts in spending\n")
        let keptAgain = try CLI.json(try await CLI.run(["keep", second, "--store", work.store, "--json"], in: work.url).stdout)
        #expect(keptAgain["duplicateKept"] as? Bool == true)
        #expect(keptAgain["id"] as? String == second)
        let after = try await CLI.run(["stats", "--store", work.store, "--as-of", "2025-01-02", "--json"], in: work.url)
        #expect(try CLI.json(after.stdout)["skippedDuplicates"] as? Int == 0)

        let shown = try await CLI.run(["show", "bbbb", "--store", work.store], in: work.url)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.lines.contains("Id: \(second)"))
        let shownJSON = try await CLI.run(["show", "bbbbbbbb", "--store", work.store, "--json"], in: work.url)
        #expect(try CLI.json(shownJSON.stdout.replacingOccurrences(of: "\n", with: ""))["duplicateKept"] as? Bool == true)
    }

    @Test func anUnknownCartIsAUsageErrorForKeepAndAFailureForShow() async throws {
        let work = try Workspace()
        try await Carts.importCarts([Carts.cart(1, "2024-12-29", "60.00")], into: work)
        let message = "No cart ffff in this store (receipts carts lists them)."

        let kept = try await CLI.run(["keep", "ffff", "--store", work.store], in: work.url)
        #expect(kept.status == 64)
        #expect(kept.stderr.contains("Error: \(message)"), "\(kept.stderr)")
        let shown = try await CLI.run(["show", "ffff", "--store", work.store], in: work.url)
        #expect(shown.status == 1)
        #expect(shown.stderr == "receipts: \(message)\n")
        #expect(shown.stdout.isEmpty && kept.stdout.isEmpty)
    }
}
