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
        self.init(civilYear: year, month: month, day: day)
    }

    /// The first day of a month (1...12).
    public static func first(year: Int, month: Int) -> CalendarDay { CalendarDay(civilYear: year, month: month, day: 1) }

    /// The last day of a month (1...12).
    public static func last(year: Int, month: Int) -> CalendarDay {
        CalendarDay(civilYear: year, month: month, day: daysInMonth(year: year, month: month))
    }

    /// Counts the days to `year`-`month`-`day` without asking whether the date exists: plain
    /// arithmetic that cannot trap, for the days callers know exist.
    private init(civilYear year: Int, month: Int, day: Int) {
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
}

/// What was spent at one merchant.
public struct MerchantSpending: Sendable, Hashable, Codable {
    public var merchant: String
    public var total: Amount
    public var carts: Int
}

/// What was spent in one currency: every figure of ``SpendingStats`` for the carts in that currency only.
///
/// Encoded with explicit `null` for an unknown ``currency`` and an absent ``totalByUser``.
public struct CurrencySpending: Sendable, Hashable, Codable, EncodesNilAsNull {
    /// The carts' ISO 4217 code (`USD`, `EUR`, `MYR`); nil for carts whose currency is unknown, which
    /// are a group of their own.
    public var currency: String?
    /// Carts counted in this currency.
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
    /// Sum of the totals of the carts added by the current user; nil when no current user was given.
    public var totalByUser: Amount?
    /// The chosen period: every month of it (the same months in every currency), its total and average.
    public var period: PeriodFigures
}

/// Spending statistics over stored carts (`receipts stats`), one set of figures per currency.
///
/// Amounts in different currencies are never added together: every total, average, period and
/// merchant figure lives in ``currencies``, one entry per currency code. Carts without a currency
/// are their own entry (currency nil), never merged into another.
///
/// Boundaries (Gregorian calendar, UTC, dates as printed on the receipts):
/// - **month**: a calendar month. The averaging window is the 3 calendar months immediately before
///   the month containing `asOf` (asOf 2025-01-02 → 2024-10, 2024-11, 2024-12).
/// - **week**: an ISO week, Monday to Sunday. The averaging window is the 3 weeks immediately before
///   the week containing `asOf`; "last week" is the one just before that week.
/// - Averages divide the window's total by 3 (months or weeks without carts count as 0), rounded to
///   cents (half to even).
/// - **period** (``CurrencySpending/period``): every month of the chosen ``SpendingPeriod``, the same
///   months in every currency, averaged over their number the same way.
/// - A cart counts with its `total`, else `totalPrice`. Carts with neither are skipped
///   (``skippedNoTotal``); carts with a total but no readable date count in the totals and per
///   merchant but not in any period (``skippedNoDate``).
/// - A cart flagged as a possible duplicate (a truthy `possibleDuplicateOf` member) and not kept
///   (`duplicateKept` is not `true`) is left out of every figure (``skippedDuplicates``), so a
///   second photo of the same receipt does not count twice.
public struct SpendingStats: Sendable, Hashable, Codable {
    public var asOf: String
    /// The span the per-month figures (``CurrencySpending/period``) cover.
    public var period: SpendingPeriod
    /// The user whose carts were counted; nil for every user.
    public var user: String?
    /// Carts counted (those with a total), over all currencies.
    public var carts: Int
    /// The figures per currency, most carts first, then by code (unknown currency last).
    public var currencies: [CurrencySpending]
    /// Carts left out entirely: no `total` and no `totalPrice`.
    public var skippedNoTotal: Int
    /// Carts counted in totals but not in periods: no readable `date`.
    public var skippedNoDate: Int
    /// Carts left out entirely as possible duplicates of another cart.
    public var skippedDuplicates: Int

    public static let unknownMerchant = "(unknown)"

