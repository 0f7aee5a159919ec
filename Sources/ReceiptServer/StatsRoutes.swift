import DocumentStore
import Foundation
import HouseholdApp
import Households
import Hummingbird
import ReceiptPipeline

/// `GET /api/v1/households/{householdId}/stats`: FamilyCart's spend screen, per currency.
struct StatsRoutes {
    let services: HouseholdServices

    func add(to group: RouterGroup<APIContext>) {
        group.get("households/{householdId}/stats") { request, context in
            let householdId = try context.parameters.require("householdId")
            let caller = try context.caller().user
            try await services.directory.requireMember(householdId, userId: caller.id)
            let day: CalendarDay
            if let text = request.uri.queryParameters.get("asOf") {
                guard let parsed = CalendarDay(iso: String(text)) else { throw Problem.badRequest("asOf", "'asOf' must be a date like 2026-11-24.") }
                day = parsed
            } else {
                day = CalendarDay.today()
            }
            let stats = try await SpendingStats.load(
                from: services.store, asOf: day, currentUser: caller.id, filters: [.equals("household", householdId)],
                logger: context.logger)
            return try JSONResponse.make(stats)
        }
    }
}
