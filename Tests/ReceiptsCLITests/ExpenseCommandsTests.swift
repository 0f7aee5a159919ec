import Foundation
import Testing

/// `receipts groups`, `expense` and `balances` on a personal store, through the binary.
@Suite struct ExpenseCommandsTests {
    @Test func groupExpensesSplitByItemPaidAndBalanced() async throws {
        let work = try Workspace()
        let cart = StatsAndEnrichEndToEndTests.cart(
            1,
            "2024-12-20",
            "13.00",
            merchant: "MARKET",
            currency: "EUR",
            items: #"[{"name":"CHEESE","quantity":1,"price":"9.00"},{"name":"BREAD","quantity":1,"price":"3.00"}]"#,
            extra: #","tax":"1.00""#
        )
        try await StatsAndEnrichEndToEndTests.importCarts([cart], into: work)
        func run(_ arguments: [String]) async throws -> CLI.Result {
            try await CLI.run(arguments + ["--store", work.store, "--as", "ana"], in: work.url)
        }

        let created = try await run(["groups", "create", "Flat", "--member", "bo", "--member", "cy", "--json"])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(try CLI.json(created.stdout)["members"] as? [String] == ["ana", "bo", "cy"])

        // Cheese for bo, bread for everyone; tax 1.00 spread over the lines by their amounts, so the
        // 13.00 goes by the parts of the 12.00 of lines: bo 10/12 = 10.833…, ana and cy 1/12 =
        // 1.083… each. Floors 10.83 + 1.08 + 1.08 = 12.99; the last cent goes to the largest
        // remainder, here all equal (1/3 cent), so to the name that sorts first: ana.
        let added = try await run([
            "expense", "add", "--group", "Flat", "--cart", StatsAndEnrichEndToEndTests.id(1), "--split", "byItem",
            "--item", "1=bo", "--item", "2=ana,bo,cy", "--json",
        ])
        #expect(added.status == 0, "\(added.stderr)")
        let expense = try CLI.json(added.stdout)
        #expect(expense["total"] as? String == "13.00")
        #expect(expense["shares"] as? [String: String] == ["ana": "1.09", "bo": "10.83", "cy": "1.08"])
        let id = try #require(expense["id"] as? String)

        // A line left out is refused with its stable code; the total cannot be more than agreed later.
        let missing = try await run([
            "expense", "add", "--group", "Flat", "--cart", StatsAndEnrichEndToEndTests.id(1), "--split", "byItem", "--item", "1=bo",
        ])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("[expense.item-unassigned]"))

        // Amounts print as decimal strings of the currency, as everywhere else, never minor units.
        let paid = try await run(["expense", "pay", id, "--member", "bo", "--json"])
        #expect(paid.status == 0, "\(paid.stderr)")
        let payments = try #require(try JSONSerialization.jsonObject(with: Data(paid.stdout.utf8)) as? [[String: Any]])
        #expect(payments.count == 1)
        #expect(payments.first?["amount"] as? String == "10.83")
        #expect(payments.first?["from"] as? String == "bo")
        #expect(payments.first?["to"] as? String == "ana")
        let twice = try await run(["expense", "pay", id, "--member", "bo"])
        #expect(twice.stderr.contains("[expense.share-paid]"))
        // Only the uploader marks shares paid.
        let byBo = try await CLI.run(["expense", "pay", id, "--member", "cy", "--store", work.store, "--as", "bo"], in: work.url)
        #expect(byBo.stderr.contains("[expense.not-uploader]"))

        let balances = try CLI.json(try await run(["balances", "--group", "Flat", "--json"]).stdout)
        let report = try #require(balances["balances"] as? [String: Any])
        let lines = try #require(report["members"] as? [[String: Any]])
        #expect(
            Dictionary(uniqueKeysWithValues: lines.map { ($0["member"] as? String ?? "", $0["amount"] as? String ?? "") })
                == ["ana": "-1.08", "bo": "0.00", "cy": "1.08"]
        )
        let suggestions = try #require(report["suggestions"] as? [[String: Any]])
        #expect(suggestions.count == 1)
        #expect(suggestions.first?["from"] as? String == "cy")
        #expect(suggestions.first?["amount"] as? String == "1.08")

        let text = try await run(["balances"])
        #expect(text.stdout.contains("owes you cy  1.08 EUR"))
        let list = try await run(["expense", "list"])
        #expect(list.stdout.contains("bo 10.83 (paid)"))

        let transfer = try await CLI.run(
            [
                "expense", "transfer", "--group", "Flat", "--to", "ana", "--amount", "1.08", "--currency", "EUR", "--json", "--store", work.store,
                "--as", "cy",
            ],
            in: work.url
        )
        #expect(transfer.status == 0, "\(transfer.stderr)")
        #expect(try CLI.json(transfer.stdout)["amount"] as? String == "1.08")
    }
}
