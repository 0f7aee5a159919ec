import Foundation
import GRDB
import ReceiptModel

// The SQL the SQLite store runs besides its main statements: the text index kept beside the
// documents, and the dialect its queries are written in.

extension SQLiteDocumentStore {
    static func textFields(_ db: Database) throws -> [String: [FieldPath]] {
        var result: [String: [FieldPath]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT collection, field FROM text_fields ORDER BY collection, field") {
            result[row[0], default: []].append(FieldPath(row[1] as String))
        }
        return result
    }

    static func updateTextIndex(_ db: Database, collection: String, id: String, body: JSONValue?, fields: [FieldPath]?) throws {
        guard let fields, !fields.isEmpty else {
            if body == nil { try removeText(db, collection: collection, id: id) }
            return
        }
        try removeText(db, collection: collection, id: id)
        guard let body else { return }
        let insertRow = try db.cachedStatement(sql: "INSERT INTO text_rows(collection, id, field) VALUES (?, ?, ?)")
        let insertText = try db.cachedStatement(sql: "INSERT INTO text_index(rowid, text) VALUES (?, ?)")
        for field in fields {
            guard let text = body.value(at: field)?.stringValue else { continue }
            let indexed = TrigramSimilarity.indexText(text)
            guard !indexed.isEmpty else { continue }
            try insertRow.execute(arguments: [collection, id, field.description])
            try insertText.execute(arguments: [db.lastInsertedRowID, indexed])
        }
    }

    static func removeText(_ db: Database, collection: String, id: String) throws {
        let rowids = try Int64.fetchAll(
            db.cachedStatement(sql: "SELECT rowid FROM text_rows WHERE collection = ? AND id = ?"),
            arguments: [collection, id]
        )
        guard !rowids.isEmpty else { return }
        let deleteText = try db.cachedStatement(sql: "DELETE FROM text_index WHERE rowid = ?")
        let deleteRow = try db.cachedStatement(sql: "DELETE FROM text_rows WHERE rowid = ?")
        for rowid in rowids {
            try deleteText.execute(arguments: [rowid])
            try deleteRow.execute(arguments: [rowid])
        }
    }
}

struct SQLiteDialect: SQLDialect {
    func jsonPath(_ path: FieldPath) -> String { "'$." + path.components.joined(separator: ".") + "'" }
    func textExpression(_ path: FieldPath) -> String { "json_extract(body, \(jsonPath(path)))" }
    func numericExpression(_ path: FieldPath) -> String {
        "(CASE WHEN json_type(body, \(jsonPath(path))) IN ('integer', 'real') THEN json_extract(body, \(jsonPath(path))) WHEN json_type(body, \(jsonPath(path))) = 'text' AND trim(json_extract(body, \(jsonPath(path)))) GLOB '*[0-9]*' AND trim(json_extract(body, \(jsonPath(path)))) NOT GLOB '*[^0-9.+-]*' THEN CAST(json_extract(body, \(jsonPath(path))) AS REAL) END)"
    }
    func jsonLiteralTest(_ path: FieldPath, literal: String) -> String { "(json_type(body, \(jsonPath(path))) = '\(literal)')" }
    func isNullTest(_ path: FieldPath) -> String { "(coalesce(json_type(body, \(jsonPath(path))), 'null') = 'null')" }
    func prefixTest(expression: String, placeholder: String) -> String { "(substr(\(expression), 1, length(\(placeholder))) = \(placeholder))" }
    func placeholder(_ index: Int, for param: SQLParam) -> String { "?\(index)" }
    var live: String { "deleted = 0" }
    var nullsFirst: String { "" }
    var nullsLast: String { "" }
    var notDistinct: String { "IS" }
    var distinct: String { "IS NOT" }
}
