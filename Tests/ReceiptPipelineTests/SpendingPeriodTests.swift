import Foundation
import ReceiptModel
import ReceiptPipeline
import Testing

private func day(_ text: String) throws -> CalendarDay { try #require(CalendarDay(iso: text)) }
private func month(_ text: String) throws -> CalendarMonth { try #require(CalendarMonth(iso: text)) }

@Suite struct CalendarMonthTests {
    @Test("a month range lists every month between its ends, across years")
    func continuous() throws {
        let months = Array(try month("2024-03")...month("2025-03"))
        #expect(months.count == 13)
        #expect(months.map(\.description).prefix(11).suffix(2) == ["2024-12", "2025-01"])
        #expect(try month("2024-01").adding(months: -1) == month("2023-12"))
        #expect(try month("2024-12").adding(months: 13) == month("2026-01"))
        #expect(try month("2024-12") < month("2025-01"))
        #expect(try CalendarMonth(day("2024-02-29")).lastDay == day("2024-02-29"))
    }

    @Test("names: month abbreviations with the year, spans written as a person would")
    func names() throws {
        #expect(try month("2024-03").name == "Mar 2024")
        #expect(try CalendarMonth.spanName(month("2026-08")...month("2026-08")) == "Aug 2026")
        #expect(try CalendarMonth.spanName(month("2026-08")...month("2026-10")) == "Aug–Oct 2026")
        #expect(try CalendarMonth.spanName(month("2025-11")...month("2026-01")) == "Nov 2025 – Jan 2026")
        #expect(CalendarMonth(iso: "24-03") == nil)
    }
}

@Suite struct SpendingPeriodTests {
    @Test("3 and 12 months are the full months before asOf's month, whatever the carts")
    func fixedWindows() throws {
        let asOf = try day("2025-01-02")
        let dated = try month("2020-01")...month("2025-01")
        let lastThree = try month("2024-10")...month("2024-12")
        let lastTwelve = try month("2024-01")...month("2024-12")
        #expect(SpendingPeriod.threeMonths.months(asOf: asOf, dated: dated) == lastThree)
        #expect(SpendingPeriod.twelveMonths.months(asOf: asOf, dated: nil) == lastTwelve)
    }

    @Test("all runs from the first dated cart to the last full month, or to a later cart's month")
    func allMonths() throws {
        let asOf = try day("2026-11-26")
        let yearApart = try month("2024-03")...month("2025-03")
        let thisMonth = try month("2026-11")...month("2026-11")
        let throughLastFull = try month("2024-03")...month("2026-10")
        #expect(SpendingPeriod.all.months(asOf: asOf, dated: nil) == nil)
        #expect(SpendingPeriod.all.months(asOf: asOf, dated: yearApart) == throughLastFull)
        #expect(SpendingPeriod.all.months(asOf: asOf, dated: thisMonth) == thisMonth)
    }

    /// The four receipts: two in March 2024, one in March 2025 (a year apart), one in euros.
    static let fourReceipts = [
        makeCart("a", date: "2024-03-09", total: "43.48"),
        makeCart("b", date: "2024-03-20", total: "35.28"),
        makeCart("c", date: "2025-03-02", total: "50.00"),
        makeCart("d", date: "2025-03-05", total: "9.99", currency: "EUR"),
    ]

    @Test("the standard period says it covers the last 3 months, which hold nothing here")
    func standardPeriod() throws {
        let stats = SpendingStats.compute(carts: Self.fourReceipts, asOf: try day("2026-11-26"))
        #expect(stats.period == .threeMonths)
        let usd = try #require(stats.currencies.first { $0.currency == "USD" })
        #expect(usd.total == Amount("128.76"))
        #expect(usd.period.months.map(\.label) == ["2026-08", "2026-09", "2026-10"])
        #expect(usd.period.total == .zero && usd.period.averageMonthly == .zero)
        #expect(usd.period.caption == "last 3 months (Aug–Oct 2026)")
        #expect(usd.averageMonthly == usd.period.averageMonthly)
    }

    @Test("all: one continuous axis shared by every currency, empty months at zero, sums per currency")
    func allTime() throws {
        let stats = SpendingStats.compute(carts: Self.fourReceipts, asOf: try day("2026-11-26"), period: .all)
        let usd = try #require(stats.currencies.first { $0.currency == "USD" })
        let eur = try #require(stats.currencies.first { $0.currency == "EUR" })
        #expect(usd.period.months.count == 32)  // 2024-03 ... 2026-10
        #expect(eur.period.months.map(\.label) == usd.period.months.map(\.label))
        #expect(usd.period.months[1].label == "2024-04" && usd.period.months[1].total == .zero)
        #expect(usd.period.months[12].label == "2025-03" && usd.period.months[12].total == Amount("50.00"))
        #expect(usd.period.total == Amount("128.76") && usd.period.carts == 3)
        #expect(usd.period.averageMonthly == Amount("4.02"))  // 128.76 / 32
        #expect(eur.period.total == Amount("9.99"))
        #expect(usd.period.caption == "all time (Mar 2024 – Oct 2026)")
    }
}
