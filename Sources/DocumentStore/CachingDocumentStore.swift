import Foundation
import ReceiptModel
import Synchronization

/// A store that answers the reads every request repeats (its session, its user, its membership,
/// the store's last sequence number) from memory, in front of another store.
///
/// Writes made through this wrapper update or drop the cached copies before they return, so this
/// process always reads its own writes. Writes made elsewhere (another server instance, a command
/// on the same file) are seen once a cached copy is older than ``freshness``; that bounds how long
/// a session revoked through another instance keeps working. Only the collections named at
/// creation are cached: documents that are read, changed and written back with a revision check
/// (carts, lists) always come from the store.
public final class CachingDocumentStore: DocumentStore {
    private struct Key: Hashable {
        var collection: String
        var id: String
    }

    private struct Cached {
        var document: StoredDocument
        var fetched: ContinuousClock.Instant
    }

    private struct State {
        var documents: [Key: Cached] = [:]
        /// Raised by every invalidation: a read that started before one may not fill the cache,
        /// since what it read may be what was just replaced.
        var generation: UInt64 = 0
        var sequence: Int64 = 0
        var sequenceFetched: ContinuousClock.Instant?
    }

    public let base: any DocumentStore
    private let collections: Set<String>
    private let freshness: Duration
    private let sequenceFreshness: Duration
    private let capacity: Int
    private let state = Mutex(State())

    /// - Parameters:
    ///   - collections: The collections whose documents `get` and `exists` answer from memory.
    ///   - freshness: How long a cached document is trusted without asking the store.
    ///   - sequenceFreshness: The same for ``lastSequence()``, which this process's own writes
    ///     raise at once.
    public init(
        _ base: any DocumentStore,
        caching collections: Set<String>,
        freshness: Duration = .seconds(2),
        sequenceFreshness: Duration = .milliseconds(50),
        capacity: Int = 50_000
    ) {
        self.base = base
        self.collections = collections
        self.freshness = freshness
        self.sequenceFreshness = sequenceFreshness
        self.capacity = capacity
    }

    public var engine: StoreEngine { base.engine }

    // MARK: Reads

    public func get(collection: String, id: String) async throws -> StoredDocument? {
        guard collections.contains(collection) else { return try await base.get(collection: collection, id: id) }
        let key = Key(collection: collection, id: id)
        let now = ContinuousClock.now
        let (hit, generation) = state.withLock { state -> (Cached?, UInt64) in
            guard let cached = state.documents[key], now - cached.fetched < freshness else { return (nil, state.generation) }
            return (cached, state.generation)
        }
        if let hit { return hit.document }
        let document = try await base.get(collection: collection, id: id)
        // Absence is not cached: a session or membership created through another instance must
        // work at once.
        guard let document else { return nil }
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.documents.count >= capacity { state.documents.removeAll(keepingCapacity: true) }
            state.documents[key] = Cached(document: document, fetched: now)
        }
        return document
    }

    public func revision(collection: String, id: String) async throws -> Int? {
        guard collections.contains(collection) else { return try await base.revision(collection: collection, id: id) }
        return try await get(collection: collection, id: id)?.rev
    }

    public func lastSequence() async throws -> Int64 {
        let now = ContinuousClock.now
        if let known = state.withLock({ state -> Int64? in
            guard let fetched = state.sequenceFetched, now - fetched < sequenceFreshness else { return nil }
            return state.sequence
        }) {
            return known
        }
        let sequence = try await base.lastSequence()
        return state.withLock { state in
            state.sequence = max(state.sequence, sequence)
            state.sequenceFetched = now
            return state.sequence
        }
    }

    public func query(_ query: DocumentQuery) -> AsyncThrowingStream<StoredDocument, any Error> { base.query(query) }

    public func count(collection: String, filters: [Filter]) async throws -> Int {
        try await base.count(collection: collection, filters: filters)
    }

    public func changes(since: Int64, limit: Int) async throws -> [StoreChange] {
        try await base.changes(since: since, limit: limit)
    }

    public func searchText(collection: String, fields: [String], query: String, limit: Int) async throws -> [ScoredDocument] {
        try await base.searchText(collection: collection, fields: fields, query: query, limit: limit)
    }

    public func getBlob(id: String) async throws -> Data? { try await base.getBlob(id: id) }

    public func changeSignals() -> AsyncStream<Void>? { base.changeSignals() }

    // MARK: Writes

    @discardableResult
    public func putBatch(_ writes: [DocumentWrite]) async throws -> [StoredDocument] {
        let stored: [StoredDocument]
        do {
            stored = try await base.putBatch(writes)
        } catch {
            // A conflict says the cached copy may be stale: the retry must read the store.
            forget(writes.map { Key(collection: $0.collection, id: $0.id) })
            throw error
        }
        let now = ContinuousClock.now
        state.withLock { state in
            for document in stored {
                state.sequence = max(state.sequence, document.seq)
                let key = Key(collection: document.collection, id: document.id)
                guard collections.contains(key.collection) else { continue }
                state.generation &+= 1
                state.documents[key] = Cached(document: document, fetched: now)
            }
        }
        return stored
    }

    @discardableResult
    public func delete(collection: String, id: String, expectedRev: Int?) async throws -> Bool {
        defer { forget([Key(collection: collection, id: id)], sequenceChanged: true) }
        return try await base.delete(collection: collection, id: id, expectedRev: expectedRev)
    }

    @discardableResult
    public func replicate(_ changes: [StoreChange]) async throws -> Int {
        defer { forget(changes.map { Key(collection: $0.collection, id: $0.id) }, sequenceChanged: true) }
        return try await base.replicate(changes)
    }

    public func ensureIndex(collection: String, field: String) async throws {
        try await base.ensureIndex(collection: collection, field: field)
    }

    public func putBlob(id: String, data: Data) async throws { try await base.putBlob(id: id, data: data) }

    public func close() async throws { try await base.close() }

    /// Drops cached copies, so the next read asks the store.
    private func forget(_ keys: [Key], sequenceChanged: Bool = false) {
        state.withLock { state in
            if sequenceChanged { state.sequenceFetched = nil }
            let cachedKeys = keys.filter { collections.contains($0.collection) }
            guard !cachedKeys.isEmpty else { return }
            state.generation &+= 1
            for key in cachedKeys { state.documents[key] = nil }
        }
    }
}
