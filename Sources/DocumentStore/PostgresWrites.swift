import Foundation
import Logging
import PostgresNIO
import ReceiptModel

// Document writes on PostgreSQL: one round trip each. A write is one call of a server-side
// function, run as its own implicit transaction (autocommit): it takes the sequence row's lock,
// checks revisions, writes the documents and their text rows and notifies the store's channel,
// all on the server, so the lock that orders writers is held for the statement's own work and
// never across a round trip to the client.

extension PostgresDocumentStore {
    /// SQLSTATEs the write functions raise (class `RC`, which PostgreSQL does not use).
    enum WriteState {
        /// A revision check failed; the detail is `{"index": n, "actual": rev}`, `n` counted from 1.
        static let conflict = "RCS01"
        /// The client's copy of the text-indexed fields is stale: refresh it and write again.
        static let staleTextFields = "RCS02"
        /// The sequence counter row is missing.
        static let noSequence = "RCS03"
    }

    /// The settings of the three entry points (put, delete, replicate), which the functions they
    /// call inherit. They plan their statements once per session: with the default, PL/pgSQL
    /// planned each statement anew on every call, as the array arguments made a custom plan look
    /// cheaper, and that planning ran under the sequence row's lock, which orders every writer. A
    /// plan made once must still suit the table later: one made while a fresh store's `documents`
    /// was small read the whole table for each revision check (0.7 ms a write, under the lock,
    /// until the next `ANALYZE`). Every statement there finds rows by key, so scans, hash and merge
    /// joins are turned off. `receipts-bench server`, ticks on PostgreSQL, a 2-core AMD EPYC with
    /// AVX-512: 577-678 writes/s before, 730 after (pgbench of the put function alone, 8 clients:
    /// 863-981 to 1,275-1,291).
    static let entryPointSettings =
        "SET plan_cache_mode = force_generic_plan SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off"

