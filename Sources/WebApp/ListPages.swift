import Foundation
import Households
import ReceiptModel
import ReceiptPipeline

/// A catalog product offered while adding to a list: what search found, with what the household
/// last paid for it and where.
public struct ProductChoice: Sendable, Hashable {
    public var name: String
    public var brand: String?
    public var barcode: String?
    public var picture: String?
    public var caloriesPer100g: Decimal?
    public var lastPrice: String?
    public var lastMerchant: String?
    public var lastDate: String?
    /// The catalog product's id, for its page and its star; nil where neither is offered.
    public var id: String?
    /// Whether the caller starred it.
    public var favourite: Bool

    public init(
        name: String,
        brand: String? = nil,
        barcode: String? = nil,
        picture: String? = nil,
        caloriesPer100g: Decimal? = nil,
        lastPrice: String? = nil,
        lastMerchant: String? = nil,
        lastDate: String? = nil,
        id: String? = nil,
        favourite: Bool = false
    ) {
        self.id = id
        self.favourite = favourite
        self.name = name
        self.brand = brand
        self.barcode = barcode
        self.picture = picture
        self.caloriesPer100g = caloriesPer100g
        self.lastPrice = lastPrice
        self.lastMerchant = lastMerchant
        self.lastDate = lastDate
    }
}

/// Shopping lists (Group 10 / Sharecart): the household's lists, and one list with its entries.
public enum ListPages {
    /// - Parameter shared: lists of other households the caller joined as a guest.
    public static func index(_ frame: PageFrame, household: Household, lists: [HouseholdList], shared: [HouseholdList] = []) -> HTML {
        let base = "/h/\(household.id)/lists"
        let rows = lists.html { row($0, href: "\(base)/\($0.id)") }
        let empty: HTML = "<li class=\"empty\">No lists yet.</li>"
        return Layout.page(
            frame,
            """
            <h1>Shopping lists</h1>
            <ul class="list" id="lists" data-live>\(lists.isEmpty ? empty : rows)</ul>
            \(SharedListPages.joinedSection(shared))
            <section class="card" aria-labelledby="new-list">
            <h2 id="new-list">New list</h2>
            \(frame.form(base, class: "stack", enhance: false, """
                <label for="list-name">Name</label>
                <input id="list-name" name="name" required maxlength="100" placeholder="Weekly shop">
                <button type="submit">Create list</button>
                """))
            </section>
            """
        )
    }

    /// A list in a list of lists: its name and how much of it is still open.
    static func row(_ list: HouseholdList, href: String) -> HTML {
        let open = list.entries.filter { !$0.completed }.count
        return """
            <li><a class="row" href="\(href)"><span class="grow name">\(list.name)</span>
            <span class="meta">\(open) open · \(list.entries.count) in all</span></a></li>
            """
    }

