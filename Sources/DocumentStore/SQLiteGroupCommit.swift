import GRDB
import Synchronization

// Group commit for the SQLite store's document writes. Every write used to be a write
// transaction of its own through GRDB's one writer: under the server's ticks at 64 connections
// most requests waited in that queue, each for a BEGIN, a COMMIT (its log pages written again)
// and a hop onto and off the writer's thread. Writes that arrive while the writer is busy now
// wait here and go in together: one transaction, each write in a savepoint of its own, so a
// write that fails (its revision check, a constraint) rolls back alone and alone gets its
// error, and one COMMIT for all. Nobody is answered before that commit, so a caller's next
// read sees its write; when the commit fails, every write of the batch fails with its error.

/// Runs writes in batches: whatever is waiting when the writer frees up goes in one transaction.
package final class SQLiteGroupCommit: Sendable {
    /// One waiting write: its work, run inside the batch's transaction, and who waits for it.
    private struct Waiter: Sendable {
        let id: UInt64
        let work: @Sendable (Database) throws -> any Sendable
        let continuation: CheckedContinuation<any Sendable, any Error>
    }

    private struct State {
        var waiting: [Waiter] = []
        var draining = false
        var nextID: UInt64 = 0
        var batches = 0
        var paused = false
        var failingCommit: (any Error)?
    }

    /// The most writes one transaction takes, so that a long queue is answered in steps.
    static let maximumBatch = 128

    private let database: any DatabaseWriter
    private let state = Mutex(State())

    init(database: any DatabaseWriter) {
        self.database = database
    }

    /// Runs `work` in a write transaction (`BEGIN IMMEDIATE`), with the writes waiting beside it.
    /// Returns after the commit. Cancelled while still waiting, it throws `CancellationError` and
    /// never runs; once its batch has started it runs to the end like any other.
    func write<T: Sendable>(_ work: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try Task.checkCancellation()
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        let value = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // Checked under the lock the cancellation handler takes: a cancellation either
                // comes before (and the write never waits) or finds the write waiting.
                let startsDraining = state.withLock { state -> Bool? in
                    guard !Task.isCancelled else { return nil }
                    state.waiting.append(Waiter(id: id, work: { db in try work(db) }, continuation: continuation))
                    guard !state.draining, !state.paused else { return false }
                    state.draining = true
                    return true
                }
                guard let startsDraining else { return continuation.resume(throwing: CancellationError()) }
                if startsDraining { startDraining() }
            }
        } onCancel: {
            let removed = state.withLock { state -> Waiter? in
                guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiting.remove(at: index)
            }
            removed?.continuation.resume(throwing: CancellationError())
        }
        guard let result = value as? T else { throw StoreError(.failed, "A batched write returned a result of the wrong type.") }
        return result
    }

    private func startDraining() {
        Task { await drain() }
    }

    /// Runs batches until nothing waits (or the commits are paused).
    private func drain() async {
        while let batch = nextBatch() {
            let failing = state.withLock { state in
                defer { state.failingCommit = nil }
                return state.failingCommit
            }
            let outcomes: [Result<any Sendable, any Error>]
            do {
                let works = batch.map(\.work)
                outcomes = try await database.writeWithoutTransaction { db in
                    try Self.run(works, in: db, failingCommit: failing)
                }
            } catch {
                outcomes = Array(repeating: .failure(error), count: batch.count)
            }
            for (waiter, outcome) in zip(batch, outcomes) {
                waiter.continuation.resume(with: outcome)
            }
        }
    }

    /// Takes the next batch off the queue, or says that draining stops.
    private func nextBatch() -> [Waiter]? {
        state.withLock { state in
            guard !state.waiting.isEmpty, !state.paused else {
                state.draining = false
                return nil
            }
            let count = min(state.waiting.count, Self.maximumBatch)
            let batch = Array(state.waiting.prefix(count))
            state.waiting.removeFirst(count)
            state.batches += 1
            return batch
        }
    }

    /// One transaction for `works`; each one's outcome. A lone write needs no savepoint: its
    /// failure rolls back the transaction that holds only it.
    private static func run(
        _ works: [@Sendable (Database) throws -> any Sendable],
        in db: Database,
        failingCommit: (any Error)?
    ) throws -> [Result<any Sendable, any Error>] {
        var outcomes: [Result<any Sendable, any Error>] = []
        outcomes.reserveCapacity(works.count)
        try db.inTransaction(.immediate) {
            if works.count == 1 {
                outcomes.append(.success(try works[0](db)))
            } else {
                for work in works {
                    outcomes.append(try outcome(of: work, in: db))
                }
            }
            if let failingCommit { throw failingCommit }
            return .commit
        }
        return outcomes
    }

    /// Runs one write of a batch in its own savepoint. When SQLite ended the whole transaction
    /// (it does on some I/O and full-disk errors), the batch fails with that write's error.
    private static func outcome(of work: @Sendable (Database) throws -> any Sendable, in db: Database) throws -> Result<any Sendable, any Error> {
        var value: (any Sendable)?
        do {
            try db.inSavepoint {
                value = try work(db)
                return .commit
            }
        } catch {
            guard db.isInsideTransaction else { throw error }
            return .failure(error)
        }
        guard let value else { throw StoreError(.failed, "A batched write returned no result.") }
        return .success(value)
    }
}

// MARK: Seams for tests

extension SQLiteGroupCommit {
    /// How many writes wait for a batch.
    package var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// How many batches (transactions) have started.
    package var batchCount: Int { state.withLock { $0.batches } }

    /// Stops starting batches (the one under way finishes), so that tests can gather writes.
    package func pause() { state.withLock { $0.paused = true } }

    /// Starts batches again; with `failingCommitWith`, the next batch's transaction throws that
    /// error where it would commit, as a failing COMMIT does.
    package func resume(failingCommitWith error: (any Error)? = nil) {
        let startsDraining = state.withLock { state in
            state.paused = false
            state.failingCommit = error
            guard !state.draining, !state.waiting.isEmpty else { return false }
            state.draining = true
            return true
        }
        if startsDraining { startDraining() }
    }
}
