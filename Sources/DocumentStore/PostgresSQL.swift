import Foundation
import Logging
import PostgresNIO
import ReceiptModel

// The SQL the PostgreSQL store sends: the sequence row's lock, the text index's rows, and the
// dialect its queries are written in. The document writes themselves are server-side functions
// (PostgresWrites.swift).

extension PostgresDocumentStore {
    /// Bumps the sequence counter by `count` and returns the value before: this transaction owns
    /// `value+1 ... value+count`. The row lock is held until commit and orders all writers.
    static func reserveSequence(_ connection: PostgresConnection, count: Int, logger: Logger) async throws -> Int64 {
        let rows = try await connection.query(
            "UPDATE store_meta SET value = value + \(Int64(count)) WHERE key = 'seq' RETURNING value",
            logger: logger
        )
        for try await value in rows.decode(Int64.self) {
            return value - Int64(count)
        }
        throw StoreError(
            .corrupt,
            "The store's sequence counter is missing (table store_meta). The database is not a complete receipts store: restore it or use another database."
        )
    }

    static func replaceText(_ connection: PostgresConnection, documents: [TextSource], fields: [String: [FieldPath]], logger: Logger) async throws {
        let text = TextRows(documents, fields: fields)
        try await connection.query(
            """
            DELETE FROM text_rows r USING unnest(\(text.documentCollections)::text[], \(text.documentIDs)::text[]) AS k(collection, id)
            WHERE r.collection = k.collection AND r.id = k.id
            """,
            logger: logger
        )
        guard !text.texts.isEmpty else { return }
        try await connection.query(
            """
            INSERT INTO text_rows(collection, id, field, text)
            SELECT * FROM unnest(\(text.collections)::text[], \(text.ids)::text[], \(text.fields)::text[], \(text.texts)::text[])
            """,
            logger: logger
        )
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
    var live: String { "NOT deleted" }
    var nullsFirst: String { "NULLS FIRST" }
    var nullsLast: String { "NULLS LAST" }
    var notDistinct: String { "IS NOT DISTINCT FROM" }
    var distinct: String { "IS DISTINCT FROM" }
}