    /// - Parameter sharing: the list's sharing beyond the household, for the section that manages it.
    public static func detail(
        _ frame: PageFrame,
        household: Household,
        list: HouseholdList,
        estimates: [String: PriceEstimate],
        query: String?,
        results: [ProductChoice],
        shoppers: [ShoppingStatus],
        sharing: ListSharing = ListSharing(),
        chat: HTML = .empty,
        suggestions: HTML = .empty
    ) -> HTML {
        let base = "/h/\(household.id)/lists/\(list.id)"
        let me = frame.user?.id
        let amShopping = shoppers.contains { $0.userId == me }
        let others = shoppers.filter { $0.userId != me }.map(\.displayName)
        let whoText =
            others.isEmpty
            ? (amShopping ? "You are shopping." : "Nobody is shopping with this list.")
            : "\(others.joined(separator: ", ")) \(others.count == 1 ? "is" : "are") shopping\(amShopping ? ", and so are you" : "")."
        let shopping: HTML = """
            <div class="shopping row" id="shopping" data-live>
            <p class="grow\(amShopping || !others.isEmpty ? " active" : "")" data-testid="shoppers">\(whoText)</p>
            \(frame.form("\(base)/shopping", class: "inline", """
                <input type="hidden" name="shopping" value="\(amShopping ? "0" : "1")">
                <button type="submit" class="secondary" aria-pressed="\(amShopping ? "true" : "false")">I'm shopping</button>
                """))
            </div>
            """
        let found = results.html { choice in
            let picture: HTML =
                choice.picture.map { "<img class=\"thumb\" src=\"\($0)\" alt=\"\" width=\"48\" height=\"48\" loading=\"lazy\">" }
                ?? "<span class=\"thumb placeholder\" aria-hidden=\"true\">\(Icons.bag)</span>"
            let calories: HTML = choice.caloriesPer100g.map { "<span>\("\($0)") kcal/100 g</span>" } ?? .empty
            let last: HTML =
                choice.lastPrice.map { price in
                    "<span>last paid \(price)\(choice.lastMerchant.map { " at \($0)" } ?? "")\(choice.lastDate.map { " on \($0)" } ?? "")</span>"
                } ?? "<span>never bought yet</span>"
            return """
                <li class="product">
                \(picture)
                <span class="grow">\(choiceName(choice, household: household)) <span class="meta">\(choice.brand ?? "")</span>
                <span class="meta facts">\(calories) \(last)</span></span>
                \(frame.form("\(base)/entries", class: "inline", """
                    <input type="hidden" name="name" value="\(choice.name)">
                    <input type="hidden" name="barcode" value="\(choice.barcode ?? "")">
                    <button type="submit" class="secondary" aria-label="Add \(choice.name)">Add</button>
                    """))
                \(choice.id.map { ProductPages.star(frame, household: household, productId: $0, name: choice.name, starred: choice.favourite, back: "\(base)?q=\((query ?? "").addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")") } ?? .empty)
                </li>
                """
        }
        let search: HTML =
            query.map { query in
                results.isEmpty
                    ? "<p class=\"meta\">No product matches “\(query)”. Add it by name below.</p>"
                    : "<ul class=\"list products\" aria-label=\"Products found\">\(found)</ul>"
            } ?? .empty
        return Layout.page(
            frame,
            """
            <p class="crumbs"><a href="/h/\(household.id)/lists">← Lists</a></p>
            <h1 id="list-title">\(list.name)</h1>
            \(shopping)
            \(entries(frame, base: base, list: list, estimates: estimates, purchases: true))
            <section class="card" aria-labelledby="add-entry">
            <h2 id="add-entry">Add to the list</h2>
            <form method="get" action="\(base)" class="search" role="search">
            <label for="product-search">Search products</label>
            <div class="search-row"><input id="product-search" name="q" type="search" minlength="2" value="\(query ?? "")" placeholder="milk"><button type="submit" class="secondary">Search</button></div>
            </form>
            \(search)
            \(addByName(frame, base: base))
            </section>
            \(suggestions)
            \(chat)
            \(SharedListPages.sharingSection(frame, base: base, list: list, sharing: sharing))
            \(frame.renameOrDelete(base, "list", name: list.name))
            """
        )
    }

