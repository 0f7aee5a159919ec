import Foundation
import Logging
import PostgresNIO
import ReceiptModel

// The SQL the PostgreSQL store sends: the statements every write transaction runs under the
// sequence row's lock, and the dialect its queries are written in.

extension PostgresDocumentStore {
    struct DocumentKey: Hashable {
        var collection: String
        var id: String
    }

    /// Bumps the sequence counter by `count` and returns the value before: this transaction owns
    /// `value+1 ... value+count`. The row lock is held until commit and orders all writers.
    static func reserveSequence(_ connection: PostgresConnection, count: Int, logger: Logger) async throws -> Int64 {
        let rows = try await connection.query("UPDATE store_meta SET value = value + \(Int64(count)) WHERE key = 'seq' RETURNING value", logger: logger)
        for try await value in rows.decode(Int64.self) {
            return value - Int64(count)
        }
        throw StoreError(.corrupt, "The store's sequence counter is missing (table store_meta). The database is not a complete receipts store: restore it or use another database.")
    }

    /// The current revisions of `keys`, and the text-indexed fields of every collection, in one
    /// round trip. Called after ``reserveSequence(_:count:logger:)``: the sequence row's lock
    /// orders writers (and ``ensureTextFields(collection:fields:)``), so what this reads stays
    /// true until COMMIT. Every round trip made holding that lock holds up every other writer.
    static func currentRevisions(
        _ connection: PostgresConnection, keys: [(String, String)], logger: Logger
    ) async throws -> ([DocumentKey: CurrentRevision], [String: [FieldPath]]) {
        let collections = keys.map(\.0)
        let ids = keys.map(\.1)
        let rows = try await connection.query("""
            SELECT d.collection, d.id, d.rev, d.deleted FROM documents d
            JOIN unnest(\(collections)::text[], \(ids)::text[]) AS k(collection, id) ON d.collection = k.collection AND d.id = k.id
            UNION ALL
            SELECT collection, field, -1, false FROM text_fields
            """, logger: logger)
        var revisions: [DocumentKey: CurrentRevision] = [:]
        var textFields: [String: [FieldPath]] = [:]
        for try await (collection, id, rev, deleted) in rows.decode((String, String, Int64, Bool).self) {
            if rev < 0 {
                textFields[collection, default: []].append(FieldPath(id))
            } else {
                revisions[DocumentKey(collection: collection, id: id)] = CurrentRevision(rev: Int(rev), deleted: deleted)
            }
        }
        return (revisions, textFields)
    }

