import ArgumentParser
import Expenses
import Foundation
import Households
import ReceiptModel
import SharedExpenses

/// `receipts expense add|list|split|pay|transfer`: shared costs on a personal store.
struct ExpenseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "expense",
        abstract: "Add expenses to a group, split them (by receipt item too), mark shares paid.",
        discussion: """
            Amounts are decimals of the currency (12.50); shares always add up exactly to the \
            total (left-over cents by largest remainder, ties to the name that sorts first). The \
            total is fixed once added; a paid share is never undone.
            """,
        subcommands: [Add.self, List.self, SplitCommand.self, Pay.self, Transfer.self],
        defaultSubcommand: List.self
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add an expense to a group.")
        @OptionGroup var options: LedgerOptions
        @Option(help: "The group's id or name.") var group: String
        @Option(help: ArgumentHelp("The total (default: the receipt's).", valueName: "amount")) var total: String?
        @Option(help: "ISO 4217 code (default: the receipt's, else the group's).") var currency: String?
        @Option(help: "Who paid it all (default: you).") var paidBy: String?
        @Option(name: .customLong("payer"), help: ArgumentHelp("Several payers: NAME=AMOUNT (repeatable).", valueName: "name=amount"))
        var payers: [String] = []
        @Option(help: "The cart (receipt) to split: its id or first characters.") var cart: String?
        @Option var merchant: String?
        @Option(help: ArgumentHelp("The day of the expense.", valueName: "YYYY-MM-DD")) var date: String?
        @Option var notes: String?
        @OptionGroup var split: SplitOptions
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let summary = try await options.run(label: "receipts.expense") { ledger in
                let group = try await LocalLedger.group(group, ledger: ledger, me: options.me)
                let payerAmounts = try LocalLedger.pairs(payers, option: "payer").reduce(into: [String: Amount]()) {
                    $0[$1.0] = try LocalLedger.amount($1.1, option: "payer")
                }
                let input = ExpenseInput(
                    group: group.id,
                    merchant: merchant,
                    date: date,
                    notes: notes,
                    currency: currency,
                    total: try total.map { try LocalLedger.amount($0, option: "total") },
                    paidBy: paidBy,
                    payers: payerAmounts.isEmpty ? nil : payerAmounts,
                    receipt: cart.map { ReceiptInput(household: nil, cart: $0) },
                    split: try split.input()
                )
                let added = try await ledger.add(input, by: options.me)
                return try ExpenseSummary(added.value, payments: [], status: .uploadedByMe)
            }
            if json { return try LocalLedger.printJSON(summary) }
            ExpenseCommand.show(summary)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Expenses you share, newest first, with what you owe on each.")
        @OptionGroup var options: LedgerOptions
        @Option(help: "Only this group (id or name).") var group: String?
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let summaries = try await options.run(label: "receipts.expense") { ledger in
                let records =
                    if let group {
                        try await ledger.expenses(inGroup: try await LocalLedger.group(group, ledger: ledger, me: options.me).id, for: options.me)
                    } else {
                        try await ledger.expenses(of: options.me)
                    }
                let payments = ledger.payments
                let standings = try await payments.standings(of: records.map(\.value), for: options.me)
                return try records.map { record in
                    try ExpenseSummary(
                        record.value,
                        payments: standings[record.value.id]?.payments ?? [],
                        status: standings[record.value.id]?.status
                    )
                }
            }
            if json { return try LocalLedger.printJSON(summaries) }
            if summaries.isEmpty { print("No expenses yet: receipts expense add --group NAME --total 12.50") }
            summaries.forEach(ExpenseCommand.show)
        }
    }

    struct SplitCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "split",
            abstract: "Change how an expense is split (yours only; paid shares must stay as they are)."
        )
        @OptionGroup var options: LedgerOptions
        @Argument(help: "The expense id.") var id: String
        @OptionGroup var split: SplitOptions
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            guard let input = try split.input() else { throw ValidationError("Give the new split with --split (and --share or --item).") }
            let summary = try await options.run(label: "receipts.expense") { ledger in
                let updated = try await ledger.edit(id, ExpenseLedger.Edit(split: input), by: options.me, ifMatch: nil)
                return try ExpenseSummary(
                    updated.value,
                    payments: try await ledger.payments.payments(ofExpense: id),
                    status: .uploadedByMe
                )
            }
            if json { return try LocalLedger.printJSON(summary) }
            ExpenseCommand.show(summary)
        }
    }

    struct Pay: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Mark a member's share of your expense paid (cannot be undone).")
        @OptionGroup var options: LedgerOptions
        @Argument(help: "The expense id.") var id: String
        @Option(name: .customLong("member"), help: "Whose share was paid.") var payer: String
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let payments = try await options.run(label: "receipts.expense") { ledger in
                try await ledger.payments.markPaid(expense: id, member: payer, by: options.me)
            }
            if json { return try LocalLedger.printJSON(payments.map(PaymentSummary.init)) }
            for payment in payments {
                print("paid: \(payment.from) → \(payment.to) \(MinorUnits.amount(payment.amount, currency: payment.currency)) \(payment.currency)")
            }
        }
    }

    struct Transfer: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Record money handed over in a group (e.g. a settle-up suggestion).")
        @OptionGroup var options: LedgerOptions
        @Option(help: "The group's id or name.") var group: String
        @Option(help: "Who paid (default: you).") var from: String?
        @Option(help: "Who received it.") var to: String
        @Option(help: ArgumentHelp("How much.", valueName: "amount")) var amount: String
        @Option(help: "ISO 4217 code.") var currency: String
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let amount = try LocalLedger.amount(amount, option: "amount")
            let payment = try await options.run(label: "receipts.expense") { ledger in
                let group = try await LocalLedger.group(group, ledger: ledger, me: options.me)
                return try await ledger.payments.recordTransfer(
                    in: group.id,
                    from: from ?? options.me,
                    to: to,
                    amount: amount,
                    currency: currency,
                    by: options.me
                )
            }
            if json { return try LocalLedger.printJSON(PaymentSummary(payment)) }
            print("recorded: \(payment.from) → \(payment.to) \(MinorUnits.amount(payment.amount, currency: payment.currency)) \(payment.currency)")
        }
    }

    static func show(_ summary: ExpenseSummary) {
        let shares = summary.shares.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)\(summary.paid.contains($0.key) ? " (paid)" : "")" }
        let what = [summary.date, summary.merchant].compactMap { $0 }.joined(separator: " ")
        Swift.print(
            "\(summary.id)  \(what.isEmpty ? "-" : what)  \(summary.total) \(summary.currency)  paid by \(summary.payers.keys.sorted().joined(separator: ", "))"
                + (summary.status.map { "  [\($0.rawValue)]" } ?? "")
        )
        let tax = summary.taxSpread.map { $0 == .taxedLines ? " (tax on the taxed lines)" : " (tax over all lines)" } ?? ""
        Swift.print("    \(summary.split.rawValue)\(tax): \(shares.joined(separator: ", "))")
    }
}

