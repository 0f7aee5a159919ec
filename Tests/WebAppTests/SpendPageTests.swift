import Foundation
import ReceiptModel
import ReceiptPipeline
import Testing
import WebApp

/// The Spend page as a person reads it: what each figure covers, and the period chosen.
@Suite struct SpendPageTests {
    static let carts = [
        CartDocument(
            id: "a",
            name: "a",
            addedByUser: "u_a",
            addedOn: "2026-01-01T00:00:00Z",
            date: "2024-03-09",
            currency: "USD",
            total: Amount("78.76"),
            source: DocumentSource(file: "a.jpg")
        ),
        CartDocument(
            id: "b",
            name: "b",
            addedByUser: "u_a",
            addedOn: "2026-01-01T00:00:00Z",
            date: "2025-03-02",
            currency: "USD",
            total: Amount("50.00"),
            source: DocumentSource(file: "b.jpg")
        ),
    ]

    static func page(_ period: SpendingPeriod) throws -> String {
        let asOf = try #require(CalendarDay(iso: "2026-11-26"))
        let stats = SpendingStats.compute(carts: carts, asOf: asOf, period: period)
        return SpendPage.render(PageTests.frame, household: PageTests.household, stats: stats).rendered
    }

    @Test("each figure says what it covers; the standard period is the last 3 full months")
    func captions() throws {
        let page = try Self.page(.standard)
        #expect(page.contains("<dt>Total, all time</dt><dd data-testid=\"spend-total-USD\">128.76 USD</dd>"))
        #expect(page.contains("<dt>Average per month, last 3 months (Aug–Oct 2026)</dt>"))
        #expect(page.contains("<dt>Total, last 3 months (Aug–Oct 2026)</dt>"))
        #expect(page.contains("Average per week, last 3 weeks"))
        #expect(page.contains("Last week (Nov 16 – Nov 22)"))
        #expect(page.contains("href=\"/h/h_1/spend?period=3m\" aria-current=\"page\""))
        #expect(page.contains("href=\"/h/h_1/spend?period=all\">All</a>"))
    }

    @Test("all: every month from the first receipt, no YY-MM labels, no period total beside the all-time one")
    func allTime() throws {
        let page = try Self.page(.all)
        #expect(page.contains("Per month, all time (Mar 2024 – Oct 2026)"))
        #expect(page.components(separatedBy: "<rect class=\"bar\"").count == 33)  // 32 months
        #expect(!page.contains(">24-03<") && !page.contains(">25-03<"))
        #expect(!page.contains("spend-period-total"))
        #expect(page.contains("href=\"/h/h_1/spend?period=all\" aria-current=\"page\""))
    }
}
