import Foundation
import Logging
import PostgresNIO
import ReceiptModel
import Synchronization

/// The shared engine: PostgreSQL through postgres-nio's connection pool (`PostgresClient`).
///
/// Documents live in one `documents` table (`jsonb` body, expression indexes per collection and
/// field, see ``StoreSchema``). Every write transaction first bumps a counter row (`store_meta.seq`):
/// that row lock orders writers, so sequence numbers become visible in commit order (a change-feed
/// reader never misses a change) and revision checks cannot race. Several processes on several
/// machines can write at once without duplicates or lost updates. A document write is one call of
/// a server-side function (one round trip, the lock held only while the server works: see
/// PostgresWrites.swift).
///
/// Text search uses `pg_trgm` (`CREATE EXTENSION IF NOT EXISTS pg_trgm`, Debian package
/// `postgresql-contrib`) with a GIN trigram index.
public final class PostgresDocumentStore: DocumentStore {
    public let engine = StoreEngine.postgres
    private let client: PostgresClient
    private let runTask: Task<Void, Never>
    /// The `LISTEN`/`NOTIFY` channel of this store's schema: every write transaction notifies it.
    let channel: String
    /// The text-indexed fields as last read (`nil`: read them before the next write).
    let textFieldCache = Mutex<TextFieldCache?>(nil)
    private let logger: Logger
    /// `host:port/database` (no user, no password), for messages.
    public let displayName: String

    /// Connects, checks the server answers, and creates the schema when missing.
    ///
    /// - Parameters:
    ///   - configuration: postgres-nio client configuration (see ``StoreLocation`` for URLs).
    ///   - displayName: How to name the database in messages (never include the password).
    ///   - connectTimeout: How long to wait for the first connection before `store.unavailable`.
    /// - Throws: `store.unavailable` when the server cannot be reached, `store.invalid-location`
    ///   when the database, user or password is wrong.
    ///   - readOnly: Do not create anything; the tables must exist (use with a read-only
    ///     connection, `default_transaction_read_only`).
    ///   - schema: The schema holding the tables (created when missing; the configuration's
    ///     `search_path` must start with it). `nil` for the default.
    public init(
        configuration: PostgresClient.Configuration,
        displayName: String,
        schema: String? = nil,
        readOnly: Bool = false,
        connectTimeout: Duration = .seconds(30),
        logger: Logger
    ) async throws {
        self.client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.logger = logger
        self.displayName = displayName
        self.channel = "receipts_changes_" + (schema ?? "public")
        let client = self.client
        self.runTask = Task { await client.run() }
        do {
            try await Self.withTimeout(connectTimeout, displayName: displayName) {
                try await client.withConnection { connection in
                    _ = try await connection.query("SELECT 1", logger: logger)
                }
            }
            // A slow start says here where it waited: for a connection, or for the lock that
            // keeps two migrations of this schema apart.
            logger.debug("store connected", metadata: ["store.location": "\(displayName)"])
            if readOnly {
                try await checkSchema()
            } else {
                try await migrate(schema: schema)
            }
        } catch {
            runTask.cancel()
            throw Self.mapError(error, displayName: displayName)
        }
    }

    deinit {
        runTask.cancel()
    }

