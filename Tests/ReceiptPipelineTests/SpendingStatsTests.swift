import DocumentStore
import Foundation
import Logging
import ReceiptModel
import ReceiptPipeline
import Testing

func makeCart(
    _ id: String, date: String?, total: String?, merchant: String? = "Fresh Mart", user: String = "ana",
    totalPrice: String? = nil, items: [CartItem] = []
) -> CartDocument {
    CartDocument(
        id: id, name: merchant ?? "receipt", addedByUser: user, addedOn: "2025-01-10T12:00:00Z",
        merchant: merchant.map { Merchant(name: $0) }, date: date, items: items, total: total.flatMap(Amount.init),
        totalPrice: totalPrice.flatMap(Amount.init), source: DocumentSource(file: "\(id).jpg"))
}

private func day(_ text: String) throws -> CalendarDay { try #require(CalendarDay(iso: text)) }
private func amount(_ text: String) -> Amount { Amount(text)! }

@Suite struct CalendarDayTests {
    @Test func roundTripsAndWeekdays() throws {
        #expect(try day("1970-01-01").daysSinceEpoch == 0)
        #expect(try day("1970-01-01").isoWeekday == 4)
        #expect(try day("2025-01-02").isoWeekday == 4)
        #expect(try day("2024-12-30").isoWeekday == 1)
        #expect(try day("2025-01-05").isoWeekday == 7)
        #expect(try day("2025-01-05").startOfWeek.description == "2024-12-30")
        #expect(try day("2024-12-30").startOfWeek.description == "2024-12-30")
        #expect(try day("1969-12-31").description == "1969-12-31")
        #expect(try day("2024-02-28").adding(days: 1).description == "2024-02-29")
        #expect(try day("2023-02-28").adding(days: 1).description == "2023-03-01")
        #expect(CalendarDay(iso: "2025-02-29") == nil)
        #expect(CalendarDay(iso: "2100-02-29") == nil)
        #expect(CalendarDay(iso: "2000-02-29") != nil)
        #expect(CalendarDay(iso: "2025-13-01") == nil)
        #expect(CalendarDay(iso: "25-01-01") == nil)
        #expect(try day("2025-01-02T10:00:00Z").description == "2025-01-02")
    }
}

@Suite struct SpendingStatsTests {
    /// Carts around the 2024/2025 year boundary.
    static let carts: [CartDocument] = [
        makeCart("a1", date: "2024-09-30", total: "100.00"),  // September: outside the month window
        makeCart("a2", date: "2024-10-01", total: "30.00", merchant: "Corner Shop"),
        makeCart("a3", date: "2024-11-30", total: "45.50"),
        makeCart("a4", date: "2024-12-09", total: "10.00", merchant: "Corner Shop"),  // Monday, week 2024-W50
        makeCart("a5", date: "2024-12-22", total: "20.25"),  // Sunday, week 2024-W51
        makeCart("a6", date: "2024-12-29", total: "5.00"),  // Sunday, week 2024-W52 = last week
        makeCart("a7", date: "2024-12-30", total: "7.77"),  // Monday of the week containing asOf
        makeCart("a8", date: "2025-01-01", total: "3.00"),  // current month and week
        makeCart("a9", date: "2024-12-10", total: nil),  // no total: skipped
        makeCart("b1", date: nil, total: "2.50", merchant: nil),  // no date: totals and merchant only
        makeCart("b2", date: "2024-12-23", total: "1.00", user: "ben"),  // another user, last week
        makeCart("b3", date: "2024-11-02", total: nil, user: "ben", totalPrice: "4.00"),  // totalPrice fallback
    ]

    @Test func monthAndWeekWindowsAcrossTheYearBoundary() throws {
        let stats = SpendingStats.compute(carts: Self.carts, asOf: try day("2025-01-02"), user: "ana")
        #expect(stats.months.map(\.label) == ["2024-10", "2024-11", "2024-12"])
        #expect(stats.months.map(\.total) == [amount("30.00"), amount("45.50"), amount("43.02")])
        #expect(stats.months[2].start == "2024-12-01" && stats.months[2].end == "2024-12-31")
        // (30.00 + 45.50 + 43.02) / 3 = 39.5066… → 39.51
        #expect(stats.averageMonthly == amount("39.51"))
        #expect(stats.averageMonthly.description == "39.51")

        #expect(stats.weeks.map(\.start) == ["2024-12-09", "2024-12-16", "2024-12-23"])
        #expect(stats.weeks.map(\.end) == ["2024-12-15", "2024-12-22", "2024-12-29"])
        #expect(stats.weeks.map(\.label) == ["2024-W50", "2024-W51", "2024-W52"])
        #expect(stats.weeks.map(\.total) == [amount("10.00"), amount("20.25"), amount("5.00")])
        #expect(stats.averageWeekly == amount("11.75"))
        #expect(stats.lastWeek.total == amount("5.00"))
        #expect(stats.lastWeek.carts == 1)

        #expect(stats.carts == 9)
        #expect(stats.total == amount("224.02"))
        #expect(stats.skippedNoTotal == 1)
        #expect(stats.skippedNoDate == 1)
        #expect(stats.perMonth.map(\.label) == ["2024-09", "2024-10", "2024-11", "2024-12", "2025-01"])
        #expect(stats.perMonth.map(\.total) == [amount("100.00"), amount("30.00"), amount("45.50"), amount("43.02"), amount("3.00")])
        #expect(stats.perMerchant == [
            MerchantSpending(merchant: "Fresh Mart", total: amount("181.52"), carts: 6),
            MerchantSpending(merchant: "Corner Shop", total: amount("40.00"), carts: 2),
            MerchantSpending(merchant: SpendingStats.unknownMerchant, total: amount("2.50"), carts: 1),
        ])
    }

    @Test func sameWindowsFromAnyDayOfTheWeek() throws {
        let monday = SpendingStats.compute(carts: Self.carts, asOf: try day("2024-12-30"), user: "ana")
        let sunday = SpendingStats.compute(carts: Self.carts, asOf: try day("2025-01-05"), user: "ana")
        #expect(monday.weeks == sunday.weeks)
        #expect(sunday.weeks.last?.start == "2024-12-23")
        // Monday 2024-12-30 is still in December: the month window is Sep–Nov.
        #expect(monday.months.map(\.label) == ["2024-09", "2024-10", "2024-11"])
        #expect(monday.averageMonthly == amount("58.50"))  // (100 + 30 + 45.50) / 3
        #expect(sunday.months.map(\.label) == ["2024-10", "2024-11", "2024-12"])
    }

    @Test func allUsersAndUserFilter() throws {
        let all = SpendingStats.compute(carts: Self.carts, asOf: try day("2025-01-02"))
        #expect(all.user == nil)
        #expect(all.carts == 11)
        #expect(all.total == amount("229.02"))
        #expect(all.skippedNoTotal == 1)
        #expect(all.lastWeek.total == amount("6.00"))
        #expect(all.lastWeek.carts == 2)
        #expect(all.months[1].total == amount("49.50"))

        let ben = SpendingStats.compute(carts: Self.carts, asOf: try day("2025-01-02"), user: "ben")
        #expect(ben.carts == 2)
        #expect(ben.total == amount("5.00"))
        #expect(ben.skippedNoTotal == 0)
        #expect(ben.averageWeekly == amount("0.33"))  // 1.00 / 3
        #expect(ben.averageMonthly == amount("1.67"))  // 5.00 / 3

        let nobody = SpendingStats.compute(carts: Self.carts, asOf: try day("2025-01-02"), user: "zoe")
        #expect(nobody.carts == 0)
        #expect(nobody.total == .zero)
        #expect(nobody.averageMonthly == .zero)
        #expect(nobody.perMerchant.isEmpty)
    }

    @Test func februaryOfALeapYear() throws {
        let carts = [
            makeCart("c1", date: "2023-12-31", total: "12.00"),
            makeCart("c2", date: "2024-01-31", total: "8.00"),
            makeCart("c3", date: "2024-02-29", total: "9.99"),
            makeCart("c4", date: "2024-03-01", total: "50.00"),
            makeCart("c5", date: "2024-03-03", total: "1.01"),
        ]
        let stats = SpendingStats.compute(carts: carts, asOf: try day("2024-03-04"))
        #expect(stats.months.map(\.label) == ["2023-12", "2024-01", "2024-02"])
        #expect(stats.months[2].end == "2024-02-29")
        #expect(stats.months.map(\.total) == [amount("12.00"), amount("8.00"), amount("9.99")])
        #expect(stats.averageMonthly == amount("9.997").rounded(scale: 2))  // 29.99 / 3 = 9.9966… → 10.00
        #expect(stats.averageMonthly.description == "10.00")
        // asOf Monday 2024-03-04: last week is Mon 02-26 … Sun 03-03, across the month end.
        #expect(stats.lastWeek.start == "2024-02-26")
        #expect(stats.lastWeek.end == "2024-03-03")
        #expect(stats.lastWeek.total == amount("61.00"))
        #expect(stats.lastWeek.carts == 3)
        #expect(stats.weeks.map(\.start) == ["2024-02-12", "2024-02-19", "2024-02-26"])
        #expect(stats.averageWeekly == amount("20.33"))
    }

    @Test func isoWeekLabelsAtYearEdges() throws {
        // 2020-12-28 … 2021-01-03 is 2020-W53; 2021-01-04 starts 2021-W01.
        let stats = SpendingStats.compute(carts: [], asOf: try day("2021-01-20"))
        #expect(stats.weeks.map(\.label) == ["2020-W53", "2021-W01", "2021-W02"])
        #expect(stats.weeks.first?.start == "2020-12-28")
        #expect(stats.months.map(\.label) == ["2020-10", "2020-11", "2020-12"])
    }

    @Test func loadsCartsFromAStore() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stats-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var logger = Logger(label: "stats-test")
        logger.logLevel = .critical
        let store = try await StoreLocation.parse(directory.appendingPathComponent("s.sqlite").path).open(logger: logger)
        do {
            for cart in Self.carts {
                try await store.put(collection: CartDocument.collection, id: cart.id, document: JSONValue(encoding: cart))
            }
            try await store.put(collection: CartDocument.collection, id: "bad", document: .object(["id": .string("bad"), "total": .string("x")]))
            let ana = try await SpendingStats.load(from: store, asOf: try day("2025-01-02"), user: "ana", logger: logger)
            #expect(ana == SpendingStats.compute(carts: Self.carts, asOf: try day("2025-01-02"), user: "ana"))
            let all = try await SpendingStats.load(from: store, asOf: try day("2025-01-02"), logger: logger)
            #expect(all.carts == 11)
            #expect(all.skippedNoTotal == 2)  // a9 and the undecodable document
            try await store.close()
        } catch {
            try? await store.close()
            throw error
        }
    }
}
