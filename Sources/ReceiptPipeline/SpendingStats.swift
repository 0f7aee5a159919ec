import DocumentStore
import Foundation
import Logging
import ReceiptModel

/// A calendar day in the proleptic Gregorian calendar, UTC: days since 1970-01-01.
///
/// Plain integer arithmetic (no time zones, no daylight saving), so week and month
/// boundaries are exact and the same on every machine.
public struct CalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var daysSinceEpoch: Int

    public init(daysSinceEpoch: Int) { self.daysSinceEpoch = daysSinceEpoch }

    /// The day `year`-`month`-`day`; nil when the date does not exist (2025-02-29).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Self.daysInMonth(year: year, month: month) else { return nil }
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthIndex = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        daysSinceEpoch = era * 146_097 + dayOfEra - 719_468
    }

    /// Parses `YYYY-MM-DD` (a longer ISO 8601 text is cut to its first 10 characters).
    public init?(iso text: String) {
        let bytes = Array(text.utf8.prefix(10))
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Today in UTC.
    public static func today(now: Date = Date()) -> CalendarDay {
        CalendarDay(daysSinceEpoch: Int((now.timeIntervalSince1970 / 86_400).rounded(.down)))
    }

    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// (year, month, day).
    public var components: (year: Int, month: Int, day: Int) {
        // Howard Hinnant's civil_from_days.
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// ISO weekday: 1 = Monday … 7 = Sunday.
    public var isoWeekday: Int {
        // 1970-01-01 was a Thursday (4).
        ((daysSinceEpoch + 3) % 7 + 7) % 7 + 1
    }

    /// The Monday of this day's ISO week.
    public var startOfWeek: CalendarDay { adding(days: 1 - isoWeekday) }

    public func adding(days: Int) -> CalendarDay { CalendarDay(daysSinceEpoch: daysSinceEpoch + days) }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (year, month, day) = components
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.daysSinceEpoch < rhs.daysSinceEpoch }
}

/// Spending over a period (a calendar month or an ISO week), both ends inclusive.
public struct PeriodSpending: Sendable, Hashable, Codable {
    /// `2024-12` for a month, `2024-W52` style ISO week label for a week.
    public var label: String
    /// First day, `YYYY-MM-DD`.
    public var start: String
    /// Last day (inclusive), `YYYY-MM-DD`.
    public var end: String
    public var total: Amount
    public var carts: Int

    public init(label: String, start: String, end: String, total: Amount, carts: Int) {
        self.label = label
        self.start = start
        self.end = end
        self.total = total
        self.carts = carts
    }
}

/// What was spent at one merchant.
public struct MerchantSpending: Sendable, Hashable, Codable {
    public var merchant: String
    public var total: Amount
    public var carts: Int

    public init(merchant: String, total: Amount, carts: Int) {
        self.merchant = merchant
        self.total = total
        self.carts = carts
    }
}

/// Spending statistics over stored carts (`receipts stats`).
///
/// Boundaries (Gregorian calendar, UTC, dates as printed on the receipts):
/// - **month**: a calendar month. The averaging window is the 3 calendar months immediately before
///   the month containing `asOf` (asOf 2025-01-02 → 2024-10, 2024-11, 2024-12).
/// - **week**: an ISO week, Monday to Sunday. The averaging window is the 3 weeks immediately before
///   the week containing `asOf`; "last week" is the one just before that week.
/// - Averages divide the window's total by 3 (months or weeks without carts count as 0), rounded to
///   cents (half to even).
/// - A cart counts with its `total`, else `totalPrice`. Carts with neither are skipped
///   (``skippedNoTotal``); carts with a total but no readable date count in the totals and per
///   merchant but not in any period (``skippedNoDate``).
public struct SpendingStats: Sendable, Hashable, Codable {
    public var asOf: String
    /// The user whose carts were counted; nil for every user.
    public var user: String?
    /// Carts counted (those with a total).
    public var carts: Int
    /// Sum of their totals.
    public var total: Amount
    public var averageMonthly: Amount
    /// The 3 months averaged, oldest first.
    public var months: [PeriodSpending]
    public var averageWeekly: Amount
    /// The 3 ISO weeks averaged, oldest first.
    public var weeks: [PeriodSpending]
    /// The ISO week before the week containing `asOf`.
    public var lastWeek: PeriodSpending
    /// Every month with carts, oldest first.
    public var perMonth: [PeriodSpending]
    /// Every merchant, highest total first (unknown merchant as `(unknown)`).
    public var perMerchant: [MerchantSpending]
    /// Carts left out entirely: no `total` and no `totalPrice`.
    public var skippedNoTotal: Int
    /// Carts counted in totals but not in periods: no readable `date`.
    public var skippedNoDate: Int

    public static let unknownMerchant = "(unknown)"