    /// Writes the final state of each document (the last one wins when an id repeats), keeps the
    /// text index in step and notifies `channel`, all in one statement (one round trip under the
    /// sequence row's lock instead of four).
    static func upsert(
        _ connection: PostgresConnection, rows: [(StoredDocument, Bool)], textFields fields: [String: [FieldPath]], notifying channel: String,
        logger: Logger
    ) async throws {
        guard !rows.isEmpty else { return }
        var latest: [DocumentKey: Int] = [:]
        for (index, row) in rows.enumerated() {
            latest[DocumentKey(collection: row.0.collection, id: row.0.id)] = index
        }
        let final = rows.indices.filter { latest[DocumentKey(collection: rows[$0].0.collection, id: rows[$0].0.id)] == $0 }.map { rows[$0] }
        let collections = final.map(\.0.collection)
        let ids = final.map(\.0.id)
        let revs = final.map { Int64($0.0.rev) }
        let seqs = final.map(\.0.seq)
        let deleted = final.map(\.1)
        let bodies = final.map { JSONText.encode($0.0.document) }
        // Text index: only for collections with indexed fields.
        let text = TextRows(final.filter { fields[$0.0.collection] != nil }, fields: fields)
        // Data-modifying WITH clauses always run, once each, on the statement's one snapshot, so
        // they must not touch the same rows: the DELETE takes the documents' text rows that are
        // not written again, the INSERT writes (or overwrites) the others.
        _ = try await connection.query("""
            WITH written AS (
                INSERT INTO documents(collection, id, rev, seq, deleted, body)
                SELECT c, i, r, s, d, b::jsonb FROM unnest(\(collections)::text[], \(ids)::text[], \(revs)::bigint[], \(seqs)::bigint[], \(deleted)::boolean[], \(bodies)::text[]) AS t(c, i, r, s, d, b)
                ON CONFLICT (collection, id) DO UPDATE SET rev = excluded.rev, seq = excluded.seq, deleted = excluded.deleted, body = excluded.body
            ), unindexed AS (
                DELETE FROM text_rows r USING unnest(\(text.documentCollections)::text[], \(text.documentIDs)::text[]) AS k(collection, id)
                WHERE r.collection = k.collection AND r.id = k.id AND NOT EXISTS (
                    SELECT 1 FROM unnest(\(text.collections)::text[], \(text.ids)::text[], \(text.fields)::text[]) AS n(collection, id, field)
                    WHERE n.collection = r.collection AND n.id = r.id AND n.field = r.field)
            ), indexed AS (
                INSERT INTO text_rows(collection, id, field, text)
                SELECT * FROM unnest(\(text.collections)::text[], \(text.ids)::text[], \(text.fields)::text[], \(text.texts)::text[])
                ON CONFLICT (collection, id, field) DO UPDATE SET text = excluded.text
            )
            SELECT pg_notify(\(channel), '')
            """, logger: logger)
            // The statement's errors (a constraint, say) come after its row: read to the end, or
            // they would pass unseen and COMMIT would quietly roll the transaction back.
            .collect()
    }

    static func replaceText(_ connection: PostgresConnection, documents: [(StoredDocument, Bool)], fields: [String: [FieldPath]], logger: Logger) async throws {
        let text = TextRows(documents, fields: fields)
        try await connection.query("""
            DELETE FROM text_rows r USING unnest(\(text.documentCollections)::text[], \(text.documentIDs)::text[]) AS k(collection, id)
            WHERE r.collection = k.collection AND r.id = k.id
            """, logger: logger)
        guard !text.texts.isEmpty else { return }
        try await connection.query("""
            INSERT INTO text_rows(collection, id, field, text)
            SELECT * FROM unnest(\(text.collections)::text[], \(text.ids)::text[], \(text.fields)::text[], \(text.texts)::text[])
            """, logger: logger)
    }
}

struct PostgresDialect: SQLDialect {
    func pathLiteral(_ path: FieldPath) -> String { "'{" + path.components.joined(separator: ",") + "}'" }
    func textExpression(_ path: FieldPath) -> String { "(body #>> \(pathLiteral(path)))" }
    func numericExpression(_ path: FieldPath) -> String {
        "(CASE WHEN (body #>> \(pathLiteral(path))) ~ '^ *[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+) *$' THEN (body #>> \(pathLiteral(path)))::numeric END)"
    }
    func jsonLiteralTest(_ path: FieldPath, literal: String) -> String { "coalesce((body #> \(pathLiteral(path))) = '\(literal)'::jsonb, false)" }
    func isNullTest(_ path: FieldPath) -> String { "((body #> \(pathLiteral(path))) IS NULL OR (body #> \(pathLiteral(path))) = 'null'::jsonb)" }
    func prefixTest(expression: String, placeholder: String) -> String { "starts_with(\(expression), \(placeholder))" }
    func placeholder(_ index: Int, for param: SQLParam) -> String {
        switch param {
        case .numeric: return "$\(index)::numeric"
        case .text: return "$\(index)::text"
        case .int, .double: return "$\(index)"
        }
    }
    var nullsFirst: String { "NULLS FIRST" }
    var nullsLast: String { "NULLS LAST" }
    var notDistinct: String { "IS NOT DISTINCT FROM" }
    var distinct: String { "IS DISTINCT FROM" }
}
