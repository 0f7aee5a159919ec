import Expenses
import Foundation
import HouseholdApp
import Households
import Hummingbird
import ReceiptModel
import SharedExpenses
import WebApp

/// Friends, groups, expenses (evenly, or a receipt split by item), balances, settling up.
struct GroupPageRoutes {
    let services: HouseholdServices

    var groups: ExpenseGroups { services.ledger.groups }
    var payments: ExpensePayments { services.ledger.payments }

    func add(to pages: RouterGroup<PageContext>) {
        pages.get("groups", use: index)
        pages.post("friends", use: addFriend)
        pages.post("groups", use: createGroup)
        pages.get("groups/{groupId}", use: group)
        pages.get("groups/{groupId}/split", use: splitForm)
        pages.post("groups/{groupId}/expenses", use: addExpense)
        pages.post("expenses/{expenseId}/payments", use: payShare)
        pages.post("groups/{groupId}/payments", use: settleUp)
    }

    @Sendable func index(_ request: Request, context: PageContext) async throws -> Response {
        let session = context.session
        let userId = session.user.id
        let rows = try await payments.friendStandings(of: userId, friends: services.friends)
        let found = try await groups.groups(of: userId).map(\.value)
        let names = try await names(found.flatMap(\.members))
        let page = GroupPages.index(try await frame(session, "Groups"), friends: rows, groups: found, names: names)
        return WebResponse.html(page, request: request)
    }

    @Sendable func addFriend(_ request: Request, context: PageContext) async throws -> Response {
        let session = context.session
        let form = try await WebForm.read(request, session: session, accounts: services.accounts)
        _ = try await services.friends.add(email: form["email"] ?? "", by: session.user)
        return WebResponse.redirect("/groups")
    }

    @Sendable func createGroup(_ request: Request, context: PageContext) async throws -> Response {
        let session = context.session
        let form = try await WebForm.read(request, session: session, accounts: services.accounts)
        let created = try await groups.create(
            name: form["name"] ?? "",
            members: form.all("member"),
            currency: form["currency"],
            by: session.user.id
        )
        return WebResponse.redirect("/groups/\(created.value.id)")
    }

    @Sendable func group(_ request: Request, context: PageContext) async throws -> Response {
        let session = context.session
        let userId = session.user.id
        let group = try await groups.group(try context.parameters.require("groupId"), for: userId).value
        let balances = try await payments.balances(ofGroup: group.id, for: userId)
        let expenses = try await services.ledger.expenses(inGroup: group.id, for: userId)
        let standings = try await payments.standings(of: expenses.map(\.value), for: userId)
        var rows: [ExpenseRow] = []
        for expense in expenses.reversed() {
            let record = expense.value
            let shares = try record.expense.shares().mapValues { MinorUnits.amount($0, currency: record.expense.currency) }
            let standing = standings[record.id]
            rows.append(
                ExpenseRow(record: record, status: standing?.status ?? .paid, shares: shares, paid: Set((standing?.payments ?? []).map(\.from)))
            )
        }
        let page = GroupPages.group(
            try await frame(session, group.name),
            group: group,
            names: try await names(group.members),
            balances: balances,
            expenses: rows,
            receipts: try await receipts(for: userId),
            me: userId
        )
        return WebResponse.html(page, request: request)
    }

    @Sendable func splitForm(_ request: Request, context: PageContext) async throws -> Response {
        let session = context.session
        let group = try await groups.group(try context.parameters.require("groupId"), for: session.user.id).value
        let choice = try Self.receipt(request.query("receipt"))
        let cart = try await services.carts.cart(choice.cartId, in: choice.household, for: session.user.id).value
        let page = GroupPages.split(
            try await frame(session, "Split"),
            group: group,
            names: try await names(group.members),
            receipt: choice,
            cart: cart,
            me: session.user.id
        )
        return WebResponse.html(page, request: request)
    }

    @Sendable func addExpense(_ request: Request, context: PageContext) async throws -> Response {
        let session = context.session
        let groupId = try context.parameters.require("groupId")
        let form = try await WebForm.read(request, session: session, accounts: services.accounts)
        let body = form.json(["total"])
        var input = ExpenseInput(group: groupId, merchant: form["merchant"], currency: form["currency"], paidBy: form["paidBy"])
        if case .some(.some(let total)) = try body.amount("total") { input.total = total }
        if form["mode"] == SplitMode.byItem.rawValue {
            let choice = try Self.receipt(form["receipt"])
            input.receipt = ReceiptInput(household: choice.household, cart: choice.cartId)
            var items: [String: [String: Int]] = [:]
            for (name, member) in form.fields where name.hasPrefix("line.") {
                items[String(name.dropFirst(5)), default: [:]][member] = 1
            }
            input.split = SplitInput(mode: .byItem, items: items)
        } else {
            input.split = try Self.split(mode: SplitMode(rawValue: form["mode"] ?? "evenly"), form: form)
        }
        _ = try await services.ledger.add(input, by: session.user.id)
        return WebResponse.redirect("/groups/\(groupId)")
    }

