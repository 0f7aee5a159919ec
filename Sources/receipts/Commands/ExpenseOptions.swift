import ArgumentParser
import DocumentStore
import Expenses
import Foundation
import Households
import Logging
import ReceiptModel
import ReceiptPipeline
import SharedExpenses

/// Who is acting on a personal store (no accounts there): members are plain names.
struct MemberOptions: ParsableArguments {
    @Option(name: .customLong("as"), help: ArgumentHelp("Your name in the groups ($RECEIPTS_USER, else $USER).", valueName: "name"))
    var actingAs: String?

    var me: String {
        actingAs ?? ProcessInfo.processInfo.environment["RECEIPTS_USER"] ?? ProcessInfo.processInfo.environment["USER"] ?? "me"
    }
}

/// The expense ledger over a personal store: any name may be a member, carts are the store's own.
enum LocalLedger {
    static func open(_ store: any DocumentStore, logger: Logger) -> ExpenseLedger {
        let records = Records(store: store)
        return ExpenseLedger(
            records: records,
            groups: ExpenseGroups(records: records, rule: .anyName),
            cart: { _, cartId, _ in try await CartQueries(store: store).cart(idOrPrefix: cartId) },
            logger: logger
        )
    }

    /// A group of `me` by id or by name.
    static func group(_ idOrName: String, ledger: ExpenseLedger, me: String) async throws -> ExpenseGroup {
        let mine = try await ledger.groups.groups(of: me).map(\.value)
        if let group = mine.first(where: { $0.id == idOrName }) { return group }
        let named = mine.filter { $0.name.caseInsensitiveCompare(idOrName) == .orderedSame }
        guard named.count == 1, let group = named.first else {
            throw ValidationError(
                named.isEmpty
                    ? "No group \"\(idOrName)\" of \(me)'s. List them with `receipts groups`."
                    : "Several groups are called \"\(idOrName)\"; name one by its id."
            )
        }
        return group
    }

    /// Runs `body` with the store open, closing it after; domain errors become their messages.
    static func run<T>(_ options: StoreOptions, logger: Logger, _ body: (ExpenseLedger) async throws -> T) async throws -> T {
        do {
            return try await options.withOpenStore(logger: logger) { store in
                for (collection, field) in Collections.indexes { try await store.ensureIndex(collection: collection, field: field) }
                return try await body(open(store, logger: logger))
            }
        } catch let error as HouseholdError {
            throw CLIError(error)
        } catch let error as ExpenseError {
            throw CLIError(code: error.code.rawValue, message: error.message + (error.field.map { " (\($0))" } ?? ""))
        }
    }

    /// `NAME=VALUE` pairs.
    static func pairs(_ values: [String], option: String) throws -> [(String, String)] {
        try values.map { text in
            guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                throw ValidationError("--\(option) takes NAME=VALUE, e.g. --\(option) ana=2; got \"\(text)\".")
            }
            return (String(text[..<equals]), String(text[text.index(after: equals)...]))
        }
    }

    static func amount(_ text: String, option: String) throws -> Amount {
        try Amount.option(text, "--\(option)")
    }

    static func printJSON(_ value: some Encodable) throws {
        print(try JSONCoding.line(value))
    }
}

/// A domain error with its stable code, printed as `error: message [code]`.
struct CLIError: Error, CustomStringConvertible {
    var code: String
    var message: String
    var description: String { "\(message) [\(code)]" }
}

extension CLIError {
    init(_ error: HouseholdError) { self.init(code: error.code.rawValue, message: error.message) }
}

/// The options every command over the personal store's expense ledger takes.
struct LedgerOptions: ParsableArguments {
    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var member: MemberOptions

    var me: String { member.me }

    /// Runs `body` over the ledger (see ``LocalLedger/run(_:logger:_:)``), logging as `label`.
    func run<T>(label: String, _ body: (ExpenseLedger) async throws -> T) async throws -> T {
        try await LocalLedger.run(store, logger: global.makeLogger(label: label), body)
    }
}

/// The split flags shared by `expense add` and `expense split`.
struct SplitOptions: ParsableArguments {
    @Option(help: ArgumentHelp("How to split (default: the group's weights, else evenly).", valueName: "mode"))
    var split: SplitMode?

    @Option(
        name: .customLong("share"),
        help: ArgumentHelp(
            "For shares: NAME=WEIGHT; percentages: NAME=PERCENT; exact: NAME=AMOUNT; evenly: NAME= (repeatable).",
            valueName: "name=value"
        )
    )
    var shares: [String] = []

    @Option(
        name: .customLong("item"),
        help: ArgumentHelp(
            "For byItem: a receipt line (numbered from 1 as `receipts show` lists them) and who had it: N=ana,bo or N=ana:2,bo (repeatable).",
            valueName: "N=names"
        )
    )
    var items: [String] = []

    func input() throws -> SplitInput? {
        guard let split else {
            guard shares.isEmpty, items.isEmpty else { throw ValidationError("Name the split mode with --split when giving --share or --item.") }
            return nil
        }
        let pairs = try LocalLedger.pairs(shares, option: "share")
        /// Each member's `--share` value read by `read`; the first one given for a name counts.
        func byMember<Value>(_ read: (String, String) throws -> Value) throws -> [String: Value] {
            try Dictionary(pairs.map { name, value in (name, try read(name, value)) }, uniquingKeysWith: { a, _ in a })
        }
        switch split {
        case .evenly:
            return SplitInput(mode: split, members: pairs.isEmpty ? nil : pairs.map(\.0))
        case .shares:
            return SplitInput(
                mode: split,
                weights: try byMember { name, value in
                    guard let weight = Int(value) else { throw ValidationError("--share \(name)=\(value): a weight is a whole number.") }
                    return weight
                }
            )
        case .percentages:
            return SplitInput(
                mode: split,
                percentages: try byMember { name, value in
                    guard let percent = Amount(value) else {
                        throw ValidationError("--share \(name)=\(value): a percentage is a number such as 33.3.")
                    }
                    return percent.value
                }
            )
        case .exact:
            return SplitInput(mode: split, amounts: try byMember { _, value in try LocalLedger.amount(value, option: "share") })
        case .byItem:
            var lines: [String: [String: Int]] = [:]
            for (line, names) in try LocalLedger.pairs(items, option: "item") {
                guard let number = Int(line), number >= 1 else { throw ValidationError("--item \(line)=…: lines are numbered from 1.") }
                var members: [String: Int] = [:]
                for part in names.split(separator: ",") {
                    let bits = part.split(separator: ":")
                    guard let name = bits.first, bits.count <= 2, let weight = bits.count == 2 ? Int(bits[1]) : 1 else {
                        throw ValidationError("--item \(line)=\(names): give names as ana,bo or ana:2,bo.")
                    }
                    members[String(name)] = weight
                }
                lines[String(number - 1)] = members
            }
            return SplitInput(mode: split, items: lines)
        }
    }
}

/// `--split evenly`: argument-parser lists the modes in help and refuses any other.
extension SplitMode: ExpressibleByArgument {}
