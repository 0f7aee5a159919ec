import ReceiptModel

extension JSONCoding {
    /// A value as one line of the documents' JSON (sorted keys): what `--json` prints.
    static func line(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
