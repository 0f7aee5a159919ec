import DocumentStore
import Foundation
import ReceiptModel
import Replication

/// Items of the carts in a store of one's own (the CLI's local store), edited without a server:
/// the same checks, settling and stamps as ``CartEditor``, so that a sync merges them with what
/// the household changed meanwhile. Changes to a household's cart are remembered for the next
/// sync (``LocalReplica``).
public struct OfflineCarts: Sendable {
    /// The same store, clock and time as the store's lists.
    let lists: OfflineLists
    var records: Records { lists.records }
    var clock: SharedHybridClock { lists.clock }
    var now: @Sendable () -> Date { lists.now }

    /// - Parameter replica: this store's replica id (``LocalReplica/state()``).
    public init(records: Records, replica: String, now: @escaping @Sendable () -> Date = Date.init) {
        lists = OfflineLists(records: records, replica: replica, now: now)
    }

    /// A cart by id, or by the start of its id when only one cart has it (``CartReference``).
    public func cart(_ idOrPrefix: String) async throws -> CartDocument {
        var cart = try await CartReference.resolve(
            idOrPrefix,
            exact: { id in try await records.get(CartDocument.self, Collections.carts, id)?.value },
            startingWith: { prefix in
                try await records.all(
                    CartDocument.self,
                    DocumentQuery(collection: Collections.carts, filters: [.hasPrefix("id", prefix)], limit: 2)
                ).map(\.value)
            },
            notFound: { HouseholdError(.cartNotFound, $0) }
        )
        cart.assignItemIDs()
        return cart
    }

    public func addItem(to cart: String, _ input: ItemInput, by displayName: String) async throws -> (CartDocument, CartItem) {
        let item = try CartEditor.newItem(input, by: displayName, now: now())
        return try await change(cart, by: displayName) { cart in
            cart.items.append(item)
            return item
        }
    }

    /// Edits (or ticks) an item, found by id or, when exactly one item has it, by name.
    public func editItem(_ item: String, of cart: String, _ input: ItemInput, by displayName: String) async throws -> (CartDocument, CartItem) {
        let edit = try CartEditor.itemEdit(input, by: displayName)
        return try await change(cart, by: displayName) { cart in
            let index = try Self.index(of: item, in: cart)
            edit(&cart.items[index])
            return cart.items[index]
        }
    }

    public func deleteItem(_ item: String, of cart: String, by displayName: String) async throws -> CartDocument {
        try await change(cart, by: displayName) { cart in
            let index = try Self.index(of: item, in: cart)
            cart.items.remove(at: index)
        }.0
    }

    func change<R: Sendable>(_ idOrPrefix: String, by displayName: String, _ body: (inout CartDocument) throws -> R) async throws -> (CartDocument, R)
    {
        let id = try await cart(idOrPrefix).id
        let (stored, result) = try await records.update(CartDocument.self, Collections.carts, id, ifMatch: nil, notFound: .cartNotFound) { cart in
            cart.assignItemIDs()
            return try cart.stampingChanges(clock: clock) { cart in
                let result = try body(&cart)
                CartEditor.settle(&cart, by: displayName, now: now())
                return result
            }
        }
        if stored.value.household != nil { try await LocalReplica(records: records, now: now).changed(cart: id) }
        return (stored.value, result)
    }

    /// Applies a change decided above the domain (a correction of what the reader got wrong) to a
    /// cart, by id or the start of its id, through the one write path: item changes are stamped for
    /// the next sync; nothing is settled, so a correction's total stays as given.
    public func revise<R: Sendable>(_ idOrPrefix: String, _ body: (inout CartDocument) throws -> R) async throws -> (CartDocument, R) {
        let id = try await cart(idOrPrefix).id
        let (stored, result) = try await records.update(CartDocument.self, Collections.carts, id, ifMatch: nil, notFound: .cartNotFound) { cart in
            cart.assignItemIDs()
            return try cart.stampingChanges(clock: clock, body)
        }
        if stored.value.household != nil { try await LocalReplica(records: records, now: now).changed(cart: id) }
        var cart = stored.value
        cart.rev = stored.rev
        return (cart, result)
    }

    static func index(of item: String, in cart: CartDocument) throws -> Int {
        try OfflineLists.index(
            of: item,
            in: cart.items.map { ($0.id, $0.name) },
            notFound: .itemNotFound,
            several: "Several items are called '\(item)'; give the item's id (receipts show CART)."
        )
    }
}
