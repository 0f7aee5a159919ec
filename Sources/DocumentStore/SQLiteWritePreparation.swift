import GRDB
import ReceiptModel
import Synchronization

// Work a SQLite write does before it takes the write lock, so that the one writer holds it for
// the statements alone. Profiling the server's ticks showed the JSON text of the written
// documents (a cart and its change-log entry) made inside the transaction: 60 % of the time the
// writer was held outside SQLite itself, while every other write waited.

/// A document's stored body and JSON text, made outside the write transaction for the revision
/// the write will get unless it conflicts: the expected revision's successor, or 1 for a write
/// without an expected revision (a new document, such as a change-log entry). The transaction
/// uses them only when the revision it settles on is that one, and encodes again otherwise.
struct PreparedBody: Sendable {
    let rev: Int
    let body: JSONValue
    let text: String

    init(_ write: DocumentWrite) throws {
        rev = (write.expectedRev ?? 0) + 1
        body = try WriteRules.body(write.document, id: write.id, rev: rev)
        text = JSONText.encode(body)
    }

    /// The body and text for the revision the transaction settled on.
    func stored(_ write: DocumentWrite, rev actual: Int) throws -> (body: JSONValue, text: String) {
        if actual == rev { return (body, text) }
        let body = try WriteRules.body(write.document, id: write.id, rev: actual)
        return (body, JSONText.encode(body))
    }
}

/// The text-indexed fields of each collection, read from `text_fields` once and again only when
/// its row count moves. Rows are only ever added (by this process or another on the same file),
/// so the count says when the copy is stale; counting through a prepared statement is far cheaper
/// than reading and grouping the table on every write, which was a sixth of the writer's own work.
final class TextFieldCache: Sendable {
    private struct Copy {
        var rows: Int
        var fields: [String: [FieldPath]]
    }

    private let copy = Mutex<Copy?>(nil)

    /// The fields, inside a transaction that `db` runs.
    func fields(_ db: Database) throws -> [String: [FieldPath]] {
        let rows = try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM text_fields")) ?? 0
        if let known = copy.withLock({ $0 }), known.rows == rows { return known.fields }
        let fields = try SQLiteDocumentStore.textFields(db)
        copy.withLock { $0 = Copy(rows: rows, fields: fields) }
        return fields
    }
}
