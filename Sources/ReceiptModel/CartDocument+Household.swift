import Foundation

// Members a shared household server adds to the cart document, kept in `extra` so that stores and
// readers written before them keep every field (cart-document.md: unknown fields are kept).
extension CartDocument {
    /// The household the cart belongs to; `nil` for a personal store without a server.
    public var household: String? {
        get { extra["household"]?.stringValue }
        set { extra["household"] = newValue.map(JSONValue.string) }
    }

    /// The account id behind ``addedByUser`` (a display name) when a server added the cart.
    public var addedByUserId: String? {
        get { extra["addedByUserId"]?.stringValue }
        set { extra["addedByUserId"] = newValue.map(JSONValue.string) }
    }

    /// Who ticked the last open item, completing the cart.
    public var purchasedByUser: String? {
        get { extra["purchasedByUser"]?.stringValue }
        set { extra["purchasedByUser"] = newValue.map(JSONValue.string) ?? .null }
    }

    /// The id of the cart a receipt image becomes: the image's SHA-256 in a personal store, and
    /// prefixed with the household in a shared one, so the same photo in two households gives two
    /// carts while the same photo twice in one household gives one.
    public static func receiptCartID(imageSHA256: String, household: String?) -> String {
        household.map { "\($0)-\(imageSHA256)" } ?? imageSHA256
    }

    /// Gives every item without an id a stable one (`i1`, `i2`, … by position, skipping ids in use),
    /// so that items can be addressed by id rather than by a position that shifts.
    public mutating func assignItemIDs() {
        // Called on every edit, where every item has its id already: no set of them to build.
        guard items.contains(where: { $0.id == nil }) else { return }
        var used = Set(items.compactMap(\.id))
        var next = 1
        for index in items.indices where items[index].id == nil {
            while used.contains("i\(next)") { next += 1 }
            items[index].id = "i\(next)"
            used.insert("i\(next)")
        }
    }
}

// Duplicate purchases: the same receipt photographed twice.
extension CartDocument {
    /// The id of an earlier cart with the same merchant, date, time and total (another photo of
    /// the same receipt, most likely); such a cart stays out of spending figures until kept.
    public var possibleDuplicateOf: String? {
        get { extra["possibleDuplicateOf"]?.stringValue }
        set { extra["possibleDuplicateOf"] = newValue.map(JSONValue.string) }
    }

    /// Set when the user says a flagged cart is a purchase of its own after all.
    public var duplicateKept: Bool {
        get { extra["duplicateKept"] == .bool(true) }
        set { extra["duplicateKept"] = newValue ? .bool(true) : nil }
    }

    /// Whether the cart is a possible duplicate nobody chose to keep: its `possibleDuplicateOf`
    /// member is truthy (anything but absent, null, false, 0 or "") and `duplicateKept` is not set.
    public var isLeftOutDuplicate: Bool {
        if duplicateKept { return false }
        switch extra["possibleDuplicateOf"] {
        case nil, .null?, .bool(false)?, .string("")?: return false
        case .number(let value)?: return value != 0
        default: return true
        }
    }
}

extension CartItem {
    /// The item's id within its cart.
    public var id: String? {
        get { extra["id"]?.stringValue }
        set { extra["id"] = newValue.map(JSONValue.string) }
    }

    /// Who ticked the item (a display name), when it was ticked through a server.
    public var completedBy: String? {
        get { extra["completedBy"]?.stringValue }
        set { extra["completedBy"] = newValue.map(JSONValue.string) ?? .null }
    }
}

// What the reading found about the receipt itself.
extension CartDocument {
    /// ISO 639-1 code of the language the receipt is printed in ("fr", "de"), when a reading
    /// recognised one other than English; `nil` for English or when no language stood out.
    public var language: String? {
        get { extra["language"]?.stringValue }
        set { extra["language"] = newValue.map(JSONValue.string) }
    }
}
