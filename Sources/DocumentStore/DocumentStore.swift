import Foundation
import ReceiptModel

/// A store of JSON documents grouped in collections (`carts`, `products`, `failures`, …).
///
/// Every document has an `id` (unique in its collection) and a revision `rev`, incremented on every
/// write and also written into the document itself (`"id"` and `"rev"` members). The whole JSON is
/// stored, so fields the code does not know about are kept.
///
/// Every write (put or delete) gets a store-wide, strictly increasing sequence number `seq`;
/// ``changes(since:limit:)`` returns what changed after a sequence number, so readers can sync and
/// resume. Deletes leave a tombstone so that change-feed readers learn about them.
///
/// Engines: ``SQLiteDocumentStore`` (embedded, one file) and ``PostgresDocumentStore``. Open one from
/// a location string with ``StoreLocation/parse(_:)`` and ``StoreLocation/open(logger:)``.
/// Both engines pass the same conformance tests.
public protocol DocumentStore: Sendable {
    /// Which engine this is.
    var engine: StoreEngine { get }

    /// Writes one document.
    ///
    /// - Parameters:
    ///   - collection: The collection name (letters, digits, `_`, `-`, `.`).
    ///   - id: The document id. The stored document's `"id"` member is set to it.
    ///   - document: A JSON object. Its `"rev"` member is replaced by the new revision.
    ///   - expectedRev: `nil` creates or replaces unconditionally. `0` creates only (fails if the
    ///     document exists). `n` succeeds only if the document is currently at revision `n`.
    /// - Returns: The stored document with its new `rev` and `seq`.
    /// - Throws: ``StoreError`` `store.conflict` when `expectedRev` does not match (re-read and retry),
    ///   `store.disk-full`, `store.read-only`, `store.unavailable`.
    @discardableResult
    func put(collection: String, id: String, document: JSONValue, expectedRev: Int?) async throws -> StoredDocument

    /// Writes several documents in one transaction: all of them or none.
    ///
    /// If any write's `expectedRev` does not match, nothing is written and `store.conflict` is thrown.
    /// The same id may appear twice; the later write wins and gets the higher revision.
    /// - Returns: The stored documents, in the order of `writes`.
    @discardableResult
    func putBatch(_ writes: [DocumentWrite]) async throws -> [StoredDocument]

    /// Reads one document; `nil` when it does not exist or was deleted.
    func get(collection: String, id: String) async throws -> StoredDocument?

    /// Whether a live (not deleted) document with this id exists.
    func exists(collection: String, id: String) async throws -> Bool

    /// The revision of a live document, without reading its body (nil when there is none): enough
    /// to tell whether a copy read earlier is still current.
    func revision(collection: String, id: String) async throws -> Int?

    /// Deletes a document by writing a tombstone (a change with `deleted: true`).
    ///
    /// - Parameter expectedRev: `nil` deletes whatever is there; `n` deletes only revision `n`.
    /// - Returns: `true` if a live document was deleted, `false` if there was none.
    /// - Throws: `store.conflict` when `expectedRev` does not match.
    @discardableResult
    func delete(collection: String, id: String, expectedRev: Int?) async throws -> Bool

    /// Runs a query and streams the matching live documents, page by page (``DocumentQuery/pageSize``
    /// documents per round trip), so large results are never loaded whole.
    ///
    /// Errors (for example an invalid field path, `store.invalid-query`) are thrown by the iterator.
    func query(_ query: DocumentQuery) -> AsyncThrowingStream<StoredDocument, any Error>

    /// The number of live documents in `collection` matching every filter.
    func count(collection: String, filters: [Filter]) async throws -> Int

    /// The changes after sequence number `since` (exclusive), oldest first, at most `limit`.
    ///
    /// Each document appears once, at its latest change. Resume with the last change's `seq`.
    /// Sequence numbers are never reused; a reader that saw `seq` N has seen every change ≤ N.
    func changes(since: Int64, limit: Int) async throws -> [StoreChange]

    /// The highest sequence number written so far (0 for an empty store).
    func lastSequence() async throws -> Int64

    /// Applies changes read from another store's feed (`receipts import`, sync), keeping their
    /// revisions and bodies exactly. Idempotent: a change whose revision is not newer than the stored
    /// one is skipped. Runs in one transaction.
    /// - Returns: How many changes were applied (not skipped).
    @discardableResult
    func replicate(_ changes: [StoreChange]) async throws -> Int

    /// Fuzzy text search over string fields of one collection, for matching receipt lines to
    /// products (`"COCA COLA 2L"` → `"Coca-Cola Classic 2 L"`).
    ///
    /// Candidates come from a trigram index (SQLite FTS5 `trigram` tokenizer; PostgreSQL `pg_trgm`
    /// with a GIN index), kept in sync on every write to the collection. The first call for a
    /// (collection, field) pair creates that index and fills it from the existing documents; later
    /// writes keep it up to date. Products' `name` and `brand` are indexed from the start.
    ///
    /// Candidates are re-scored in Swift with the same function on both engines
    /// (``TrigramSimilarity/score(query:text:)``), so scores and order are engine-independent.
    ///
    /// - Parameters:
    ///   - collection: The collection to search (e.g. `products`).
    ///   - fields: Dotted paths of string fields to search (e.g. `["name", "brand"]`).
    ///   - query: Free text; case and punctuation are ignored. Needs 3 letters or digits at least.
    ///   - limit: The most results to return.
    /// - Returns: Best first; each with the field and text that matched best and a score in 0...1.
    func searchText(collection: String, fields: [String], query: String, limit: Int) async throws -> [ScoredDocument]

