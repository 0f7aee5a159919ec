import Foundation
import Households
import ReceiptModel
import ReceiptPipeline

/// FamilyCart's spend screen: the figures per currency, each saying what it covers, and two charts
/// drawn on the server; a segmented control chooses the period of the per-month figures.
public enum SpendPage {
    /// - Parameter categories: spending per product category over the same period, per currency.
    public static func render(_ frame: PageFrame, household: Household, stats: SpendingStats, categories: [CategorySpending] = []) -> HTML {
        let sections = stats.currencies.html { spending in
            let currency = spending.currency ?? "unknown currency"
            let code = spending.currency ?? ""
            let period = spending.period
            var figures: [(String, Amount?, String)] = [("Total, all time", spending.total, "total")]
            if period.period != .all { figures.append(("Total, \(period.caption)", period.total, "period-total")) }
            figures += [
                ("Average per month, \(period.caption)", period.averageMonthly, "monthly"),
                ("Average per week, last 3 weeks", spending.averageWeekly, "weekly"),
                ("Last week (\(dayName(spending.lastWeek.start)) – \(dayName(spending.lastWeek.end)))", spending.lastWeek.total, "last-week"),
            ]
            let cells = figures.html { figure in
                "<div class=\"figure\"><dt>\(figure.0)</dt><dd data-testid=\"spend-\(figure.2)-\(code)\">\(Formatting.money(figure.1, spending.currency))</dd></div>"
            }
            let mine: HTML =
                spending.totalByUser.map {
                    "<p class=\"meta\">Added by you, all time: \(Formatting.money($0, spending.currency)) · \(spending.carts) \(spending.carts == 1 ? "cart" : "carts")</p>"
                } ?? .empty
            let months = period.months.compactMap { month in
                CalendarMonth(iso: month.start).map { (month: $0, value: month.total.value) }
            }
            let merchants = spending.perMerchant.prefix(8).map { (label: $0.merchant, value: $0.total.value) }
            return """
                <section class="card spend" aria-labelledby="spend-\(code)">
                <h2 id="spend-\(code)">\(currency)</h2>
                <dl class="figures">\(cells)</dl>
                \(mine)
                <h3>Per month, \(period.caption)</h3>
                \(Charts.columns(months, title: "Spending per month in \(currency), \(period.caption)"))
                <h3>Per merchant, all time</h3>
                \(Charts.bars(merchants, title: "Spending per merchant in \(currency), all time"))
                </section>
                """
        }
        let choices = SpendingPeriod.allCases.html { period in
            "<a href=\"/h/\(household.id)/spend?period=\(period.rawValue)\"\(if: period == stats.period, " aria-current=\"page\"")>\(period.choice)</a>"
        }
        let empty: HTML = "<p>Nothing spent yet: completed carts and receipts show up here.</p>"
        return Layout.page(
            frame,
            """
            <h1>Spend</h1>
            <nav class="segmented" aria-label="Period of the monthly figures" data-testid="spend-period">\(choices)</nav>
            <div id="spend" data-live>\(stats.currencies.isEmpty ? empty : sections)</div>
            \(categorySections(categories, period: stats.period))
            """
        )
    }

    /// Per currency, what the receipt lines matched to products came to per category.
    static func categorySections(_ categories: [CategorySpending], period: SpendingPeriod) -> HTML {
        categories.html { spending in
            let currency = spending.currency ?? "unknown currency"
            let bars = spending.categories.prefix(10).map { (label: $0.category, value: $0.total.value) }
            return """
                <section class="card spend" aria-labelledby="categories-\(spending.currency ?? "")" data-testid="spend-categories">
                <h2 id="categories-\(spending.currency ?? "")">Per category in \(currency), \(period.caption)</h2>
                <p class="meta">Receipt lines by the category of the product each was matched to.</p>
                \(Charts.bars(bars, title: "Spending per category in \(currency), \(period.caption)"))
                </section>
                """
        }
    }

    /// `Nov 16` for `2026-11-16`; the text itself when it is not a date.
    static func dayName(_ iso: String) -> String {
        guard let day = CalendarDay(iso: iso) else { return iso }
        return "\(CalendarMonth(day).shortName) \(day.components.day)"
    }
}

/// The labels under a continuous month axis: the month's name, with the year under the first
/// labelled month and wherever the year changes; when there are more months than fit, every
/// second (third, ...) month is labelled.
public enum MonthAxis {
    public struct Tick: Sendable, Hashable {
        /// `Mar`.
        public var month: String
        /// `2024`, or nil when the year is that of the previous label.
        public var year: String?

        public init(month: String, year: String? = nil) {
            self.month = month
            self.year = year
        }
    }

