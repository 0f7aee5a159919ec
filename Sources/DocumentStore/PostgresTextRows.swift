import ReceiptModel

extension PostgresDocumentStore {
    /// A document whose text rows to compute: `document` is `nil` for a deletion (no rows).
    typealias TextSource = (collection: String, id: String, document: JSONValue?)

    /// The text rows of `documents`: each indexed field's text, ready for the trigram index.
    struct TextRows {
        var documentCollections: [String] = [], documentIDs: [String] = []
        var collections: [String] = [], ids: [String] = [], fields: [String] = [], texts: [String] = []
        /// For each row, the position of its document in `documents`, counted from 1 (how the
        /// write functions name a document).
        var positions: [Int32] = []

        init(_ documents: [TextSource], fields indexed: [String: [FieldPath]]) {
            documentCollections = documents.map(\.collection)
            documentIDs = documents.map(\.id)
            for (position, source) in documents.enumerated() {
                guard let document = source.document else { continue }
                for field in indexed[source.collection] ?? [] {
                    guard let text = document.value(at: field)?.stringValue else { continue }
                    let indexedText = TrigramSimilarity.indexText(text)
                    guard !indexedText.isEmpty else { continue }
                    collections.append(source.collection)
                    ids.append(source.id)
                    fields.append(field.description)
                    texts.append(indexedText)
                    positions.append(Int32(position + 1))
                }
            }
        }
    }
}