    /// Computes the statistics.
    /// - Parameters:
    ///   - carts: The carts to look at.
    ///   - asOf: The reference day (usually today).
    ///   - period: The span of ``CurrencySpending/period``.
    ///   - user: Only carts whose `addedByUser` equals this; nil for all.
    ///   - currentUser: The user asking; each currency's ``CurrencySpending/totalByUser`` sums the
    ///     carts whose `addedByUserId` (a server account id) or `addedByUser` equals this. Nil leaves
    ///     `totalByUser` nil.
    /// - Returns: The figures per currency and the counts of carts left out.
    public static func compute(
        carts: [CartDocument],
        asOf: CalendarDay,
        period: SpendingPeriod = .standard,
        user: String? = nil,
        currentUser: String? = nil
    ) -> SpendingStats {
        var dated: ClosedRange<CalendarMonth>?
        var count = 0
        var skippedNoTotal = 0
        var skippedNoDate = 0
        var skippedDuplicates = 0
        var byCurrency: [String?: CurrencyTally] = [:]

        for cart in carts {
            if let user, cart.addedByUser != user { continue }
            if cart.isLeftOutDuplicate {
                skippedDuplicates += 1
                continue
            }
            guard let amount = cart.total ?? cart.totalPrice else {
                skippedNoTotal += 1
                continue
            }
            count += 1
            let merchantName = cart.merchant?.name?.trimmingCharacters(in: .whitespacesAndNewlines)
            let merchant = merchantName.flatMap { $0.isEmpty ? nil : $0 } ?? unknownMerchant
            let day = cart.date.flatMap { CalendarDay(iso: $0) }
            if let day {
                let month = CalendarMonth(day)
                dated = dated.map { min($0.lowerBound, month)...max($0.upperBound, month) } ?? month...month
            } else {
                skippedNoDate += 1
            }
            byCurrency[currencyCode(cart.currency), default: CurrencyTally()].add(
                amount,
                merchant: merchant,
                day: day,
                byCurrentUser: currentUser.map { $0 == cart.addedByUserId || $0 == cart.addedByUser }
            )
        }

        let windows = Windows(asOf: asOf, period: period, dated: dated)
        let currencies = byCurrency.map { $0.value.spending(currency: $0.key, windows: windows) }
            .sorted { lhs, rhs in
                if lhs.carts != rhs.carts { return lhs.carts > rhs.carts }
                switch (lhs.currency, rhs.currency) {
                case let (l?, r?): return l < r
                case (_?, nil): return true
                default: return false
                }
            }
        return SpendingStats(
            asOf: asOf.description,
            period: period,
            user: user,
            carts: count,
            currencies: currencies,
            skippedNoTotal: skippedNoTotal,
            skippedNoDate: skippedNoDate,
            skippedDuplicates: skippedDuplicates
        )
    }

    /// Reads the carts (of `user`, or all, narrowed by `filters`) from the store and computes the
    /// statistics. Documents that do not decode as carts are logged and counted in ``skippedNoTotal``.
    /// - Parameters:
    ///   - store: The store holding the `carts` collection.
    ///   - asOf: The reference day (usually today).
    ///   - period: The span of ``CurrencySpending/period``.
    ///   - user: Only carts whose `addedByUser` equals this; nil for all.
    ///   - currentUser: The user whose share ``CurrencySpending/totalByUser`` reports; nil for none.
    ///   - filters: More conditions on the cart documents, all of which must hold as well as the user
    ///     filter (`.equals("household", "h1")`).
    ///   - logger: Where undecodable carts are reported.
    /// - Returns: The statistics over the matching carts.
    /// - Throws: The store's error when the query fails.
    public static func load(
        from store: any DocumentStore,
        asOf: CalendarDay,
        period: SpendingPeriod = .standard,
        user: String? = nil,
        currentUser: String? = nil,
        filters: [Filter] = [],
        logger: Logger
    ) async throws -> SpendingStats {
        var filters = filters
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
        var stats = compute(carts: carts, asOf: asOf, period: period, user: user, currentUser: currentUser)
        stats.skippedNoTotal += undecodable
        return stats
    }

    /// The currency a cart is grouped under: its code trimmed and upper-cased, nil when absent or blank.
    static func currencyCode(_ text: String?) -> String? {
        guard let code = text?.trimmingCharacters(in: .whitespacesAndNewlines).uppercased(), !code.isEmpty else {
            return nil
        }
        return code
    }

