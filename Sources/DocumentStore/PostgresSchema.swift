import Logging
import PostgresNIO

// The PostgreSQL store's tables, functions and indexes, made when missing, and the advisory locks
// that keep two migrations of one schema apart.

extension PostgresDocumentStore {
    /// For read-only stores: the tables must exist already.
    func checkSchema() async throws {
        let found = try await firstRow("SELECT to_regclass('documents') IS NOT NULL AND to_regclass('store_meta') IS NOT NULL", as: Bool.self)
        guard found == true else {
            throw StoreError(
                .invalidLocation,
                "\(displayName) holds no receipts store yet, and a read-only store cannot create one. Open it once without mode=ro."
            )
        }
    }

    /// The advisory lock key of migrations that touch what every schema shares (the `pg_trgm`
    /// extension).
    static let databaseLockKey: Int64 = 7_243_105

    /// Takes the advisory lock of one schema's migrations and index builds (`nil`: the current
    /// schema's). Two instances starting at once on one schema wait for each other; stores in other
    /// schemas do not: one lock for the whole database queued every store's migration behind every
    /// other's, and a server started while dozens of test stores opened waited over two minutes.
    static func lockSchema(_ schema: String?, _ connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query(
            "SELECT pg_advisory_xact_lock(hashtextextended('receipts-store-schema:' || coalesce(\(schema)::text, current_schema()), \(databaseLockKey)))",
            logger: logger
        )
    }

    /// Whether every table, index, function and default text field `migrate` makes is there,
    /// asked of the catalogs alone, which take no lock that a write waits for.
    func schemaIsComplete() async throws -> Bool {
        let tables = ["documents", "store_meta", "text_fields", "text_rows", "blobs", "documents_seq", "text_rows_trgm"]
        let relations = tables + StoreSchema.defaultIndexes.map { StoreSchema.indexName(collection: $0.collection, field: $0.field) }
        let functions = Self.writeFunctions.map(\.name)
        let catalogued = try await firstRow(
            """
            SELECT NOT EXISTS (SELECT 1 FROM unnest(\(relations)::text[]) AS r(name) WHERE to_regclass(r.name) IS NULL)
                AND EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm')
                AND (SELECT count(DISTINCT proname) FROM pg_proc
                     WHERE pronamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
                       AND proname = ANY(\(functions)::text[])) = \(functions.count)
            """,
            as: Bool.self
        )
        guard catalogued == true else { return false }
        let collections = StoreSchema.defaultTextFields.map(\.collection)
        let fields = StoreSchema.defaultTextFields.map(\.field)
        let textFields = try await firstRow(
            """
            SELECT count(*) FROM text_fields t JOIN unnest(\(collections)::text[], \(fields)::text[]) AS d(collection, field)
                ON t.collection = d.collection AND t.field = d.field
            """,
            as: Int.self
        )
        return textFields == StoreSchema.defaultTextFields.count
    }

