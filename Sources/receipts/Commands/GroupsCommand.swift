import ArgumentParser
import Foundation
import Households

/// `receipts groups`: expense groups on a personal store.
struct GroupsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "groups",
        abstract: "List, create and grow expense groups (people who share costs).",
        discussion: """
            On a personal store members are plain names; you are --as (default $RECEIPTS_USER, \
            else $USER). On a server, groups are made of accounts that are friends: see the API.
            """,
        subcommands: [List.self, Create.self, AddMember.self],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Your groups and their members.")
        @OptionGroup var options: LedgerOptions
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let groups = try await options.run(label: "receipts.groups") { ledger in
                try await ledger.groups.groups(of: options.me).map(\.value)
            }
            if json { return try LocalLedger.printJSON(groups) }
            if groups.isEmpty { print("No groups of \(options.me)'s yet: receipts groups create NAME --member ana --member bo") }
            for group in groups {
                print("\(group.id)  \(group.name)  \(group.members.joined(separator: ", "))\(group.currency.map { "  (\($0))" } ?? "")")
            }
        }
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a group; you are in it.")
        @OptionGroup var options: LedgerOptions
        @Argument(help: "The group's name.") var name: String
        @Option(name: .customLong("member"), help: "Another member (repeatable).") var members: [String] = []
        @Option(help: "The currency expenses default to, e.g. EUR.") var currency: String?
        @Option(name: .customLong("weight"), help: ArgumentHelp("Default split weight NAME=N (repeatable).", valueName: "name=n"))
        var weights: [String] = []
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let defaults = try LocalLedger.pairs(weights, option: "weight").reduce(into: [String: Int]()) { result, pair in
                guard let weight = Int(pair.1) else { throw ValidationError("--weight \(pair.0)=\(pair.1): a weight is a whole number.") }
                result[pair.0] = weight
            }
            let group = try await options.run(label: "receipts.groups") { ledger in
                try await ledger.groups.create(
                    name: name,
                    members: members,
                    defaultWeights: defaults.isEmpty ? nil : defaults,
                    currency: currency,
                    by: options.me
                ).value
            }
            if json { return try LocalLedger.printJSON(group) }
            print("\(group.id)  \(group.name)  \(group.members.joined(separator: ", "))")
        }
    }

    struct AddMember: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add-member", abstract: "Add someone to a group.")
        @OptionGroup var options: LedgerOptions
        @Argument(help: "The group's id or name.") var group: String
        @Argument(help: "The new member's name.") var name: String

        func run() async throws {
            let updated = try await options.run(label: "receipts.groups") { ledger in
                let group = try await LocalLedger.group(group, ledger: ledger, me: options.me)
                return try await ledger.groups.add(member: name, to: group.id, by: options.me).value
            }
            print("\(updated.name): \(updated.members.joined(separator: ", "))")
        }
    }
}
