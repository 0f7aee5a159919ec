import Foundation
import Households

/// The notification centre and a list's chat section.
public enum SocialPages {
    /// `/notifications`: the caller's notifications, newest first, unread ones marked, with a
    /// button that asks for system notifications (the script shows it; it never asks by itself).
    public static func centre(_ frame: PageFrame, page: NotificationPage) -> HTML {
        let rows = page.notifications.html { notification in
            let link: HTML = notification.link.map { "<a href=\"\($0)\">\(notification.title)</a>" } ?? "\(notification.title)"
            let markRead: HTML =
                notification.read
                ? .empty
                : frame.form(
                    "/notifications/\(notification.id)/read",
                    class: "inline",
                    enhance: false,
                    """
                    <button type="submit" class="link">Mark read</button>
                    """
                )
            return """
                <li class="notification\(if: !notification.read, " unread")\(if: notification.highPriority, " high")" data-notification="\(notification.id)">
                <span class="grow"><span class="name">\(link)</span>
                <span class="meta">\(notification.body) · \(Formatting.instant(notification.at))</span></span>
                \(markRead)
                </li>
                """
        }
        let older: HTML = page.next.map { "<p><a href=\"/notifications?before=\($0)\">Older notifications</a></p>" } ?? .empty
        return Layout.page(
            frame,
            """
            <h1>Notifications</h1>
            <div class="row notification-actions">
            <p class="grow meta" data-testid="unread">\(page.unread == 0 ? "Nothing unread." : "\(page.unread) unread.")</p>
            <button type="button" class="secondary" data-enable-notifications hidden>Show system notifications</button>
            \(frame.form("/notifications/read", class: "inline", enhance: false, "<button type=\"submit\" class=\"secondary\">Mark all read</button>"))
            </div>
            <p class="meta" data-notification-permission hidden></p>
            <ul class="list notifications" id="notifications" data-notifications-list>\(rows)</ul>
            \(page.notifications.isEmpty ? "<p class=\"meta\">No notifications yet. What other members do in your lists and groups shows here.</p>" : HTML.empty)
            \(older)
            """
        )
    }

    /// A list's chat and the caller's notification setting for the list, on the list's page.
    /// - Parameters:
    ///   - base: where the page's forms post (the member's or the guest's address of the list).
    ///   - pictures: where the API serves the messages' pictures (`…/chat`).
    public static func chatSection(
        _ frame: PageFrame,
        base: String,
        pictures: String,
        page: ChatPage,
        level: NotificationLevel
    ) -> HTML {
        let me = frame.user?.id
        let rows = page.messages.reversed().html { message in
            let picture: HTML =
                message.picture == nil
                ? .empty
                : """
                <a href="\(pictures)/\(message.messageId)/picture"><img class="chat-picture" src="\(pictures)/\(message.messageId)/picture?size=thumbnail" alt="Picture from \(message.authorName)" loading="lazy"></a>
                """
            let delete: HTML =
                message.userId == me
                ? frame.form(
                    "\(base)/chat/\(message.messageId)/delete",
                    class: "inline",
                    enhance: false,
                    """
                    <button type="submit" class="link" aria-label="Delete your message">Delete</button>
                    """
                )
                : .empty
            return """
                <li class="chat-message\(if: message.userId == me, " mine")" data-message="\(message.messageId)">
                <span class="meta"><strong>\(message.authorName)</strong> · \(Formatting.instant(message.sentAt))</span>
                \(message.text.map { "<p class=\"chat-text\">\($0)</p>" } ?? .empty)
                \(picture)
                \(delete)
                </li>
                """
        }
        let options = NotificationLevel.allCases.html { option in
            "<option value=\"\(option.rawValue)\"\(if: option == level, " selected")>\(label(option))</option>"
        }
        return """
            <section class="card chat" aria-labelledby="chat-title" id="chat">
            <h2 id="chat-title">Chat</h2>
            <ol class="chat-messages" id="chat-messages" data-live aria-live="polite">\(rows)</ol>
            \(page.messages.isEmpty ? "<p class=\"meta\">No messages yet.</p>" : HTML.empty)
            <form method="post" action="\(base)/chat" class="stack chat-form" enctype="multipart/form-data">
            \(frame.csrfField)
            <label for="chat-text">Message</label>
            <input id="chat-text" name="text" maxlength="1000" autocomplete="off" placeholder="Which brand of coffee?">
            <label for="chat-picture">Picture (optional)</label>
            <input id="chat-picture" name="picture" type="file" accept="image/*">
            <button type="submit">Send</button>
            </form>
            \(frame.form("\(base)/notification-setting", class: "row notify-setting", enhance: false, """
                <label for="notify-level" class="grow">Notify me of this list</label>
                <select id="notify-level" name="level">\(options)</select>
                <button type="submit" class="secondary">Save</button>
                """))
            <p class="meta">High-priority entries notify everyone, whatever they chose.</p>
            </section>
            """
    }

    static func label(_ level: NotificationLevel) -> String {
        switch level {
        case .every: "Every change"
        case .whileShopping: "Only while I'm shopping"
        case .highPriority: "Only high priority"
        case .none: "Never"
        }
    }
}
