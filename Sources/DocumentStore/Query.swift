import Foundation
import ReceiptModel

/// A dotted path to a field inside a document: `"date"`, `"merchant.name"`, `"source.sha256"`.
/// Components are letters, digits and `_` (checked when a query runs: `store.invalid-query`).
public struct FieldPath: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var components: [String]

    public init(_ dotted: String) {
        components = dotted.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    public init(stringLiteral value: String) { self.init(value) }

    public var description: String { components.joined(separator: ".") }

    func validated() throws -> FieldPath {
        guard !components.isEmpty, components.allSatisfy({ Self.isValidComponent($0) }) else {
            throw StoreError.invalidQuery("Invalid field path '\(description)': use dotted names of letters, digits and _ (e.g. merchant.name).")
        }
        return self
    }

    static func isValidComponent(_ text: String) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy { c in
                (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95
            }
    }
}

/// A condition on one field of a document.
///
/// How values compare depends on the value given:
/// - a `.string` compares as text (ISO dates `"2016-05-26"` sort correctly as text);
/// - a `.number` compares numerically, and the field is converted to a number first, so amounts
///   stored as decimal strings (`"12.50"`) compare as numbers: `.greaterOrEqual("total", 10)`;
/// - `.bool` and `.null` only make sense with `.equals` (`.null` matches a missing field too).
public struct Filter: Sendable, Hashable {
    public enum Operator: String, Sendable, Hashable {
        case equals, notEquals, less, lessOrEqual, greater, greaterOrEqual, hasPrefix
    }

    public var path: FieldPath
    public var op: Operator
    public var value: JSONValue

    public init(_ path: FieldPath, _ op: Operator, _ value: JSONValue) {
        self.path = path
        self.op = op
        self.value = value
    }

    public static func equals(_ path: FieldPath, _ value: JSONValue) -> Filter { Filter(path, .equals, value) }
    public static func equals(_ path: FieldPath, _ value: String) -> Filter { Filter(path, .equals, .string(value)) }
    public static func notEquals(_ path: FieldPath, _ value: JSONValue) -> Filter { Filter(path, .notEquals, value) }
    public static func less(_ path: FieldPath, _ value: JSONValue) -> Filter { Filter(path, .less, value) }
    public static func lessOrEqual(_ path: FieldPath, _ value: JSONValue) -> Filter { Filter(path, .lessOrEqual, value) }
    public static func greater(_ path: FieldPath, _ value: JSONValue) -> Filter { Filter(path, .greater, value) }
    public static func greaterOrEqual(_ path: FieldPath, _ value: JSONValue) -> Filter { Filter(path, .greaterOrEqual, value) }
    /// Text fields starting with `prefix` (case-sensitive).
    public static func hasPrefix(_ path: FieldPath, _ prefix: String) -> Filter { Filter(path, .hasPrefix, .string(prefix)) }

    /// Text range, both ends inclusive, either optional: `.textRange("date", from: "2016-01-01", to: "2016-12-31")`.
    public static func textRange(_ path: FieldPath, from: String?, to: String?) -> [Filter] {
        var filters: [Filter] = []
        if let from { filters.append(Filter(path, .greaterOrEqual, .string(from))) }
        if let to { filters.append(Filter(path, .lessOrEqual, .string(to))) }
        return filters
    }

    /// Numeric range, both ends inclusive (works on amounts stored as decimal strings).
    public static func numericRange(_ path: FieldPath, from: Decimal?, to: Decimal?) -> [Filter] {
        var filters: [Filter] = []
        if let from { filters.append(Filter(path, .greaterOrEqual, .number(from))) }
        if let to { filters.append(Filter(path, .lessOrEqual, .number(to))) }
        return filters
    }
}

/// The order of query results. Ties are broken by document id (same direction).
public struct SortKey: Sendable, Hashable {
    public var path: FieldPath
    public var descending: Bool
    /// Compare as numbers (amounts stored as decimal strings); text otherwise.
    public var numeric: Bool

