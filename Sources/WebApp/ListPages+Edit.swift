import Foundation
import Households

extension ListPages {
    /// An entry's name, quantity and note to change: a folded panel whose plain form reloads the
    /// page (offline, the script keeps the change on the device until it can be sent).
    static func editEntry(_ frame: PageFrame, base: String, entry: HouseholdList.Entry) -> HTML {
        let field = "entry-\(entry.id)"
        return """
            <details class="edit">
            <summary aria-label="Edit \(entry.name)">Edit</summary>
            \(frame.form("\(base)/entries/\(entry.id)/edit", class: "grid-form", enhance: false, """
                <label for="\(field)-name">Name</label>
                <input id="\(field)-name" name="name" required maxlength="200" value="\(entry.name)">
                <label for="\(field)-quantity">Quantity</label>
                <input id="\(field)-quantity" name="quantity" inputmode="decimal" required value="\("\(entry.quantity)")">
                <label for="\(field)-note">Note <span class="hint">(optional)</span></label>
                <input id="\(field)-note" name="note" maxlength="500" value="\(entry.note ?? "")">
                <button type="submit" class="secondary">Save</button>
                """))
            </details>
            """
    }

    /// The note under an entry's name, when it has one.
    static func note(_ entry: HouseholdList.Entry) -> HTML {
        entry.note.map { "<span class=\"meta note\" data-testid=\"note\">\($0)</span>" } ?? .empty
    }
}
