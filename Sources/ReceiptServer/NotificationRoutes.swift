import Foundation
import HouseholdApp
import Households
import Hummingbird

/// `/api/v1/notifications`: the caller's own notifications (newest first, with the unread count)
/// and marking them read; and each list's setting of how much the caller hears of it, under the
/// list (members and guests alike).
struct NotificationRoutes {
    let services: HouseholdServices

    var center: UserNotifications { services.notifications }

    func add(to group: RouterGroup<APIContext>, list: RouterGroup<ListContext>) {
        group.get("notifications", use: index)
        group.post("notifications/read", use: markAllRead)
        group.post("notifications/{notificationId}/read", use: markRead)
        list.get("notification-setting", use: setting)
        list.put("notification-setting", use: setSetting)
    }

    @Sendable func index(_ request: Request, context: APIContext) async throws -> Response {
        let page = try await center.page(
            for: try context.caller().user.id,
            before: request.uri.queryParameters.get("before"),
            limit: try request.queryInt("limit", default: 30, range: 1...UserNotifications.largestPage)
        )
        return try JSONResponse.make(page)
    }

    @Sendable func markRead(_ request: Request, context: APIContext) async throws -> Response {
        let notification = try await center.markRead(try context.parameters.require("notificationId"), by: try context.caller().user.id)
        return try JSONResponse.make(notification)
    }

    @Sendable func markAllRead(_ request: Request, context: APIContext) async throws -> Response {
        let marked = try await center.markAllRead(by: try context.caller().user.id)
        return try JSONResponse.make(MarkedRead(marked: marked))
    }

    @Sendable func setting(_ request: Request, context: ListContext) async throws -> Response {
        let level = try await center.level(of: context.list, in: context.household, for: context.caller.user.id)
        return try JSONResponse.make(NotificationSettingAnswer(listId: context.list, level: level))
    }

    @Sendable func setSetting(_ request: Request, context: ListContext) async throws -> Response {
        let body = try await JSONBody.read(NotificationSettingBody.self, request, context: context)
        let level = try NotificationLevel.parse(body.level)
        try await center.setLevel(level, of: context.list, in: context.household, for: context.caller.user.id)
        return try JSONResponse.make(NotificationSettingAnswer(listId: context.list, level: level))
    }
}

struct MarkedRead: Encodable {
    var marked: Int
}

struct NotificationSettingAnswer: Encodable {
    var listId: String
    var level: NotificationLevel
}

/// every, whileShopping, highPriority or none.
struct NotificationSettingBody: RequestBody {
    var level: String

    enum CodingKeys: String, CodingKey, CaseIterable { case level }
}
