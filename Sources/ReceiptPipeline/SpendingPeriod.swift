import Foundation
import ReceiptModel

/// A calendar month (Gregorian, UTC), strideable so `first...last` lists every month between, the
/// months without carts included: a time axis with no gaps.
public struct CalendarMonth: Sendable, Hashable, Strideable, CustomStringConvertible {
    public var year: Int
    /// 1...12.
    public var month: Int

    public init(year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    /// The month holding `day`.
    public init(_ day: CalendarDay) {
        let (year, month, _) = day.components
        self.init(year: year, month: month)
    }

    /// Parses `YYYY-MM` (the first 7 characters of a longer ISO 8601 date).
    public init?(iso text: String) {
        guard let day = CalendarDay(iso: String(text.prefix(7)) + "-01") else { return nil }
        self.init(day)
    }

    public var firstDay: CalendarDay { CalendarDay.first(year: year, month: month) }
    public var lastDay: CalendarDay { CalendarDay.last(year: year, month: month) }

    /// Months since January of year 0: the month's place on a continuous axis.
    private var index: Int { year * 12 + month - 1 }

    private init(index: Int) {
        let year = index >= 0 ? index / 12 : (index - 11) / 12
        self.init(year: year, month: index - year * 12 + 1)
    }

    public func adding(months: Int) -> CalendarMonth { CalendarMonth(index: index + months) }
    public func advanced(by n: Int) -> CalendarMonth { adding(months: n) }
    public func distance(to other: CalendarMonth) -> Int { other.index - index }
    public static func < (lhs: CalendarMonth, rhs: CalendarMonth) -> Bool { lhs.index < rhs.index }

    /// `2024-03`.
    public var description: String { String(format: "%04d-%02d", year, month) }

    /// The month's English abbreviation: `Mar`.
    public var shortName: String { Self.shortNames[month - 1] }

    /// `Mar 2024`.
    public var name: String { "\(shortName) \(year)" }

    /// A span of months as a person writes it: `Mar 2024`, `Aug–Oct 2026`, `Nov 2025 – Jan 2026`.
    public static func spanName(_ months: ClosedRange<CalendarMonth>) -> String {
        let (first, last) = (months.lowerBound, months.upperBound)
        if first == last { return first.name }
        if first.year == last.year { return "\(first.shortName)–\(last.name)" }
        return "\(first.name) – \(last.name)"
    }

    private static let shortNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}

/// The span of time the Spend page and `receipts stats --period` report on: the per-month chart, the
/// period's total and its average per month.
///
/// - ``threeMonths`` and ``twelveMonths``: the 3 or 12 full calendar months before the month holding
///   `asOf` (asOf 2025-01-02 with 3 months → 2024-10, 2024-11, 2024-12), the same months whether or
///   not they hold carts.
/// - ``all``: from the month of the earliest dated cart to the later of the last full month and the
///   month of the latest dated cart (so carts of the current month count once it is the last one
///   with carts); no months when no cart has a date.
public enum SpendingPeriod: String, Sendable, Hashable, Codable, CaseIterable {
    case threeMonths = "3m"
    case twelveMonths = "12m"
    case all

    /// The period shown when none is chosen: the 3 months the monthly average has always covered.
    public static let standard = SpendingPeriod.threeMonths

    /// What the period covers, for a caption: `last 3 months`, `all time`.
    public var caption: String {
        switch self {
        case .threeMonths: "last 3 months"
        case .twelveMonths: "last 12 months"
        case .all: "all time"
        }
    }

    /// A short name for a control that chooses it: `3 months`, `All`.
    public var choice: String {
        switch self {
        case .threeMonths: "3 months"
        case .twelveMonths: "12 months"
        case .all: "All"
        }
    }

    /// The months the period covers, oldest first, every month between its ends included.
    /// - Parameters:
    ///   - asOf: The reference day; its own month is never a full month.
    ///   - dated: The earliest and latest month holding a dated cart; nil when none has a date.
    /// - Returns: The months; nil for ``all`` when no cart has a date.
    public func months(asOf: CalendarDay, dated: ClosedRange<CalendarMonth>?) -> ClosedRange<CalendarMonth>? {
        let lastFull = CalendarMonth(asOf).adding(months: -1)
        switch self {
        case .threeMonths: return lastFull.adding(months: -2)...lastFull
        case .twelveMonths: return lastFull.adding(months: -11)...lastFull
        case .all:
            guard let dated else { return nil }
            return dated.lowerBound...max(lastFull, dated.upperBound)
        }
    }
}

/// What one currency's carts came to over the chosen ``SpendingPeriod``.
public struct PeriodFigures: Sendable, Hashable, Codable {
    public var period: SpendingPeriod
    /// Every month of the period, oldest first; a month without carts has a zero total.
    public var months: [PeriodSpending]
    /// The sum over ``months``.
    public var total: Amount
    /// Carts dated in the period.
    public var carts: Int
    /// ``total`` divided by the number of months (zero when there are none), rounded to cents.
    public var averageMonthly: Amount

    public init(period: SpendingPeriod, months: [PeriodSpending]) {
        self.period = period
        self.months = months
        total = months.reduce(Amount.zero) { $0 + $1.total }
        carts = months.reduce(0) { $0 + $1.carts }
        averageMonthly = SpendingStats.average(months.map(\.total))
    }

    /// What the figures cover, for a caption: `last 3 months (Aug–Oct 2026)`,
    /// `all time (Mar 2024 – Oct 2026)`; `all time` when no cart has a date.
    public var caption: String {
        guard let first = months.first.flatMap({ CalendarMonth(iso: $0.start) }),
            let last = months.last.flatMap({ CalendarMonth(iso: $0.start) })
        else { return period.caption }
        return "\(period.caption) (\(CalendarMonth.spanName(first...last)))"
    }
}
