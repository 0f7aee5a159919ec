import Foundation
import Households

extension ListPages {
    /// An entry's name, quantity and note to change: a folded panel whose plain form reloads the
    /// page (offline, the script keeps the change on the device until it can be sent).
    static func editEntry(_ frame: PageFrame, base: String, entry: HouseholdList.Entry) -> HTML {
        let field = "entry-\(entry.id)"
        return frame.editPanel(
            "\(base)/entries/\(entry.id)/edit",
            field: field,
            name: entry.name,
            quantity: "\(entry.quantity)",
            fields: """
                <label for="\(field)-note">Note <span class="hint">(optional)</span></label>
                <input id="\(field)-note" name="note" maxlength="500" value="\(entry.note ?? "")">
                """
        )
    }

    /// The note under an entry's name, when it has one.
    static func note(_ entry: HouseholdList.Entry) -> HTML {
        entry.note.map { "<span class=\"meta note\" data-testid=\"note\">\($0)</span>" } ?? .empty
    }
}
