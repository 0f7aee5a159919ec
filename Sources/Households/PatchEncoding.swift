import ReceiptModel

/// A document that writes its new JSON from the JSON of the version it was changed from,
/// re-encoding only what differs. A tick changes one item of a cart; encoding all of them again
/// was the largest single cost of the server's writes.
protocol PatchEncodable {
    /// The JSON of `self`, equal to `JSONValue(encoding: self)`, built from `previous`, the
    /// encoder's output for `old`. Nil when it cannot be done (then the caller encodes in full).
    func json(patching previous: JSONValue, of old: Any) throws -> JSONValue?
}

extension CartDocument: PatchEncodable {
    func json(patching previous: JSONValue, of old: Any) throws -> JSONValue? {
        guard let old = old as? CartDocument, case .object(let previousMembers) = previous, let oldItems = previous["items"]?.arrayValue,
            oldItems.count == old.items.count
        else { return nil }
        // Items are encoded on their own (nothing else in the document depends on them), so the
        // rest is the encoding of the cart without them, or the previous one's with the members
        // an item edit settles written again.
        var json: [String: JSONValue]
        if let patched = try membersWithoutItems(patching: previousMembers, of: old) {
            json = patched
        } else {
            var shell = self
            shell.items = []
            guard let encoded = try JSONValue(encoding: shell).objectValue else { return nil }
            json = encoded
        }
        var unchanged: [String: (item: CartItem, json: JSONValue)] = [:]
        for (item, itemJSON) in zip(old.items, oldItems) {
            if let id = item.id { unchanged[id] = (item, itemJSON) }
        }
        json["items"] = .array(
            try items.map { item in
                if let id = item.id, let kept = unchanged[id], kept.item.isExactly(item) { return kept.json }
                return try JSONValue(encoding: item)
            }
        )
        return .object(json)
    }
}
