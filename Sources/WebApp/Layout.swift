import Foundation
import Households

/// What every page's frame needs besides its content: who is looking, in which household, the
/// CSRF token its forms carry, and a message to show once.
public struct PageFrame: Sendable {
    public enum Section: String, Sendable { case carts, lists, spend, upload, groups, households, notifications, products, account }

    public var title: String
    public var user: PublicUser?
    /// The household the page belongs to; its sections are in the navigation.
    public var household: Household?
    /// The session's CSRF token, put in a hidden field of every form.
    public var csrf: String?
    public var section: Section?
    public var notice: String?
    public var error: String?
    /// For pages that wait (a receipt being read): reload every few seconds without JavaScript.
    public var refreshSeconds: Int?

    public init(
        title: String,
        user: PublicUser? = nil,
        household: Household? = nil,
        csrf: String? = nil,
        section: Section? = nil,
        notice: String? = nil,
        error: String? = nil,
        refreshSeconds: Int? = nil
    ) {
        self.title = title
        self.user = user
        self.household = household
        self.csrf = csrf
        self.section = section
        self.notice = notice
        self.error = error
        self.refreshSeconds = refreshSeconds
    }

    /// A hidden field with the CSRF token, for a form that changes something.
    public var csrfField: HTML {
        "<input type=\"hidden\" name=\"_csrf\" value=\"\(csrf ?? "")\">"
    }

    /// A form posting to `action` with the CSRF token; `enhance` lets the script submit it in place.
    public func form(_ action: String, class className: String = "", enhance: Bool = true, _ content: HTML) -> HTML {
        "<form method=\"post\" action=\"\(action)\" class=\"\(className)\"\(if: enhance, " data-enhance")>\(csrfField)\(content)</form>"
    }
}

extension PageFrame {
    /// A line that is ticked by tapping it (a cart's item, a list's entry): one button in a form
    /// that flips its state, grayed out with a tick when done.
    func tickForm(_ action: String, completed: Bool, _ label: HTML) -> HTML {
        form(
            action,
            class: "tick",
            """
            <input type="hidden" name="completed" value="\(completed ? "0" : "1")">
            <button type="submit" class="item-button" aria-pressed="\(completed ? "true" : "false")">
            <span class="check" aria-hidden="true">\(completed ? "✓" : "")</span>
            \(label)
            </button>
            """
        )
    }

    /// A folded panel to rename or delete a cart or a list (`what`), posting to `base`/rename and
    /// `base`/delete.
    func renameOrDelete(_ base: String, _ what: String, name: String) -> HTML {
        """
        <details class="card">
        <summary>Rename or delete this \(what)</summary>
        \(form("\(base)/rename", class: "stack", enhance: false, """
            <label for="\(what)-rename">Name</label>
            <input id="\(what)-rename" name="name" required maxlength="100" value="\(name)">
            <button type="submit" class="secondary">Rename</button>
            """))
        \(form("\(base)/delete", class: "stack", enhance: false, """
            <button type="submit" class="danger">Delete this \(what)</button>
            """))
        </details>
        """
    }
}

/// The frame of every page: head, header with navigation, messages, content.
public enum Layout {
    /// Asset URLs carry a version so browsers may cache them for long: the assets' own
    /// fingerprint, so a build that changes any of them is fetched anew.
    public static var assetVersion: String { WebAssets.buildVersion }

