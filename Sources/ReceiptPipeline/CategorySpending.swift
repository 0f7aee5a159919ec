import DocumentStore
import Foundation
import ReceiptModel

/// What one currency's receipt lines came to per product category over a period: a line counts
/// under its matched product's category, a line without one under ``uncategorised``. Amounts in
/// different currencies are never added: each currency has its own figures.
public struct CategorySpending: Sendable, Hashable, Codable {
    public struct Category: Sendable, Hashable, Codable {
        public var category: String
        public var total: Amount
        /// Receipt lines counted.
        public var lines: Int
    }

    public static let uncategorised = "Uncategorised"

    /// The carts' currency code; nil for carts that name none.
    public var currency: String?
    /// Largest total first.
    public var categories: [Category]

    /// Per currency (most lines first), the lines of the carts dated in `period` (every cart for
    /// ``SpendingPeriod/all``), left-out duplicates skipped.
    /// - Parameter categoryOf: a matched product's category (by default the one the line carries).
    public static func compute(
        carts: [CartDocument],
        asOf: CalendarDay,
        period: SpendingPeriod,
        categoryOf: (ProductRef) -> String? = { $0.category }
    ) -> [CategorySpending] {
        let months = period == .all ? nil : period.months(asOf: asOf, dated: nil)
        var tallies: [String?: [String: Category]] = [:]
        for cart in carts where !cart.isLeftOutDuplicate {
            if let months {
                guard let day = cart.date.flatMap(CalendarDay.init(iso:)), months.contains(CalendarMonth(day)) else { continue }
            }
            let currency = SpendingStats.currencyCode(cart.currency)
            for item in cart.items {
                guard let price = item.price else { continue }
                let name = item.product.flatMap(categoryOf) ?? uncategorised
                var tally = tallies[currency, default: [:]][name] ?? Category(category: name, total: .zero, lines: 0)
                tally.total = tally.total + price
                tally.lines += 1
                tallies[currency, default: [:]][name] = tally
            }
        }
        return tallies.map { currency, categories in
            CategorySpending(
                currency: currency,
                categories: categories.values.sorted { ($1.total, $0.category) < ($0.total, $1.category) }
            )
        }
        .sorted { ($1.categories.reduce(0) { $0 + $1.lines }, $0.currency ?? "~") < ($0.categories.reduce(0) { $0 + $1.lines }, $1.currency ?? "~") }
    }

    /// Reads the carts (of `user` when given, narrowed by `filters`) and computes the figures;
    /// documents that are not carts are skipped.
    public static func load(
        from store: any DocumentStore,
        asOf: CalendarDay,
        period: SpendingPeriod,
        user: String? = nil,
        filters: [Filter] = [],
        categoryOf: (ProductRef) -> String? = { $0.category }
    ) async throws -> [CategorySpending] {
        var filters = filters
        if let user { filters.append(.equals("addedByUser", user)) }
        var carts: [CartDocument] = []
        for try await stored in store.query(DocumentQuery(collection: CartDocument.collection, filters: filters, pageSize: 1000)) {
            if let cart = try? stored.document.decode(as: CartDocument.self) { carts.append(cart) }
        }
        return compute(carts: carts, asOf: asOf, period: period, categoryOf: categoryOf)
    }
}
