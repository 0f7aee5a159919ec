import Foundation
import HouseholdApp
import Households
import Hummingbird
import WebApp

/// The notification centre (`/notifications`) and, on a list's page, its chat and the caller's
/// notification setting: for members under the household's address and for guests under
/// `/shared-lists`, over the same domain calls as the API.
struct SocialPageRoutes {
    let services: HouseholdServices
    let maxPictureBytes: Int

    func add(to signedIn: RouterGroup<PageContext>) {
        signedIn.get("notifications", use: centre)
        signedIn.post("notifications/read", use: markAllRead)
        signedIn.post("notifications/{notificationId}/read", use: markRead)
    }

    /// A message (text and a picture, checked like any upload), deleting one's own, and the
    /// notification setting, posted from a list's page.
    func add(to list: RouterGroup<ListPageContext>) {
        list.post("chat", use: postMessage)
        list.post("chat/{messageId}/delete", use: deleteMessage)
        list.post("notification-setting", use: setNotificationLevel)
    }

    @Sendable func centre(_ request: Request, context: PageContext) async throws -> Response {
        let session = context.session
        let page = try await services.notifications.page(for: session.user.id, before: request.query("before"))
        let frame = try await session.frame("Notifications", section: .notifications, outsideHousehold: services.directory)
        return WebResponse.html(SocialPages.centre(frame, page: page), request: request)
    }

    @Sendable func markAllRead(_ request: Request, context: PageContext) async throws -> Response {
        _ = try await WebForm.read(request, session: context.session, accounts: services.accounts)
        try await services.notifications.markAllRead(by: context.session.user.id)
        return WebResponse.redirect("/notifications")
    }

    @Sendable func markRead(_ request: Request, context: PageContext) async throws -> Response {
        _ = try await WebForm.read(request, session: context.session, accounts: services.accounts)
        try await services.notifications.markRead(try context.parameters.require("notificationId"), by: context.session.user.id)
        return WebResponse.redirect("/notifications")
    }

    @Sendable func postMessage(_ request: Request, context: ListPageContext) async throws -> Response {
        let place = context.place
        // Who may see the list is checked before the upload is read.
        _ = try await services.lists.list(place.listId, in: place.householdId, for: place.session.user.id)
        let form = try await WebForm.read(request, session: place.session, accounts: services.accounts, limit: maxPictureBytes + (64 << 10))
        let picture = form.files["picture"]
        if let picture { try await UploadedImage.check(picture) }
        _ = try await services.chat.post(to: place.listId, in: place.householdId, text: form["text"], picture: picture, by: place.session.user)
        return WebResponse.redirect(place.page + "#chat")
    }

    @Sendable func deleteMessage(_ request: Request, context: ListPageContext) async throws -> Response {
        let place = context.place
        _ = try await WebForm.read(request, session: place.session, accounts: services.accounts)
        try await services.chat.delete(
            try context.parameters.require("messageId"),
            of: place.listId,
            in: place.householdId,
            by: place.session.user.id
        )
        return WebResponse.redirect(place.page + "#chat")
    }

    @Sendable func setNotificationLevel(_ request: Request, context: ListPageContext) async throws -> Response {
        let place = context.place
        let form = try await WebForm.read(request, session: place.session, accounts: services.accounts)
        let level = try NotificationLevel.parse(form["level"] ?? "")
        try await services.notifications.setLevel(level, of: place.listId, in: place.householdId, for: place.session.user.id)
        return WebResponse.redirect(place.page + "#chat")
    }

    /// The chat section of a list's page for the caller: the latest messages and their setting.
    static func chatSection(
        services: HouseholdServices,
        session: WebSession,
        listId: String,
        householdId: String,
        base: String
    ) async throws
        -> HTML
    {
        let page = try await services.chat.page(of: listId, in: householdId, for: session.user.id, limit: 30)
        let level = try await services.notifications.level(of: listId, in: householdId, for: session.user.id)
        return SocialPages.chatSection(
            session.frame(""),
            base: base,
            pictures: "/api/v1/households/\(householdId)/lists/\(listId)/chat",
            page: page,
            level: level
        )
    }
}