    /// One entry per month, nil for a month left unlabelled.
    /// - Parameters:
    ///   - months: The axis, oldest first.
    ///   - most: How many labels fit side by side on a phone.
    public static func ticks(_ months: [CalendarMonth], most: Int = 12) -> [Tick?] {
        let step = max(1, (months.count + most - 1) / most)
        var previousYear: Int?
        return months.enumerated().map { index, month in
            guard index % step == 0 else { return nil }
            defer { previousYear = month.year }
            return Tick(month: month.shortName, year: month.year == previousYear ? nil : String(month.year))
        }
    }
}

/// Bar charts as inline SVG: readable without JavaScript, as wide as their column with text the
/// size of the page's small print, labelled for screen readers (a title and each bar's value as text).
public enum Charts {
    /// Vertical columns, one per month on a continuous axis (a month without spending is an empty
    /// slot), values written above them while they fit. Positions across are percentages and text
    /// is in the page's units, so the chart fills its column without its text growing with it.
    public static func columns(_ data: [(month: CalendarMonth, value: Decimal)], title: String) -> HTML {
        guard !data.isEmpty else { return "<p class=\"meta\">No dated carts in this period.</p>" }
        let height = 172.0
        let top = 18.0
        let bottom = 36.0
        let maximum = max(data.map { NSDecimalNumber(decimal: $0.value).doubleValue }.max() ?? 0, 0.01)
        let slot = 100.0 / Double(data.count)
        let barWidth = slot * (data.count < 4 ? 0.4 : 0.6)
        let ticks = MonthAxis.ticks(data.map(\.month))
        let bars = data.enumerated().html { index, point in
            let value = NSDecimalNumber(decimal: point.value).doubleValue
            let barHeight = value > 0 ? max((height - top - bottom) * value / maximum, 1) : 0
            let y = height - bottom - barHeight
            let centre = percent(slot * Double(index) + slot / 2)
            let valueText: HTML =
                data.count <= 12 && value > 0
                ? "<text class=\"value\" x=\"\(centre)\" y=\"\(y - 4)\" text-anchor=\"middle\">\(Self.number(point.value))</text>" : .empty
            let tick: HTML =
                ticks[index].map { tick -> HTML in
                    let year: HTML =
                        tick.year.map { "<text class=\"year\" x=\"\(centre)\" y=\"\(height - 4)\" text-anchor=\"middle\">\($0)</text>" } ?? .empty
                    return "<text class=\"label\" x=\"\(centre)\" y=\"\(height - bottom + 15)\" text-anchor=\"middle\">\(tick.month)</text>\(year)"
                } ?? .empty
            return """
                <g><title>\(point.month.name): \(Self.number(point.value))</title>
                <rect class="bar" x="\(percent(slot * Double(index) + (slot - barWidth) / 2))" y="\(y)" width="\(percent(barWidth))" height="\(barHeight)" rx="2"></rect>
                \(valueText)\(tick)</g>
                """
        }
        return """
            <svg class="chart\(if: data.count > 6, " dense")" width="100%" height="\(Int(height))" role="img" aria-label="\(title)" data-testid="chart-months">
            <title>\(title)</title>
            <line class="axis" x1="0" y1="\(height - bottom)" x2="100%" y2="\(height - bottom)"></line>
            \(bars)
            </svg>
            """
    }

    /// Horizontal bars (one per merchant), largest first, label left and value right; across in
    /// percentages like ``columns(_:title:)``.
    public static func bars(_ data: [(label: String, value: Decimal)], title: String) -> HTML {
        guard !data.isEmpty else { return .empty }
        let row = 28.0
        let labelWidth = 36.0
        let barSpan = 46.0
        let height = row * Double(data.count)
        let maximum = max(data.map { NSDecimalNumber(decimal: $0.value).doubleValue }.max() ?? 0, 0.01)
        let rows = data.enumerated().html { index, point in
            let value = NSDecimalNumber(decimal: point.value).doubleValue
            let barWidth = max(barSpan * value / maximum, 0.5)
            let y = row * Double(index)
            let label = point.label.count > 16 ? String(point.label.prefix(15)) + "…" : point.label
            return """
                <g><title>\(point.label): \(Self.number(point.value))</title>
                <text class="label" x="0" y="\(y + 18)">\(label)</text>
                <rect class="bar alt" x="\(percent(labelWidth))" y="\(y + 5)" width="\(percent(barWidth))" height="\(row - 10)" rx="2"></rect>
                <text class="value" x="\(percent(labelWidth + barWidth))" dx="4" y="\(y + 18)">\(Self.number(point.value))</text></g>
                """
        }
        return """
            <svg class="chart" width="100%" height="\(Int(height))" role="img" aria-label="\(title)" data-testid="chart-merchants">
            <title>\(title)</title>
            \(rows)
            </svg>
            """
    }

    /// `12.5%`: a position across the chart.
    static func percent(_ value: Double) -> String { String(format: "%.2f%%", value) }

    static func number(_ value: Decimal) -> String {
        Amount(value, scale: 2).description
    }
}