    private static func withTimeout(_ timeout: Duration, displayName: String, _ body: @escaping @Sendable () async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw StoreError(
                    .unavailable,
                    "PostgreSQL at \(displayName) did not answer within \(timeout). Check that the server is running and reachable, then retry."
                )
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    // MARK: Writes (one round trip each: see PostgresWrites.swift)

    // MARK: Blobs

    public func putBlob(id: String, data: Data) async throws {
        try StoreSchema.validateID(id)
        try await withConnection { connection, logger in
            _ = try await connection.query("INSERT INTO blobs(id, data) VALUES (\(id), \(data)) ON CONFLICT (id) DO NOTHING", logger: logger)
        }
    }

    public func getBlob(id: String) async throws -> Data? {
        try StoreSchema.validateID(id)
        return try await firstRow("SELECT data FROM blobs WHERE id = \(id)", as: Data.self)
    }

    // MARK: Reads

    public func get(collection: String, id: String) async throws -> StoredDocument? {
        try StoreSchema.validateCollection(collection)
        return try await withConnection { connection, logger in
            let rows = try await connection.query(
                "SELECT rev, seq, body::text FROM documents WHERE collection = \(collection) AND id = \(id) AND NOT deleted",
                logger: logger
            )
            for try await (rev, seq, body) in rows.decode((Int64, Int64, String).self) {
                return StoredDocument(collection: collection, id: id, rev: Int(rev), seq: seq, document: try JSONText.decode(body))
            }
            return nil
        }
    }

    public func revision(collection: String, id: String) async throws -> Int? {
        try StoreSchema.validateCollection(collection)
        let rev = try await firstRow("SELECT rev FROM documents WHERE collection = \(collection) AND id = \(id) AND NOT deleted", as: Int64.self)
        return rev.map { Int($0) }
    }

    public func query(_ query: DocumentQuery) -> AsyncThrowingStream<StoredDocument, any Error> {
        PagedReader.stream(pageSize: query.pageSize, limit: query.limit) { [self] cursor, count in
            var builder = SQLBuilder(dialect: PostgresDialect())
            let page = try builder.page(of: query, after: cursor)
            let sql =
                "SELECT id, rev, seq, body::text, (\(page.expression ?? "NULL"))::text FROM documents WHERE \(page.where) ORDER BY \(page.orderBy) LIMIT \(count)"
            let postgresQuery = try Self.query(sql, builder.params)
            let numeric = query.sort?.numeric ?? false
            return try await withConnection { connection, logger in
                let rows = try await connection.query(postgresQuery, logger: logger)
                var page: [(StoredDocument, PageCursor)] = []
                for try await (id, rev, seq, body, sortValue) in rows.decode((String, Int64, Int64, String, String?).self) {
                    let document = StoredDocument(collection: query.collection, id: id, rev: Int(rev), seq: seq, document: try JSONText.decode(body))
                    let value = sortValue.map { numeric ? SQLParam.numeric($0) : SQLParam.text($0) }
                    page.append((document, PageCursor(sortValue: value, id: id)))
                }
                return page
            }
        }
    }

    public func count(collection: String, filters: [Filter]) async throws -> Int {
        var builder = SQLBuilder(dialect: PostgresDialect())
        let clause = try builder.documents(in: collection, filters: filters)
        let postgresQuery = try Self.query("SELECT count(*) FROM documents WHERE \(clause)", builder.params)
        return Int(try await firstRow(postgresQuery, as: Int64.self) ?? 0)
    }

    public func changes(since: Int64, limit: Int) async throws -> [StoreChange] {
        try await withConnection { connection, logger in
            let rows = try await connection.query(
                """
                SELECT seq, collection, id, rev, deleted, body::text FROM documents WHERE seq > \(since) ORDER BY seq LIMIT \(Int64(max(0, limit)))
                """,
                logger: logger
            )
            var result: [StoreChange] = []
            for try await (seq, collection, id, rev, deleted, body) in rows.decode((Int64, String, String, Int64, Bool, String).self) {
                result.append(
                    StoreChange(seq: seq, collection: collection, id: id, rev: Int(rev), deleted: deleted, document: try JSONText.decode(body))
                )
            }
            return result
        }
    }

    public func lastSequence() async throws -> Int64 {
        try await firstRow("SELECT coalesce(max(seq), 0)::bigint FROM documents", as: Int64.self) ?? 0
    }

    // MARK: Text search

    public func searchText(collection: String, fields: [String], query: String, limit: Int) async throws -> [ScoredDocument] {
        try StoreSchema.validateCollection(collection)
        let paths = try fields.map { try FieldPath($0).validated().description }
        guard !paths.isEmpty, limit > 0 else { return [] }
        try await ensureTextFields(collection: collection, fields: paths)
        let normalized = TrigramSimilarity.indexText(query)
        guard normalized.count >= 3 else { return [] }
        let candidates = Int64(max(limit * 20, 200))
        let documents = try await transaction { connection, logger in
            try await connection.query("SELECT set_config('pg_trgm.word_similarity_threshold', '0.3', true)", logger: logger)
            let rows = try await connection.query(
                """
                SELECT d.id, d.rev, d.seq, d.body::text FROM documents d
                WHERE d.collection = \(collection) AND NOT d.deleted AND d.id IN (
                    SELECT r.id FROM text_rows r
                    WHERE r.collection = \(collection) AND r.field = ANY(\(paths)::text[]) AND \(normalized) <% r.text
                    ORDER BY word_similarity(\(normalized), r.text) DESC LIMIT \(candidates))
                """,
                logger: logger
            )
            var result: [StoredDocument] = []
            for try await (id, rev, seq, body) in rows.decode((String, Int64, Int64, String).self) {
                result.append(StoredDocument(collection: collection, id: id, rev: Int(rev), seq: seq, document: try JSONText.decode(body)))
            }
            return result
        }
        return TextRanking.rank(documents, fields: paths, query: query, limit: limit)
    }

    private func ensureTextFields(collection: String, fields: [String]) async throws {
        // Text-indexed fields are never removed: those this client has seen are indexed still.
        if let cached = textFieldCache.withLock({ $0?.fields[collection] }), fields.allSatisfy({ cached.contains(FieldPath($0)) }) { return }
        let known = try await withConnection { connection, logger in
            let rows = try await connection.query("SELECT field FROM text_fields WHERE collection = \(collection)", logger: logger)
            var known = Set<String>()
            for try await field in rows.decode(String.self) { known.insert(field) }
            return known
        }
        guard fields.contains(where: { !known.contains($0) }) else { return }
        try await transaction { connection, logger in
            _ = try await Self.reserveSequence(connection, count: 0, logger: logger)
            for field in fields {
                try await connection.query(
                    "INSERT INTO text_fields(collection, field) VALUES (\(collection), \(field)) ON CONFLICT DO NOTHING",
                    logger: logger
                )
            }
            var all: [String: [FieldPath]] = [:]
            let fieldRows = try await connection.query("SELECT field FROM text_fields WHERE collection = \(collection)", logger: logger)
            for try await field in fieldRows.decode(String.self) { all[collection, default: []].append(FieldPath(field)) }
            var documents: [TextSource] = []
            let rows = try await connection.query(
                "SELECT id, body::text FROM documents WHERE collection = \(collection) AND NOT deleted",
                logger: logger
            )
            for try await (id, body) in rows.decode((String, String).self) {
                documents.append((collection, id, try JSONText.decode(body)))
            }
            var start = 0
            while start < documents.count {
                let end = min(start + 1000, documents.count)
                try await Self.replaceText(connection, documents: Array(documents[start..<end]), fields: all, logger: logger)
                start = end
            }
        }
        textFieldCache.withLock { $0 = nil }  // the next write reads the fields again
    }

    // MARK: Plumbing

    public func close() async throws {
        runTask.cancel()
        await runTask.value
    }

    private static func query(_ sql: String, _ params: [SQLParam]) throws -> PostgresQuery {
        var bindings = PostgresBindings(capacity: params.count)
        for param in params {
            switch param {
            case .text(let text): bindings.append(text)
            case .int(let value): bindings.append(value)
            case .double(let value): bindings.append(value)
            case .numeric(let text): bindings.append(text)
            }
        }
        return PostgresQuery(unsafeSQL: sql, binds: bindings)
    }

    /// The first row of `query`, one column decoded as `T`; nil when there is no row.
    func firstRow<T: PostgresDecodable & Sendable>(_ query: PostgresQuery, as type: T.Type) async throws -> T? {
        try await withConnection { connection, logger in
            for try await value in try await connection.query(query, logger: logger).decode(T.self) { return value }
            return nil
        }
    }

    func withConnection<T: Sendable>(_ body: (PostgresConnection, Logger) async throws -> T) async throws -> T {
        let logger = self.logger
        do {
            return try await client.withConnection { connection in try await body(connection, logger) }
        } catch {
            throw Self.mapError(error, displayName: displayName)
        }
    }

    /// Runs `body` in a transaction: COMMIT when it returns, ROLLBACK when it throws. Every
    /// transaction writes, so the store's channel is notified (delivered at COMMIT, to every
    /// instance listening: see ``changeSignals()``). The document writes are not transactions of
    /// this kind: each is one function call that notifies itself (PostgresWrites.swift).
    func transaction<T: Sendable>(_ body: (PostgresConnection, Logger) async throws -> T) async throws -> T {
        let notify: PostgresQuery = "SELECT pg_notify(\(channel), '')"
        return try await withConnection { connection, logger in
            try await connection.query("BEGIN", logger: logger)
            do {
                let result = try await body(connection, logger)
                _ = try await connection.query(notify, logger: logger).collect()
                try await connection.query("COMMIT", logger: logger)
                return result
            } catch {
                // In a task of its own, which the caller's cancellation does not reach: a
                // cancelled caller's connection must not go back to the pool inside a transaction
                // that still holds its schema's migration lock. When even the
                // rollback fails, the connection is closed, which ends the transaction.
                let rolledBack = await Task { (try? await connection.query("ROLLBACK", logger: logger)) != nil }.value
                if !rolledBack { try? await connection.close() }
                throw error
            }
        }
    }

    /// One signal per notification of the store's channel, from a connection kept for listening
    /// (reconnected after a second when it drops; writes meanwhile are found by the reader's own
    /// polling).
    public func changeSignals() -> AsyncStream<Void>? {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let client = self.client
        let channel = self.channel
        let logger = self.logger
        let task = Task {
            while !Task.isCancelled {
                do {
                    try await client.withConnection { connection in
                        try await connection.listen(on: channel) { notifications in
                            continuation.yield()  // listening now: whatever came before, read it
                            for try await _ in notifications { continuation.yield() }
                        }
                    }
                } catch {
                    if Task.isCancelled { break }
                    logger.debug("listening for store changes failed; retrying", metadata: ["error": "\(error)"])
                }
                try? await Task.sleep(for: .seconds(1))
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    static func mapError(_ error: any Error, displayName: String) -> any Error {
        if error is StoreError { return error }
        guard let psql = error as? PSQLError else {
            return StoreError(.unavailable, "PostgreSQL at \(displayName) failed: \(error). Check the server, then retry.", underlying: "\(error)")
        }
        if psql.code == .server {
            let state = psql.serverInfo?[.sqlState] ?? ""
            let message = psql.serverInfo?[.message] ?? ""
            let detail = "\(state): \(message)"
            switch state {
            case "53100": return StoreError.diskFull(detail)
            case "25006", "42501": return StoreError.readOnly(detail)
            case "3D000", "28P01", "28000", "42P04":
                return StoreError(
                    .invalidLocation,
                    "PostgreSQL at \(displayName) refused the connection (\(message)). Check the database name, user and password in the store location.",
                    underlying: detail
                )
            case "40001", "40P01", "55P03", "57P01", "57P02", "57P03", "53300":
                return StoreError(
                    .unavailable,
                    "PostgreSQL at \(displayName) is busy or restarting (\(message)). Retry the command.",
                    underlying: detail
                )
            case PostgresDocumentStore.WriteState.conflict:
                return StoreError(
                    .conflict,
                    "A document was changed by someone else (\(psql.serverInfo?[.detail] ?? "")). Re-read it, apply your change again and retry.",
                    underlying: detail
                )
            case PostgresDocumentStore.WriteState.staleTextFields:
                return StoreError(
                    .unavailable,
                    "The text-indexed fields of the store changed twice during one write. Retry the command.",
                    underlying: detail
                )
            case PostgresDocumentStore.WriteState.noSequence:
                return StoreError(
                    .corrupt,
                    "The store's sequence counter is missing (table store_meta). The database is not a complete receipts store: restore it or use another database.",
                    underlying: detail
                )
            case "XX001", "XX002":
                return StoreError(
                    .corrupt,
                    "PostgreSQL reports damaged data (\(message)). Ask the database administrator to check the server.",
                    underlying: detail
                )
            default:
                return StoreError(.failed, "PostgreSQL at \(displayName) failed: \(message)", underlying: detail)
            }
        }
        return StoreError(
            .unavailable,
            "Cannot reach PostgreSQL at \(displayName) (\(psql.code)). Check that the server is running and the address is right, then retry.",
            underlying: "\(psql.code)"
        )
    }
}
