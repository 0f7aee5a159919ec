import GRDB
import ReceiptModel

/// The embedded store's tables and indexes: one `documents` table of JSON text, JSON1
/// expression indexes per collection and field, the FTS5 trigram text index beside it, blobs.
enum SQLiteSchema {
    /// Creates what is missing; a store made by an earlier version gains the newer default
    /// indexes and text fields.
    static func create(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE IF NOT EXISTS documents (
                    collection TEXT NOT NULL,
                    id TEXT NOT NULL,
                    rev INTEGER NOT NULL,
                    seq INTEGER NOT NULL,
                    deleted INTEGER NOT NULL DEFAULT 0,
                    body TEXT NOT NULL,
                    PRIMARY KEY (collection, id)
                );
                CREATE UNIQUE INDEX IF NOT EXISTS documents_seq ON documents(seq);
                CREATE TABLE IF NOT EXISTS store_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                INSERT OR IGNORE INTO store_meta(key, value) VALUES ('schema', '1');
                CREATE TABLE IF NOT EXISTS text_fields (collection TEXT NOT NULL, field TEXT NOT NULL, PRIMARY KEY (collection, field));
                CREATE TABLE IF NOT EXISTS text_rows (rowid INTEGER PRIMARY KEY, collection TEXT NOT NULL, id TEXT NOT NULL, field TEXT NOT NULL);
                CREATE INDEX IF NOT EXISTS text_rows_doc ON text_rows(collection, id);
                CREATE VIRTUAL TABLE IF NOT EXISTS text_index USING fts5(text, tokenize = 'trigram');
                CREATE TABLE IF NOT EXISTS blobs (id TEXT PRIMARY KEY, data BLOB NOT NULL);
                """
        )
        for (collection, field) in StoreSchema.defaultIndexes {
            try createIndex(db, collection: collection, field: field)
        }
        for (collection, field) in StoreSchema.defaultTextFields {
            try db.execute(sql: "INSERT OR IGNORE INTO text_fields(collection, field) VALUES (?, ?)", arguments: [collection, field])
        }
    }

    static func createIndex(_ db: Database, collection: String, field: String) throws {
        let path = try FieldPath(field).validated()
        let literal = try SQLBuilder.collectionLiteral(collection)
        let name = StoreSchema.indexName(collection: collection, field: field)
        try db.execute(sql: "CREATE INDEX IF NOT EXISTS \(name) ON documents(\(SQLiteDialect().textExpression(path))) WHERE collection = \(literal)")
    }

    /// The names of the expression indexes.
    static func indexNames(_ db: Database) throws -> Set<String> {
        Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'idx_doc_%'"))
    }

    /// ` INDEXED BY name` for the most selective of `filters` that one of the `known` indexes
    /// serves, or "": without statistics SQLite prefers the primary key's `collection` prefix over
    /// a far more selective expression index.
    static func indexHint(collection: String, filters: [Filter], known: Set<String>) -> String {
        let usable = filters.filter { filter in
            guard case .string = filter.value else { return false }
            return filter.op != .notEquals && filter.op != .hasPrefix
        }
        for filter in usable.sorted(by: { ($0.op == .equals ? 0 : 1) < ($1.op == .equals ? 0 : 1) }) {
            let name = StoreSchema.indexName(collection: collection, field: filter.path.description)
            if known.contains(name) { return " INDEXED BY \(name)" }
        }
        return ""
    }
}
