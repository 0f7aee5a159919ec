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
        guard let old = old as? CartDocument, let oldItems = previous["items"]?.arrayValue, oldItems.count == old.items.count else { return nil }
        // Items are encoded on their own (nothing else in the document depends on them), so the
        // rest is the encoding of the cart without them.
        var shell = self
        shell.items = []
        guard var json = try JSONValue(encoding: shell).objectValue else { return nil }
        var unchanged: [String: (item: CartItem, json: JSONValue)] = [:]
        for (item, itemJSON) in zip(old.items, oldItems) {
            if let id = item.id { unchanged[id] = (item, itemJSON) }
        }
        json["items"] = .array(
            try items.map { item in
                if let id = item.id, let kept = unchanged[id], kept.item == item { return kept.json }
                return try JSONValue(encoding: item)
            }
        )
        return .object(json)
    }
}
