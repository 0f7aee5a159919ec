import ArgumentParser
import DocumentStore
import Foundation
import Households
import ReceiptModel

/// `receipts item`: items of the carts in the local store, edited offline; `receipts sync`
/// merges the changes to a household's carts with what its members changed meanwhile.
struct ItemCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "item",
        abstract: "Items of the local store's carts: add, edit, tick, untick, remove (works offline; receipts sync shares them).",
        discussion: """
            Carts are named by id or the start of it (receipts carts), items by id or, when only \
            one has it, by name (receipts show CART). Changes merge at the next sync by the same \
            rules as lists: different fields both stay, the later change of a field wins, a \
            removed item stays removed.
            """,
        subcommands: [Add.self, Edit.self, Tick.self, Untick.self, Remove.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add an item to a cart.")
        @OptionGroup var options: ItemOptions
        @Argument(help: "The cart's id (or its start).") var cart: String
        @Argument(help: "The item's name.") var name: String
        @OptionGroup var fields: ItemFields

        func run() async throws {
            var input = try fields.input()
            input.name = name
            let (_, item) = try await options.run { carts in try await carts.addItem(to: cart, input, by: options.user.me) }
            try options.print(item)
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change an item's name, quantity or price.")
        @OptionGroup var item: ItemArguments
        @Option(help: "A new name.") var name: String?
        @OptionGroup var fields: ItemFields

        func run() async throws {
            var input = try fields.input()
            input.name = name
            try await item.edit(input)
        }
    }

    struct Tick: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Tick an item. Ticking twice is the same as once.")
        @OptionGroup var item: ItemArguments

        func run() async throws { try await item.edit(ItemInput(completed: true)) }
    }

    struct Untick: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Untick an item.")
        @OptionGroup var item: ItemArguments

        func run() async throws { try await item.edit(ItemInput(completed: false)) }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove an item (for good: a sync never brings it back).")
        @OptionGroup var item: ItemArguments

        func run() async throws {
            let cart = try await item.options.run { carts in try await carts.deleteItem(item.item, of: item.cart, by: item.options.user.me) }
            if item.options.json {
                print(try JSONCoding.line(cart))
            } else {
                print("\(cart.id)  \(cart.name)  \(cart.items.count) item\(cart.items.count == 1 ? "" : "s")")
            }
        }
    }
}

/// The options every `receipts item` command takes, and how it prints.
struct ItemOptions: ParsableArguments {
    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var user: MemberOptions
    @Flag(help: "Print JSON.") var json = false

    /// Runs `body` over the local store's carts (see ``StoreOptions/withLocalReplica(logger:_:)``).
    func run<T: Sendable>(_ body: (OfflineCarts) async throws -> T) async throws -> T {
        try await store.withLocalReplica(logger: global.makeLogger(label: "receipts.item")) { records, replica in
            try await body(OfflineCarts(records: records, replica: replica))
        }
    }

    func print(_ item: CartItem) throws {
        if json { return Swift.print(try JSONCoding.line(item)) }
        let quantity = item.quantity.map { "\($0)" } ?? "1"
        Swift.print("[\(item.completed ? "x" : " ")] \(item.name)  \(quantity)  \(item.price.map { "\($0)" } ?? "-")  \(item.id ?? "")")
    }
}

/// A cart and one of its items.
struct ItemArguments: ParsableArguments {
    @OptionGroup var options: ItemOptions
    @Argument(help: "The cart's id (or its start).") var cart: String
    @Argument(help: "The item's id or name.") var item: String

    func edit(_ input: ItemInput) async throws {
        let (_, edited) = try await options.run { carts in try await carts.editItem(item, of: cart, input, by: options.user.me) }
        try options.print(edited)
    }
}

/// An item's optional fields on the command line.
struct ItemFields: ParsableArguments {
    @Option(help: "How many (a decimal: 2, 0.5).") var quantity: String?
    @Option(help: "The line's price, e.g. 3.49 (\"none\" clears it).") var price: String?

    func input() throws -> ItemInput {
        let quantity = try EntryFields.quantity(quantity)
        let price: Amount?? = try price.map { text in
            if text == "none" { return nil }
            return try Amount.option(text, "--price")
        }
        return ItemInput(quantity: quantity, price: price)
    }
}
