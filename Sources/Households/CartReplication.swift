import Foundation
import ReceiptModel
import Replication

// Household carts replicate like lists: the cart's name and each item's fields are registers,
// a removed item is a tombstone. The stamps live in the cart document's `stamps` member (kept
// in `extra`, so every reader of the cart document keeps them); totals and completion are
// derived from the items after every merge, never replicated themselves.
extension CartDocument {
    /// The item fields that replicate, each a register of its own.
    static let itemFields = [
        "name", "text", "quantity", "unit", "unitPrice", "price", "discount", "completed", "completedBy", "addedByUser", "addedOn", "product",
        "confidence",
    ]

    /// When each replicated field was last written, and the removed items.
    public var stamps: ReplicaStamps? {
        get { extra["stamps"].flatMap { try? $0.decode(as: ReplicaStamps.self) } }
        set { extra["stamps"] = newValue.flatMap { try? JSONValue(encoding: $0) } }
    }

    /// The cart as a replicated document (see ``ReplicaStamps``); items need ids
    /// (``assignItemIDs()``).
    public func replicated() throws -> ReplicatedDocument {
        (stamps ?? ReplicaStamps()).state(of: try replicaValues())
    }

    /// Merges a replicated state into the cart: its name and items take the merged values;
    /// everything else (merchant, totals as printed, source) stays. Call
    /// ``CartEditor``'s settling afterwards for the derived fields.
    public mutating func merge(_ state: ReplicatedDocument, order: [String]? = nil) throws {
        assignItemIDs()
        let merged = try replicated().merged(with: state)
        if case .string(let text)? = merged.fields["name"]?.value { name = text }
        var byId: [String: CartItem] = [:]
        for (id, entry) in merged.entries {
            guard let values = entry.values else { continue }
            var object = values.filter { $0.value != .null && Self.itemFields.contains($0.key) }
            object["id"] = .string(id)
            guard case .string(let itemName)? = object["name"], !itemName.isEmpty else {
                throw HouseholdError.invalid("cartStates.state.entries.\(id)", "Item \(id) has no name.")
            }
            do {
                byId[id] = try JSONValue.object(object).decode(as: CartItem.self)
            } catch {
                throw HouseholdError.invalid("cartStates.state.entries.\(id)", "Item \(id) is not a cart item: \(error)")
            }
        }
        items = ReplicaStamps.order(byId, preferred: (order ?? []) + items.compactMap(\.id), addedOn: { $0.addedOn ?? "" })
        let stamps = ReplicaStamps(merged: merged, fields: ["name"], entryFields: Self.itemFields)
        if self.stamps != nil || stamps != ReplicaStamps() { self.stamps = stamps }
    }

    /// Stamps what changed since `before` (see ``ReplicaStamps/stamping(json:_:clock:)``), found
    /// on the typed items (``touchedRegisters(since:)``): a tick touches one of them.
    mutating func stampChanges(since before: CartDocument, clock: SharedHybridClock) throws {
        var before = before
        before.assignItemIDs()
        assignItemIDs()
        extra["stamps"] = ReplicaStamps.stamping(json: extra["stamps"], try touchedRegisters(since: before), clock: clock)
    }

    static func replicaValues(of item: CartItem) throws -> [String: JSONValue] {
        ReplicaValues.pick(itemFields, from: try JSONValue(encoding: item).objectValue ?? [:])
    }

    func replicaValues() throws -> ReplicaValues {
        ReplicaValues(
            fields: ["name": .string(name)],
            entries: try items.map { item in (item.id ?? "", try Self.replicaValues(of: item)) }
        )
    }
}

/// A cart as it travels between replicas: its id and its replicated state.
public struct SyncedCart: Codable, Sendable, Hashable {
    public var id: String
    /// The items' ids in the order the sender shows them.
    public var order: [String]?
    public var state: ReplicatedDocument

    public init(id: String, order: [String]?, state: ReplicatedDocument) {
        self.id = id
        self.order = order
        self.state = state
    }

    public init(_ cart: CartDocument) throws {
        var cart = cart
        cart.assignItemIDs()
        self.init(id: cart.id, order: cart.items.compactMap(\.id), state: try cart.replicated())
    }
}
