extension PostgresDocumentStore {
    /// The text rows of `documents`: each indexed field's text, ready for the trigram index.
    struct TextRows {
        var documentCollections: [String] = [], documentIDs: [String] = []
        var collections: [String] = [], ids: [String] = [], fields: [String] = [], texts: [String] = []

        init(_ documents: [(StoredDocument, Bool)], fields indexed: [String: [FieldPath]]) {
            documentCollections = documents.map(\.0.collection)
            documentIDs = documents.map(\.0.id)
            for (document, deleted) in documents where !deleted {
                for field in indexed[document.collection] ?? [] {
                    guard let text = document.document.value(at: field)?.stringValue else { continue }
                    let indexedText = TrigramSimilarity.indexText(text)
                    guard !indexedText.isEmpty else { continue }
                    collections.append(document.collection)
                    ids.append(document.id)
                    fields.append(field.description)
                    texts.append(indexedText)
                }
            }
        }
    }
}
