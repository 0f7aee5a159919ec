import ArgumentParser
import DocumentStore
import Foundation
import ReceiptModel
import ReceiptPipeline

/// `receipts stats`: what the household spends, per month, week and merchant.
struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Spending statistics over the stored carts.",
        discussion: """
            Amounts in different currencies are never added together: each currency gets its own \
            block of figures, and carts whose currency is unknown are a block of their own (\
            printed as ???). Weeks are ISO weeks, Monday to Sunday; months are calendar months; \
            dates are the receipts' own dates. A week or month is "full" when it ended before \
            --as-of: the week and the month containing --as-of never count. So with --as-of \
            2025-01-02 the 3 full months are 2024-10, 2024-11 and 2024-12, the 3 full weeks are \
            those starting 2024-12-09, 2024-12-16 and 2024-12-23, and "last week" is 2024-12-23 \
            to 2024-12-29. Averages divide by 3 (a month or week without carts counts as 0). A \
            cart counts with its total (else totalPrice); carts without one are left out and \
            counted as skipped, and so are carts flagged as a possible duplicate of another \
            (possibleDuplicateOf, unless duplicateKept is true). --period chooses the months listed             "per month" with their total and average: the last 3 or 12 full months (every month             listed, months without carts as 0), or all, from the first dated cart on.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOptions

    @Option(help: "Only carts added by this user (addedByUser).")
    var user: String?

    @Option(help: ArgumentHelp("The reference day (default: today, UTC).", valueName: "YYYY-MM-DD"))
    var asOf: String?

    @Option(help: "List every month of a period, with its total and average: 3m, 12m or all (default: the months with carts).")
    var period: SpendingPeriod?

    @Flag(help: "Print the statistics as one JSON object.")
    var json = false

    @OptionGroup(title: "Catalog (for --categories)") var catalogOptions: CatalogOptions

    @Flag(help: "Spending per product category instead (receipt lines matched to catalog products), per currency, over --period.")
    var categories = false

    func validate() throws {
        if let asOf, CalendarDay(iso: asOf) == nil { throw ValidationError("--as-of must be a date like 2026-01-31.") }
    }

    func run() async throws {
        let logger = global.makeLogger(label: "receipts.stats")
        let day = asOf.flatMap { CalendarDay(iso: $0) } ?? CalendarDay.today()
        if categories {
            let figures = try await store.withOpenStore(logger: logger) { documentStore in
                // Lines matched before products had categories take the catalog's.
                let lookup = try await catalogOptions.open(store: documentStore, logger: logger).categoryLookup()
                return try await CategorySpending.load(
                    from: documentStore,
                    asOf: day,
                    period: period ?? .standard,
                    user: user,
                    categoryOf: { lookup.category(of: $0) }
                )
            }
            print(try json ? JSONCoding.line(figures) : Self.text(figures, period: period ?? .standard))
            return
        }
        let stats = try await store.withOpenStore(logger: logger) { documentStore in
            try await SpendingStats.load(from: documentStore, asOf: day, period: period ?? .standard, user: user, logger: logger)
        }
        if json {
            print(try JSONCoding.line(stats))
            return
        }
        print(Self.text(stats, periodMonths: period != nil))
    }

    /// The statistics as text: one block per currency, every amount with its currency code.
    /// - Parameter periodMonths: List the months of ``SpendingStats/period`` (every one, empty ones as
    ///   0) with their total and average, rather than the months with carts.
    static func text(_ stats: SpendingStats, periodMonths: Bool = false) -> String {
        var lines: [String] = []
        lines.append("Spending as of \(stats.asOf)\(stats.user.map { " for \($0)" } ?? "")")
        lines.append("  purchases: \(stats.carts) in \(stats.currencies.count) \(stats.currencies.count == 1 ? "currency" : "currencies")")
        for spending in stats.currencies {
            let code = spending.currency ?? unknownCurrency
            func money(_ amount: Amount) -> String { "\(code) \(pad(amount.description, 10))" }
            lines.append("")
            lines.append(spending.currency ?? "\(unknownCurrency) (currency unknown)")
            lines.append("  purchases: \(spending.carts), total \(code) \(spending.total)")
            lines.append("  average monthly (\(spending.months.map(\.label).joined(separator: ", "))): \(code) \(spending.averageMonthly)")
            lines.append("  average weekly (\(spending.weeks.map(\.label).joined(separator: ", "))): \(code) \(spending.averageWeekly)")
            lines.append("  last week (\(spending.lastWeek.start) to \(spending.lastWeek.end)): \(code) \(spending.lastWeek.total)")
            if periodMonths {
                lines.append("  Per month, \(spending.period.caption):")
                lines.append("    total \(code) \(spending.period.total), average per month \(code) \(spending.period.averageMonthly)")
            } else {
                lines.append("  Per month:")
            }
            for month in periodMonths ? spending.period.months : spending.perMonth {
                lines.append("    \(month.label)  \(money(month.total))  \(month.carts) carts")
            }
            lines.append("  Per merchant:")
            for merchant in spending.perMerchant {
                lines.append(
                    "    \(merchant.merchant.padding(toLength: 28, withPad: " ", startingAt: 0))  \(money(merchant.total))  \(merchant.carts) carts"
                )
            }
        }
        if stats.skippedNoTotal > 0 { lines.append("(\(stats.skippedNoTotal) carts without a total left out)") }
        if stats.skippedNoDate > 0 { lines.append("(\(stats.skippedNoDate) carts without a date: in totals, not in periods)") }
        if stats.skippedDuplicates > 0 { lines.append("(\(stats.skippedDuplicates) possible duplicate carts left out)") }
        return lines.joined(separator: "\n")
    }

    /// Spending per category as text: one block per currency, largest first.
    static func text(_ figures: [CategorySpending], period: SpendingPeriod) -> String {
        var lines = ["Spending per category, \(period.caption)"]
        if figures.isEmpty { lines.append("  no receipt lines in this period") }
        for spending in figures {
            let code = spending.currency ?? unknownCurrency
            lines.append("")
            lines.append(spending.currency ?? "\(unknownCurrency) (currency unknown)")
            for category in spending.categories {
                let name = category.category.padding(toLength: 20, withPad: " ", startingAt: 0)
                lines.append("  \(name)  \(code) \(pad(category.total.description, 10))  \(category.lines) lines")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// How an unknown currency is written before its amounts.
    static let unknownCurrency = "???"

    private static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}

/// `--period 12m`: argument-parser lists the periods in help and refuses any other.
extension SpendingPeriod: ExpressibleByArgument {}
