import Foundation
import Households

/// The account page: display name, default currency of new carts, and the locale of money and dates.
public enum ProfilePage {
    /// - Parameter hasPicture: whether the user set a profile picture (shown from `/account/picture`).
    public static func render(_ frame: PageFrame, user: PublicUser, hasPicture: Bool = false) -> HTML {
        let preferences = user.preferences ?? AccountPreferences()
        let locales = AccountPreferences.locales.html { locale in
            "<option value=\"\(locale.tag)\"\(if: preferences.locale == locale.tag, " selected")>\(locale.name)</option>"
        }
        return Layout.page(
            frame,
            """
            <h1>Your account</h1>
            <p class="meta">\(user.email)</p>
            \(frame.form("/account", class: "stack card", enhance: false, """
                <label for="profile-name">Display name</label>
                <input id="profile-name" name="displayName" required maxlength="80" autocomplete="name" value="\(user.displayName)">
                <label for="profile-currency">Default currency <span class="hint">(of new carts, e.g. EUR)</span></label>
                <input id="profile-currency" name="defaultCurrency" maxlength="3" pattern="[A-Za-z]{3}" autocapitalize="characters" value="\(preferences.defaultCurrency ?? "")">
                <label for="profile-locale">Show money and dates as</label>
                <select id="profile-locale" name="locale"><option value="">3.49 USD, 2024-03-09 (plain)</option>\(locales)</select>
                <button type="submit">Save</button>
                """))
            <section class="card" aria-labelledby="picture-title">
            <h2 id="picture-title">Picture</h2>
            \(if: hasPicture, "<img class=\"profile-picture\" src=\"/account/picture\" alt=\"Your picture\" width=\"96\" height=\"96\">")
            <form method="post" action="/account/picture" enctype="multipart/form-data" class="stack">\(frame.csrfField)
            <label for="profile-picture">\(hasPicture ? "Change your picture" : "Add a picture") <span class="hint">(friends see it)</span></label>
            <input id="profile-picture" name="picture" type="file" accept="image/*" required>
            <button type="submit" class="secondary">Upload picture</button>
            </form>
            </section>
            """
        )
    }
}