    /// The functions the writes call, by name: a migration creates those missing from the store's
    /// schema (a store made before they existed gets them when next opened). The version in a
    /// name changes whenever its function does, so a changed function is a new one, created
    /// beside the old. Tables are found through the `search_path`, as by every other query of
    /// the store, and the functions live in the store's own schema.
    ///
    /// `text_fields` only ever grows, so its row count tells whether a client's copy is current.
    static let writeFunctions: [(name: String, definition: String)] = [
        // The start of every write: the sequence row's lock (held until COMMIT: it orders the
        // writers), and the check of the client's text-indexed fields (`NULL`: none sent).
        // Returns the sequence number before the write's.
        (
            "receipts_lock_v1",
            """
            CREATE OR REPLACE FUNCTION receipts_lock_v1(known_text_fields bigint) RETURNS bigint LANGUAGE plpgsql AS $$
            DECLARE
                base bigint;
            BEGIN
                SELECT m.value INTO base FROM store_meta m WHERE m.key = 'seq' FOR UPDATE;
                IF base IS NULL THEN
                    RAISE EXCEPTION 'the sequence counter is missing' USING ERRCODE = 'RCS03';
                END IF;
                IF known_text_fields IS NOT NULL AND (SELECT count(*) FROM text_fields) <> known_text_fields THEN
                    RAISE EXCEPTION 'the text-indexed fields changed' USING ERRCODE = 'RCS02';
                END IF;
                RETURN base;
            END $$
            """
        ),
        // The shared tail of every write: the documents at `picked` (positions, from 1) are
        // written, their text rows replaced by those at the same positions, the channel notified.
        (
            "receipts_write_rows_v1",
            """
            CREATE OR REPLACE FUNCTION receipts_write_rows_v1(
                picked int[], collections text[], ids text[], revs bigint[], seqs bigint[], tombstones boolean[], bodies text[],
                text_positions int[], text_names text[], text_values text[], channel text
            ) RETURNS void LANGUAGE plpgsql AS $$
            BEGIN
                INSERT INTO documents(collection, id, rev, seq, deleted, body)
                SELECT collections[k], ids[k], revs[k], seqs[k], tombstones[k], jsonb_set(bodies[k]::jsonb, '{rev}', to_jsonb(revs[k]))
                FROM unnest(picked) AS k
                ON CONFLICT (collection, id) DO UPDATE SET rev = excluded.rev, seq = excluded.seq, deleted = excluded.deleted, body = excluded.body;
                DELETE FROM text_rows r USING unnest(picked) AS k
                WHERE r.collection = collections[k] AND r.id = ids[k] AND NOT EXISTS (
                    SELECT 1 FROM unnest(text_positions, text_names) AS n(position, name) WHERE n.position = k AND n.name = r.field);
                INSERT INTO text_rows(collection, id, field, text)
                SELECT collections[n.position], ids[n.position], n.name, n.value
                FROM unnest(text_positions, text_names, text_values) AS n(position, name, value)
                WHERE n.position = ANY(picked)
                ON CONFLICT (collection, id, field) DO UPDATE SET text = excluded.text WHERE text_rows.text <> excluded.text;
                PERFORM pg_notify(channel, '');
            END $$
            """
        ),
        // Puts: the revision of each write is the document's next one (a repeated id counts on
        // from its earlier write in the batch); `checked` writes must find `expected` live (0:
        // none). Returns the sequence number before the batch's (write n gets base + n) and the
        // revisions.
        (
            "receipts_put_v2",
            """
            CREATE OR REPLACE FUNCTION receipts_put_v2(
                collections text[], ids text[], bodies text[], checked boolean[], expected bigint[],
                text_positions int[], text_names text[], text_values text[], known_text_fields bigint, channel text,
                OUT base bigint, OUT revs bigint[]
            ) LANGUAGE plpgsql
                \(entryPointSettings)
            AS $$
            DECLARE
                lives bigint[];
                finals int[];
                failed int;
            BEGIN
                base := receipts_lock_v1(known_text_fields);
                SELECT array_agg(coalesce(d.rev, 0) + w.occurrence ORDER BY w.position),
                       array_agg(CASE WHEN w.occurrence > 1 THEN coalesce(d.rev, 0) + w.occurrence - 1
                                      WHEN d.deleted THEN 0 ELSE coalesce(d.rev, 0) END ORDER BY w.position),
                       array_agg(w.position ORDER BY w.position) FILTER (WHERE w.occurrence = w.occurrences)
                INTO revs, lives, finals
                FROM (SELECT t.position::int AS position, t.c, t.i,
                             row_number() OVER (PARTITION BY t.c, t.i ORDER BY t.position) AS occurrence,
                             count(*) OVER (PARTITION BY t.c, t.i) AS occurrences
                      FROM unnest(collections, ids) WITH ORDINALITY AS t(c, i, position)) w
                LEFT JOIN documents d ON d.collection = w.c AND d.id = w.i;
                SELECT min(k) INTO failed FROM generate_subscripts(ids, 1) AS k WHERE checked[k] AND expected[k] <> lives[k];
                IF failed IS NOT NULL THEN
                    RAISE EXCEPTION 'revision conflict' USING ERRCODE = 'RCS01',
                        DETAIL = json_build_object('index', failed, 'actual', lives[failed])::text;
                END IF;
                UPDATE store_meta SET value = base + cardinality(ids) WHERE key = 'seq';
                PERFORM receipts_write_rows_v1(
                    finals, collections, ids, revs, ARRAY(SELECT base + k FROM generate_subscripts(ids, 1) AS k ORDER BY k),
                    array_fill(false, ARRAY[cardinality(ids)]), bodies, text_positions, text_names, text_values, channel);
            END $$
            """
        ),
        // A delete: a tombstone keeping `kept_fields` of the live document. False when there is
        // no live document (nothing written).
        (
            "receipts_delete_v2",
            """
            CREATE OR REPLACE FUNCTION receipts_delete_v2(
                in_collection text, in_id text, checked boolean, expected bigint, kept_fields text[], channel text
            ) RETURNS boolean LANGUAGE plpgsql
                \(entryPointSettings)
            AS $$
            DECLARE
                base bigint;
                current_rev bigint;
                current_deleted boolean;
                current_body jsonb;
                live bigint;
            BEGIN
                base := receipts_lock_v1(NULL);
                SELECT d.rev, d.deleted, d.body INTO current_rev, current_deleted, current_body
                FROM documents d WHERE d.collection = in_collection AND d.id = in_id;
                live := CASE WHEN current_rev IS NULL OR current_deleted THEN 0 ELSE current_rev END;
                IF checked AND expected <> live THEN
                    RAISE EXCEPTION 'revision conflict' USING ERRCODE = 'RCS01',
                        DETAIL = json_build_object('index', 1, 'actual', live)::text;
                END IF;
                IF current_rev IS NULL OR current_deleted THEN
                    RETURN false;
                END IF;
                UPDATE store_meta SET value = base + 1 WHERE key = 'seq';
                PERFORM receipts_write_rows_v1(
                    ARRAY[1], ARRAY[in_collection], ARRAY[in_id], ARRAY[current_rev + 1], ARRAY[base + 1], ARRAY[true],
                    ARRAY[(jsonb_build_object('id', in_id, '_deleted', true) || coalesce(
                        (SELECT jsonb_object_agg(f.key, f.value) FROM jsonb_each(current_body) AS f WHERE f.key = ANY(kept_fields)), '{}'::jsonb))::text],
                    '{}'::int[], '{}'::text[], '{}'::text[], channel);
                RETURN true;
            END $$
            """
        ),
        // Replication: a change applies when its revision is above the document's (and above
        // every earlier change of it in the batch); applied changes get sequence numbers in
        // order. Returns how many applied.
        (
            "receipts_replicate_v2",
            """
            CREATE OR REPLACE FUNCTION receipts_replicate_v2(
                collections text[], ids text[], revs bigint[], tombstones boolean[], bodies text[],
                text_positions int[], text_names text[], text_values text[], known_text_fields bigint, channel text
            ) RETURNS integer LANGUAGE plpgsql
                \(entryPointSettings)
            AS $$
            DECLARE
                base bigint;
                applied_count integer;
                seqs bigint[];
                finals int[];
            BEGIN
                base := receipts_lock_v1(known_text_fields);
                SELECT count(*) FILTER (WHERE a.applied),
                       array_agg(CASE WHEN a.applied THEN base + a.applied_so_far END ORDER BY a.position),
                       array_agg(a.position ORDER BY a.position) FILTER (WHERE a.applied AND a.r = a.highest)
                INTO applied_count, seqs, finals
                FROM (SELECT p.*, count(*) FILTER (WHERE p.applied) OVER (ORDER BY p.position) AS applied_so_far
                      FROM (SELECT w.position, w.r, w.highest,
                                   (d.rev IS NULL OR w.r > d.rev) AND (w.earlier IS NULL OR w.r > w.earlier) AS applied
                            FROM (SELECT t.position::int AS position, t.c, t.i, t.r,
                                         max(t.r) OVER (PARTITION BY t.c, t.i ORDER BY t.position ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS earlier,
                                         max(t.r) OVER (PARTITION BY t.c, t.i) AS highest
                                  FROM unnest(collections, ids, revs) WITH ORDINALITY AS t(c, i, r, position)) w
                            LEFT JOIN documents d ON d.collection = w.c AND d.id = w.i) p) a;
                IF applied_count > 0 THEN
                    UPDATE store_meta SET value = base + applied_count WHERE key = 'seq';
                    PERFORM receipts_write_rows_v1(
                        finals, collections, ids, revs, seqs, tombstones, bodies, text_positions, text_names, text_values, channel);
                END IF;
                RETURN applied_count;
            END $$
            """
        ),
    ]

