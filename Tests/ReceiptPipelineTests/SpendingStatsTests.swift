import DocumentStore
import Foundation
import Logging
import ReceiptModel
import Testing

@testable import ReceiptPipeline

func makeCart(
    _ id: String,
    date: String?,
    total: String?,
    merchant: String? = "Fresh Mart",
    user: String = "ana",
    totalPrice: String? = nil,
    items: [CartItem] = [],
    currency: String? = "USD",
    extra: [String: JSONValue] = [:]
) -> CartDocument {
    CartDocument(
        id: id,
        name: merchant ?? "receipt",
        addedByUser: user,
        addedOn: "2025-01-10T12:00:00Z",
        merchant: merchant.map { Merchant(name: $0) },
        date: date,
        currency: currency,
        items: items,
        total: total.flatMap(Amount.init),
        totalPrice: totalPrice.flatMap(Amount.init),
        source: DocumentSource(file: "\(id).jpg"),
        extra: extra
    )
}

private func day(_ text: String) throws -> CalendarDay { try #require(CalendarDay(iso: text)) }
private func amount(_ text: String) -> Amount { Amount(text)! }

/// The figures of the one currency the stats hold; fails the test when there are others.
private func only(_ currency: String?, in stats: SpendingStats) throws -> CurrencySpending {
    #expect(stats.currencies.map(\.currency) == [currency])
    return try #require(stats.currencies.first { $0.currency == currency })
}

/// The figures for `currency`; fails the test when it has none.
private func figures(_ currency: String?, in stats: SpendingStats) throws -> CurrencySpending {
    try #require(stats.currencies.first { $0.currency == currency }, "no figures for \(currency ?? "nil")")
}

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
        let usd = try only("USD", in: stats)
        #expect(usd.months.map(\.label) == ["2024-10", "2024-11", "2024-12"])
        #expect(usd.months.map(\.total) == [amount("30.00"), amount("45.50"), amount("43.02")])
        #expect(usd.months[2].start == "2024-12-01" && usd.months[2].end == "2024-12-31")
        // (30.00 + 45.50 + 43.02) / 3 = 39.5066… → 39.51
        #expect(usd.averageMonthly == amount("39.51"))
        #expect(usd.averageMonthly.description == "39.51")

        #expect(usd.weeks.map(\.start) == ["2024-12-09", "2024-12-16", "2024-12-23"])
        #expect(usd.weeks.map(\.end) == ["2024-12-15", "2024-12-22", "2024-12-29"])
        #expect(usd.weeks.map(\.label) == ["2024-W50", "2024-W51", "2024-W52"])
        #expect(usd.weeks.map(\.total) == [amount("10.00"), amount("20.25"), amount("5.00")])
        #expect(usd.averageWeekly == amount("11.75"))
        #expect(usd.lastWeek.total == amount("5.00"))
        #expect(usd.lastWeek.carts == 1)

        #expect(stats.carts == 9)
        #expect(usd.carts == 9)
        #expect(usd.total == amount("224.02"))
        #expect(usd.totalByUser == nil)
        #expect(stats.skippedNoTotal == 1)
        #expect(stats.skippedNoDate == 1)
        #expect(stats.skippedDuplicates == 0)
        #expect(usd.perMonth.map(\.label) == ["2024-09", "2024-10", "2024-11", "2024-12", "2025-01"])
        #expect(usd.perMonth.map(\.total) == [amount("100.00"), amount("30.00"), amount("45.50"), amount("43.02"), amount("3.00")])
        #expect(
            usd.perMerchant == [
                MerchantSpending(merchant: "Fresh Mart", total: amount("181.52"), carts: 6),
                MerchantSpending(merchant: "Corner Shop", total: amount("40.00"), carts: 2),
                MerchantSpending(merchant: SpendingStats.unknownMerchant, total: amount("2.50"), carts: 1),
            ]
        )
    }

    @Test func sameWindowsFromAnyDayOfTheWeek() throws {
        let monday = try only("USD", in: SpendingStats.compute(carts: Self.carts, asOf: try day("2024-12-30"), user: "ana"))
        let sunday = try only("USD", in: SpendingStats.compute(carts: Self.carts, asOf: try day("2025-01-05"), user: "ana"))
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
        #expect(all.skippedNoTotal == 1)
        let allUSD = try only("USD", in: all)
        #expect(allUSD.total == amount("229.02"))
        #expect(allUSD.lastWeek.total == amount("6.00"))
        #expect(allUSD.lastWeek.carts == 2)
        #expect(allUSD.months[1].total == amount("49.50"))

        let ben = SpendingStats.compute(carts: Self.carts, asOf: try day("2025-01-02"), user: "ben")
        #expect(ben.carts == 2)
        #expect(ben.skippedNoTotal == 0)
        let benUSD = try only("USD", in: ben)
        #expect(benUSD.total == amount("5.00"))
        #expect(benUSD.averageWeekly == amount("0.33"))  // 1.00 / 3
        #expect(benUSD.averageMonthly == amount("1.67"))  // 5.00 / 3

        let nobody = SpendingStats.compute(carts: Self.carts, asOf: try day("2025-01-02"), user: "zoe")
        #expect(nobody.carts == 0)
        #expect(nobody.currencies.isEmpty)
    }

    @Test func februaryOfALeapYear() throws {
        let carts = [
            makeCart("c1", date: "2023-12-31", total: "12.00"),
            makeCart("c2", date: "2024-01-31", total: "8.00"),
            makeCart("c3", date: "2024-02-29", total: "9.99"),
            makeCart("c4", date: "2024-03-01", total: "50.00"),
            makeCart("c5", date: "2024-03-03", total: "1.01"),
        ]
        let stats = try only("USD", in: SpendingStats.compute(carts: carts, asOf: try day("2024-03-04")))
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
        let carts = [makeCart("w1", date: "2021-01-03", total: "4.00")]
        let stats = try only("USD", in: SpendingStats.compute(carts: carts, asOf: try day("2021-01-20")))
        #expect(stats.weeks.map(\.label) == ["2020-W53", "2021-W01", "2021-W02"])
        #expect(stats.weeks.first?.start == "2020-12-28")
        #expect(stats.weeks.first?.total == amount("4.00"))
        #expect(stats.months.map(\.label) == ["2020-10", "2020-11", "2020-12"])
        #expect(SpendingStats.compute(carts: [], asOf: try day("2021-01-20")).currencies.isEmpty)
    }

    /// One household shopping at home (USD), on holiday (EUR), on a trip (MYR), plus receipts whose
    /// currency was not read. Each currency ends with the same digits so a sum across currencies shows.
    static let travel: [CartDocument] = [
        makeCart("u1", date: "2024-12-02", total: "10.00", merchant: "Duty Free"),
        makeCart("u2", date: "2024-12-24", total: "20.00"),
        makeCart("u3", date: "2024-11-05", total: "30.00", user: "ben", currency: " usd "),  // same currency, other spelling
        makeCart("e1", date: "2024-12-23", total: "100.00", merchant: "Duty Free", currency: "EUR"),
        makeCart("e2", date: "2024-10-10", total: "200.00", merchant: "Boulangerie", currency: "EUR"),
        makeCart("m1", date: "2024-12-26", total: "1000.00", merchant: "Pasar", currency: "MYR"),
        makeCart("m2", date: "2024-11-11", total: "2000.00", merchant: "Duty Free", user: "ben", currency: "MYR"),
        makeCart("x1", date: "2024-12-27", total: "5.00", merchant: "Duty Free", currency: nil),
        makeCart("x2", date: nil, total: "7.00", user: "ben", currency: ""),
    ]

    @Test func eachCurrencyHasItsOwnFiguresAndNoneAreAddedTogether() throws {
        let stats = SpendingStats.compute(carts: Self.travel, asOf: try day("2025-01-02"))
        // Most carts first, then by code, unknown currency last.
        #expect(stats.currencies.map(\.currency) == ["USD", "EUR", "MYR", nil])
        #expect(stats.currencies.map(\.carts) == [3, 2, 2, 2])
        #expect(stats.carts == 9)
        #expect(stats.skippedNoDate == 1)

        let usd = try figures("USD", in: stats)
        #expect(usd.total == amount("60.00"))
        #expect(usd.months.map(\.total) == [amount("0.00"), amount("30.00"), amount("30.00")])
        #expect(usd.averageMonthly == amount("20.00"))
        #expect(usd.lastWeek.total == amount("20.00"))
        #expect(usd.perMerchant.map(\.merchant) == ["Fresh Mart", "Duty Free"])
        #expect(usd.perMerchant.map(\.total) == [amount("50.00"), amount("10.00")])

        let eur = try figures("EUR", in: stats)
        #expect(eur.total == amount("300.00"))
        #expect(eur.perMonth.map(\.label) == ["2024-10", "2024-12"])
        #expect(eur.perMonth.map(\.total) == [amount("200.00"), amount("100.00")])
        #expect(eur.averageMonthly == amount("100.00"))
        #expect(eur.lastWeek.total == amount("100.00"))
        #expect(
            eur.perMerchant == [
                MerchantSpending(merchant: "Boulangerie", total: amount("200.00"), carts: 1),
                MerchantSpending(merchant: "Duty Free", total: amount("100.00"), carts: 1),
            ]
        )

        let myr = try figures("MYR", in: stats)
        #expect(myr.total == amount("3000.00"))
        #expect(myr.lastWeek.total == amount("1000.00"))
        #expect(myr.lastWeek.carts == 1)
        #expect(myr.averageWeekly == amount("333.33"))
        #expect(myr.perMerchant.map(\.merchant) == ["Duty Free", "Pasar"])

        let unknown = try figures(nil, in: stats)
        #expect(unknown.total == amount("12.00"))
        #expect(unknown.lastWeek.total == amount("5.00"))
        #expect(unknown.perMonth.map(\.total) == [amount("5.00")])  // the cart without a date is in no month
        #expect(unknown.perMerchant.map(\.total) == [amount("7.00"), amount("5.00")])

        // Last week (2024-12-23 … 12-29) had carts in all four: each week total is its own currency's.
        #expect(stats.currencies.map(\.lastWeek.total) == [amount("20.00"), amount("100.00"), amount("1000.00"), amount("5.00")])
        // "Duty Free" took money in every currency and never appears with a mixed total.
        let dutyFree = stats.currencies.flatMap(\.perMerchant).filter { $0.merchant == "Duty Free" }.map(\.total)
        #expect(dutyFree == [amount("10.00"), amount("100.00"), amount("2000.00"), amount("5.00")])
    }

    @Test func theJSONHoldsOnlyPerCurrencyAmounts() throws {
        let stats = SpendingStats.compute(carts: Self.travel, asOf: try day("2025-01-02"))
        let json = try JSONValue(encoding: stats)
        let object = try #require(json.objectValue)
        #expect(Set(object.keys) == ["asOf", "period", "carts", "currencies", "skippedDuplicates", "skippedNoDate", "skippedNoTotal"])
        let currencies = try #require(object["currencies"]?.arrayValue)
        #expect(currencies.map { $0["currency"] } == [.string("USD"), .string("EUR"), .string("MYR"), .null])
        #expect(currencies.map { $0["total"] } == [.string("60.00"), .string("300.00"), .string("3000.00"), .string("12.00")])
        #expect(currencies.allSatisfy { $0["totalByUser"] == .null })
        #expect(try JSONCoding.decoder.decode(SpendingStats.self, from: try JSONCoding.encoder.encode(stats)) == stats)
    }

    @Test func totalByUserSumsTheCurrentUsersCartsInEachCurrency() throws {
        let asOf = try day("2025-01-02")
        let ben = SpendingStats.compute(carts: Self.travel, asOf: asOf, currentUser: "ben")
        #expect(ben.currencies.map(\.currency) == ["USD", "EUR", "MYR", nil])
        #expect(ben.currencies.map(\.totalByUser) == [amount("30.00"), amount("0.00"), amount("2000.00"), amount("7.00")])
        #expect(ben.currencies.map(\.total) == [amount("60.00"), amount("300.00"), amount("3000.00"), amount("12.00")])

        let ana = SpendingStats.compute(carts: Self.travel, asOf: asOf, currentUser: "ana")
        #expect(ana.currencies.map(\.totalByUser) == [amount("30.00"), amount("300.00"), amount("1000.00"), amount("5.00")])

        // Only ben's carts, asked by ana: she added none of them.
        let benAskedByAna = SpendingStats.compute(carts: Self.travel, asOf: asOf, user: "ben", currentUser: "ana")
        #expect(benAskedByAna.currencies.map(\.currency) == ["MYR", "USD", nil])
        #expect(benAskedByAna.currencies.map(\.totalByUser) == [amount("0.00"), amount("0.00"), amount("0.00")])

        let nobody = SpendingStats.compute(carts: Self.travel, asOf: asOf)
        #expect(nobody.currencies.allSatisfy { $0.totalByUser == nil })
    }

    @Test func possibleDuplicatesAreLeftOutUnlessKept() throws {
        let carts = [
            makeCart("d0", date: "2024-12-24", total: "10.00"),
            makeCart("d1", date: "2024-12-24", total: "10.00", extra: ["possibleDuplicateOf": .string("d0")]),
            makeCart("d2", date: "2024-12-24", total: "1.00", extra: ["possibleDuplicateOf": .string("d0"), "duplicateKept": .bool(true)]),
            makeCart("d3", date: "2024-12-24", total: "2.00", extra: ["possibleDuplicateOf": .bool(true), "duplicateKept": .bool(false)]),
            makeCart("d4", date: "2024-12-24", total: "4.00", extra: ["possibleDuplicateOf": .null]),
            makeCart("d5", date: "2024-12-24", total: "8.00", extra: ["possibleDuplicateOf": .bool(false)]),
            makeCart("d6", date: "2024-12-24", total: "16.00", extra: ["possibleDuplicateOf": .string("")]),
            makeCart("d7", date: "2024-12-24", total: "32.00", currency: "EUR", extra: ["possibleDuplicateOf": .array([.string("d0")])]),
            makeCart("d8", date: "2024-12-24", total: nil, extra: ["possibleDuplicateOf": .string("d0")]),
            makeCart("d9", date: "2024-12-24", total: "64.00", user: "ben", extra: ["possibleDuplicateOf": .string("d0")]),
            makeCart("da", date: "2024-12-24", total: "128.00", extra: ["duplicateKept": .bool(true)]),
        ]
        let stats = SpendingStats.compute(carts: carts, asOf: try day("2025-01-02"), user: "ana")
        #expect(stats.skippedDuplicates == 4)  // d1, d3, d7, d8; d9 is ben's
        #expect(stats.skippedNoTotal == 0)
        #expect(stats.carts == 6)
        let usd = try only("USD", in: stats)
        #expect(usd.total == amount("167.00"))  // d0 + d2 + d4 + d5 + d6 + da
        #expect(usd.lastWeek.total == amount("167.00"))

        let all = SpendingStats.compute(carts: carts, asOf: try day("2025-01-02"))
        #expect(all.skippedDuplicates == 5)
        #expect(try only("USD", in: all).total == amount("167.00"))
    }

    @Test func loadsCartsFromAStore() async throws {
        try await withStore(Self.carts) { store, logger in
            try await store.put(collection: CartDocument.collection, id: "bad", document: .object(["id": .string("bad"), "total": .string("x")]))
            let ana = try await SpendingStats.load(from: store, asOf: try day("2025-01-02"), user: "ana", logger: logger)
            #expect(ana == SpendingStats.compute(carts: Self.carts, asOf: try day("2025-01-02"), user: "ana"))
            let all = try await SpendingStats.load(from: store, asOf: try day("2025-01-02"), logger: logger)
            #expect(all.carts == 11)
            #expect(all.skippedNoTotal == 2)  // a9 and the undecodable document
        }
    }

    @Test func loadNarrowsByFiltersAndUserAndKeepsTheDuplicateFlag() async throws {
        let carts = [
            makeCart("h1a", date: "2024-12-24", total: "1.00", extra: ["household": .string("h1")]),
            makeCart("h1b", date: "2024-12-24", total: "2.00", user: "ben", extra: ["household": .string("h1")]),
            makeCart("h1c", date: "2024-12-24", total: "4.00", currency: "EUR", extra: ["household": .string("h1")]),
            makeCart("h1d", date: "2024-12-24", total: "1.00", extra: ["household": .string("h1"), "possibleDuplicateOf": .string("h1a")]),
            makeCart("h2a", date: "2024-12-24", total: "8.00", extra: ["household": .string("h2")]),
            makeCart("none", date: "2024-12-24", total: "16.00"),
        ]
        try await withStore(carts) { store, logger in
            let asOf = try day("2025-01-02")
            let h1 = try await SpendingStats.load(
                from: store,
                asOf: asOf,
                currentUser: "ana",
                filters: [.equals("household", "h1")],
                logger: logger
            )
            #expect(h1.carts == 3)
            #expect(h1.skippedDuplicates == 1)
            #expect(h1.currencies.map(\.currency) == ["USD", "EUR"])
            #expect(h1.currencies.map(\.total) == [amount("3.00"), amount("4.00")])
            #expect(h1.currencies.map(\.totalByUser) == [amount("1.00"), amount("4.00")])

            let h1Ben = try await SpendingStats.load(
                from: store,
                asOf: asOf,
                user: "ben",
                filters: [.equals("household", "h1")],
                logger: logger
            )
            #expect(h1Ben.carts == 1)
            #expect(try only("USD", in: h1Ben).total == amount("2.00"))

            let h2 = try await SpendingStats.load(from: store, asOf: asOf, filters: [.equals("household", "h2")], logger: logger)
            #expect(try only("USD", in: h2).total == amount("8.00"))
        }
    }

    /// Runs `body` against a fresh SQLite store holding `carts`, closing and deleting it afterwards.
    private func withStore(
        _ carts: [CartDocument],
        _ body: (any DocumentStore, Logger) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stats-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var logger = Logger(label: "stats-test")
        logger.logLevel = .critical
        let store = try await StoreLocation.parse(directory.appendingPathComponent("s.sqlite").path).open(logger: logger)
        do {
            for cart in carts {
                try await store.put(collection: CartDocument.collection, id: cart.id, document: JSONValue(encoding: cart))
            }
            try await body(store, logger)
            try await store.close()
        } catch {
            try? await store.close()
            throw error
        }
    }
}