    /// Creates the query index for a field of a collection if it does not exist yet.
    /// The fields commands filter by are indexed when the store opens (see ``StoreSchema``).
    func ensureIndex(collection: String, field: String) async throws

    /// Stores opaque bytes (an uploaded photo, a thumbnail) under an id chosen by the caller,
    /// normally the bytes' SHA-256, so that writing the same bytes twice is a no-op. Blobs are
    /// not documents: they have no revision and are not in the change feed; a document names
    /// the blob it needs. Writing an id that exists keeps the stored bytes.
    /// - Throws: `store.disk-full`, `store.read-only`, `store.unavailable`, `store.invalid-query`
    ///   for an invalid id.
    func putBlob(id: String, data: Data) async throws

    /// The bytes stored under `id`, or `nil`.
    func getBlob(id: String) async throws -> Data?

    /// Closes connections. The store must not be used afterwards.
    func close() async throws

    /// A signal each time any process commits a write to this store, for readers of the change
    /// feed that would otherwise poll it; nil when the engine has none (SQLite: one process, which
    /// knows its own writes). Signals may be coalesced or, while reconnecting, missed: they say
    /// "read the feed now", never what changed.
    func changeSignals() -> AsyncStream<Void>?
}

extension DocumentStore {
    public func changeSignals() -> AsyncStream<Void>? { nil }

    /// A live document exists when it has a revision.
    public func exists(collection: String, id: String) async throws -> Bool {
        try await revision(collection: collection, id: id) != nil
    }

    /// One document is a batch of one: each engine's checks and conflict rules live in `putBatch`.
    @discardableResult
    public func put(collection: String, id: String, document: JSONValue, expectedRev: Int?) async throws -> StoredDocument {
        try await putBatch([DocumentWrite(collection: collection, id: id, document: document, expectedRev: expectedRev)])[0]
    }

    /// Creates or replaces a document (no revision check).
    @discardableResult
    public func put(collection: String, id: String, document: JSONValue) async throws -> StoredDocument {
        try await put(collection: collection, id: id, document: document, expectedRev: nil)
    }

    /// Deletes whatever revision is there.
    @discardableResult
    public func delete(collection: String, id: String) async throws -> Bool {
        try await delete(collection: collection, id: id, expectedRev: nil)
    }

    /// The number of live documents in `collection`.
    public func count(collection: String) async throws -> Int {
        try await count(collection: collection, filters: [])
    }

    /// Collects a query's results in an array (use ``query(_:)`` for large results).
    public func all(_ query: DocumentQuery) async throws -> [StoredDocument] {
        var result: [StoredDocument] = []
        for try await document in self.query(query) { result.append(document) }
        return result
    }

    /// Streams the whole change feed after `since`, page by page.
    public func changeStream(since: Int64, pageSize: Int = 1000) -> AsyncThrowingStream<StoreChange, any Error> {
        .produced { yield in
            var cursor = since
            while !Task.isCancelled {
                let page = try await self.changes(since: cursor, limit: pageSize)
                for change in page { yield(change) }
                guard page.count == pageSize, let last = page.last else { break }
                cursor = last.seq
            }
        }
    }
}

/// The storage engine behind a ``DocumentStore``.
public enum StoreEngine: String, Sendable, Hashable, CaseIterable {
    case sqlite
    case postgres
}

/// A document as stored: its body (with `"id"` and `"rev"` members), revision and sequence number.
public struct StoredDocument: Sendable, Hashable {
    public var collection: String
    public var id: String
    /// The revision, starting at 1 and incremented on every write (also `document["rev"]`).
    public var rev: Int
    /// The store-wide sequence number of the write that produced this revision.
    public var seq: Int64
    /// The whole JSON object, including fields this code does not know about.
    public var document: JSONValue
}

/// One write of a batch (``DocumentStore/putBatch(_:)``).
public struct DocumentWrite: Sendable, Hashable {
    public var collection: String
    public var id: String
    public var document: JSONValue
    /// See ``DocumentStore/put(collection:id:document:expectedRev:)``.
    public var expectedRev: Int?

    public init(collection: String, id: String, document: JSONValue, expectedRev: Int? = nil) {
        self.collection = collection
        self.id = id
        self.document = document
        self.expectedRev = expectedRev
    }
}

/// An entry of the change feed: the latest state of one document after a write.
public struct StoreChange: Sendable, Hashable, Codable {
    public var seq: Int64
    public var collection: String
    public var id: String
    public var rev: Int
    public var deleted: Bool
    /// The document after the write; for a deletion, its tombstone: the id, the revision and the
    /// fields that say who may see it (see `WriteRules.tombstoneFields`).
    public var document: JSONValue?

    public init(seq: Int64, collection: String, id: String, rev: Int, deleted: Bool, document: JSONValue?) {
        self.seq = seq
        self.collection = collection
        self.id = id
        self.rev = rev
        self.deleted = deleted
        self.document = document
    }
}

/// A text-search result (``DocumentStore/searchText(collection:fields:query:limit:)``).
public struct ScoredDocument: Sendable, Hashable {
    public var document: StoredDocument
    /// 0...1, higher is better; see ``TrigramSimilarity/score(query:text:)``.
    public var score: Double
    /// The field path that matched best, e.g. `name`.
    public var field: String
    /// That field's text.
    public var matchedText: String
}
