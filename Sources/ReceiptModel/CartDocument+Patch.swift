import Foundation

// A cart's new JSON made from the JSON of the version it was changed from (see
// `Households.PatchEncodable`): an item edit changes one item and the members it settles, and
// encoding the rest of the cart again was the largest part of writing it.
extension CartDocument {
    /// The cart's JSON members but `items`, made from `previous` (the encoder's output for
    /// `old`) when nothing but the members an item edit settles (`rev`, `completed`, `totalPrice`,
    /// `date`) and the kept members (``extra``: stamps, purchaser) differs from `old`; those are
    /// written again from the typed values. Nil otherwise: then encode the cart.
    package func membersWithoutItems(patching previous: [String: JSONValue], of old: CartDocument) throws -> [String: JSONValue]? {
        var probe = self
        probe.items = old.items
        probe.rev = old.rev
        probe.completed = old.completed
        probe.totalPrice = old.totalPrice
        probe.date = old.date
        probe.extra = old.extra
        guard probe == old, Self.sameAmountsExactly(self, old) else { return nil }
        var members = previous
        members["items"] = nil
        members["rev"] = try JSONValue(encoding: rev)
        members["completed"] = .bool(completed)
        members["totalPrice"] = try totalPrice.map { try JSONValue(encoding: $0) } ?? .null
        members["date"] = date.map(JSONValue.string) ?? .null
        // Kept members are written beside the typed ones, never over one (see `KeepsUnknownMembers`).
        for key in old.extra.keys where !Self.knownKeys.contains(key) { members[key] = nil }
        for (key, member) in extra where !Self.knownKeys.contains(key) { members[key] = member }
        return members
    }

    /// Whether the amounts outside the items and `totalPrice` have the same scales too: `==`
    /// takes "3.4" and "3.40" as equal, their JSON is not.
    static func sameAmountsExactly(_ a: CartDocument, _ b: CartDocument) -> Bool {
        Amount.sameScales(
            [a.subtotal, a.tax, a.tip, a.total, a.payment?.tendered, a.payment?.change],
            [b.subtotal, b.tax, b.tip, b.total, b.payment?.tendered, b.payment?.change]
        )
            && Amount.sameScales(a.taxes.map(\.amount), b.taxes.map(\.amount))
    }
}

extension CartItem {
    /// Whether the item is equal to `other` and writes the same JSON: `==` takes amounts equal
    /// in value as equal ("3.4", "3.40").
    package func isExactly(_ other: CartItem) -> Bool {
        self == other && Amount.sameScales([unitPrice, price, discount], [other.unitPrice, other.price, other.discount])
    }
}

extension Amount {
    /// Whether each pair of the amounts (equal in value) has the same scale.
    static func sameScales(_ a: [Amount?], _ b: [Amount?]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0?.scale == $1?.scale }
    }
}
