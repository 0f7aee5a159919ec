import Expenses
import Foundation
import Households
import ReceiptModel
import SharedExpenses

/// An expense as a member sees it in the group page.
public struct ExpenseRow: Sendable {
    public var record: ExpenseRecord
    public var status: ExpenseStatus
    public var shares: [String: Amount]
    /// Members whose share is marked paid.
    public var paid: Set<String>

    public init(record: ExpenseRecord, status: ExpenseStatus, shares: [String: Amount], paid: Set<String>) {
        self.record = record
        self.status = status
        self.shares = shares
        self.paid = paid
    }
}

/// A household cart an expense can be split from.
public struct ReceiptChoice: Sendable, Hashable {
    public var household: String
    public var cartId: String
    public var label: String

    public init(household: String, cartId: String, label: String) {
        self.household = household
        self.cartId = cartId
        self.label = label
    }

    /// `household/cart`, as the forms send it.
    public var value: String { household + "/" + cartId }
}

/// U.O.ME's screens: friends and groups, one group's balances and expenses, splitting a receipt by item.
public enum GroupPages {
    public static func index(_ frame: PageFrame, friends: [FriendStanding], groups: [ExpenseGroup], names: [String: String]) -> HTML {
        let friendRows = friends.html { row in
            """
            <li class="row friend"><span class="grow"><span class="name">\(row.friend.displayName)</span> <span class="meta">\(row.friend.email)</span>
            <span class="marks" data-testid="marks-\(row.friend.id)">\(marks(row.statuses))</span></span>\(balanceText(row.balances))</li>
            """
        }
        let groupRows = groups.html { group in
            let members = group.members.map { names[$0] ?? $0 }.joined(separator: ", ")
            return
                "<li><a class=\"row\" href=\"/groups/\(group.id)\"><span class=\"grow name\">\(group.name)</span><span class=\"meta\">\(members)</span></a></li>"
        }
        let choices = friends.html { row in
            """
            <label class="check-label"><input type="checkbox" name="member" value="\(row.friend.id)"> \(row.friend.displayName)</label>
            """
        }
        let noFriends: HTML = "<li class=\"empty\">No friends yet: add one by the email they signed up with.</li>"
        let noGroups: HTML = "<li class=\"empty\">No groups yet.</li>"
        return Layout.page(
            frame,
            """
            <h1>Groups and friends</h1>
            <section aria-labelledby="groups-title">
            <h2 id="groups-title">Groups</h2>
            <ul class="list" id="groups" data-live>\(groups.isEmpty ? noGroups : groupRows)</ul>
            </section>
            <section aria-labelledby="friends-title">
            <h2 id="friends-title">Friends</h2>
            <ul class="list" id="friends" data-live>\(friends.isEmpty ? noFriends : friendRows)</ul>
            \(frame.form("/friends", class: "grid-form card", enhance: false, """
                <label for="friend-email">Add a friend by email</label>
                <input id="friend-email" name="email" type="email" required>
                <button type="submit" class="secondary">Add friend</button>
                """))
            </section>
            <section class="card" aria-labelledby="new-group">
            <h2 id="new-group">New group</h2>
            \(frame.form("/groups", class: "stack", enhance: false, """
                <label for="group-name">Name</label>
                <input id="group-name" name="name" required maxlength="100" placeholder="Flat">
                <label for="group-currency">Currency</label>
                <input id="group-currency" name="currency" maxlength="3" value="USD" pattern="[A-Za-z]{3}" autocapitalize="characters">
                <fieldset><legend>Members</legend>\(friends.isEmpty ? "<p class=\"meta\">Add friends first to share with them.</p>" : choices)</fieldset>
                <button type="submit">Create group</button>
                """))
            </section>
            """
        )
    }

    public static func group(
        _ frame: PageFrame,
        group: ExpenseGroup,
        names: [String: String],
        balances: GroupBalances,
        expenses: [ExpenseRow],
        receipts: [ReceiptChoice],
        me: String
    ) -> HTML {
        func name(_ id: String) -> String { id == me ? "You" : names[id] ?? id }
        let noExpenses: HTML = "<li class=\"empty\">No expenses yet.</li>"
        let noSuggestions: HTML = "<li class=\"empty\">Nothing to settle.</li>"
        let suggestions = balances.suggestions.isEmpty ? noSuggestions : settleUpRows(balances.suggestions, frame, group: group, me: me, name: name)
        return Layout.page(
            frame,
            """
            <p class="crumbs"><a href="/groups">← Groups</a></p>
            <h1>\(group.name)</h1>
            <div id="group-live" data-live>
            <section aria-labelledby="balances-title">
            <h2 id="balances-title">Balances</h2>
            <ul class="list">\(balanceRows(balances.members, name: name))</ul>
            <h3>Settle up</h3>
            <ul class="list">\(suggestions)</ul>
            </section>
            <section aria-labelledby="expenses-title">
            <h2 id="expenses-title">Expenses</h2>
            <ul class="expenses">\(expenses.isEmpty ? noExpenses : expenseCards(expenses, frame, group: group, name: name))</ul>
            </section>
            </div>
            \(addExpenseSection(frame, group: group, receipts: receipts, me: me, name: name))
            """
        )
    }

