import ArgumentParser
import DocumentStore
import Foundation
import Households
import ReceiptModel

/// `receipts list`: shopping lists in the local store, edited offline; `receipts sync` merges
/// them with the household's lists on a server.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Shopping lists in the local store: create, add, edit, tick, untick, remove entries (works offline; receipts sync shares them).",
        discussion: """
            Lists and entries are named by id or, when only one has it, by name. Every change is \
            stamped with this store's clock, so `receipts sync` merges it with what others changed \
            meanwhile: changes to different fields of an entry both stay, the later change of the \
            same field wins, and a removed entry stays removed.
            """,
        subcommands: [
            Show.self, Create.self, Rename.self, Delete.self, Add.self, Edit.self, Tick.self, Untick.self, Remove.self, ListPresetCommand.self,
        ],
        defaultSubcommand: Show.self
    )

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Every list, or one list with its entries.")
        @OptionGroup var options: ListOptions
        @Argument(help: "A list's id or name (default: every list).") var list: String?

        func run() async throws {
            let lists = try await options.run { lists in
                if let list { return [try await lists.list(list)] }
                return try await lists.all()
            }
            let none = "No lists yet: receipts list create NAME"
            try options.show(lists, json: ListOptions.json, none: none) { ListOptions.text($0, entries: list != nil) }
        }
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a list.")
        @OptionGroup var options: ListOptions
        @Argument(help: "The list's name.") var name: String
        @Option(help: ArgumentHelp("The household it belongs to (default: the one the store syncs with).", valueName: "id"))
        var household: String?

        func run() async throws {
            let list = try await options.run { lists in try await lists.create(name: name, household: household, by: options.user.me) }
            try options.print(list)
        }
    }

    struct Rename: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Rename a list.")
        @OptionGroup var options: ListOptions
        @Argument(help: "The list's id or name.") var list: String
        @Argument(help: "The new name.") var name: String

        func run() async throws {
            try options.print(try await options.run { lists in try await lists.rename(list, to: name) })
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a list (on the server too at the next sync, for good).")
        @OptionGroup var options: ListOptions
        @Argument(help: "The list's id or name.") var list: String

        func run() async throws {
            try options.print(try await options.run { lists in try await lists.delete(list) })
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add an entry to a list.")
        @OptionGroup var options: ListOptions
        @Argument(help: "The list's id or name.") var list: String
        @Argument(help: "What to buy.") var name: String
        @OptionGroup var fields: EntryFields

        func run() async throws {
            var input = try fields.input()
            input.name = name
            let (_, entry) = try await options.run { lists in try await lists.addEntry(to: list, input, by: options.user.me) }
            try options.print(entry)
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change an entry's name, quantity, unit, note or priority.")
        @OptionGroup var entry: EntryArguments
        @Option(help: "A new name.") var name: String?
        @OptionGroup var fields: EntryFields

        func run() async throws {
            var input = try fields.input()
            input.name = name
            try await entry.edit(input)
        }
    }

    struct Tick: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Tick an entry (bought). Ticking twice is the same as once.")
        @OptionGroup var entry: EntryArguments

        func run() async throws { try await entry.edit(EntryInput(completed: true)) }
    }

    struct Untick: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Untick an entry.")
        @OptionGroup var entry: EntryArguments

        func run() async throws { try await entry.edit(EntryInput(completed: false)) }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove an entry (for good: a sync never brings it back).")
        @OptionGroup var entry: EntryArguments

        func run() async throws {
            try entry.options.print(try await entry.options.run { lists in try await lists.deleteEntry(entry.entry, of: entry.list) })
        }
    }
}

/// The options every `receipts list` command takes, and how it prints.
struct ListOptions: ParsableArguments {
    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var user: MemberOptions
    @Flag(help: "Print JSON (one list per line for show).") var json = false

