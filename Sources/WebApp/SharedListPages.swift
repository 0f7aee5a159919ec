import Foundation
import Households

/// A list's sharing beyond its household, as its members' list page shows it.
public struct ListSharing: Sendable {
    /// Who joined from outside the household, in the order they joined.
    public var guests: [PublicUser]
    /// The id and passcode made by this very request: the passcode is stored hashed, so this is
    /// the only time anyone sees it.
    public var fresh: ListShare?

    public init(guests: [PublicUser] = [], fresh: ListShare? = nil) {
        self.guests = guests
        self.fresh = fresh
    }
}

/// Sharecart's sharing: members share a list with a passcode; anyone logged in joins with the
/// list's id and the passcode, and then reads, adds, ticks and changes its entries as a guest
/// (without the household's prices), until they leave or are removed.
public enum SharedListPages {
    /// The section of a member's list page that shares the list, shows a new passcode once, and
    /// lists the guests with a button to remove each.
    static func sharingSection(_ frame: PageFrame, base: String, list: HouseholdList, sharing: ListSharing) -> HTML {
        let fresh: HTML =
            sharing.fresh.map { share in
                """
                <div class="share-code" role="status">
                <p>Give both to whoever should join. The passcode is shown only now; you can make a new one any time.</p>
                <dl class="facts-list">
                <dt>List id</dt><dd class="code" data-testid="share-list-id">\(share.listId)</dd>
                <dt>Passcode</dt><dd class="code" data-testid="share-passcode">\(share.passcode)</dd>
                </dl>
                <p class="meta">They open Lists, then “Join a shared list”, or <a href="/shared-lists?list=\(share.listId)">this page</a> with the id filled in.</p>
                </div>
                """
            } ?? .empty
        let guests = sharing.guests.html { guest in
            """
            <li class="row"><span class="grow name">\(guest.displayName)</span>
            \(frame.form("\(base)/guests/\(guest.id)/remove", class: "inline", """
                <button type="submit" class="secondary" aria-label="Remove \(guest.displayName) from this list">Remove</button>
                """))</li>
            """
        }
        let state: HTML =
            list.sharing == nil
            ? """
            <p class="meta">Someone outside the household can read and change this list once you give them its id and a passcode. They never see what the household paid.</p>
            \(frame.form("\(base)/share", class: "stack", enhance: false, "<button type=\"submit\">Share this list</button>"))
            """
            : """
            <p data-testid="share-state">Shared: whoever has the list id and the passcode can join.</p>
            <h3 id="guests-title">Guests</h3>
            <ul class="list" aria-labelledby="guests-title" data-testid="guests">\(sharing.guests.isEmpty ? "<li class=\"empty\">Nobody has joined yet.</li>" : guests)</ul>
            <div class="button-row">
            \(frame.form("\(base)/share", class: "inline", enhance: false, "<button type=\"submit\" class=\"secondary\">New passcode</button>"))
            \(frame.form("\(base)/unshare", class: "inline", enhance: false, "<button type=\"submit\" class=\"danger\">Stop sharing</button>"))
            </div>
            """
        return """
            <section class="card" aria-labelledby="share-title">
            <h2 id="share-title">Share beyond the household</h2>
            \(fresh)
            <div id="sharing" data-live>\(state)</div>
            </section>
            """
    }

    /// The lists page's part for lists of other households the caller joined.
    static func joinedSection(_ lists: [HouseholdList]) -> HTML {
        let rows = lists.html { ListPages.row($0, href: "/shared-lists/\($0.id)") }
        let empty: HTML = "<li class=\"empty\">None yet.</li>"
        return """
            <section aria-labelledby="shared-title">
            <h2 id="shared-title">Shared with you</h2>
            <ul class="list" id="shared-lists" data-live>\(lists.isEmpty ? empty : rows)</ul>
            <p><a href="/shared-lists">Join a shared list</a></p>
            </section>
            """
    }

    /// Joining a list with its id and passcode, and the lists already joined.
    /// - Parameter listId: the id to fill in (from a link, or what was sent before).
    public static func join(_ frame: PageFrame, listId: String?, joined: [HouseholdList]) -> HTML {
        let rows = joined.html { ListPages.row($0, href: "/shared-lists/\($0.id)") }
        let empty: HTML = "<li class=\"empty\">You have not joined any list yet.</li>"
        return Layout.page(
            frame,
            """
            <h1>Join a shared list</h1>
            <section class="card" aria-labelledby="join-title">
            <h2 id="join-title">List id and passcode</h2>
            <p class="meta">Whoever shared the list sees both on its page.</p>
            \(frame.form("/shared-lists/join", class: "stack", enhance: false, """
                <label for="join-list-id">List id</label>
                <input id="join-list-id" name="listId" required maxlength="100" autocomplete="off" autocapitalize="none" spellcheck="false" value="\(listId ?? "")">
                <label for="join-passcode">Passcode</label>
                <input id="join-passcode" name="passcode" required maxlength="100" autocomplete="off" autocapitalize="characters" spellcheck="false">
                <button type="submit">Join</button>
                """))
            </section>
            <section aria-labelledby="joined-title">
            <h2 id="joined-title">Lists you joined</h2>
            <ul class="list" id="joined-lists">\(joined.isEmpty ? empty : rows)</ul>
            </section>
            """
        )
    }

    /// A list of another household, for a guest: its entries to read, add, tick and change, and a
    /// way to leave. No product search and no prices: those come from the household's purchases.
    public static func guest(_ frame: PageFrame, list: HouseholdList, chat: HTML = .empty) -> HTML {
        let base = "/shared-lists/\(list.id)"
        let back = frame.household.map { "/h/\($0.id)/lists" } ?? "/shared-lists"
        return Layout.page(
            frame,
            """
            <p class="crumbs"><a href="\(back)">← Lists</a></p>
            <h1 id="list-title">\(list.name)</h1>
            <p class="meta">Shared with you by another household.</p>
            \(ListPages.entries(frame, base: base, list: list, estimates: [:], purchases: false))
            <section class="card" aria-labelledby="add-entry">
            <h2 id="add-entry">Add to the list</h2>
            \(ListPages.addByName(frame, base: base))
            </section>
            \(chat)
            <section class="card" aria-labelledby="leave-title">
            <h2 id="leave-title">Leave this list</h2>
            <p class="meta">It goes from your lists; you can join again with a passcode.</p>
            \(frame.form("\(base)/leave", class: "stack", enhance: false, "<button type=\"submit\" class=\"danger\">Leave this list</button>"))
            </section>
            """
        )
    }
}
