import Foundation
import ReceiptModel

/// A value bound into an SQL statement, engine-neutral.
enum SQLParam: Sendable, Hashable {
    case text(String)
    case int(Int64)
    case double(Double)
    /// A decimal number as text; PostgreSQL compares it as `numeric`, SQLite as a double.
    case numeric(String)
}

/// What differs between the engines when compiling queries.
protocol SQLDialect: Sendable {
    /// The field as text (strings as themselves); must match the index expressions exactly.
    func textExpression(_ path: FieldPath) -> String
    /// The field as a number (decimal strings converted), NULL when not a number.
    func numericExpression(_ path: FieldPath) -> String
    /// `true`, `false` or `null` test on the raw JSON value.
    func jsonLiteralTest(_ path: FieldPath, literal: String) -> String
    /// The field is missing or JSON null.
    func isNullTest(_ path: FieldPath) -> String
    func prefixTest(expression: String, placeholder: String) -> String
    func placeholder(_ index: Int, for param: SQLParam) -> String
    var nullsFirst: String { get }
    var nullsLast: String { get }
    var notDistinct: String { get }
    var distinct: String { get }
    /// The test of a row that is not a deletion's tombstone.
    var live: String { get }
}

/// Accumulates SQL text and its parameters.
struct SQLBuilder {
    let dialect: any SQLDialect
    private(set) var params: [SQLParam] = []

    init(dialect: any SQLDialect) { self.dialect = dialect }

    mutating func bind(_ param: SQLParam) -> String {
        params.append(param)
        return dialect.placeholder(params.count, for: param)
    }

    /// `'name'` for a validated collection name (inlined so partial indexes apply).
    static func collectionLiteral(_ collection: String) throws -> String {
        try StoreSchema.validateCollection(collection)
        return "'\(collection)'"
    }

    /// The WHERE clause (without `WHERE`) of the live documents of `collection` that pass `filters`.
    mutating func documents(in collection: String, filters: [Filter]) throws -> String {
        (["collection = \(try Self.collectionLiteral(collection))", dialect.live] + (try conditions(for: filters))).joined(separator: " AND ")
    }

    /// The WHERE clause (without `WHERE`) of the page of `query` that continues after `cursor`, the
    /// sort expression it selects and its ORDER BY clause.
    mutating func page(of query: DocumentQuery, after cursor: PageCursor?) throws -> (where: String, expression: String?, orderBy: String) {
        var clause = try documents(in: query.collection, filters: query.filters)
        let (expression, orderBy) = try ordering(query.sort)
        if let cursor {
            clause += " AND " + after(cursor, expression: expression, descending: query.sort?.descending ?? false)
        }
        return (clause, expression, orderBy)
    }

    /// The WHERE conditions for `filters` (joined with AND), or `nil` for none.
    mutating func conditions(for filters: [Filter]) throws -> [String] {
        var result: [String] = []
        for filter in filters {
            let path = try filter.path.validated()
            result.append(try condition(filter, path: path))
        }
        return result
    }

    private mutating func condition(_ filter: Filter, path: FieldPath) throws -> String {
        switch filter.value {
        case .string(let text):
            let expression = dialect.textExpression(path)
            switch filter.op {
            case .hasPrefix:
                return dialect.prefixTest(expression: expression, placeholder: bind(.text(text)))
            case .notEquals:
                return "(\(expression) \(dialect.distinct) \(bind(.text(text))))"
            default:
                return "(\(expression) \(Self.sqlOperator(filter.op)) \(bind(.text(text))))"
            }
        case .number(let number):
            guard filter.op != .hasPrefix else {
                throw StoreError.invalidQuery("hasPrefix needs a text value (field \(path)).")
            }
            let expression = dialect.numericExpression(path)
            let param = SQLParam.numeric("\(number)")
            if filter.op == .notEquals {
                return "(\(expression) \(dialect.distinct) \(bind(param)))"
            }
            return "(\(expression) \(Self.sqlOperator(filter.op)) \(bind(param)))"
        case .bool(let flag):
            switch filter.op {
            case .equals: return dialect.jsonLiteralTest(path, literal: flag ? "true" : "false")
            case .notEquals: return "(NOT \(dialect.jsonLiteralTest(path, literal: flag ? "true" : "false")))"
            default: throw StoreError.invalidQuery("Booleans only support equals/notEquals (field \(path)).")
            }
        case .null:
            switch filter.op {
            case .equals: return dialect.isNullTest(path)
            case .notEquals: return "(NOT \(dialect.isNullTest(path)))"
            default: throw StoreError.invalidQuery("null only supports equals/notEquals (field \(path)).")
            }
        case .array, .object:
            throw StoreError.invalidQuery("Filters compare text, numbers, booleans or null, not arrays or objects (field \(path)).")
        }
    }

