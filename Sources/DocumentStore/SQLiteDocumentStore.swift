import Foundation
import GRDB
import Logging
import ReceiptModel
import Synchronization

/// The embedded engine: one SQLite file (WAL mode, busy timeout), documents as JSON text in one
/// table, JSON1 expression indexes, an FTS5 trigram index for text search.
///
/// Several processes may use the same file: writes take SQLite's write lock at the start of each
/// transaction (`BEGIN IMMEDIATE`) and wait up to ``Options/busyTimeout`` for it.
public final class SQLiteDocumentStore: DocumentStore {
    /// How to open the file.
    public struct Options: Sendable {
        /// Open without writing; every write fails with `store.read-only`.
        public var readOnly: Bool
        /// How long a write waits for another process's write to finish before `store.unavailable`.
        public var busyTimeout: Duration
        /// Caps the file at this many pages (SQLite `max_page_count`); used by tests to simulate a
        /// full disk.
        public var maxPageCount: Int?

        public init(readOnly: Bool = false, busyTimeout: Duration = .seconds(15), maxPageCount: Int? = nil) {
            self.readOnly = readOnly
            self.busyTimeout = busyTimeout
            self.maxPageCount = maxPageCount
        }
    }

    public let engine = StoreEngine.sqlite
    /// The file path.
    public let path: String
    private let database: any DatabaseWriter
    /// Document writes that wait for the writer go in together (see ``SQLiteGroupCommit``).
    package let groupCommit: SQLiteGroupCommit
    private let logger: Logger
    /// Nil for a read-only store.
    private let checkpointer: WALCheckpointer?
    /// Names of the expression indexes, for `INDEXED BY` hints (without statistics SQLite
    /// prefers the primary key's `collection` prefix over a far more selective expression index).
    private let indexNames = Mutex<Set<String>>([])
    private let textFieldCache = TextFieldCache()

