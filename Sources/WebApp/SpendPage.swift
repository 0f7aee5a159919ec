import Foundation
import Households
import ReceiptModel
import ReceiptPipeline

/// FamilyCart's spend screen: the four figures per currency and two charts drawn on the server.
public enum SpendPage {
    public static func render(_ frame: PageFrame, household: Household, stats: SpendingStats) -> HTML {
        let sections = stats.currencies.html { spending in
            let currency = spending.currency ?? "unknown currency"
            let code = spending.currency ?? ""
            let figures: [(String, Amount?, String)] = [
                ("Total", spending.total, "total"),
                ("Average per month", spending.averageMonthly, "monthly"),
                ("Average per week", spending.averageWeekly, "weekly"),
                ("Last week", spending.lastWeek.total, "last-week"),
            ]
            let cells = figures.html { figure in
                "<div class=\"figure\"><dt>\(figure.0)</dt><dd data-testid=\"spend-\(figure.2)-\(code)\">\(Formatting.money(figure.1, spending.currency))</dd></div>"
            }
            let mine: HTML =
                spending.totalByUser.map {
                    "<p class=\"meta\">Added by you: \(Formatting.money($0, spending.currency)) · \(spending.carts) \(spending.carts == 1 ? "cart" : "carts")</p>"
                } ?? .empty
            let months = spending.perMonth.suffix(12).map { (label: $0.label, value: $0.total.value) }
            let merchants = spending.perMerchant.prefix(8).map { (label: $0.merchant, value: $0.total.value) }
            return """
                <section class="card spend" aria-labelledby="spend-\(code)">
                <h2 id="spend-\(code)">\(currency)</h2>
                <dl class="figures">\(cells)</dl>
                \(mine)
                <h3>Per month</h3>
                \(Charts.columns(months, title: "Spending per month in \(currency)"))
                <h3>Per merchant</h3>
                \(Charts.bars(merchants, title: "Spending per merchant in \(currency)"))
                </section>
                """
        }
        let empty: HTML = "<p>Nothing spent yet: completed carts and receipts show up here.</p>"
        return Layout.page(
            frame,
            """
            <h1>Spend</h1>
            <div id="spend" data-live>\(stats.currencies.isEmpty ? empty : sections)</div>
            """
        )
    }
}

/// Bar charts as inline SVG: readable without JavaScript, scaled by the browser, labelled for
/// screen readers (a title and each bar's value as text).
public enum Charts {
    /// Vertical columns (one per month), values written above them.
    public static func columns(_ data: [(label: String, value: Decimal)], title: String) -> HTML {
        guard !data.isEmpty else { return "<p class=\"meta\">No dated carts yet.</p>" }
        let width = 340.0
        let height = 180.0
        let top = 18.0
        let bottom = 26.0
        let maximum = max(data.map { NSDecimalNumber(decimal: $0.value).doubleValue }.max() ?? 0, 0.01)
        let slot = width / Double(data.count)
        let barWidth = min(slot * 0.7, 48)
        let bars = data.enumerated().html { index, point in
            let value = NSDecimalNumber(decimal: point.value).doubleValue
            let barHeight = max((height - top - bottom) * value / maximum, 1)
            let x = slot * Double(index) + (slot - barWidth) / 2
            let y = height - bottom - barHeight
            let centre = x + barWidth / 2
            return """
                <g><title>\(point.label): \(Self.number(point.value))</title>
                <rect class="bar" x="\(x)" y="\(y)" width="\(barWidth)" height="\(barHeight)" rx="2"></rect>
                <text class="value" x="\(centre)" y="\(y - 4)" text-anchor="middle">\(Self.number(point.value))</text>
                <text class="label" x="\(centre)" y="\(height - 8)" text-anchor="middle">\(String(point.label.suffix(5)))</text></g>
                """
        }
        return """
            <svg class="chart" viewBox="0 0 \(Int(width)) \(Int(height))" role="img" aria-label="\(title)" data-testid="chart-months">
            <title>\(title)</title>
            <line class="axis" x1="0" y1="\(height - bottom)" x2="\(width)" y2="\(height - bottom)"></line>
            \(bars)
            </svg>
            """
    }

    /// Horizontal bars (one per merchant), largest first, label left and value right.
    public static func bars(_ data: [(label: String, value: Decimal)], title: String) -> HTML {
        guard !data.isEmpty else { return .empty }
        let width = 340.0
        let row = 28.0
        let labelWidth = 120.0
        let valueWidth = 64.0
        let height = row * Double(data.count)
        let maximum = max(data.map { NSDecimalNumber(decimal: $0.value).doubleValue }.max() ?? 0, 0.01)
        let rows = data.enumerated().html { index, point in
            let value = NSDecimalNumber(decimal: point.value).doubleValue
            let barWidth = max((width - labelWidth - valueWidth) * value / maximum, 1)
            let y = row * Double(index)
            let label = point.label.count > 16 ? String(point.label.prefix(15)) + "…" : point.label
            return """
                <g><title>\(point.label): \(Self.number(point.value))</title>
                <text class="label" x="0" y="\(y + 18)">\(label)</text>
                <rect class="bar alt" x="\(labelWidth)" y="\(y + 5)" width="\(barWidth)" height="\(row - 10)" rx="2"></rect>
                <text class="value" x="\(labelWidth + barWidth + 4)" y="\(y + 18)">\(Self.number(point.value))</text></g>
                """
        }
        return """
            <svg class="chart" viewBox="0 0 \(Int(width)) \(Int(height))" role="img" aria-label="\(title)" data-testid="chart-merchants">
            <title>\(title)</title>
            \(rows)
            </svg>
            """
    }

    static func number(_ value: Decimal) -> String {
        Amount(value, scale: 2).description
    }
}