    // MARK: Writes

    public func putBatch(_ writes: [DocumentWrite]) async throws -> [StoredDocument] {
        guard !writes.isEmpty else { return [] }
        try StoreSchema.validate(writes.map { ($0.collection, $0.id) })
        // The server sets each body's revision; the text rows do not depend on it.
        let bodies = try writes.map { try WriteRules.body($0.document, id: $0.id, rev: 0) }
        let collections = writes.map(\.collection)
        let ids = writes.map(\.id)
        let encoded = bodies.map(JSONText.encode)
        let checked = writes.map { $0.expectedRev != nil }
        let expected = writes.map { Int64($0.expectedRev ?? 0) }
        let channel = self.channel
        let (base, revs) = try await writing(conflict: { writes[$0].expectedRev }, keys: writes.map { ($0.collection, $0.id) }) {
            connection,
            textFields,
            logger in
            let text = TextRows(zip(writes, bodies).map { ($0.collection, $0.id, $1) }, fields: textFields.fields)
            let rows = try await connection.query(
                """
                SELECT base, revs FROM receipts_put_v2(
                    \(collections)::text[], \(ids)::text[], \(encoded)::text[], \(checked)::boolean[], \(expected)::bigint[],
                    \(text.positions)::int[], \(text.fields)::text[], \(text.texts)::text[], \(textFields.count), \(channel))
                """,
                logger: logger
            )
            return try await Self.single(rows.decode((Int64, [Int64]).self))
        }
        guard revs.count == writes.count else {
            throw StoreError(.failed, "PostgreSQL answered \(revs.count) revisions for a batch of \(writes.count) writes.")
        }
        return try writes.indices.map { index in
            let write = writes[index]
            let rev = Int(revs[index])
            return StoredDocument(
                collection: write.collection,
                id: write.id,
                rev: rev,
                seq: base + Int64(index + 1),
                document: try WriteRules.body(write.document, id: write.id, rev: rev)
            )
        }
    }