/// `receipts balances`: who owes whom, per currency.
struct BalancesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "balances",
        abstract: "What you owe each person, or a group's balances and settle-up suggestions, per currency.",
        discussion: "Amounts in different currencies are never added together. Positive: you (or the member) owe; negative: owed."
    )

    @OptionGroup var options: LedgerOptions
    @Option(help: "A group's balances and settle-up suggestions (id or name).") var group: String?
    @Flag(help: "Print JSON.") var json = false

    /// A group's balances, or the caller's by person (as group positions without suggestions).
    struct Report: Encodable {
        var group: String?
        var balances: GroupBalances
    }

    func run() async throws {
        let report = try await options.run(label: "receipts.balances") { ledger in
            let payments = ledger.payments
            if let group {
                let group = try await LocalLedger.group(group, ledger: ledger, me: options.me)
                return Report(group: group.name, balances: try await payments.balances(ofGroup: group.id, for: options.me))
            }
            let byPerson = try await payments.balancesByPerson(of: options.me)
            var balances = GroupBalances(try Balances(expenses: [], payments: []))
            balances.currencies = Array(Set(byPerson.values.flatMap(\.keys))).sorted()
            balances.members = byPerson.keys.sorted().flatMap { person in
                byPerson[person, default: [:]].sorted { $0.key < $1.key }.map {
                    GroupBalances.Position(member: person, currency: $0.key, amount: MinorUnits.amount($0.value, currency: $0.key))
                }
            }
            return Report(group: nil, balances: balances)
        }
        if json { return try LocalLedger.printJSON(report) }
        if report.balances.members.isEmpty { print("All settled.") }
        for line in report.balances.members {
            if report.group != nil {
                print(
                    "\(line.member)  \(line.amount) \(line.currency)  \(line.amount.value > 0 ? "owes" : line.amount.value < 0 ? "is owed" : "even")"
                )
            } else {
                let owes = line.amount.value > 0
                print(
                    "\(owes ? "you owe" : "owes you") \(line.member)  \(owes ? line.amount : Amount(-line.amount.value, scale: line.amount.scale)) \(line.currency)"
                )
            }
        }
        if !report.balances.suggestions.isEmpty {
            print("to settle up:")
            for transfer in report.balances.suggestions { print("  \(transfer.from) pays \(transfer.to) \(transfer.amount) \(transfer.currency)") }
        }
    }
}