    public init(_ path: FieldPath, descending: Bool = false, numeric: Bool = false) {
        self.path = path
        self.descending = descending
        self.numeric = numeric
    }
}

/// A query on one collection: filters (all must hold), an order, a limit.
///
/// ```swift
/// let query = DocumentQuery(collection: "carts",
///                           filters: Filter.textRange("date", from: "2016-01-01", to: "2016-06-30")
///                                  + [.equals("merchant.name", "GREEN FIELD")],
///                           sort: SortKey("date", descending: true), limit: 50)
/// for try await cart in store.query(query) { … }
/// ```
public struct DocumentQuery: Sendable, Hashable {
    public var collection: String
    public var filters: [Filter]
    /// `nil` orders by id.
    public var sort: SortKey?
    public var limit: Int?
    /// Documents fetched per round trip while streaming.
    public var pageSize: Int

    public init(collection: String, filters: [Filter] = [], sort: SortKey? = nil, limit: Int? = nil, pageSize: Int = 500) {
        self.collection = collection
        self.filters = filters
        self.sort = sort
        self.limit = limit
        self.pageSize = max(1, pageSize)
    }
}

/// The query indexes created when a store opens: the fields commands filter by.
public enum StoreSchema {
    /// (collection, field path) pairs with an expression index on both engines.
    public static let defaultIndexes: [(collection: String, field: String)] = [
        ("carts", "date"),
        ("carts", "merchant.name"),
        ("carts", "addedByUser"),
        ("products", "barcode"),
        ("products", "name"),
        ("failures", "source.sha256"),
    ]

    /// (collection, field path) pairs in the text-search index from the start.
    public static let defaultTextFields: [(collection: String, field: String)] = [
        ("products", "name"),
        ("products", "brand"),
    ]

    static func validateCollection(_ name: String) throws {
        guard !name.isEmpty, name.count <= 64,
            name.utf8.allSatisfy({ c in
                (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95 || c == 45 || c == 46
            })
        else {
            throw StoreError.invalidQuery("Invalid collection name '\(name)': use letters, digits, '_', '-' or '.' (at most 64).")
        }
    }

    static func validateID(_ id: String) throws {
        guard !id.isEmpty, id.utf8.count <= 512 else {
            throw StoreError.invalidQuery("Invalid document id: it must be 1 to 512 bytes long.")
        }
    }

    /// Checks every collection name and id of a batch before either engine writes any of it.
    static func validate(_ documents: [(collection: String, id: String)]) throws {
        for document in documents {
            try validateCollection(document.collection)
            try validateID(document.id)
        }
    }

    /// A short, stable SQL identifier suffix for an index on (collection, field).
    static func indexName(collection: String, field: String) -> String {
        let raw = "\(collection)_\(field)".map { $0.isLetter || $0.isNumber ? $0 : "_" }
        return "idx_doc_" + String(raw).lowercased()
    }
}

// MARK: - Shared write rules

/// The stored state of a document before a write.
struct CurrentRevision: Sendable {
    var rev: Int
    var deleted: Bool
}

enum WriteRules {
    /// The revision a put gets, or a conflict.
    static func nextRevision(collection: String, id: String, current: CurrentRevision?, expectedRev: Int?) throws -> Int {
        if let expectedRev {
            let live = current.flatMap { $0.deleted ? nil : $0.rev } ?? 0
            guard live == expectedRev else {
                throw StoreError.conflict(collection: collection, id: id, expected: expectedRev, actual: live == 0 ? nil : live)
            }
        }
        return (current?.rev ?? 0) + 1
    }

    /// The body to store: the document with `id` and `rev` set.
    static func body(_ document: JSONValue, id: String, rev: Int) throws -> JSONValue {
        guard case .object(var members) = document else {
            throw StoreError.invalidQuery("A document must be a JSON object (got something else for id \(id)).")
        }
        members["id"] = .string(id)
        members["rev"] = .number(Decimal(rev))
        return .object(members)
    }