    /// Each member's position: settled, owes, or gets back.
    private static func balanceRows(_ positions: [GroupBalances.Position], name: (String) -> String) -> HTML {
        positions.html { position in
            let owes = position.amount.value > 0
            let settled = position.amount.value == 0
            let text =
                settled
                ? "settled"
                : owes
                    ? "owes \(position.amount) \(position.currency)"
                    : "gets back \(Amount(-position.amount.value, scale: position.amount.scale)) \(position.currency)"
            return
                "<li class=\"row\"><span class=\"grow\">\(name(position.member))</span><span class=\"\(settled ? "meta" : owes ? "owe" : "get")\" data-testid=\"balance-\(position.member)\">\(text)</span></li>"
        }
    }

    /// The settle-up transfers; the caller can mark paid those they pay or receive.
    private static func settleUpRows(
        _ transfers: [GroupBalances.Transfer],
        _ frame: PageFrame,
        group: ExpenseGroup,
        me: String,
        name: (String) -> String
    ) -> HTML {
        transfers.html { transfer in
            let mine = transfer.from == me || transfer.to == me
            let form: HTML =
                mine
                ? frame.form(
                    "/groups/\(group.id)/payments",
                    class: "inline",
                    enhance: false,
                    """
                    <input type="hidden" name="from" value="\(transfer.from)"><input type="hidden" name="to" value="\(transfer.to)">
                    <input type="hidden" name="amount" value="\(transfer.amount)"><input type="hidden" name="currency" value="\(transfer.currency)">
                    <button type="submit" class="secondary">Mark paid</button>
                    """
                ) : .empty
            return
                "<li class=\"row\"><span class=\"grow\">\(name(transfer.from)) → \(name(transfer.to)): <strong>\(transfer.amount) \(transfer.currency)</strong></span>\(form)</li>"
        }
    }

    /// One card per expense: what, how much, who added it, how it is split, and each share.
    private static func expenseCards(_ expenses: [ExpenseRow], _ frame: PageFrame, group: ExpenseGroup, name: (String) -> String) -> HTML {
        expenses.html { row in
            let record = row.record
            let status: HTML =
                switch row.status {
                case .uploadedByMe: "<span class=\"badge\">uploaded by me</span>"
                case .paid: "<span class=\"badge ok\">paid</span>"
                case .toPay: "<span class=\"badge warn\">to pay</span>"
                }
            let total = MinorUnits.amount(record.expense.total, currency: record.expense.currency)
            return """
                <li class="expense card" data-expense="\(record.id)">
                <div class="row"><span class="grow name">\(record.merchant ?? "Expense")</span><strong>\(total) \(record.expense.currency)</strong></div>
                <p class="meta">\(record.date ?? "") · added by \(name(record.createdBy)) · split \(record.expense.split.modeName) \(status)</p>
                <ul class="shares">\(shareRows(row, frame, group: group, name: name))</ul>
                </li>
                """
        }
    }

    /// An expense's shares; its uploader can mark paid the share of a member who paid in less.
    private static func shareRows(_ row: ExpenseRow, _ frame: PageFrame, group: ExpenseGroup, name: (String) -> String) -> HTML {
        let record = row.record
        return row.shares.sorted { $0.key < $1.key }.html { member, amount in
            let paid = row.paid.contains(member)
            let paidIn = MinorUnits.amount(record.expense.payers[member] ?? 0, currency: record.expense.currency)
            let owesSomething = paidIn.value < amount.value
            let mark: HTML =
                paid
                ? " <span class=\"badge ok\">paid</span>"
                : (row.status == .uploadedByMe && owesSomething)
                    ? frame.form(
                        "/expenses/\(record.id)/payments",
                        class: "inline",
                        enhance: false,
                        """
                        <input type="hidden" name="member" value="\(member)"><input type="hidden" name="group" value="\(group.id)">
                        <button type="submit" class="link">mark paid</button>
                        """
                    ) : .empty
            return "<li>\(name(member)): \(amount)\(mark)</li>"
        }
    }