    public func delete(collection: String, id: String, expectedRev: Int?) async throws -> Bool {
        try StoreSchema.validateCollection(collection)
        let channel = self.channel
        return try await withConnection { connection, logger in
            try await Self.readingConflicts(expected: { _ in expectedRev }, keys: [(collection, id)]) {
                let rows = try await connection.query(
                    """
                    SELECT receipts_delete_v2(\(collection), \(id), \(expectedRev != nil), \(Int64(expectedRev ?? 0)),
                        \(WriteRules.tombstoneFields)::text[], \(channel))
                    """,
                    logger: logger
                )
                return try await Self.single(rows.decode(Bool.self))
            }
        }
    }

    public func replicate(_ changes: [StoreChange]) async throws -> Int {
        guard !changes.isEmpty else { return 0 }
        try StoreSchema.validate(changes.map { ($0.collection, $0.id) })
        let bodies = try changes.map(WriteRules.body(of:))
        let collections = changes.map(\.collection)
        let ids = changes.map(\.id)
        let revs = changes.map { Int64($0.rev) }
        let tombstones = changes.map(\.deleted)
        let encoded = bodies.map(JSONText.encode)
        let channel = self.channel
        let applied = try await writing(conflict: { _ in nil }, keys: []) { connection, textFields, logger in
            let text = TextRows(changes.indices.map { (collections[$0], ids[$0], tombstones[$0] ? nil : bodies[$0]) }, fields: textFields.fields)
            let rows = try await connection.query(
                """
                SELECT receipts_replicate_v2(
                    \(collections)::text[], \(ids)::text[], \(revs)::bigint[], \(tombstones)::boolean[], \(encoded)::text[],
                    \(text.positions)::int[], \(text.fields)::text[], \(text.texts)::text[], \(textFields.count), \(channel))
                """,
                logger: logger
            )
            return try await Self.single(rows.decode(Int32.self))
        }
        return Int(applied)
    }

    // MARK: Plumbing of the writes

    /// The text-indexed fields of every collection as this client last read them, with the
    /// table's row count that the write functions compare with theirs.
    struct TextFieldCache: Sendable {
        var fields: [String: [FieldPath]]
        var count: Int64
    }

    /// Runs a write that sends text rows: with this client's copy of the text-indexed fields
    /// (read first when there is none), and once more with a fresh copy when the function finds
    /// it stale (another instance started indexing a field).
    private func writing<T: Sendable>(
        conflict expected: (Int) -> Int?,
        keys: [(String, String)],
        _ body: (PostgresConnection, TextFieldCache, Logger) async throws -> T
    ) async throws -> T {
        try await withConnection { connection, logger in
            var cache = try await self.cachedTextFields(connection, logger: logger, refresh: false)
            var refreshed = false
            while true {
                do {
                    return try await Self.readingConflicts(expected: expected, keys: keys) { try await body(connection, cache, logger) }
                } catch let error as PSQLError where !refreshed && error.serverInfo?[.sqlState] == WriteState.staleTextFields {
                    logger.debug("text-indexed fields changed elsewhere; reading them again")
                    refreshed = true
                    cache = try await self.cachedTextFields(connection, logger: logger, refresh: true)
                }
            }
        }
    }

    /// Turns the functions' conflict error into the store's: `keys` and `expected` name the
    /// write at the error's index (from 1).
    private static func readingConflicts<T>(
        expected: (Int) -> Int?,
        keys: [(String, String)],
        _ body: () async throws -> T
    ) async throws -> T {
        do {
            return try await body()
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == WriteState.conflict {
            let detail = try? JSONText.decode(error.serverInfo?[.detail] ?? "")
            guard let index = detail?["index"]?.intValue, keys.indices.contains(index - 1) else { throw error }
            let actual = detail?["actual"]?.intValue ?? 0
            let (collection, id) = keys[index - 1]
            throw StoreError.conflict(collection: collection, id: id, expected: expected(index - 1), actual: actual == 0 ? nil : actual)
        }
    }

    private func cachedTextFields(_ connection: PostgresConnection, logger: Logger, refresh: Bool) async throws -> TextFieldCache {
        if !refresh, let cache = textFieldCache.withLock({ $0 }) { return cache }
        let rows = try await connection.query("SELECT collection, field FROM text_fields", logger: logger)
        var cache = TextFieldCache(fields: [:], count: 0)
        for try await (collection, field) in rows.decode((String, String).self) {
            cache.fields[collection, default: []].append(FieldPath(field))
            cache.count += 1
        }
        textFieldCache.withLock { $0 = cache }
        return cache
    }

    /// The one row of a write's answer, read to the end: the statement's errors (a constraint,
    /// say) would come after it.
    static func single<Rows: AsyncSequence>(_ rows: Rows) async throws -> Rows.Element {
        var result: Rows.Element?
        for try await row in rows where result == nil { result = row }
        guard let result else { throw StoreError(.failed, "PostgreSQL answered a write with no row.") }
        return result
    }
}