    /// `2025-W01` for the ISO week starting on `monday`.
    static func isoWeekLabel(_ monday: CalendarDay) -> String {
        // The ISO year is the year of the week's Thursday; week 1 holds the year's first Thursday.
        let thursday = monday.adding(days: 3)
        let year = thursday.components.year
        let january1 = CalendarDay.first(year: year, month: 1)
        let week = (thursday.daysSinceEpoch - january1.daysSinceEpoch) / 7 + 1
        return String(format: "%04d-W%02d", year, week)
    }

    static func average(_ totals: [Amount]) -> Amount {
        guard !totals.isEmpty else { return .zero }
        let sum = totals.reduce(Amount.zero, +)
        return Amount(sum.value / Decimal(totals.count), scale: max(2, sum.scale)).rounded(scale: max(2, sum.scale))
    }

    /// The averaging windows for `asOf`: the 3 months before its month, the 3 ISO weeks before its
    /// week; and the months of the chosen period.
    struct Windows {
        var months: [CalendarMonth]
        var weekStarts: [CalendarDay]
        var period: SpendingPeriod
        var periodMonths: [CalendarMonth]

        init(asOf: CalendarDay, period: SpendingPeriod, dated: ClosedRange<CalendarMonth>?) {
            months = SpendingPeriod.threeMonths.months(asOf: asOf, dated: dated).map(Array.init) ?? []
            self.period = period
            periodMonths = period.months(asOf: asOf, dated: dated).map(Array.init) ?? []
            let thisWeek = asOf.startOfWeek
            weekStarts = [thisWeek.adding(days: -21), thisWeek.adding(days: -14), thisWeek.adding(days: -7)]
        }
    }

    /// A running sum and count.
    struct Tally {
        var total = Amount.zero
        var carts = 0

        mutating func add(_ amount: Amount) {
            total = total + amount
            carts += 1
        }
    }

    /// The carts of one currency, summed as they are read.
    struct CurrencyTally {
        var all = Tally()
        var byCurrentUser: Amount?
        var byMonth: [CalendarMonth: Tally] = [:]
        var byWeekStart: [CalendarDay: Tally] = [:]
        var byMerchant: [String: Tally] = [:]

        /// Counts one cart; `day` nil leaves it out of every period, `byCurrentUser` nil means no current user.
        mutating func add(_ amount: Amount, merchant: String, day: CalendarDay?, byCurrentUser: Bool?) {
            all.add(amount)
            if let byCurrentUser {
                self.byCurrentUser = (self.byCurrentUser ?? .zero) + (byCurrentUser ? amount : .zero)
            }
            byMerchant[merchant, default: Tally()].add(amount)
            guard let day else { return }
            byMonth[CalendarMonth(day), default: Tally()].add(amount)
            byWeekStart[day.startOfWeek, default: Tally()].add(amount)
        }

        func spending(currency: String?, windows: Windows) -> CurrencySpending {
            func monthPeriod(_ month: CalendarMonth) -> PeriodSpending {
                let entry = byMonth[month] ?? Tally()
                return PeriodSpending(
                    label: month.description,
                    start: month.firstDay.description,
                    end: month.lastDay.description,
                    total: entry.total,
                    carts: entry.carts
                )
            }
            func weekPeriod(_ start: CalendarDay) -> PeriodSpending {
                let entry = byWeekStart[start] ?? Tally()
                return PeriodSpending(
                    label: isoWeekLabel(start),
                    start: start.description,
                    end: start.adding(days: 6).description,
                    total: entry.total,
                    carts: entry.carts
                )
            }

            let months = windows.months.map(monthPeriod)
            let weeks = windows.weekStarts.map(weekPeriod)
            let perMonth = byMonth.keys.sorted().map(monthPeriod)
            let perMerchant = byMerchant.map { MerchantSpending(merchant: $0.key, total: $0.value.total, carts: $0.value.carts) }
                .sorted { $0.total != $1.total ? $0.total > $1.total : $0.merchant < $1.merchant }
            return CurrencySpending(
                currency: currency,
                carts: all.carts,
                total: all.total,
                averageMonthly: average(months.map(\.total)),
                months: months,
                averageWeekly: average(weeks.map(\.total)),
                weeks: weeks,
                lastWeek: weeks[2],
                perMonth: perMonth,
                perMerchant: perMerchant,
                totalByUser: byCurrentUser,
                period: PeriodFigures(period: windows.period, months: windows.periodMonths.map(monthPeriod))
            )
        }
    }
}