    /// Adding an expense: split a receipt by item, or an amount split as chosen.
    private static func addExpenseSection(
        _ frame: PageFrame,
        group: ExpenseGroup,
        receipts: [ReceiptChoice],
        me: String,
        name: (String) -> String
    ) -> HTML {
        let memberOptions = group.members.html { "<option value=\"\($0)\"\(if: $0 == me, " selected")>\(name($0))</option>" }
        let receiptOptions = receipts.html { "<option value=\"\($0.value)\">\($0.label)</option>" }
        return """
            <section class="card" aria-labelledby="add-expense">
            <h2 id="add-expense">Add an expense</h2>
            <form method="get" action="/groups/\(group.id)/split" class="stack">
            <label for="split-receipt">From a receipt, split by item</label>
            <select id="split-receipt" name="receipt" required><option value="">Choose a receipt…</option>\(receiptOptions)</select>
            <button type="submit" class="secondary">Split by item</button>
            </form>
            \(frame.form("/groups/\(group.id)/expenses", class: "stack", enhance: false, """
                <p class="meta">Or an amount, split as you choose:</p>
                <label for="expense-merchant">What</label>
                <input id="expense-merchant" name="merchant" maxlength="200" placeholder="Bakery">
                <label for="expense-total">Total</label>
                <input id="expense-total" name="total" inputmode="decimal" required placeholder="12.30">
                <label for="expense-currency">Currency</label>
                <input id="expense-currency" name="currency" maxlength="3" value="\(group.currency ?? "")" pattern="[A-Za-z]{3}">
                <label for="expense-payer">Paid by</label>
                <select id="expense-payer" name="paidBy">\(memberOptions)</select>
                <label for="expense-mode">Split</label>
                <select id="expense-mode" name="mode">
                <option value="evenly">Evenly</option><option value="shares">By shares</option>
                <option value="percentages">By percentages</option><option value="exact">By exact amounts</option>
                </select>
                \(splitParts(group, name: name))
                <button type="submit">Add expense</button>
                """))
            </section>
            """
    }

    /// Each receipt line to one or more members, then the expense is added.
    public static func split(
        _ frame: PageFrame,
        group: ExpenseGroup,
        names: [String: String],
        receipt: ReceiptChoice,
        cart: CartDocument,
        me: String
    ) -> HTML {
        func name(_ id: String) -> String { id == me ? "You" : names[id] ?? id }
        let lines = cart.items.enumerated().html { index, item in
            let boxes = group.members.html { member in
                "<label class=\"check-label\"><input type=\"checkbox\" name=\"line.\(index)\" value=\"\(member)\" checked> \(name(member))</label>"
            }
            return """
                <fieldset class="line"><legend>\(item.name) <span class="price">\(item.price?.description ?? "")</span></legend>\(boxes)</fieldset>
                """
        }
        let payers = group.members.html { "<option value=\"\($0)\"\(if: $0 == me, " selected")>\(name($0))</option>" }
        return Layout.page(
            frame,
            """
            <p class="crumbs"><a href="/groups/\(group.id)">← \(group.name)</a></p>
            <h1>Split \(cart.merchant?.name ?? cart.name) by item</h1>
            <p class="meta">Total \(Formatting.money(cart.total ?? cart.totalPrice, cart.currency)). Tax, tip and discounts are spread over the lines in proportion.</p>
            \(frame.form("/groups/\(group.id)/expenses", class: "stack", enhance: false, """
                <input type="hidden" name="mode" value="byItem">
                <input type="hidden" name="receipt" value="\(receipt.value)">
                \(lines)
                <label for="split-payer">Paid by</label>
                <select id="split-payer" name="paidBy">\(payers)</select>
                <button type="submit">Add expense</button>
                """))
            """
        )
    }

    /// The expenses shared with a friend, counted by where they stand for the caller.
    static func marks(_ statuses: [ExpenseStatus: Int]) -> HTML {
        let kinds: [(ExpenseStatus, String, String)] = [(.toPay, "warn", "to pay"), (.paid, "ok", "paid"), (.uploadedByMe, "", "uploaded by me")]
        return kinds.compactMap { status, style, text in statuses[status].map { (style, "\($0) \(text)") } }
            .html { style, text in "<span class=\"badge \(style)\">\(text)</span> " }
    }

    /// One field per member for the split's numbers; what they mean depends on the split chosen,
    /// so the form works without a script.
    static func splitParts(_ group: ExpenseGroup, name: (String) -> String) -> HTML {
        let fields = group.members.html { member in
            """
            <div class="part"><label for="part-\(member)">\(name(member))</label>
            <input id="part-\(member)" name="part.\(member)" inputmode="decimal" aria-describedby="parts-hint"></div>
            """
        }
        return """
            <fieldset class="parts"><legend>Each member's part</legend>
            <p class="hint" id="parts-hint">Evenly: leave all empty to share among everyone, or put 1 for each who shares. By shares: whole numbers such as 1 or 2. By percentages: adding up to 100. By exact amounts: adding up to the total. Empty is nothing.</p>
            \(fields)
            </fieldset>
            """
    }

    static func balanceText(_ balances: [String: Amount]) -> HTML {
        let parts = balances.sorted { $0.key < $1.key }.filter { $0.value.value != 0 }.map { currency, amount in
            amount.value > 0 ? "you owe \(amount) \(currency)" : "owes you \(Amount(-amount.value, scale: amount.scale)) \(currency)"
        }
        return "<span class=\"balance\">\(parts.isEmpty ? "settled" : parts.joined(separator: ", "))</span>"
    }
}

extension Split {
    /// How the expense was split, in words.
    var modeName: String {
        switch self {
        case .evenly: "evenly"
        case .shares: "by shares"
        case .percentages: "by percentages"
        case .exact: "by amounts"
        case .byItem(let receipt):
            switch receipt.taxSpread {
            case .taxedLines: "by item, tax on the taxed lines"
            case .allLines: "by item, tax over all lines"
            case nil: "by item"
            }
        }
    }
}