    /// Top-level fields a deletion keeps from the document: those that say who may see it, so that
    /// a change-feed reader (the server's live updates) can tell the right people a document is
    /// gone. Nothing else survives a delete.
    static let tombstoneFields = ["household", "group", "participants", "userId", "members"]

    static func tombstone(id: String, rev: Int, previous: JSONValue? = nil) -> JSONValue {
        var members: [String: JSONValue] = ["id": .string(id), "rev": .number(Decimal(rev)), "_deleted": .bool(true)]
        if case .object(let before)? = previous {
            for field in tombstoneFields { if let value = before[field] { members[field] = value } }
        }
        return .object(members)
    }

    /// The body a replicated change is stored with: its tombstone when it is a deletion.
    static func body(of change: StoreChange) throws -> JSONValue {
        change.deleted
            ? tombstone(id: change.id, rev: change.rev, previous: change.document)
            : try body(change.document ?? .object([:]), id: change.id, rev: change.rev)
    }
}

// MARK: - JSON text

/// Fast compact JSON writer for `JSONValue` (sorted keys, like `JSONValue.jsonData()`), and the
/// reader for stored text (``JSONParser``).
enum JSONText {
    static func encode(_ value: JSONValue) -> String { JSONWriter.encode(value) }

    static func decode(_ text: String) throws -> JSONValue {
        do {
            return try JSONParser.parse(text)
        } catch {
            throw StoreError(
                .corrupt,
                "A stored document is not valid JSON. The store may be damaged: restore it from a backup or an export.",
                underlying: "\(error)"
            )
        }
    }
}

// MARK: - JSON Lines for export/import

/// The JSON Lines format of `receipts export` / `receipts import`: one change per line,
/// `{"collection":…,"deleted":…,"document":{…},"id":…,"rev":…,"seq":…}` (keys sorted).
public enum ChangeLines {
    /// One line (without the newline) for a change.
    public static func encode(_ change: StoreChange) -> String {
        var members: [String: JSONValue] = [
            "seq": .number(Decimal(change.seq)),
            "collection": .string(change.collection),
            "id": .string(change.id),
            "rev": .number(Decimal(change.rev)),
            "deleted": .bool(change.deleted),
        ]
        members["document"] = change.document ?? .null
        return JSONText.encode(.object(members))
    }

    /// Parses a line written by ``encode(_:)``. A plain document (an object with `id` but no
    /// `document` member) is accepted too when `collection` is given: it becomes a change at the
    /// document's `rev` (1 when missing).
    /// - Throws: `store.invalid-query` naming what is missing.
    public static func decode(_ line: Substring, collection: String? = nil) throws -> StoreChange {
        let value: JSONValue
        do {
            value = try JSONValue(jsonData: Data(line.utf8))
        } catch {
            throw StoreError.invalidQuery("Not a JSON object: \(line.prefix(60))…")
        }
        if let document = value["document"], let collection = value["collection"]?.stringValue, let id = value["id"]?.stringValue {
            let deleted = value["deleted"]?.boolValue ?? false
            guard let rev = value["rev"]?.intValue, rev > 0 else {
                throw StoreError.invalidQuery("Line for \(collection)/\(id) has no positive rev.")
            }
            return StoreChange(
                seq: Int64(value["seq"]?.intValue ?? 0),
                collection: collection,
                id: id,
                rev: rev,
                deleted: deleted,
                document: document == .null ? nil : document
            )
        }
        guard let collection else {
            throw StoreError.invalidQuery(
                "A line is not an export record (needs collection, id, rev, document). Plain documents need a collection name."
            )
        }
        guard let id = value["id"]?.stringValue else { throw StoreError.invalidQuery("A document has no string id: \(line.prefix(60))…") }
        return StoreChange(seq: 0, collection: collection, id: id, rev: value["rev"]?.intValue ?? 1, deleted: false, document: value)
    }
}
