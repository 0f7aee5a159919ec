import Catalog
import DocumentStore
import Foundation
import HouseholdApp
import Households
import Hummingbird
import ReceiptPipeline

/// `GET /api/v1/households/{householdId}/stats`: FamilyCart's spend screen, per currency.
struct StatsRoutes {
    let services: HouseholdServices
    let catalog: ProductCatalog?

    func add(to household: RouterGroup<HouseholdContext>) {
        household.get("stats", use: stats)
        household.get("stats/categories", use: categories)
    }

    @Sendable func stats(_ request: Request, context: HouseholdContext) async throws -> SpendingStats {
        let (day, period) = try Self.window(request)
        return try await SpendingStats.load(
            from: services.store,
            asOf: day,
            period: period,
            currentUser: context.caller.user.id,
            filters: [.equals("household", context.household)],
            logger: context.logger
        )
    }

    /// Spending per product category, per currency, over the period.
    @Sendable func categories(_ request: Request, context: HouseholdContext) async throws -> CategorySpendingAnswer {
        let (day, period) = try Self.window(request)
        let figures = try await ProductInsights(services: services, catalog: catalog).categorySpending(context.household, asOf: day, period: period)
        return CategorySpendingAnswer(period: period, currencies: figures)
    }

    /// The reference day (`asOf`, default today) and the period (`period`, default 3m) a request asks for.
    static func window(_ request: Request) throws -> (CalendarDay, SpendingPeriod) {
        let day: CalendarDay
        if let text = request.uri.queryParameters.get("asOf") {
            guard let parsed = CalendarDay(iso: String(text)) else { throw Problem.badRequest("asOf", "'asOf' must be a date like 2026-11-24.") }
            day = parsed
        } else {
            day = CalendarDay.today()
        }
        var period = SpendingPeriod.standard
        if let text = request.uri.queryParameters.get("period") {
            guard let parsed = SpendingPeriod(rawValue: String(text)) else {
                throw Problem.badRequest("period", "'period' must be 3m, 12m or all.")
            }
            period = parsed
        }
        return (day, period)
    }
}

struct CategorySpendingAnswer: ResponseEncodable {
    var period: SpendingPeriod
    var currencies: [CategorySpending]
}
