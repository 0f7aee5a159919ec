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

    @Sendable func index(_ request: Request, context: APIContext) async throws -> NotificationPage {
        try await center.page(
            for: try context.caller().user.id,
            before: request.uri.queryParameters.get("before"),
            limit: try request.queryInt("limit", default: 30, range: 1...UserNotifications.largestPage)
        )
    }

    @Sendable func markRead(_ request: Request, context: APIContext) async throws -> UserNotification {
        try await center.markRead(try context.parameters.require("notificationId"), by: try context.caller().user.id)
    }

    @Sendable func markAllRead(_ request: Request, context: APIContext) async throws -> MarkedRead {
        MarkedRead(marked: try await center.markAllRead(by: try context.caller().user.id))
    }

    @Sendable func setting(_ request: Request, context: ListContext) async throws -> NotificationSettingAnswer {
        let level = try await center.level(of: context.list, in: context.household, for: context.caller.user.id)
        return NotificationSettingAnswer(listId: context.list, level: level)
    }

    @Sendable func setSetting(_ request: Request, context: ListContext) async throws -> NotificationSettingAnswer {
        let body = try await JSONBody.read(NotificationSettingBody.self, request, context: context)
        let level = try NotificationLevel.parse(body.level)
        try await center.setLevel(level, of: context.list, in: context.household, for: context.caller.user.id)
        return NotificationSettingAnswer(listId: context.list, level: level)
    }
}

struct MarkedRead: ResponseEncodable {
    var marked: Int
}

struct NotificationSettingAnswer: ResponseEncodable {
    var listId: String
    var level: NotificationLevel
}

/// every, whileShopping, highPriority or none.
struct NotificationSettingBody: RequestBody {
    var level: String

    enum CodingKeys: String, CodingKey, CaseIterable { case level }
}