    /// Opens (and creates when missing, unless read-only) the store file at `path`.
    /// - Throws: `store.invalid-location` (cannot open or create), `store.corrupt` (not a store),
    ///   `store.read-only`.
    public init(path: String, options: Options = Options(), logger: Logger) async throws {
        self.path = path
        self.logger = logger
        var config = Configuration()
        config.label = "receipts-store"
        config.readonly = options.readOnly
        config.busyMode = .timeout(options.busyTimeout.seconds)
        let maxPageCount = options.maxPageCount
        let readOnly = options.readOnly
        config.prepareDatabase { db in
            if !readOnly {
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
                try db.execute(sql: "PRAGMA wal_autocheckpoint = \(WALCheckpointer.writerThreshold)")
            }
            if let maxPageCount {
                try db.execute(sql: "PRAGMA max_page_count = \(maxPageCount)")
            }
        }
        do {
            if options.readOnly {
                guard FileManager.default.fileExists(atPath: path) else {
                    throw StoreError(.invalidLocation, "The store file \(path) does not exist. Check the store location.")
                }
                database = try DatabaseQueue(path: path, configuration: config)
            } else {
                database = try DatabasePool(path: path, configuration: config)
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.mapError(error, opening: path)
        }
        groupCommit = SQLiteGroupCommit(database: database)
        do {
            checkpointer = options.readOnly ? nil : try WALCheckpointer(path: path, logger: logger)
        } catch {
            throw Self.mapError(error, opening: path)
        }
        if options.readOnly {
            let ok = try await run { db in try db.tableExists("documents") }
            guard ok else {
                throw StoreError(.corrupt, "\(path) is not a receipts store (no documents table). Check the store location.")
            }
        } else {
            try await write { db in try SQLiteSchema.create(db) }
        }
        try await loadIndexNames()
    }

    private func loadIndexNames() async throws {
        let names = try await run { db in try SQLiteSchema.indexNames(db) }
        indexNames.withLock { $0 = names }
    }

    /// ` INDEXED BY name` for the most selective indexed text filter, or "".
    private func indexHint(collection: String, filters: [Filter]) -> String {
        SQLiteSchema.indexHint(collection: collection, filters: filters, known: indexNames.withLock { $0 })
    }

    public func ensureIndex(collection: String, field: String) async throws {
        try await write { db in try SQLiteSchema.createIndex(db, collection: collection, field: field) }
        try await loadIndexNames()
    }

    // MARK: Writes

    public func putBatch(_ writes: [DocumentWrite]) async throws -> [StoredDocument] {
        guard !writes.isEmpty else { return [] }
        try StoreSchema.validate(writes.map { ($0.collection, $0.id) })
        let prepared = try writes.map(PreparedBody.init)
        return try await groupedWrite { [textFieldCache] db in
            var rows = try RowWriter(db, textFields: textFieldCache.fields(db))
            var stored: [StoredDocument] = []
            stored.reserveCapacity(writes.count)
            let select = try db.cachedStatement(sql: "SELECT rev, deleted FROM documents WHERE collection = ? AND id = ?")
            for (write, prepared) in zip(writes, prepared) {
                let current = try Row.fetchOne(select, arguments: [write.collection, write.id]).map {
                    CurrentRevision(rev: $0[0], deleted: $0[1])
                }
                let rev = try WriteRules.nextRevision(collection: write.collection, id: write.id, current: current, expectedRev: write.expectedRev)
                let (body, text) = try prepared.stored(write, rev: rev)
                let seq = try rows.write(collection: write.collection, id: write.id, rev: rev, deleted: false, body: body, text: text)
                stored.append(StoredDocument(collection: write.collection, id: write.id, rev: rev, seq: seq, document: body))
            }
            return stored
        }
    }

    /// Writes documents' rows whole, new or over the stored ones, with the next sequence numbers of
    /// one write transaction, and keeps their text-index rows in step.
    private struct RowWriter {
        let db: Database
        let textFields: [String: [FieldPath]]
        let upsert: Statement
        var seq: Int64

        init(_ db: Database, textFields: [String: [FieldPath]]) throws {
            self.db = db
            self.textFields = textFields
            seq = try SQLiteDocumentStore.lastSequence(db)
            upsert = try db.cachedStatement(
                sql: """
                    INSERT INTO documents(collection, id, rev, seq, deleted, body) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT(collection, id) DO UPDATE SET rev = excluded.rev, seq = excluded.seq,
                        deleted = excluded.deleted, body = excluded.body
                    """
            )
        }

        /// Writes one row (a deletion's tombstone is not text-indexed); returns its sequence number.
        /// `text` is the body's JSON text when it was made before the transaction.
        mutating func write(collection: String, id: String, rev: Int, deleted: Bool, body: JSONValue, text: String? = nil) throws -> Int64 {
            seq += 1
            try upsert.execute(arguments: [collection, id, rev, seq, deleted, text ?? JSONText.encode(body)])
            try SQLiteDocumentStore.updateTextIndex(db, collection: collection, id: id, body: deleted ? nil : body, fields: textFields[collection])
            return seq
        }
    }

    public func delete(collection: String, id: String, expectedRev: Int?) async throws -> Bool {
        try StoreSchema.validateCollection(collection)
        return try await write { db in
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT rev, deleted, body FROM documents WHERE collection = ? AND id = ?"),
                arguments: [collection, id]
            )
            let current = row.map { CurrentRevision(rev: $0[0], deleted: $0[1]) }
            if let expectedRev {
                _ = try WriteRules.nextRevision(collection: collection, id: id, current: current, expectedRev: expectedRev)
            }
            guard let current, !current.deleted else { return false }
            let seq = try Self.lastSequence(db) + 1
            let rev = current.rev + 1
            let previous = try (row?["body"] as String?).map { try JSONText.decode($0) }
            try db.execute(
                sql: "UPDATE documents SET rev = ?, seq = ?, deleted = 1, body = ? WHERE collection = ? AND id = ?",
                arguments: [rev, seq, JSONText.encode(WriteRules.tombstone(id: id, rev: rev, previous: previous)), collection, id]
            )
            try Self.updateTextIndex(db, collection: collection, id: id, body: nil, fields: nil)
            return true
        }
    }

    public func replicate(_ changes: [StoreChange]) async throws -> Int {
        guard !changes.isEmpty else { return 0 }
        try StoreSchema.validate(changes.map { ($0.collection, $0.id) })
        return try await write { [textFieldCache] db in
            var rows = try RowWriter(db, textFields: textFieldCache.fields(db))
            var applied = 0
            let select = try db.cachedStatement(sql: "SELECT rev FROM documents WHERE collection = ? AND id = ?")
            for change in changes {
                if let current = try Int.fetchOne(select, arguments: [change.collection, change.id]), current >= change.rev { continue }
                let body = try WriteRules.body(of: change)
                _ = try rows.write(collection: change.collection, id: change.id, rev: change.rev, deleted: change.deleted, body: body)
                applied += 1
            }
            return applied
        }
    }

    // MARK: Blobs

