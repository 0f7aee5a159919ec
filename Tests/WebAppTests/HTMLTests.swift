import Foundation
import ReceiptModel
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
    @Test("columns: one bar per point, the tallest spanning the plot, labels escaped")
    func columns() {
        let svg = Charts.columns([(label: "2026-01", value: 10), (label: "<2026-02>", value: 40)], title: "Per month").rendered
        #expect(svg.hasPrefix("<svg"))
        #expect(svg.components(separatedBy: "<rect class=\"bar\"").count == 3)
        #expect(svg.contains("height=\"136.0\""))  // 180 - 18 - 26: the largest value fills the plot
        #expect(svg.contains("&lt;2026-02&gt;"))
        #expect(svg.contains(">40.00<"))
    }

    @Test("no data draws no chart")
    func empty() {
        #expect(!Charts.columns([], title: "x").rendered.contains("<svg"))
        #expect(Charts.bars([], title: "x") == .empty)
    }

    @Test("bars: the largest merchant gets the full width")
    func bars() {
        let svg = Charts.bars([(label: "FreshMart", value: 43.48), (label: "Corner shop", value: 10)], title: "Per merchant").rendered
        #expect(svg.contains("width=\"156.0\""))  // 340 - 120 - 64
        #expect(svg.contains("FreshMart"))
    }
}