    /// Computes the statistics.
    /// - Parameters:
    ///   - carts: The carts to look at.
    ///   - asOf: The reference day (usually today).
    ///   - user: Only carts whose `addedByUser` equals this; nil for all.
    public static func compute(carts: [CartDocument], asOf: CalendarDay, user: String? = nil) -> SpendingStats {
        let (asOfYear, asOfMonth, _) = asOf.components
        var monthWindow: [(year: Int, month: Int)] = []
        for back in stride(from: 3, through: 1, by: -1) {
            var month = asOfMonth - back
            var year = asOfYear
            if month <= 0 { month += 12; year -= 1 }
            monthWindow.append((year, month))
        }
        let thisWeek = asOf.startOfWeek
        let weekStarts = [thisWeek.adding(days: -21), thisWeek.adding(days: -14), thisWeek.adding(days: -7)]

        var count = 0
        var total = Amount.zero
        var skippedNoTotal = 0
        var skippedNoDate = 0
        var byMonth: [String: (total: Amount, carts: Int)] = [:]
        var byWeekStart: [CalendarDay: (total: Amount, carts: Int)] = [:]
        var byMerchant: [String: (total: Amount, carts: Int)] = [:]

        for cart in carts {
            if let user, cart.addedByUser != user { continue }
            guard let amount = cart.total ?? cart.totalPrice else {
                skippedNoTotal += 1
                continue
            }
            count += 1
            total = total + amount
            let merchantName = cart.merchant?.name?.trimmingCharacters(in: .whitespacesAndNewlines)
            let merchant = merchantName.flatMap { $0.isEmpty ? nil : $0 } ?? unknownMerchant
            byMerchant[merchant, default: (.zero, 0)].total = byMerchant[merchant, default: (.zero, 0)].total + amount
            byMerchant[merchant, default: (.zero, 0)].carts += 1
            guard let text = cart.date, let day = CalendarDay(iso: text) else {
                skippedNoDate += 1
                continue
            }
            let key = monthKey(day.components.year, day.components.month)
            byMonth[key, default: (.zero, 0)].total = byMonth[key, default: (.zero, 0)].total + amount
            byMonth[key, default: (.zero, 0)].carts += 1
            let week = day.startOfWeek
            byWeekStart[week, default: (.zero, 0)].total = byWeekStart[week, default: (.zero, 0)].total + amount
            byWeekStart[week, default: (.zero, 0)].carts += 1
        }

        func monthPeriod(_ key: String, year: Int, month: Int) -> PeriodSpending {
            let entry = byMonth[key] ?? (.zero, 0)
            let start = CalendarDay(year: year, month: month, day: 1)!
            let end = CalendarDay(year: year, month: month, day: CalendarDay.daysInMonth(year: year, month: month))!
            return PeriodSpending(label: key, start: start.description, end: end.description, total: entry.total, carts: entry.carts)
        }
        func weekPeriod(_ start: CalendarDay) -> PeriodSpending {
            let entry = byWeekStart[start] ?? (.zero, 0)
            return PeriodSpending(
                label: isoWeekLabel(start), start: start.description, end: start.adding(days: 6).description,
                total: entry.total, carts: entry.carts)
        }

        let months = monthWindow.map { monthPeriod(monthKey($0.year, $0.month), year: $0.year, month: $0.month) }
        let weeks = weekStarts.map(weekPeriod)
        let perMonth = byMonth.keys.sorted().map { key -> PeriodSpending in
            let year = Int(key.prefix(4)) ?? 0
            let month = Int(key.suffix(2)) ?? 1
            return monthPeriod(key, year: year, month: month)
        }
        let perMerchant = byMerchant.map { MerchantSpending(merchant: $0.key, total: $0.value.total, carts: $0.value.carts) }
            .sorted { $0.total != $1.total ? $0.total > $1.total : $0.merchant < $1.merchant }

        return SpendingStats(
            asOf: asOf.description, user: user, carts: count, total: total,
            averageMonthly: average(months.map(\.total)), months: months,
            averageWeekly: average(weeks.map(\.total)), weeks: weeks, lastWeek: weeks[2],
            perMonth: perMonth, perMerchant: perMerchant, skippedNoTotal: skippedNoTotal, skippedNoDate: skippedNoDate)
    }

    /// Reads the carts (of `user`, or all) from the store and computes the statistics.
    /// Documents that do not decode as carts are logged and counted in ``skippedNoTotal``.
    public static func load(
        from store: any DocumentStore, asOf: CalendarDay, user: String? = nil, logger: Logger
    ) async throws -> SpendingStats {
        var filters: [Filter] = []
        if let user { filters.append(.equals("addedByUser", user)) }
        var carts: [CartDocument] = []
        var undecodable = 0
        for try await stored in store.query(DocumentQuery(collection: CartDocument.collection, filters: filters, pageSize: 1000)) {
            do {
                carts.append(try stored.document.decode(as: CartDocument.self))
            } catch {
                undecodable += 1
                logger.warning("skipping a cart that does not decode", metadata: ["cart.id": "\(stored.id)", "error": "\(error)"])
            }
        }
        var stats = compute(carts: carts, asOf: asOf, user: user)
        stats.skippedNoTotal += undecodable
        return stats
    }

    static func monthKey(_ year: Int, _ month: Int) -> String { String(format: "%04d-%02d", year, month) }

    /// `2025-W01` for the ISO week starting on `monday`.
    static func isoWeekLabel(_ monday: CalendarDay) -> String {
        // The ISO year is the year of the week's Thursday; week 1 holds the year's first Thursday.
        let thursday = monday.adding(days: 3)
        let year = thursday.components.year
        let january1 = CalendarDay(year: year, month: 1, day: 1)!
        let week = (thursday.daysSinceEpoch - january1.daysSinceEpoch) / 7 + 1
        return String(format: "%04d-W%02d", year, week)
    }

    static func average(_ totals: [Amount]) -> Amount {
        guard !totals.isEmpty else { return .zero }
        let sum = totals.reduce(Amount.zero, +)
        return Amount(sum.value / Decimal(totals.count), scale: max(2, sum.scale)).rounded(scale: max(2, sum.scale))
    }
}
