import Expenses
import Foundation
import ReceiptModel
import Testing

/// Splits computed by hand.
@Suite struct SplitExampleTests {
    /// Ana's pasta 18.00, Bo's steak 32.00, Cy's salad 12.00, wine 30.00 for all three, dessert 8.00
    /// for Ana and Bo: nets Ana 32.00, Bo 46.00, Cy 22.00 of 100.00.
    static let dinner = ItemizedReceipt(
        lines: [
            .init(name: "Pasta", price: 1800, sharedBy: ["ana"]),
            .init(name: "Steak", price: 3200, sharedBy: ["bo"]),
            .init(name: "Salad", price: 1200, sharedBy: ["cy"]),
            .init(name: "Wine", price: 3000, sharedBy: ["ana", "bo", "cy"]),
            .init(name: "Dessert", price: 800, sharedBy: ["ana", "bo"]),
        ],
        extras: [.init(.tax, 825), .init(.tip, 1500)]
    )

    @Test func dinnerByItemSpreadsTaxAndTipInProportion() throws {
        #expect(Self.dinner.receiptTotal == 12325)
        // × 1.2325: Ana 39.44, Bo 56.695, Cy 27.115; the one leftover cent ties at .5 between Bo
        // and Cy and goes to Bo, whose id sorts first.
        #expect(try Split.byItem(Self.dinner).shares(of: 12325) == ["ana": 3944, "bo": 5670, "cy": 2711])
    }

    @Test func anAgreedTotalBelowTheReceiptScalesEveryoneAlike() throws {
        // 120.00 instead of 123.25: × 1.2 of the nets.
        #expect(try Split.byItem(Self.dinner).shares(of: 12000) == ["ana": 3840, "bo": 5520, "cy": 2640])
    }

    @Test func lineDiscountsAndReceiptDiscountsAndWeights() throws {
        let receipt = ItemizedReceipt(
            lines: [
                .init(name: "Pizza", price: 2000, discount: -500, members: ["ana": 2, "bo": 1]),
                .init(name: "Beer", price: 500, sharedBy: ["bo"]),
            ],
            extras: [.init(.discount, -400), .init(.serviceCharge, 200)]
        )
        // Nets: Ana 10.00, Bo 5.00 + 5.00 = 10.00; total 20.00 − 4.00 + 2.00 = 18.00, halved.
        #expect(receipt.receiptTotal == 1800)
        #expect(try Split.byItem(receipt).shares(of: 1800) == ["ana": 900, "bo": 900])
    }

    @Test func evenlyGivesTheLeftoverCentToTheFirstIds() throws {
        #expect(try Split.evenly(members: ["cy", "ana", "bo"]).shares(of: 100) == ["ana": 34, "bo": 33, "cy": 33])
        #expect(try Split.evenly(members: ["cy", "ana", "bo"]).shares(of: 200) == ["ana": 67, "bo": 67, "cy": 66])
        #expect(try Split.evenly(members: ["cy", "ana", "bo"]).shares(of: -100) == ["ana": -34, "bo": -33, "cy": -33])
    }

    @Test func sharesAndPercentagesByLargestRemainder() throws {
        #expect(try Split.shares(weights: ["ana": 2, "bo": 1, "cy": 0]).shares(of: 1000) == ["ana": 667, "bo": 333, "cy": 0])
        // 499.5, 299.7, 199.8 → the two leftover cents go to .8 (cy) and .7 (bo).
        let percentages = Split.percentages(["ana": 50, "bo": 30, "cy": 20])
        #expect(try percentages.shares(of: 999) == ["ana": 499, "bo": 300, "cy": 200])
        let thirds = Split.percentages([
            "ana": Decimal(string: "33.333333")!, "bo": Decimal(string: "33.333333")!, "cy": Decimal(string: "33.333334")!,
        ])
        #expect(try thirds.shares(of: 10000) == ["ana": 3333, "bo": 3333, "cy": 3334])
    }

    @Test func exactAmountsAreKeptAsGiven() throws {
        #expect(try Split.exact(["ana": 700, "bo": 300]).shares(of: 1000) == ["ana": 700, "bo": 300])
    }

    @Test func aCartBecomesLinesAndExtrasThatAddUpToItsTotal() throws {
        let cart = CartDocument(
            id: "c1",
            name: "Diner",
            addedByUser: "ana",
            addedOn: "2026-11-20T19:00:00Z",
            currency: "USD",
            items: [
                CartItem(name: "Burger", price: Amount("12.50")),
                CartItem(name: "Fries", price: Amount("4.00"), discount: Amount("-0.50")),
                CartItem(name: "COUPON", price: Amount("-2.00")),
                CartItem(name: "Napkins"),
            ],
            tax: Amount("1.20"),
            tip: Amount("3.00"),
            total: Amount("19.00"),
            source: DocumentSource(file: "diner.jpg")
        )
        let receipt = try ItemizedReceipt(cart: cart, assignments: [0: ["ana": 1], 1: ["ana": 1, "bo": 1]])
        #expect(receipt.lines.map(\.net) == [1250, 350])
        #expect(receipt.extras == [.init(.discount, -200), .init(.tax, 120), .init(.tip, 300), .init(.other, 80)])
        #expect(receipt.receiptTotal == 1900)
        let error = #expect(throws: ExpenseError.self) { try ItemizedReceipt(cart: cart, assignments: [0: ["ana": 1]]) }
        #expect(error?.errorCode == "expense.item-unassigned")
        #expect(error?.field == "items[1]")
    }

