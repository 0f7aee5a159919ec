import GRDB
import ReceiptModel

// Text search on the embedded store: FTS5 trigram candidates ranked again by similarity
// (`TextRanking`); a field searched for the first time is indexed for every document first.

extension SQLiteDocumentStore {
    public func searchText(collection: String, fields: [String], query: String, limit: Int) async throws -> [ScoredDocument] {
        try StoreSchema.validateCollection(collection)
        let paths = try fields.map { try FieldPath($0).validated().description }
        guard !paths.isEmpty, limit > 0 else { return [] }
        try await ensureTextFields(collection: collection, fields: paths)
        guard let match = TrigramSimilarity.fts5Query(query) else { return [] }
        let candidates = max(limit * 20, 200)
        let placeholders = paths.map { _ in "?" }.joined(separator: ", ")
        var arguments: [(any DatabaseValueConvertible)?] = [collection, match, collection]
        arguments += paths.map { $0 as (any DatabaseValueConvertible)? }
        arguments.append(candidates)
        let sql = """
            SELECT d.id, d.rev, d.seq, d.body FROM documents d WHERE d.collection = ? AND d.deleted = 0 AND d.id IN (
                SELECT r.id FROM text_index t JOIN text_rows r ON r.rowid = t.rowid
                WHERE text_index MATCH ? AND r.collection = ? AND r.field IN (\(placeholders))
                ORDER BY bm25(text_index) LIMIT ?)
            """
        let finalArguments = StatementArguments(arguments)
        let documents = try await run { db in
            try Row.fetchAll(db, sql: sql, arguments: finalArguments).map { row in
                StoredDocument(collection: collection, id: row[0], rev: row[1], seq: row[2], document: try JSONText.decode(row[3]))
            }
        }
        return TextRanking.rank(documents, fields: paths, query: query, limit: limit)
    }

    private func ensureTextFields(collection: String, fields: [String]) async throws {
        let known = try await run { db in
            try Set(String.fetchAll(db, sql: "SELECT field FROM text_fields WHERE collection = ?", arguments: [collection]))
        }
        let missing = fields.filter { !known.contains($0) }
        guard !missing.isEmpty else { return }
        try await write { db in
            for field in missing {
                try db.execute(sql: "INSERT OR IGNORE INTO text_fields(collection, field) VALUES (?, ?)", arguments: [collection, field])
            }
            let all = try Self.textFields(db)[collection]
            let rows = try Row.fetchCursor(db, sql: "SELECT id, body FROM documents WHERE collection = ? AND deleted = 0", arguments: [collection])
            while let row = try rows.next() {
                try Self.updateTextIndex(db, collection: collection, id: row[0], body: try JSONText.decode(row[1]), fields: all)
            }
        }
    }
}
