import DocumentStore
import Foundation
import ReceiptModel
import ReceiptTesting
import Testing

/// The SQLite store's group commit: writes that wait for the writer share one transaction, each
/// in its own savepoint. The batches are made by pausing the commits while writes gather.
@Suite struct GroupCommitTests {
    /// A new SQLite store in a temporary directory, removed after `body`.
    private func withStore(_ body: (SQLiteDocumentStore) async throws -> Void) async throws {
        let directory = try TestStores.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try await SQLiteDocumentStore(path: directory.appendingPathComponent("store.sqlite").path, logger: TestStores.logger)
        do {
            try await body(store)
        } catch {
            try? await store.close()
            throw error
        }
        try await store.close()
    }

    /// Starts `batches` as concurrent `putBatch` calls while the commits are paused, waits until
    /// all of them wait, and resumes the commits (failing the next commit with `failure`).
    private func gathered(
        _ store: SQLiteDocumentStore,
        _ batches: [[DocumentWrite]],
        failingCommitWith failure: (any Error)? = nil
    ) async throws -> [Result<[StoredDocument], any Error>] {
        store.groupCommit.pause()
        let tasks = batches.map { writes in Task { await Result { try await store.putBatch(writes) } } }
        let deadline = ContinuousClock.now + .seconds(20)
        while store.groupCommit.waitingCount < batches.count {
            try #require(ContinuousClock.now < deadline, "the writes never all waited")
            try await Task.sleep(for: .milliseconds(2))
        }
        store.groupCommit.resume(failingCommitWith: failure)
        var results: [Result<[StoredDocument], any Error>] = []
        for task in tasks { results.append(await task.value) }
        return results
    }

    @Test("a write in a batch that fails its revision check rolls back alone: the others commit, it gets its conflict")
    func oneConflictInABatch() async throws {
        try await withStore { store in
            try await store.put(collection: "carts", id: "held", document: TestStores.cart(0), expectedRev: 0)
            let batchesBefore = store.groupCommit.batchCount
            let results = try await gathered(
                store,
                [
                    [DocumentWrite(collection: "carts", id: "a", document: TestStores.cart(1), expectedRev: 0)],
                    // The cart and its log entry of one request: the entry is written, then the
                    // cart's check fails, and the whole request rolls back.
                    [
                        DocumentWrite(collection: "changes", id: "entry", document: .object(["type": .string("change")])),
                        DocumentWrite(collection: "carts", id: "held", document: TestStores.cart(2), expectedRev: 5),
                    ],
                    [DocumentWrite(collection: "carts", id: "b", document: TestStores.cart(3), expectedRev: 0)],
                    [DocumentWrite(collection: "carts", id: "held", document: TestStores.cart(4), expectedRev: 1)],
                ]
            )
            #expect(store.groupCommit.batchCount == batchesBefore + 1)
            #expect(try results[0].get().map(\.rev) == [1])
            #expect(try results[2].get().map(\.rev) == [1])
            #expect(try results[3].get().map(\.rev) == [2])
            guard case .failure(let error as StoreError) = results[1] else {
                Issue.record("the stale write did not fail with a store error: \(results[1])")
                return
            }
            #expect(error.code == .conflict)
            #expect(error.message.contains("carts/held") && error.message.contains("expected revision 5, found 1"))
            #expect(try await store.get(collection: "changes", id: "entry") == nil)
            #expect(try await store.get(collection: "carts", id: "held")?.document["name"] == .string("cart 4"))
            // The committed writes took the next sequence numbers in turn, none left for the rolled-back one.
            #expect(try [0, 2, 3].flatMap { try results[$0].get().map(\.seq) } == [2, 3, 4])
            #expect(try await store.changes(since: 0, limit: 10).map(\.id) == ["a", "b", "held"])
        }
    }

    @Test("when a batch's commit fails, every write of the batch fails with its error and none is kept")
    func commitFailureFailsTheBatch() async throws {
        try await withStore { store in
            let failure = StoreError(.unavailable, "The commit failed (test).")
            let results = try await gathered(
                store,
                (0..<3).map { [DocumentWrite(collection: "carts", id: "c\($0)", document: TestStores.cart($0), expectedRev: 0)] },
                failingCommitWith: failure
            )
            for result in results {
                guard case .failure(let error as StoreError) = result else {
                    Issue.record("a write of the failed batch did not fail: \(result)")
                    continue
                }
                #expect(error.code == .unavailable && error.message == failure.message)
            }
            #expect(try await store.count(collection: "carts", filters: []) == 0)
            // The next batch commits.
            #expect(try await store.put(collection: "carts", id: "c0", document: TestStores.cart(0), expectedRev: 0).rev == 1)
        }
    }

    @Test("concurrent writers each read their own write back as soon as it returns")
    func concurrentWritersSeeTheirWrites() async throws {
        try await withStore { store in
            let writers = 16
            let rounds = 12
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<writers {
                    group.addTask {
                        for round in 0..<rounds {
                            let document = TestStores.cart(writer * 100 + round)
                            let stored = try await store.put(collection: "carts", id: "w\(writer)", document: document, expectedRev: round)
                            #expect(stored.rev == round + 1)
                            let read = try #require(try await store.get(collection: "carts", id: "w\(writer)"))
                            #expect(read.rev == round + 1)
                            #expect(read.document["name"] == document["name"])
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await store.lastSequence() == Int64(writers * rounds))
        }
    }

    @Test("a write cancelled while it waits never runs and throws CancellationError")
    func cancelledWhileWaiting() async throws {
        try await withStore { store in
            store.groupCommit.pause()
            let task = Task { try await store.put(collection: "carts", id: "gone", document: TestStores.cart(1), expectedRev: 0) }
            let deadline = ContinuousClock.now + .seconds(20)
            while store.groupCommit.waitingCount < 1 {
                try #require(ContinuousClock.now < deadline, "the write never waited")
                try await Task.sleep(for: .milliseconds(2))
            }
            task.cancel()
            await #expect(throws: CancellationError.self) { try await task.value }
            #expect(store.groupCommit.waitingCount == 0)
            store.groupCommit.resume()
            #expect(try await store.get(collection: "carts", id: "gone") == nil)
            #expect(try await store.put(collection: "carts", id: "kept", document: TestStores.cart(2), expectedRev: 0).rev == 1)
        }
    }
}