    @Sendable func payShare(_ request: Request, context: PageContext) async throws -> Response {
        let session = context.session
        let form = try await WebForm.read(request, session: session, accounts: services.accounts)
        let expenseId = try context.parameters.require("expenseId")
        _ = try await payments.markPaid(expense: expenseId, member: form["member"] ?? "", by: session.user.id)
        let expense = try await services.ledger.expense(expenseId, for: session.user.id).value
        return WebResponse.redirect(expense.group.map { "/groups/\($0)" } ?? "/groups")
    }

    @Sendable func settleUp(_ request: Request, context: PageContext) async throws -> Response {
        let session = context.session
        let groupId = try context.parameters.require("groupId")
        let form = try await WebForm.read(request, session: session, accounts: services.accounts)
        guard let amount = try form.json(["amount"]).amount("amount") ?? nil else {
            throw Problem.badRequest("amount", "Give the amount, e.g. 12.50.")
        }
        _ = try await payments.recordTransfer(
            in: groupId,
            from: form["from"] ?? "",
            to: form["to"] ?? "",
            amount: amount,
            currency: form["currency"] ?? "",
            by: session.user.id
        )
        return WebResponse.redirect("/groups/\(groupId)")
    }

    private func frame(_ session: WebSession, _ title: String) async throws -> PageFrame {
        try await session.frame(title, section: .groups, outsideHousehold: services.directory)
    }

    private func names(_ ids: [String]) async throws -> [String: String] {
        try await services.accounts.users(ids).mapValues(\.displayName)
    }

    /// Carts with items from the caller's households, newest first: what an expense can split.
    private func receipts(for userId: String) async throws -> [ReceiptChoice] {
        var result: [ReceiptChoice] = []
        for household in try await services.directory.households(of: userId) {
            let page = try await services.carts.list(household.value.id, for: userId, cursor: nil, limit: 50)
            for cart in page.carts where cart.itemCount > 0 {
                let label = [cart.merchant ?? cart.name, cart.date, cart.totalPrice.map { "\($0) \(cart.currency ?? "")" }].compactMap { $0 }.joined(
                    separator: " · "
                )
                result.append(ReceiptChoice(household: household.value.id, cartId: cart.id, label: label))
            }
        }
        return result
    }

    /// The add-expense form's split: each member's `part.<id>` field, read as `mode` says (the
    /// ledger checks that percentages make 100 and amounts the total). An empty part is no part.
    static func split(mode: SplitMode?, form: WebForm) throws -> SplitInput {
        let fields = form.fields.map(\.0).filter { $0.hasPrefix("part.") && form[$0] != nil }
        let body = form.json(fields)
        func member(_ field: String) -> String { String(field.dropFirst("part.".count)) }
        var numbers: [String: Decimal] = [:]
        for field in fields where mode != .exact {
            if let number = try body.decimal(field), number != 0 { numbers[member(field)] = number }
        }
        switch mode {
        case .evenly:
            return SplitInput(mode: .evenly, members: numbers.isEmpty ? nil : numbers.keys.sorted())
        case .shares:
            var weights: [String: Int] = [:]
            for (member, number) in numbers {
                let whole = NSDecimalNumber(decimal: number).intValue
                guard Decimal(whole) == number, whole > 0 else {
                    throw Problem.badRequest("part.\(member)", "Shares are whole numbers such as 1 or 2.")
                }
                weights[member] = whole
            }
            return SplitInput(mode: .shares, weights: weights)
        case .percentages:
            return SplitInput(mode: .percentages, percentages: numbers)
        case .exact:
            var amounts: [String: Amount] = [:]
            for field in fields { if case .some(.some(let amount)) = try body.amount(field) { amounts[member(field)] = amount } }
            return SplitInput(mode: .exact, amounts: amounts)
        case .byItem, nil:
            throw Problem.badRequest("mode", "Split evenly, by shares, by percentages or by exact amounts.")
        }
    }

    /// `household/cart` from a form.
    static func receipt(_ value: String?) throws -> ReceiptChoice {
        let parts = (value ?? "").split(separator: "/").map(String.init)
        guard parts.count == 2 else { throw Problem.badRequest("receipt", "Choose a receipt to split.") }
        return ReceiptChoice(household: parts[0], cartId: parts[1], label: "")
    }
}
