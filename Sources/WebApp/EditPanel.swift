extension PageFrame {
    /// A line's folded "Edit" panel (a cart's item, a list's entry): its name and quantity, then
    /// `fields`, saved by a plain form that reloads the page; `removal`, a form of its own, after.
    func editPanel(_ action: String, field: String, name: String, quantity: String, fields: HTML, removal: HTML? = nil) -> HTML {
        """
        <details class="edit">
        <summary aria-label="Edit \(name)">Edit</summary>
        \(form(action, class: "grid-form", enhance: false, """
            <label for="\(field)-name">Name</label>
            <input id="\(field)-name" name="name" required maxlength="200" value="\(name)">
            <label for="\(field)-quantity">Quantity</label>
            <input id="\(field)-quantity" name="quantity" inputmode="decimal" required value="\(quantity)">
            \(fields)
            <button type="submit" class="secondary">Save</button>
            """))
        \(removal.map { "\($0)\n" } ?? HTML.empty)</details>
        """
    }
}
