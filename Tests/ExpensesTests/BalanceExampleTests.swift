import Expenses
import Testing

/// Balances, settle-up and errors computed by hand.
@Suite struct BalanceExampleTests {
    /// The dinner (123.25 USD, paid by Ana) and a taxi (30.00 EUR, paid by Bo, evenly).
    static let expenses = [
        Expense(id: "dinner", currency: "USD", total: 12325, paidBy: "ana", split: .byItem(SplitExampleTests.dinner)),
        Expense(id: "taxi", currency: "EUR", total: 3000, paidBy: "bo", split: .evenly(members: ["ana", "bo", "cy"])),
    ]

    @Test func balancesPerCurrencyAndPerPair() throws {
        let balances = try Balances(expenses: Self.expenses)
        #expect(balances.currencies == ["EUR", "USD"])
        // Shares 39.44 / 56.70 / 27.11; Ana paid 123.25.
        #expect(balances.group(currency: "USD") == ["ana": -8381, "bo": 5670, "cy": 2711])
        #expect(balances.group(currency: "EUR") == ["ana": 1000, "bo": -2000, "cy": 1000])
        // Bo owes Ana 56.70 USD, Ana owes Bo 10.00 EUR: two currencies, never netted.
        #expect(balances.owed(by: "bo", to: "ana") == ["USD": 5670, "EUR": -1000])
        #expect(balances.owed(by: "ana", to: "bo") == ["USD": -5670, "EUR": 1000])
        #expect(balances.owed(by: "ana", to: "cy") == ["USD": -2711])
    }

    @Test func settleUpSuggestsOneTransferPerDebtorHere() throws {
        let transfers = SettleUp.transfers(for: try Balances(expenses: Self.expenses))
        #expect(
            transfers == [
                Payment(from: "ana", to: "bo", amount: 1000, currency: "EUR"),
                Payment(from: "cy", to: "bo", amount: 1000, currency: "EUR"),
                Payment(from: "bo", to: "ana", amount: 5670, currency: "USD"),
                Payment(from: "cy", to: "ana", amount: 2711, currency: "USD"),
            ]
        )
        let afterOne = try Balances(expenses: Self.expenses, payments: [transfers[0]])
        #expect(SettleUp.transfers(for: afterOne) == Array(transfers.dropFirst()))
    }

    @Test func debtorsPayCreditorsInIdOrderAndAnyPaidSuggestionLeavesTheOthers() throws {
        // Debtors a 10 and b 8, creditors c 12 and d 6: a pays c 10, b pays c the 2 left and d 6.
        let positions = ["a": 10, "b": 8, "c": -12, "d": -6]
        let transfers = SettleUp.transfers(currency: "EUR", positions: positions)
        #expect(transfers.map { "\($0.from)>\($0.to):\($0.amount)" } == ["a>c:10", "b>c:2", "b>d:6"])
        // b pays d first: the other two suggestions stay as they were.
        let after = SettleUp.transfers(currency: "EUR", positions: ["a": 10, "b": 2, "c": -12, "d": 0])
        #expect(after == [transfers[0], transfers[1]])
    }

    @Test func severalPayersAreOwedInProportionToWhatTheyAdvanced() throws {
        // 100.00 paid 50/50 by Ana and Bo, four equal shares of 25.00: Cy and Dee owe 25.00 each,
        // half of it to each payer.
        let expense = Expense(
            id: "groceries",
            currency: "EUR",
            total: 10000,
            payers: ["ana": 5000, "bo": 5000],
            split: .evenly(members: ["ana", "bo", "cy", "dee"])
        )
        let balances = try Balances(expenses: [expense])
        #expect(balances.group(currency: "EUR") == ["ana": -2500, "bo": -2500, "cy": 2500, "dee": 2500])
        #expect(
            balances.pairs.map { "\($0.debtor)>\($0.creditor):\($0.amount)" } == [
                "cy>ana:1250", "cy>bo:1250", "dee>ana:1250", "dee>bo:1250",
            ]
        )
        let paid = try Balances(expenses: [expense], payments: [Payment(from: "cy", to: "ana", amount: 1250, currency: "EUR")])
        #expect(paid.owed(by: "cy", to: "ana") == [:])
        #expect(paid.group(currency: "EUR")["cy"] == 1250)
    }

    @Test(
        arguments: [
            (Split.percentages(["ana": 50, "bo": 49]), "expense.split-invalid", "split.percentages"),
            (Split.percentages(["ana": 101, "bo": -1]), "expense.split-invalid", nil),
            (Split.exact(["ana": 600, "bo": 300]), "expense.split-invalid", "split.exact"),
            (Split.exact(["ana": 1100, "bo": -100]), "expense.split-invalid", nil),
            (Split.shares(weights: ["ana": 0, "bo": 0]), "expense.split-invalid", "split.weights"),
            (Split.shares(weights: ["ana": -1, "bo": 2]), "expense.split-invalid", "split.weights.ana"),
            (Split.evenly(members: ["ana", "ana"]), "expense.split-invalid", "split.members"),
            (Split.evenly(members: []), "expense.split-invalid", "split.members"),
            (
                Split.byItem(ItemizedReceipt(lines: [.init(name: "Tea", price: 300, members: [:])])), "expense.item-unassigned",
                "split.lines[0].members"
            ),
            (
                Split.byItem(ItemizedReceipt(lines: [.init(name: "Tea", price: 300, discount: -400, sharedBy: ["ana"])])), "expense.split-invalid",
                "split.lines[0].discount"
            ),
            (Split.byItem(ItemizedReceipt(lines: [.init(name: "Free", price: 0, sharedBy: ["ana"])])), "expense.split-invalid", "split.lines"),
        ] as [(Split, String, String?)]
    )
    func invalidSplitsAreRefusedWithTheField(split: Split, code: String, field: String?) {
        let error = #expect(throws: ExpenseError.self) { try split.shares(of: 1000) }
        #expect(error?.errorCode == code)
        if let field { #expect(error?.field == field) }
    }

    @Test func payersMustAddUpToTheTotal() {
        let expense = Expense(id: "x", currency: "EUR", total: 1000, payers: ["ana": 600, "bo": 300], split: .evenly(members: ["ana"]))
        let error = #expect(throws: ExpenseError.self) { try Balances(expenses: [expense]) }
        #expect(error?.errorCode == "expense.payers-invalid")
        #expect(error?.field == "expenses[0].payers")
    }

    @Test func paymentsToOneselfOrOfNothingAreRefused() {
        for payment in [Payment(from: "ana", to: "ana", amount: 5, currency: "EUR"), Payment(from: "ana", to: "bo", amount: 0, currency: "EUR")] {
            let error = #expect(throws: ExpenseError.self) { try Balances(expenses: [], payments: [payment]) }
            #expect(error?.errorCode == "expense.payment-invalid")
            #expect(error?.field?.hasPrefix("payments[0].") == true)
        }
    }
}
