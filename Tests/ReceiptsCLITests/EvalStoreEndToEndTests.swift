import Foundation
import ReceiptTesting
import Testing

/// `receipts eval --store`: the reader scored against the carts corrected with `receipts correct`.
@Suite(.serialized) struct EvalStoreEndToEndTests {
    typealias Carts = StatsAndEnrichEndToEndTests

    /// Four carts as the reader left them; three corrected with `receipts correct`.
    static func correctedStore() async throws -> Workspace {
        let work = try Workspace()
        try await Carts.importCarts(
            [
                Carts.cart(1, "2024-10-01", "12.00", merchant: "VALUE FOODS"),
                Carts.cart(
                    2,
                    "2024-10-02",
                    "34.48",
                    merchant: "FRSH MRT",
                    items: #"[{"name":"WHL MLK","price":"3.49"},{"name":"EGGS","price":"2.89"}]"#
                ),
                Carts.cart(3, "2024-10-03", "7.5", merchant: "TOTAL 7.50"),
                Carts.cart(4, "2024-10-04", "5.00"),
            ],
            into: work
        )
        let corrections = [
            [Carts.id(1), "--total", "21.00"],
            [Carts.id(2), "--total", "34.48", "--merchant", "Fresh Mart", "--price", "2=2.98"],
            [Carts.id(3), "--total", "7.50", "--merchant", "Corner Shop", "--date", "2024-10-30"],
        ]
        for arguments in corrections {
            let corrected = try await CLI.run(["correct", "--store", work.store] + arguments, in: work.url)
            #expect(corrected.status == 0, "\(arguments): \(corrected.stderr)")
        }
        return work
    }

    static func fields(_ report: [String: Any]) throws -> [String: String] {
        let overall = try #require(report["overall"] as? [String: Any])
        let fields = try #require(overall["fields"] as? [String: [String: Int]])
        return fields.mapValues { "\($0["correct"] ?? -1)/\($0["labelled"] ?? -1)" }
    }

    @Test func evalScoresTheReaderAgainstTheCorrectedCarts() async throws {
        let work = try await Self.correctedStore()
        let result = try await CLI.run(["eval", "--store", work.store, "--json"], in: work.url)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try CLI.json(result.stdout)
        // 12.00 → 21.00 wrong, 34.48 confirmed, 7.5 = 7.50 right; FRSH MRT is Fresh Mart by the
        // corpus's merchant rule, TOTAL 7.50 is not Corner Shop; 2024-10-03 → 2024-10-30 wrong.
        #expect(try Self.fields(report) == ["total": "2/3", "merchant": "1/2", "date": "0/1", "item_price": "0/1"])
        #expect((report["overall"] as? [String: Any])?["receipts"] as? Int == 3)

        let text = try await CLI.run(["eval", "--store", work.store, "--misses"], in: work.url)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("overall  (3 receipts)"))
        #expect(text.lines.contains { $0.hasPrefix("  total") && $0.contains("2/3") && $0.contains("66.7 %") })
        #expect(text.stdout.contains("carts/\(Carts.id(1).prefix(12))  total\n    expected: 21.00\n    got:      12.00"))
        #expect(text.stdout.contains("items[1].price\n    expected: 2.98\n    got:      2.89"))
    }

    @Test func aStoreWithoutCorrectionsGivesAnEmptyReportAndSaysSo() async throws {
        let work = try Workspace()
        try await Carts.importCarts([Carts.cart(1, "2024-10-01", "12.00")], into: work)
        let result = try await CLI.run(["eval", "--store", work.store, "--json"], in: work.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("No corrected carts"))
        let report = try CLI.json(result.stdout)
        #expect(try Self.fields(report).isEmpty)
        #expect((report["overall"] as? [String: Any])?["receipts"] as? Int == 0)
    }

    @Test func evalTakesACorpusOrAStoreNotBoth() async throws {
        let work = try Workspace()
        for arguments in [["eval"], ["eval", work.url.path, "--store", work.store], ["eval", "--store", work.store, "--text", work.url.path]] {
            let result = try await CLI.run(arguments, in: work.url)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func aBadStoreLocationIsTheStoreError() async throws {
        let work = try Workspace()
        let result = try await CLI.run(["eval", "--store", "mysql://localhost/receipts"], in: work.url)
        #expect(result.status != 0)
        #expect(result.stderr.contains("store.invalid-location"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