    private static func sqlOperator(_ op: Filter.Operator) -> String {
        switch op {
        case .equals: return "="
        case .notEquals: return "<>"
        case .less: return "<"
        case .lessOrEqual: return "<="
        case .greater: return ">"
        case .greaterOrEqual: return ">="
        case .hasPrefix: return "="
        }
    }

    /// The sort expression and ORDER BY clause for `sort` (id breaks ties).
    func ordering(_ sort: SortKey?) throws -> (expression: String?, orderBy: String) {
        guard let sort else { return (nil, "id ASC") }
        let path = try sort.path.validated()
        let expression = sort.numeric ? dialect.numericExpression(path) : dialect.textExpression(path)
        if sort.descending {
            return (expression, "\(expression) DESC \(dialect.nullsLast), id DESC")
        }
        return (expression, "\(expression) ASC \(dialect.nullsFirst), id ASC")
    }

    /// The keyset condition that continues after the last row of the previous page.
    mutating func after(_ cursor: PageCursor, expression: String?, descending: Bool) -> String {
        let idParam = SQLParam.text(cursor.id)
        guard let expression else { return "(id > \(bind(idParam)))" }
        if let value = cursor.sortValue {
            let v1 = bind(value)
            let v2 = bind(value)
            let id = bind(idParam)
            if descending {
                return "(\(expression) < \(v1) OR (\(expression) = \(v2) AND id < \(id)) OR \(expression) IS NULL)"
            }
            return "(\(expression) > \(v1) OR (\(expression) = \(v2) AND id > \(id)))"
        }
        let id = bind(idParam)
        if descending {
            return "(\(expression) IS NULL AND id < \(id))"
        }
        return "((\(expression) IS NULL AND id > \(id)) OR \(expression) IS NOT NULL)"
    }
}

/// Where a page ended: the last row's sort value and id.
struct PageCursor: Sendable {
    var sortValue: SQLParam?
    var id: String
}

/// Pull-based paging: a page is fetched only when the consumer has used up the previous one.
actor PagedReader {
    typealias Fetch = @Sendable (_ after: PageCursor?, _ count: Int) async throws -> [(StoredDocument, PageCursor)]

    private let fetch: Fetch
    private let pageSize: Int
    private var remaining: Int?
    private var buffer: [StoredDocument] = []
    private var index = 0
    private var cursor: PageCursor?
    private var exhausted = false

    init(pageSize: Int, limit: Int?, fetch: @escaping Fetch) {
        self.pageSize = pageSize
        self.remaining = limit
        self.fetch = fetch
    }

    func next() async throws -> StoredDocument? {
        if let remaining, remaining <= 0 { return nil }
        if index >= buffer.count {
            guard !exhausted else { return nil }
            let want = min(pageSize, remaining ?? pageSize)
            let page = try await fetch(cursor, want)
            if page.count < want { exhausted = true }
            buffer = page.map(\.0)
            index = 0
            cursor = page.last?.1
            if buffer.isEmpty { return nil }
        }
        let document = buffer[index]
        index += 1
        if let current = remaining { remaining = current - 1 }
        return document
    }

    static func stream(pageSize: Int, limit: Int?, fetch: @escaping Fetch) -> AsyncThrowingStream<StoredDocument, any Error> {
        let reader = PagedReader(pageSize: pageSize, limit: limit, fetch: fetch)
        return AsyncThrowingStream(unfolding: { try await reader.next() })
    }
}
