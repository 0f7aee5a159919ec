import Foundation
import Households
import ReceiptModel

/// FamilyCart's screens: the household's carts, and one cart's items.
public enum CartPages {
    /// - Parameter online: the display names of the members with the app open now.
    public static func list(_ frame: PageFrame, household: Household, carts: [CartSummary], online: [String]) -> HTML {
        let base = "/h/\(household.id)"
        let rows = carts.html { cart in
            let thumbnail: HTML =
                cart.fromReceipt
                ? "<img class=\"thumb\" src=\"/api/v1/households/\(household.id)/carts/\(cart.id)/thumbnail\" alt=\"\" width=\"48\" height=\"48\" loading=\"lazy\">"
                : "<span class=\"thumb placeholder\" aria-hidden=\"true\">\(Icons.cart)</span>"
            let review: HTML = cart.needsReview ? " <span class=\"badge warn\">check</span>" : .empty
            let done: HTML = cart.completed ? " <span class=\"badge ok\">done</span>" : .empty
            return """
                <li class="cart\(if: cart.completed, " completed")" data-cart="\(cart.id)">
                <a href="\(base)/carts/\(cart.id)" class="cart-link">
                \(thumbnail)
                <span class="grow"><span class="name">\(cart.name)</span>\(done)\(review)
                <span class="meta">\(cart.addedByUser) · \(Formatting.instant(cart.addedOn)) · \(cart.itemCount) \(cart.itemCount == 1 ? "item" : "items")</span></span>
                <span class="total" data-testid="cart-total">\(Formatting.money(cart.totalPrice, cart.currency))</span>
                </a>
                </li>
                """
        }
        let empty: HTML = "<li class=\"empty\">No carts yet. Add one below, or upload a receipt.</li>"
        let names = online.html { "<li>\($0)</li>" }
        return Layout.page(
            frame,
            """
            <div class="title-row"><h1>Carts</h1>
            <div id="online" data-live><details class="online"><summary data-testid="online-count"><span class="dot" aria-hidden="true"></span>\(online.count) online</summary>
            <ul aria-label="Members online now">\(online.isEmpty ? "<li>Nobody has the app open.</li>" : names)</ul></details></div></div>
            <ul class="list carts" id="carts" data-live>\(carts.isEmpty ? empty : rows)</ul>
            <section class="card" aria-labelledby="new-cart">
            <h2 id="new-cart">Add a cart</h2>
            \(frame.form("\(base)/carts", class: "stack", enhance: false, """
                <label for="cart-name">Name</label>
                <input id="cart-name" name="name" required maxlength="100" placeholder="Saturday groceries">
                <label for="cart-currency">Currency <span class="hint">(optional, e.g. EUR)</span></label>
                <input id="cart-currency" name="currency" maxlength="3" pattern="[A-Za-z]{3}" autocapitalize="characters" value="\(frame.user?.preferences?.defaultCurrency ?? "")">
                <button type="submit">Add cart</button>
                """))
            </section>
            """
        )
    }

    public static func detail(_ frame: PageFrame, household: Household, cart: CartDocument) -> HTML {
        let base = "/h/\(household.id)/carts/\(cart.id)"
        let fromReceipt = cart.source.sha256 != nil
        let items = cart.items.html { item in
            let id = item.id ?? ""
            let price: HTML = item.price.map { "<span class=\"price\">\($0)</span>" } ?? .empty
            let by: HTML = item.completed ? "<span class=\"meta\">ticked by \(item.completedBy ?? "someone")</span>" : .empty
            return """
                <li class="item\(if: item.completed, " done")" data-item="\(id)">
                \(frame.tickForm("\(base)/items/\(id)/tick", completed: item.completed, """
                    <span class="grow"><span class="name">\(item.name)</span> <span class="qty">× \(Formatting.quantity(item.quantity))</span> \(by)</span>
                    \(price)
                    """))
                \(editItem(frame, base: "\(base)/items/\(id)", item: item))
                </li>
                """
        }
        let photo: HTML =
            fromReceipt
            ? """
            <figure class="receipt-photo">
            <a href="/api/v1/households/\(household.id)/carts/\(cart.id)/image"><img src="/api/v1/households/\(household.id)/carts/\(cart.id)/thumbnail" alt="Receipt photo of \(cart.name)" width="160"></a>
            <figcaption><a href="\(base)/review">Review the reading</a></figcaption>
            </figure>
            """ : .empty
        let status: HTML =
            cart.completed
            ? "<p class=\"badge ok big\" data-testid=\"cart-completed\">Completed\(cart.purchasedByUser.map { " · bought by \($0)" } ?? "")</p>"
            : .empty
        let emptyItems: HTML = "<li class=\"empty\">No items yet.</li>"
        return Layout.page(
            frame,
            """
            <p class="crumbs"><a href="/h/\(household.id)">← Carts</a></p>
            <h1>\(cart.name)</h1>
            <div id="cart-head" data-live>
            <p class="meta">Added by \(cart.addedByUser) on \(Formatting.instant(cart.addedOn))\(cart.merchant?.name.map { " · \($0)" } ?? "")\(cart.date.map { " · \($0)" } ?? "")</p>
            <p class="total-line">Total <strong data-testid="cart-total">\(Formatting.money(cart.totalPrice ?? cart.total, cart.currency))</strong></p>
            \(status)
            </div>
            \(photo)
            <ul class="list items" id="items" data-live>\(cart.items.isEmpty ? emptyItems : items)</ul>
            <section class="card" aria-labelledby="add-item">
            <h2 id="add-item">Add an item</h2>
            \(frame.form("\(base)/items", class: "grid-form", """
                <label for="item-name">Item</label>
                <input id="item-name" name="name" required maxlength="200" placeholder="Milk">
                <label for="item-quantity">Quantity</label>
                <input id="item-quantity" name="quantity" inputmode="decimal" value="1">
                <label for="item-price">Price <span class="hint">(optional)</span></label>
                <input id="item-price" name="price" inputmode="decimal" placeholder="3.49">
                <button type="submit">Add item</button>
                """))
            </section>
            \(frame.renameOrDelete(base, "cart", name: cart.name))
            """
        )
    }

    /// An item's name, quantity and price to change, or the item to remove. Plain forms that
    /// reload the page: the panel closes and the cart's totals show the change.
    static func editItem(_ frame: PageFrame, base: String, item: CartItem) -> HTML {
        guard let id = item.id else { return .empty }
        let field = "item-\(id)"
        return frame.editPanel(
            "\(base)/edit",
            field: field,
            name: item.name,
            quantity: Formatting.quantity(item.quantity),
            fields: """
                <label for="\(field)-price">Price <span class="hint">(empty: none)</span></label>
                <input id="\(field)-price" name="price" inputmode="decimal" value="\(item.price?.description ?? "")">
                """,
            removal: frame.form(
                "\(base)/delete",
                class: "stack",
                enhance: false,
                """
                <button type="submit" class="danger" aria-label="Remove \(item.name) from the cart">Remove item</button>
                """
            )
        )
    }
}