    public func putBlob(id: String, data: Data) async throws {
        try StoreSchema.validateID(id)
        try await write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO blobs(id, data) VALUES (?, ?)", arguments: [id, data])
        }
    }

    public func getBlob(id: String) async throws -> Data? {
        try StoreSchema.validateID(id)
        return try await firstValue("SELECT data FROM blobs WHERE id = ?", [id], as: Data.self)
    }

    // MARK: Reads

    public func get(collection: String, id: String) async throws -> StoredDocument? {
        try StoreSchema.validateCollection(collection)
        return try await runStatement { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT rev, seq, body FROM documents WHERE collection = ? AND id = ? AND deleted = 0"),
                arguments: [collection, id]
            ).map { row in
                StoredDocument(collection: collection, id: id, rev: row[0], seq: row[1], document: try JSONText.decode(row[2]))
            }
        }
    }

    public func revision(collection: String, id: String) async throws -> Int? {
        try StoreSchema.validateCollection(collection)
        return try await firstValue("SELECT rev FROM documents WHERE collection = ? AND id = ? AND deleted = 0", [collection, id], as: Int.self)
    }

    public func query(_ query: DocumentQuery) -> AsyncThrowingStream<StoredDocument, any Error> {
        PagedReader.stream(pageSize: query.pageSize, limit: query.limit) { [self] cursor, count in
            var builder = SQLBuilder(dialect: SQLiteDialect())
            let page = try builder.page(of: query, after: cursor)
            let sql =
                "SELECT id, rev, seq, body, \(page.expression ?? "NULL") FROM documents\(indexHint(collection: query.collection, filters: query.filters)) WHERE \(page.where) ORDER BY \(page.orderBy) LIMIT \(count)"
            let arguments = StatementArguments(builder.params.map { Self.databaseValue($0) as (any DatabaseValueConvertible)? })
            return try await runStatement { db in
                try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map { row in
                    let id: String = row[0]
                    let document = StoredDocument(
                        collection: query.collection,
                        id: id,
                        rev: row[1],
                        seq: row[2],
                        document: try JSONText.decode(row[3])
                    )
                    return (document, PageCursor(sortValue: Self.param(row[4] as DatabaseValue), id: id))
                }
            }
        }
    }

    public func count(collection: String, filters: [Filter]) async throws -> Int {
        var builder = SQLBuilder(dialect: SQLiteDialect())
        let clause = try builder.documents(in: collection, filters: filters)
        let sql = "SELECT count(*) FROM documents\(indexHint(collection: collection, filters: filters)) WHERE \(clause)"
        let arguments = StatementArguments(builder.params.map { Self.databaseValue($0) as (any DatabaseValueConvertible)? })
        return try await firstValue(sql, arguments, as: Int.self) ?? 0
    }

    public func changes(since: Int64, limit: Int) async throws -> [StoreChange] {
        try await runStatement { db in
            try Row.fetchAll(
                db,
                sql: "SELECT seq, collection, id, rev, deleted, body FROM documents WHERE seq > ? ORDER BY seq LIMIT ?",
                arguments: [since, max(0, limit)]
            ).map { row in
                let deleted: Bool = row[4]
                return StoreChange(seq: row[0], collection: row[1], id: row[2], rev: row[3], deleted: deleted, document: try JSONText.decode(row[5]))
            }
        }
    }

    public func lastSequence() async throws -> Int64 {
        try await runStatement { db in try Self.lastSequence(db) }
    }

    // MARK: Plumbing

    deinit { checkpointer?.cancel() }

    public func close() async throws {
        await checkpointer?.stop()
        try await mappingErrors {
            if let pool = database as? DatabasePool {
                try pool.close()
            } else if let queue = database as? DatabaseQueue {
                try queue.close()
            }
        }
    }

    private static func lastSequence(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT coalesce(max(seq), 0) FROM documents")) ?? 0
    }

    /// Runs `body` in a write transaction that takes the write lock first (`BEGIN IMMEDIATE`).
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await mappingErrors {
            try await database.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                guard let result else { throw StoreError(.failed, "The write transaction returned no result.") }
                return result
            }
        }
    }

    /// Runs `body` like ``write(_:)``, in one transaction with the other writes waiting for the
    /// writer, in a savepoint of its own (see ``SQLiteGroupCommit``).
    private func groupedWrite<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await mappingErrors { try await groupCommit.write(body) }
    }

    func run<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await mappingErrors { try await database.read(body) }
    }

    /// Runs one statement without the transaction `run` wraps it in: a single statement sees one
    /// snapshot anyway, and BEGIN and COMMIT were two of every lookup's three statements.
    private func runStatement<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await mappingErrors { try await database.unsafeRead(body) }
    }

    /// The first row of `sql`, one column decoded as `T`; nil when there is no row.
    private func firstValue<T: DatabaseValueConvertible & StatementColumnConvertible & Sendable>(
        _ sql: String,
        _ arguments: StatementArguments,
        as type: T.Type
    ) async throws -> T? {
        try await runStatement { db in try T.fetchOne(db.cachedStatement(sql: sql), arguments: arguments) }
    }

    /// Runs one call on the open database with its errors said as ``StoreError``s.
    func mappingErrors<T>(_ call: () async throws -> T) async throws -> T {
        do {
            return try await call()
        } catch {
            throw Self.mapError(error, opening: nil)
        }
    }

    private static func databaseValue(_ param: SQLParam) -> DatabaseValue {
        switch param {
        case .text(let text): return text.databaseValue
        case .int(let value): return value.databaseValue
        case .double(let value): return value.databaseValue
        case .numeric(let text): return (Double(text) ?? 0).databaseValue
        }
    }

    private static func param(_ value: DatabaseValue) -> SQLParam? {
        switch value.storage {
        case .null: return nil
        case .int64(let value): return .int(value)
        case .double(let value): return .double(value)
        case .string(let value): return .text(value)
        case .blob: return nil
        }
    }
}