    /// Runs `body` over the local store's lists, closing the store after; domain errors become
    /// their messages and codes.
    func run<T: Sendable>(_ body: (OfflineLists) async throws -> T) async throws -> T {
        try await store.withLocalReplica(logger: global.makeLogger(label: "receipts.list")) { records, replica in
            try await records.store.ensureIndex(collection: HouseholdList.collection, field: "household")
            return try await body(OfflineLists(records: records, replica: replica))
        }
    }

    /// How `list show` and `list preset show` print what they found: one JSON document a line,
    /// or each one's `text`, after `none` (how to make the first) when there is none yet.
    func show<Found>(_ found: [Found], json: (Found) throws -> String, none: String, text: (Found) -> String) throws {
        if self.json {
            var output = StandardOutputBuffer()
            for one in found { output.writeLine(try json(one)) }
            output.flush()
            return
        }
        if found.isEmpty { Swift.print(none) }
        for one in found { Swift.print(text(one)) }
    }

    func print(_ list: HouseholdList) throws {
        Swift.print(json ? try Self.json(list) : Self.text(list, entries: true))
    }

    func print(_ entry: HouseholdList.Entry) throws {
        Swift.print(try json ? JSONCoding.line(entry) : Self.line(entry))
    }

    /// The list as stored, without its stamps (they are for sync, not for people).
    static func json(_ list: HouseholdList) throws -> String {
        var shown = list
        shown.stamps = nil
        return try JSONCoding.line(shown)
    }

    static func text(_ list: HouseholdList, entries: Bool) -> String {
        let open = list.entries.filter { !$0.completed }.count
        // Open entries first, then the high ones, then the latest changed, as on the web page.
        var lines = ["\(list.id)  \(list.name)  \(open) open of \(list.entries.count)\(list.household.isEmpty ? "  (not synced yet)" : "")"]
        if entries { lines += list.entriesInShowingOrder().map { "  " + line($0) } }
        return lines.joined(separator: "\n")
    }

    static func line(_ entry: HouseholdList.Entry) -> String {
        let quantity = "\(entry.quantity)" + (entry.unit.map { " " + $0 } ?? "")
        let priority = entry.effectivePriority == .normal ? "" : "  [\(entry.effectivePriority.rawValue)]"
        return "[\(entry.completed ? "x" : " ")] \(entry.name)  \(quantity)\(entry.note.map { "  (\($0))" } ?? "")\(priority)  \(entry.id)"
    }
}

/// A list and one of its entries.
struct EntryArguments: ParsableArguments {
    @OptionGroup var options: ListOptions
    @Argument(help: "The list's id or name.") var list: String
    @Argument(help: "The entry's id or name.") var entry: String

    /// Edits (or ticks) the entry and prints it.
    func edit(_ input: EntryInput) async throws {
        let (_, edited) = try await options.run { lists in try await lists.editEntry(entry, of: list, input, by: options.user.me) }
        try options.print(edited)
    }
}

/// An entry's optional fields on the command line.
struct EntryFields: ParsableArguments {
    @Option(help: "How many (a decimal: 2, 0.5).") var quantity: String?
    @Option(help: "The unit (kg, pack, …).") var unit: String?
    @Option(help: "A note for whoever shops.") var note: String?
    @Option(help: ArgumentHelp("How much it matters: low, normal (the default) or high.", valueName: "priority")) var priority: String?

    func input() throws -> EntryInput {
        EntryInput(
            quantity: try Self.quantity(quantity),
            unit: unit.map { .some($0) },
            note: note.map { .some($0) },
            priority: try priority.map { text in
                guard let priority = EntryPriority(rawValue: text.lowercased()) else {
                    throw ValidationError("--priority: \"\(text)\" is not one of low, normal, high.")
                }
                return priority
            }
        )
    }

    /// `--quantity` of an entry or an item: a decimal.
    static func quantity(_ text: String?) throws -> Decimal? {
        try text.map { text in
            guard let amount = Amount(text) else { throw ValidationError("--quantity: \"\(text)\" is not a number such as 2 or 0.5.") }
            return amount.value
        }
    }
}