    /// Makes what is missing of the store's schema, under the schema's advisory lock.
    ///
    /// A complete schema is left alone, without a lock or a DDL statement: `CREATE INDEX IF NOT
    /// EXISTS` locks the table against writes until COMMIT even when the index exists, and the
    /// `store_meta` insert then waited for a write that held the sequence row and waited for that
    /// table: PostgreSQL broke the deadlock by failing the write (an upload answered 503 while a
    /// worker process started).
    func migrate(schema: String?) async throws {
        if let schema {
            guard schema.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }) else {
                throw StoreError(.invalidLocation, "Invalid schema name '\(schema)': use lowercase letters, digits and _.")
            }
        }
        if try await schemaIsComplete() { return }
        try await installTrigramExtension()
        try await transaction { connection, logger in
            try await Self.lockSchema(schema, connection, logger: logger)
            logger.debug("store schema lock taken; migrating", metadata: ["store.schema": "\(schema ?? "public")"])
            if let schema {
                try await connection.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(schema)"), logger: logger)
            }
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS documents (
                    collection text NOT NULL,
                    id text NOT NULL,
                    rev bigint NOT NULL,
                    seq bigint NOT NULL,
                    deleted boolean NOT NULL DEFAULT false,
                    body jsonb NOT NULL,
                    PRIMARY KEY (collection, id)
                )
                """,
                logger: logger
            )
            try await connection.query("CREATE UNIQUE INDEX IF NOT EXISTS documents_seq ON documents(seq)", logger: logger)
            try await connection.query("CREATE TABLE IF NOT EXISTS store_meta (key text PRIMARY KEY, value bigint NOT NULL)", logger: logger)
            try await connection.query("INSERT INTO store_meta(key, value) VALUES ('seq', 0), ('schema', 1) ON CONFLICT DO NOTHING", logger: logger)
            try await connection.query(
                "CREATE TABLE IF NOT EXISTS text_fields (collection text NOT NULL, field text NOT NULL, PRIMARY KEY (collection, field))",
                logger: logger
            )
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS text_rows (
                    collection text NOT NULL, id text NOT NULL, field text NOT NULL, text text NOT NULL,
                    PRIMARY KEY (collection, id, field)
                )
                """,
                logger: logger
            )
            try await connection.query("CREATE INDEX IF NOT EXISTS text_rows_trgm ON text_rows USING gin (text gin_trgm_ops)", logger: logger)
            try await connection.query("CREATE TABLE IF NOT EXISTS blobs (id text PRIMARY KEY, data bytea NOT NULL)", logger: logger)
            for (collection, field) in StoreSchema.defaultIndexes {
                try await Self.createIndex(connection, collection: collection, field: field, logger: logger)
            }
            for (collection, field) in StoreSchema.defaultTextFields {
                try await connection.query(
                    "INSERT INTO text_fields(collection, field) VALUES (\(collection), \(field)) ON CONFLICT DO NOTHING",
                    logger: logger
                )
            }
            var installed = Set<String>()
            let functions = try await connection.query(
                "SELECT proname::text FROM pg_proc WHERE pronamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema()) AND proname = ANY(\(Self.writeFunctions.map(\.name))::text[])",
                logger: logger
            )
            for try await name in functions.decode(String.self) { installed.insert(name) }
            for function in Self.writeFunctions where !installed.contains(function.name) {
                try await connection.query(PostgresQuery(unsafeSQL: function.definition), logger: logger)
            }
        }
    }

    /// Installs `pg_trgm`, which every schema of the database shares, when it is missing: under the
    /// database-wide lock, in a transaction of its own that commits at once. Taken inside a
    /// schema's migration, the lock was held for that whole migration, and stores opening at once
    /// on a fresh database (a server's first start beside its workers, the test suite) waited in
    /// line behind each other's migrations for minutes.
    private func installTrigramExtension() async throws {
        if try await firstRow("SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm')", as: Bool.self) == true { return }
        try await transaction { connection, logger in
            try await connection.query("SELECT pg_advisory_xact_lock(\(Self.databaseLockKey))", logger: logger)
            try await connection.query("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public", logger: logger)
        }
    }

    private static func createIndex(_ connection: PostgresConnection, collection: String, field: String, logger: Logger) async throws {
        let path = try FieldPath(field).validated()
        let literal = try SQLBuilder.collectionLiteral(collection)
        let name = StoreSchema.indexName(collection: collection, field: field)
        try await connection.query(
            PostgresQuery(
                unsafeSQL: "CREATE INDEX IF NOT EXISTS \(name) ON documents (\(PostgresDialect().textExpression(path))) WHERE collection = \(literal)"
            ),
            logger: logger
        )
    }

    public func ensureIndex(collection: String, field: String) async throws {
        // An existing index is not made again: CREATE INDEX IF NOT EXISTS would lock out writes.
        let name = StoreSchema.indexName(collection: collection, field: field)
        if try await firstRow("SELECT to_regclass(\(name)) IS NOT NULL", as: Bool.self) == true { return }
        try await transaction { connection, logger in
            try await Self.lockSchema(nil, connection, logger: logger)
            try await Self.createIndex(connection, collection: collection, field: field, logger: logger)
        }
    }
}
