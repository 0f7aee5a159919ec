import Foundation
import Households

/// Sign up, log in, and the households screen (create one, join one with a code, invite).
public enum AccountPages {
    public static func logIn(email: String = "", error: String? = nil, next: String? = nil) -> HTML {
        Layout.page(
            PageFrame(title: "Log in", error: error),
            """
            <h1>Log in</h1>
            <form method="post" action="/login" class="stack card">
            \(if: next != nil, "<input type=\"hidden\" name=\"next\" value=\"\(next ?? "")\">")
            <label for="email">Email</label>
            <input id="email" name="email" type="email" autocomplete="username" required value="\(email)">
            <label for="password">Password</label>
            <input id="password" name="password" type="password" autocomplete="current-password" required>
            <button type="submit">Log in</button>
            </form>
            <p>New here? <a href="/signup">Create an account</a>.</p>
            """
        )
    }

    public static func signUp(email: String = "", displayName: String = "", error: String? = nil) -> HTML {
        Layout.page(
            PageFrame(title: "Sign up", error: error),
            """
            <h1>Create an account</h1>
            <form method="post" action="/signup" class="stack card">
            <label for="displayName">Your name</label>
            <input id="displayName" name="displayName" autocomplete="name" required maxlength="80" value="\(displayName)">
            <label for="email">Email</label>
            <input id="email" name="email" type="email" autocomplete="username" required value="\(email)">
            <label for="password">Password <span class="hint">(at least 8 characters)</span></label>
            <input id="password" name="password" type="password" autocomplete="new-password" required minlength="8">
            <button type="submit">Sign up</button>
            </form>
            <p>Have an account? <a href="/login">Log in</a>.</p>
            """
        )
    }

    /// The caller's households, with forms to create and join one; `invite` is a fresh code to show,
    /// with its link (`site` is this site's address, for the link's text).
    public static func households(_ frame: PageFrame, households: [Household], invite: InviteCode?, site: String = "") -> HTML {
        let rows = households.html { household in
            """
            <li class="row">
            <a href="/h/\(household.id)" class="grow">\(household.name)</a>
            <span class="meta">\(household.members.count) \(household.members.count == 1 ? "member" : "members")</span>
            \(frame.form("/h/\(household.id)/invites", class: "inline", enhance: false, "<button type=\"submit\" class=\"secondary\">Invite</button>"))
            </li>
            """
        }
        let code: HTML =
            invite.map { invite in
                """
                <section class="card invite" aria-labelledby="invite-title">
                <h2 id="invite-title">Invitation code</h2>
                <p>Give this code to the person joining. It works once, until \(Formatting.instant(invite.expiresAt)).</p>
                <p class="code" data-testid="invite-code">\(invite.code)</p>
                <p>Or send this link: <a href="/join/\(invite.code)" data-testid="invite-link">\(site)/join/\(invite.code)</a></p>
                </section>
                """
            } ?? .empty
        let list: HTML =
            households.isEmpty
            ? "<p>You are not in a household yet: create one, or join one with a code a member gave you.</p>"
            : "<ul class=\"list\">\(rows)</ul>"
        return Layout.page(
            frame,
            """
            <h1>Households</h1>
            \(code)
            \(list)
            <section class="card" aria-labelledby="create-title">
            <h2 id="create-title">Create a household</h2>
            \(frame.form("/households", class: "stack", enhance: false, """
                <label for="household-name">Name</label>
                <input id="household-name" name="name" required maxlength="100" placeholder="Home">
                <button type="submit">Create</button>
                """))
            </section>
            <section class="card" aria-labelledby="join-title">
            <h2 id="join-title">Join with a code</h2>
            \(frame.form("/households/join", class: "stack", enhance: false, """
                <label for="join-code">Invitation code</label>
                <input id="join-code" name="code" required autocomplete="off" autocapitalize="characters">
                <button type="submit">Join</button>
                """))
            </section>
            """
        )
    }

    /// What an invitation link opens: the household it is for, and a button that joins it.
    public static func joinByLink(_ frame: PageFrame, code: String, household: String) -> HTML {
        Layout.page(
            frame,
            """
            <h1>Join \(household)?</h1>
            <section class="card">
            <p>You were invited to join the household <strong data-testid="invited-household">\(household)</strong>: you will share its
            lists, carts and receipts with its members.</p>
            \(frame.form("/join/\(code)", class: "stack", enhance: false, "<button type=\"submit\">Join \(household)</button>"))
            <p><a href="/households">Not now</a></p>
            </section>
            """
        )
    }
}