    public static func page(_ frame: PageFrame, _ content: HTML) -> HTML {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        \(if: frame.refreshSeconds != nil, "<noscript><meta http-equiv=\"refresh\" content=\"\(frame.refreshSeconds ?? 2)\"></noscript>")
        <title>\(frame.title) · Receipts</title>
        <link rel="icon" href="/assets/icon.svg" type="image/svg+xml">
        <link rel="manifest" href="/manifest.webmanifest">
        <meta name="theme-color" content="#1f6f4a">
        <meta name="mobile-web-app-capable" content="yes">
        <meta name="apple-mobile-web-app-capable" content="yes">
        <meta name="apple-mobile-web-app-title" content="Receipts">
        <link rel="apple-touch-icon" href="/assets/icon-192.png">
        <link rel="stylesheet" href="/assets/app.css?v=\(assetVersion)">
        <script type="module" src="/assets/app.js?v=\(assetVersion)"></script>
        \(if: frame.user != nil, "<script type=\"module\" src=\"/assets/social.js?v=\(assetVersion)\"></script>")
        </head>
        <body>
        <a class="skip" href="#main">Skip to content</a>
        \(header(frame))
        <main id="main" tabindex="-1">
        \(messages(frame))
        \(content)
        </main>
        </body>
        </html>
        """
    }

    static func header(_ frame: PageFrame) -> HTML {
        guard let user = frame.user else {
            return "<header class=\"top\"><a class=\"brand\" href=\"/\">Receipts</a></header>"
        }
        var links: [(String, String, PageFrame.Section)] = []
        if let household = frame.household {
            let base = "/h/\(household.id)"
            links = [
                (base, "Carts", .carts), (base + "/lists", "Lists", .lists), (base + "/spend", "Spend", .spend),
                (base + "/upload", "Upload", .upload), (base + "/categories", "Products", .products),
            ]
        }
        links.append(("/groups", "Groups", .groups))
        let nav = links.html { link in
            "<li><a href=\"\(link.0)\"\(if: frame.section == link.2, " aria-current=\"page\"")>\(link.1)</a></li>"
        }
        return """
            <header class="top">
            <a class="brand" href="/">Receipts</a>
            <a class="household" href="/households"\(if: frame.section == .households, " aria-current=\"page\"") title="Your households">\(frame.household?.name ?? "Households")</a>
            <a class="bell" href="/notifications"\(if: frame.section == .notifications, " aria-current=\"page\"")>Notifications <span class="unread-count" data-unread-count hidden></span></a>
            <p class="sync-status" id="sync-status" role="status" data-user="\(user.displayName)" hidden></p>
            <a class="account" href="/account"\(if: frame.section == .account, " aria-current=\"page\"") title="Your account">\(user.displayName)</a>
            <form method="post" action="/logout" class="logout">\(frame.csrfField)<button type="submit" class="link" aria-label="Log out \(user.displayName)">Log out</button></form>
            <nav aria-label="Sections"><ul>\(nav)</ul></nav>
            </header>
            """
    }

    static func messages(_ frame: PageFrame) -> HTML {
        var result = HTML.empty
        if let notice = frame.notice { result = result + "<p class=\"notice\" role=\"status\">\(notice)</p>" }
        if let error = frame.error { result = result + "<p class=\"error\" role=\"alert\">\(error)</p>" }
        return result
    }

    /// A page for an error: what happened and a way on.
    public static func errorPage(_ frame: PageFrame, status: Int, message: String, back: String?) -> HTML {
        let heading =
            switch status {
            case 404: "Not found"
            case 403: "Not allowed"
            case 409, 412: "Changed meanwhile"
            case 400, 422: "Please check what you entered"
            default: "Something went wrong"
            }
        return page(
            frame,
            """
            <h1>\(heading)</h1>
            <p class="error" role="alert">\(message)</p>
            <p><a href="\(back ?? "/")">Go back</a></p>
            """
        )
    }
}

/// Small inline icons (no emoji: phones and servers lack the fonts alike).
enum Icons {
    static let cart: HTML = """
        <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2"></path><circle cx="9" cy="19" r="1.5"></circle><circle cx="17" cy="19" r="1.5"></circle></svg>
        """
    static let bag: HTML = """
        <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M5 8h14l-1 12H6z"></path><path d="M9 8V6a3 3 0 0 1 6 0v2"></path></svg>
        """
}

/// Dates and money as people read them.
enum Formatting {
    /// `2026-03-09T18:20:11Z` → `2026-03-09 18:20`.
    static func instant(_ text: String) -> String {
        guard text.count >= 16 else { return text }
        let chars = Array(text)
        return String(chars[0..<10]) + " " + String(chars[11..<16])
    }

    static func money(_ amount: (some CustomStringConvertible)?, _ currency: String?) -> String {
        guard let amount else { return "—" }
        if let local = DisplayLocale.money(amount, currency) { return local }
        return [amount.description, currency].compactMap { $0 }.joined(separator: " ")
    }

    /// A receipt's day (`2024-03-09`) as the user's locale writes it.
    static func day(_ iso: String) -> String { DisplayLocale.day(iso) ?? iso }

    static func quantity(_ value: Decimal?) -> String {
        guard let value else { return "1" }
        return "\(value)"
    }
}
