import Foundation
import ReceiptModel

// What an edit of a cart wrote, for its replication stamps, found on the typed items: a tick
// changes two fields of one item, and encoding that item twice (before and after) to compare
// its fields as JSON was a tenth of the server's work per tick.
extension CartDocument {
    /// The registers written from `before` to `self`: the name, each field of each item whose
    /// JSON differs, every field of a new item, removed items. The same registers as comparing
    /// both versions' encoded items field by field (``CartDocument/replicaValues(of:)``); both
    /// carts' items need ids.
    func touchedRegisters(since before: CartDocument) throws -> ReplicaStamps.Touched {
        var touched = ReplicaStamps.Touched()
        if before.name != name { touched.fields.append("name") }
        let old = Dictionary(before.items.map { ($0.id ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        var current = Set<String>(minimumCapacity: items.count)
        for item in items {
            let id = item.id ?? ""
            current.insert(id)
            guard let previous = old[id] else {
                touched.added.append(id)
                touched.entryFields += Self.itemFields.map { (id, $0) }
                continue
            }
            if previous == item { continue }
            for field in try Self.changedFields(from: previous, to: item) { touched.entryFields.append((id, field)) }
        }
        touched.removed = old.keys.filter { !current.contains($0) }
        return touched
    }

    /// The replicated fields (``itemFields``) whose JSON differs between two versions of an item.
    /// A field is compared as JSON only when its typed values may differ: equal values of these
    /// types encode alike, but `Amount`s equal in value may differ in scale ("3.4", "3.40").
    static func changedFields(from old: CartItem, to new: CartItem) throws -> [String] {
        var changed: [String] = []
        func compare<V: Encodable>(_ field: String, _ a: V?, _ b: V?, same: (V, V) -> Bool) throws {
            switch (a, b) {
            case (nil, nil): return
            case (let a?, let b?) where same(a, b): return
            default: if try json(a) != json(b) { changed.append(field) }
            }
        }
        func json<V: Encodable>(_ value: V?) throws -> JSONValue {
            guard let value else { return .null }
            return try JSONValue(encoding: value)
        }
        let exactAmount: (Amount, Amount) -> Bool = { $0.value == $1.value && $0.scale == $1.scale }
        // In `itemFields`' order.
        try compare("name", old.name, new.name, same: ==)
        try compare("text", old.text, new.text, same: ==)
        try compare("quantity", old.quantity, new.quantity, same: ==)
        try compare("unit", old.unit, new.unit, same: ==)
        try compare("unitPrice", old.unitPrice, new.unitPrice, same: exactAmount)
        try compare("price", old.price, new.price, same: exactAmount)
        try compare("discount", old.discount, new.discount, same: exactAmount)
        try compare("completed", old.completed, new.completed, same: ==)
        // A member of `extra`: compared as the JSON it is, a missing one as null.
        if (old.extra["completedBy"] ?? .null) != (new.extra["completedBy"] ?? .null) { changed.append("completedBy") }
        try compare("addedByUser", old.addedByUser, new.addedByUser, same: ==)
        try compare("addedOn", old.addedOn, new.addedOn, same: ==)
        try compare("product", old.product, new.product, same: ==)
        try compare("confidence", old.confidence, new.confidence, same: ==)
        return changed
    }
}
