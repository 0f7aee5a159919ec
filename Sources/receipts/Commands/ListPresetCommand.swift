import ArgumentParser
import Foundation
import Households
import ReceiptModel

/// `receipts list preset`: saved sets of entries in the local store, added to a list at once with
/// quantities scaled by servings (the same rules as the server's presets).
struct ListPresetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preset",
        abstract: "Presets: saved sets of entries (\"Taco night\") added to a list at once, scaled by servings.",
        discussion: """
            Entries are typed like "2 flour tortillas" or "300 g cheddar" (a number, an optional \
            unit, a name). Adding a preset to a list scales each quantity by servings / the \
            preset's servings: counts round up to whole pieces, measures to two decimals.
            """,
        subcommands: [Show.self, Save.self, Add.self, Delete.self],
        defaultSubcommand: Show.self
    )

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Every preset, or one with its entries.")
        @OptionGroup var options: ListOptions
        @Argument(help: "A preset's id or name (default: every preset).") var preset: String?

        func run() async throws {
            let presets = try await ListPresetCommand.run(options) { presets, _ in
                if let preset { return [try await presets.preset(preset)] }
                return try await presets.all()
            }
            let none = "No presets yet: receipts list preset save NAME \"2 tortillas\" \"300 g cheddar\""
            try options.show(presets, json: JSONCoding.line, none: none) { ListPresetCommand.text($0, entries: preset != nil) }
        }
    }

    struct Save: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Save a preset.")
        @OptionGroup var options: ListOptions
        @Argument(help: "The preset's name.") var name: String
        @Argument(help: "Its entries, each like \"2 flour tortillas\" or \"300 g cheddar\".") var entries: [String]
        @Option(help: "How many servings the quantities are for.") var servings: Int = 1

        func run() async throws {
            let items = entries.compactMap(Preset.Item.init(line:))
            let preset = try await ListPresetCommand.run(options) { presets, _ in
                try await presets.create(PresetInput(name: name, servings: servings, entries: items), by: options.user.me)
            }
            print(
                try options.json ? JSONCoding.line(preset) : ListPresetCommand.text(preset, entries: true)
            )
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a preset's entries to a list.")
        @OptionGroup var options: ListOptions
        @Argument(help: "The preset's id or name.") var preset: String
        @Argument(help: "The list's id or name.") var list: String
        @Option(help: "Servings wanted (default: the preset's).") var servings: Int?

        func run() async throws {
            let (updated, _) = try await ListPresetCommand.run(options) { presets, _ in
                try await presets.add(preset, to: list, servings: servings, by: options.user.me)
            }
            try options.print(updated)
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a preset.")
        @OptionGroup var options: ListOptions
        @Argument(help: "The preset's id or name.") var preset: String

        func run() async throws {
            let deleted = try await ListPresetCommand.run(options) { presets, _ in try await presets.delete(preset) }
            print(try options.json ? JSONCoding.line(deleted) : "Deleted \(deleted.name)")
        }
    }

    /// Runs `body` over the local store's presets and lists.
    static func run<T: Sendable>(_ options: ListOptions, _ body: (OfflinePresets, OfflineLists) async throws -> T) async throws -> T {
        try await options.run { lists in try await body(OfflinePresets(records: lists.records, lists: lists), lists) }
    }

    static func text(_ preset: Preset, entries: Bool) -> String {
        var lines = ["\(preset.id)  \(preset.name)  for \(preset.servings)  \(preset.entries.count) entries"]
        if entries { lines += preset.entries.map { "  \($0.quantity)\($0.unit.map { " " + $0 } ?? "") \($0.name)" } }
        return lines.joined(separator: "\n")
    }
}