    /// The list's entries in the order members see them (open first, then high priority, then the
    /// latest changed), each ticked by tapping it, with who asked for it, − and + for its quantity
    /// and its priority. The forms post under `base` (the member's or the guest's address of the list).
    /// - Parameter purchases: where and for how much an entry was bought: the household's own
    ///   purchases, so not for guests.
    static func entries(_ frame: PageFrame, base: String, list: HouseholdList, estimates: [String: PriceEstimate], purchases: Bool) -> HTML {
        let rows = list.entriesInShowingOrder().html { entry in
            let product: HTML =
                entry.product.map { product in
                    let calories: HTML = product.caloriesPer100g.map { " · \("\($0)") kcal/100 g" } ?? .empty
                    return "<span class=\"meta\">\(product.brand ?? product.name)\(calories)</span>"
                } ?? .empty
            let estimate: HTML =
                estimates[entry.id].map {
                    "<span class=\"price\" title=\"From the last time you bought it\">≈ \(Formatting.money($0.price, $0.currency))</span>"
                } ?? .empty
            let bought: HTML =
                entry.bought.map { bought in
                    guard purchases else { return "<span class=\"meta\">bought</span>" }
                    return "<span class=\"meta\">bought\(bought.merchant.map { " at \($0)" } ?? "")\(bought.price.map { " for \($0)" } ?? "")</span>"
                } ?? .empty
            return """
                <li class="item entry priority-\(entry.effectivePriority.rawValue)\(if: entry.completed, " done")" data-entry="\(entry.id)">
                \(frame.tickForm("\(base)/entries/\(entry.id)/tick", completed: entry.completed, """
                    <span class="grow"><span class="name">\(entry.name)</span> \(priorityBadge(entry.effectivePriority)) \(product) \(bought)
                    \(note(entry))<span class="meta asked" data-testid="asked-by">asked by \(entry.addedBy)</span></span>
                    \(estimate)
                    """))
                <div class="stepper" role="group" aria-label="Quantity of \(entry.name)">
                \(frame.form("\(base)/entries/\(entry.id)/quantity", class: "inline", """
                    <input type="hidden" name="delta" value="-1"><button type="submit" class="round" aria-label="One less \(entry.name)">−</button>
                    """))
                <output class="qty" data-testid="quantity">\("\(entry.quantity)")</output>
                \(frame.form("\(base)/entries/\(entry.id)/quantity", class: "inline", """
                    <input type="hidden" name="delta" value="1"><button type="submit" class="round" aria-label="One more \(entry.name)">+</button>
                    """))
                </div>
                \(frame.form("\(base)/entries/\(entry.id)/priority", class: "inline priority-form", """
                    \(prioritySelect(id: "priority-\(entry.id)", label: "Priority of \(entry.name)", selected: entry.effectivePriority))
                    <button type="submit" class="secondary">Set</button>
                    """))
                \(editEntry(frame, base: base, entry: entry))
                </li>
                """
        }
        let empty: HTML = "<li class=\"empty\">Nothing on this list yet.</li>"
        return "<ul class=\"list items\" id=\"entries\" data-live>\(list.entries.isEmpty ? empty : rows)</ul>"
    }

    /// Adds an entry by its name and quantity.
    static func addByName(_ frame: PageFrame, base: String) -> HTML {
        frame.form(
            "\(base)/entries",
            class: "grid-form",
            """
            <label for="entry-name">Item</label>
            <input id="entry-name" name="name" required maxlength="200" placeholder="Bread">
            <label for="entry-quantity">Quantity</label>
            <input id="entry-quantity" name="quantity" inputmode="decimal" value="1">
            <label for="entry-priority">Priority</label>
            \(prioritySelect(id: "entry-priority", label: nil, selected: .normal))
            <button type="submit">Add</button>
            """
        )
    }

    /// A choice of priority; with a `label`, the label is for screen readers only (the row says
    /// whose priority it is). Choosing one submits its form (app.js); without scripts, its button does.
    static func prioritySelect(id: String, label: String?, selected: EntryPriority) -> HTML {
        let options = EntryPriority.allCases.reversed().html { priority in
            "<option value=\"\(priority.rawValue)\"\(if: priority == selected, " selected")>\(priority.rawValue)</option>"
        }
        let hidden: HTML = label.map { "<label class=\"visually-hidden\" for=\"\(id)\">\($0)</label>" } ?? .empty
        return "\(hidden)<select id=\"\(id)\" name=\"priority\"\(if: label != nil, " data-submit")>\(options)</select>"
    }

    /// The word beside a high or low entry's name (its colour is not the only sign).
    static func priorityBadge(_ priority: EntryPriority) -> HTML {
        priority == .normal ? .empty : "<span class=\"badge priority \(priority.rawValue)\">\(priority.rawValue)</span>"
    }
}

extension ListPages {
    /// A found product's name, linking to its page when it has one.
    static func choiceName(_ choice: ProductChoice, household: Household) -> HTML {
        guard let id = choice.id else { return "<span class=\"name\">\(choice.name)</span>" }
        return "<a class=\"name\" href=\"/h/\(household.id)/products/\(id)\">\(choice.name)</a>"
    }
}
