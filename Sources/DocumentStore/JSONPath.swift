import ReceiptModel

extension JSONValue {
    /// The value at a dotted path (`merchant.name`), `nil` when any step is missing.
    func value(at path: FieldPath) -> JSONValue? {
        var current: JSONValue? = self
        for component in path.components {
            current = current?[component]
        }
        return current
    }
}
