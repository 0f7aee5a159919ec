import Foundation
import ReceiptModel
import ReceiptPipeline
import Testing
import WebApp

@Suite struct HTMLTests {
    @Test("interpolated text is escaped for content and attributes; HTML fragments are kept")
    func escaping() {
        let name = "<script>alert('x')</script> & \"quotes\""
        let bold: HTML = "<b>\(name)</b>"
        let page: HTML = "<p title=\"\(name)\">\(bold)</p>"
        #expect(
            page.rendered
                == "<p title=\"&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quotes&quot;\"><b>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quotes&quot;</b></p>"
        )
        #expect(!page.rendered.contains("<script"))
    }

    @Test("absent text, numbers, amounts and conditional fragments")
    func interpolations() {
        let none: String? = nil
        let html: HTML = "\(none)|\(3)|\(Amount(Decimal(string: "4.5")!, scale: 2))|\(if: true, "<i>")\(if: false, "<u>")"
        #expect(html.rendered == "|3|4.50|<i>")
    }

    @Test("a page escapes user text everywhere it appears and carries the CSRF token in its forms")
    func pageEscapes() {
        let frame = PageFrame(title: "<t>", csrf: "tok\"en")
        let page = Layout.page(frame, frame.form("/x", HTML(text: "<img src=x onerror=alert(1)>")))
        #expect(page.rendered.contains("<title>&lt;t&gt; · Receipts</title>"))
        #expect(page.rendered.contains("name=\"_csrf\" value=\"tok&quot;en\""))
        #expect(!page.rendered.contains("<img src=x"))
    }
}

@Suite struct ChartTests {
    static func months(_ values: [Decimal], from first: CalendarMonth) -> [(month: CalendarMonth, value: Decimal)] {
        values.enumerated().map { (month: first.adding(months: $0.offset), value: $0.element) }
    }

    @Test("columns: one bar per month, the tallest spanning the plot, empty months flat, month names below")
    func columns() {
        let svg = Charts.columns(Self.months([10, 0, 40], from: CalendarMonth(year: 2025, month: 12)), title: "<Per month>").rendered
        #expect(svg.hasPrefix("<svg"))
        #expect(svg.components(separatedBy: "<rect class=\"bar\"").count == 4)
        #expect(svg.contains("height=\"118.0\""))  // 172 - 18 - 36: the largest value fills the plot
        #expect(svg.contains("height=\"0.0\""))  // January had nothing
        #expect(svg.contains(">Dec<") && svg.contains(">2025<") && svg.contains(">Jan<") && svg.contains(">2026<"))
        #expect(!svg.contains("25-12"))
        #expect(svg.contains("&lt;Per month&gt;"))
        #expect(svg.contains(">40.00<"))
    }

    @Test("charts have no viewBox: their text does not grow with their width")
    func textKeepsItsSize() {
        let columns = Charts.columns(Self.months([1, 2], from: CalendarMonth(year: 2026, month: 1)), title: "x").rendered
        let bars = Charts.bars([(label: "FreshMart", value: 1)], title: "x").rendered
        #expect(!columns.contains("viewBox") && !bars.contains("viewBox"))
        #expect(columns.contains("width=\"100%\"") && bars.contains("width=\"100%\""))
    }

    @Test("no data draws no chart")
    func empty() {
        #expect(!Charts.columns([], title: "x").rendered.contains("<svg"))
        #expect(Charts.bars([], title: "x") == .empty)
    }

    @Test("bars: the largest merchant gets the full width")
    func bars() {
        let svg = Charts.bars([(label: "FreshMart", value: 43.48), (label: "Corner shop", value: 10)], title: "Per merchant").rendered
        #expect(svg.contains("width=\"46.00%\""))
        #expect(svg.contains("FreshMart"))
    }
}

@Suite struct MonthAxisTests {
    @Test("every month named, the year under the first and where it changes")
    func yearWhereItChanges() {
        let ticks = MonthAxis.ticks(Array(CalendarMonth(year: 2024, month: 11)...CalendarMonth(year: 2025, month: 2)))
        #expect(
            ticks == [
                MonthAxis.Tick(month: "Nov", year: "2024"), MonthAxis.Tick(month: "Dec"), MonthAxis.Tick(month: "Jan", year: "2025"),
                MonthAxis.Tick(month: "Feb"),
            ]
        )
    }

    @Test("a long axis labels every second month, still showing each new year")
    func thinned() {
        let ticks = MonthAxis.ticks(Array(CalendarMonth(year: 2024, month: 3)...CalendarMonth(year: 2025, month: 3)))
        #expect(ticks.count == 13)
        #expect(ticks.compactMap { $0 }.count == 7)
        #expect(ticks[0] == MonthAxis.Tick(month: "Mar", year: "2024") && ticks[1] == nil)
        #expect(ticks[10] == MonthAxis.Tick(month: "Jan", year: "2025"))
        #expect(ticks[12] == MonthAxis.Tick(month: "Mar"))
    }
}