    @Test func taxGoesOverTheLinesTheReceiptMarksTaxed() throws {
        // Ana's 10.00 is taxed, Bo's 10.00 is not: the 1.00 of tax is all Ana's.
        let marked = ItemizedReceipt(
            lines: [
                .init(name: "Soap", price: 1000, members: ["ana": 1], taxed: true),
                .init(name: "Milk", price: 1000, members: ["bo": 1], taxed: false),
            ],
            extras: [.init(.tax, 100)]
        )
        #expect(marked.taxSpread == .taxedLines)
        #expect(try marked.shares(of: 2100) == ["ana": 1100, "bo": 1000])
        // A receipt without marks spreads it over all lines by their amounts.
        var unmarked = marked
        unmarked.lines = marked.lines.map {
            var line = $0
            line.taxed = nil
            return line
        }
        #expect(unmarked.taxSpread == .allLines)
        #expect(try unmarked.shares(of: 2100) == ["ana": 1050, "bo": 1050])
        #expect(ItemizedReceipt(lines: marked.lines).taxSpread == nil)
    }

    @Test func taxOnTaxedLinesAndTipOnAllLinesTogether() throws {
        // Taxed: Ana's 6.00 and the shared 10.00 (16.00, tax 1.60); Bo's 4.00 is not. Tip 2.00 over all 20.00.
        // Ana: 6 + 5 + 1.60 × 11/16 + 2.00 × 11/20 = 13.20; Bo: 4 + 5 + 1.60 × 5/16 + 2.00 × 9/20 = 10.40.
        let receipt = ItemizedReceipt(
            lines: [
                .init(name: "Wine", price: 600, members: ["ana": 1], taxed: true),
                .init(name: "Bread", price: 400, members: ["bo": 1], taxed: false),
                .init(name: "Platter", price: 1000, members: ["ana": 1, "bo": 1], taxed: true),
            ],
            extras: [.init(.tax, 160), .init(.tip, 200)]
        )
        #expect(receipt.receiptTotal == 2360)
        #expect(try receipt.shares(of: 2360) == ["ana": 1320, "bo": 1040])
        // An agreed total below the receipt's scales every part alike: 11.80 = 23.60 / 2.
        #expect(try receipt.shares(of: 1180) == ["ana": 660, "bo": 520])
    }

    @Test func aCartKeepsItsLinesTaxMarks() throws {
        // Fresh Mart's receipt: TAX 7.000% ON 17.35 = 1.21, the T lines all Bo's, the F lines Ana's.
        let cart = CartDocument(
            id: "fm",
            name: "Fresh Mart",
            addedByUser: "ana",
            addedOn: "2024-03-09T14:32:00Z",
            currency: "USD",
            items: [
                CartItem(name: "WHOLE MILK GAL", price: Amount("3.49"), taxed: false),
                CartItem(name: "CHKN BREAST BNLS", price: Amount("8.47"), discount: Amount("-1.50"), taxed: false),
                CartItem(name: "FOOD OTHERS", price: Amount("14.46"), taxed: false),
                CartItem(name: "COCA COLA 2L", price: Amount("6.87"), taxed: true),
                CartItem(name: "PAPER TOWELS 6RL", price: Amount("7.99"), taxed: true),
                CartItem(name: "DISH SOAP 24OZ", price: Amount("3.49"), discount: Amount("-1.00"), taxed: true),
            ],
            tax: Amount("1.21"),
            total: Amount("43.48"),
            source: DocumentSource(file: "freshmart.jpg")
        )
        let receipt = try ItemizedReceipt(
            cart: cart,
            assignments: [0: ["ana": 1], 1: ["ana": 1], 2: ["ana": 1], 3: ["bo": 1], 4: ["bo": 1], 5: ["bo": 1]]
        )
        #expect(receipt.lines.map(\.taxed) == [false, false, false, true, true, true])
        #expect(receipt.taxSpread == .taxedLines)
        #expect(try receipt.shares(of: 4348) == ["ana": 2492, "bo": 1856])
    }

    @Test func amountsConvertToMinorUnitsOfTheCurrency() throws {
        #expect(try MinorUnits.of(Amount("12.34")!, currency: "EUR", field: "total") == 1234)
        #expect(try MinorUnits.of(Amount("1200")!, currency: "JPY", field: "total") == 1200)
        #expect(try MinorUnits.of(Amount("1.234")!, currency: "KWD", field: "total") == 1234)
        #expect(MinorUnits.amount(1234, currency: "EUR").description == "12.34")
        let error = #expect(throws: ExpenseError.self) { try MinorUnits.of(Amount("3.005")!, currency: "USD", field: "total") }
        #expect(error?.errorCode == "expense.amount-invalid")
    }

    @Test func expensesRoundTripThroughJSON() throws {
        let expenses = [
            Expense(id: "dinner", currency: "USD", total: 12325, payers: ["ana": 10000, "bo": 2325], split: .byItem(Self.dinner)),
            Expense(
                id: "rent",
                currency: "EUR",
                total: 90000,
                paidBy: "cy",
                split: .percentages(["ana": Decimal(string: "33.333333")!, "bo": Decimal(string: "33.333333")!, "cy": Decimal(string: "33.333334")!])
            ),
        ]
        let decoded = try JSONDecoder().decode([Expense].self, from: JSONEncoder().encode(expenses))
        #expect(decoded == expenses)
    }
}
