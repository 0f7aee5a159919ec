import DocumentStore
import Foundation
import ReceiptModel
import ReceiptTesting
import Testing

/// Many writers at once, on one store object and on several (PostgreSQL writes are one
/// server-side call each: these pin what the one call must keep), and a text index that another
/// store object changes between two writes.
@Suite struct ConcurrentWriteTests {
    @Test("concurrent puts with the same expected revision: exactly one wins each round, the others conflict", arguments: TestStores.engines)
    func oneWinnerPerRevision(engine: StoreEngine) async throws {
        try await TestStores.with(engine) { store, location in
            let other = try await TestStores.open(location)
            defer { Task { try? await other.close() } }
            let stores: [any DocumentStore] = [store, other]
            try await store.put(collection: "carts", id: "hot", document: TestStores.cart(0), expectedRev: 0)
            let rounds = 5
            let writers = 12
            for round in 1...rounds {
                let results = await withTaskGroup(of: Result<StoredDocument, any Error>.self) { group in
                    for writer in 0..<writers {
                        group.addTask {
                            await Result {
                                try await stores[writer % 2].put(
                                    collection: "carts",
                                    id: "hot",
                                    document: TestStores.cart(writer),
                                    expectedRev: round
                                )
                            }
                        }
                    }
                    return await group.reduce(into: []) { $0.append($1) }
                }
                let wins = results.compactMap { try? $0.get() }
                #expect(wins.map(\.rev) == [round + 1])
                let conflicts = results.compactMap { result -> StoreError? in
                    if case .failure(let error as StoreError) = result, error.code == .conflict { return error }
                    return nil
                }
                #expect(conflicts.count == writers - 1)
                // The conflict says which document, what was expected and what was found.
                #expect(
                    conflicts.allSatisfy { $0.message.contains("carts/hot") && $0.message.contains("expected revision \(round), found \(round + 1)") }
                )
            }
            let final = try #require(try await store.get(collection: "carts", id: "hot"))
            #expect(final.rev == rounds + 1)
            #expect(final.document["rev"] == .number(Decimal(rounds + 1)))
        }
    }

    @Test("a repeated id in a batch counts its revisions on, and its checks see the earlier write", arguments: TestStores.engines)
    func repeatedIDInBatch(engine: StoreEngine) async throws {
        try await TestStores.with(engine) { store, _ in
            let stored = try await store.putBatch([
                DocumentWrite(collection: "carts", id: "twice", document: TestStores.cart(1), expectedRev: 0),
                DocumentWrite(collection: "carts", id: "other", document: TestStores.cart(2)),
                DocumentWrite(collection: "carts", id: "twice", document: TestStores.cart(3), expectedRev: 1),
            ])
            #expect(stored.map(\.rev) == [1, 1, 2])
            #expect(stored.map(\.seq) == [1, 2, 3])
            #expect(try await store.get(collection: "carts", id: "twice")?.document["name"] == .string("cart 3"))
            await #expect {
                try await store.putBatch([
                    DocumentWrite(collection: "carts", id: "fresh", document: TestStores.cart(4), expectedRev: 0),
                    DocumentWrite(collection: "carts", id: "fresh", document: TestStores.cart(5), expectedRev: 0),
                ])
            } throws: { error in
                guard let error = error as? StoreError, error.code == .conflict else { return false }
                return error.message.contains("carts/fresh") && error.message.contains("expected revision 0, found 1")
            }
            #expect(try await store.get(collection: "carts", id: "fresh") == nil)
            // A deleted document is live at no revision; its next write continues its history.
            try await store.delete(collection: "carts", id: "other", expectedRev: 1)
            await #expect { try await store.put(collection: "carts", id: "other", document: TestStores.cart(6), expectedRev: 2) } throws: { error in
                (error as? StoreError)?.message.contains("expected revision 2, found none") == true
            }
            #expect(try await store.put(collection: "carts", id: "other", document: TestStores.cart(6), expectedRev: 0).rev == 3)
        }
    }

    @Test(
        "many writers of different documents: unique, increasing sequence numbers; a live change feed sees each write once",
        arguments: TestStores.engines
    )
    func feedSeesEveryWrite(engine: StoreEngine) async throws {
        try await TestStores.with(engine) { store, location in
            let other = try await TestStores.open(location)
            defer { Task { try? await other.close() } }
            let stores: [any DocumentStore] = [store, other]
            let writers = 16
            let writesEach = 15
            let total = writers * (writesEach + 2)
            async let feed: [StoreChange] = {
                // Follows the feed from where it was while the writes go on: a sequence number
                // that became visible after a higher one would be skipped here.
                var seen: [StoreChange] = []
                var since: Int64 = 0
                let deadline = ContinuousClock.now + .seconds(120)
                while seen.count < total, ContinuousClock.now < deadline {
                    let page = try await store.changes(since: since, limit: 1_000)
                    seen += page
                    since = page.last?.seq ?? since
                    if page.isEmpty { try await Task.sleep(for: .milliseconds(2)) }
                }
                return seen
            }()
            let written = try await withThrowingTaskGroup(of: [StoredDocument].self) { group in
                for writer in 0..<writers {
                    group.addTask {
                        let target = stores[writer % 2]
                        var mine: [StoredDocument] = []
                        for index in 0..<writesEach {
                            mine.append(
                                try await target.put(collection: "carts", id: "w\(writer)-\(index)", document: TestStores.cart(index), expectedRev: 0)
                            )
                        }
                        let batch = try await target.putBatch(
                            (0..<2).map { DocumentWrite(collection: "products", id: "b\(writer)-\($0)", document: TestStores.cart($0)) }
                        )
                        // A batch's sequence numbers are consecutive.
                        #expect(batch.map(\.seq) == [batch[0].seq, batch[0].seq + 1])
                        return mine + batch
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            let seqs = written.map(\.seq)
            #expect(Set(seqs).count == total)
            let changes = try await feed
            #expect(changes.count == total)
            #expect(changes.map(\.seq) == changes.map(\.seq).sorted())
            #expect(Set(changes.map { "\($0.collection)/\($0.id)" }).count == total)
            #expect(Set(changes.map(\.seq)) == Set(seqs))
        }
    }

    @Test("another store object starts indexing a field: the next write of this one is still indexed", arguments: TestStores.engines)
    func staleTextFields(engine: StoreEngine) async throws {
        try await TestStores.with(engine) { store, location in
            // This object writes first, so it knows the text-indexed fields as they are now.
            try await store.put(collection: "carts", id: "before", document: TestStores.cart(1, merchant: "Trader Joe's"))
            let other = try await TestStores.open(location)
            defer { Task { try? await other.close() } }
            let found = try await other.searchText(collection: "carts", fields: ["merchant.name"], query: "trader joes", limit: 5)
            #expect(found.map(\.document.id) == ["before"])
            // Now merchant.name is indexed; this object has not been told.
            try await store.put(collection: "carts", id: "after", document: TestStores.cart(2, merchant: "Trader Vic's Tiki"))
            let put = try await other.searchText(collection: "carts", fields: ["merchant.name"], query: "vics tiki", limit: 5)
            #expect(put.map(\.document.id) == ["after"])
            #expect(
                try await store.replicate([
                    StoreChange(
                        seq: 1,
                        collection: "carts",
                        id: "copied",
                        rev: 4,
                        deleted: false,
                        document: TestStores.cart(3, merchant: "Blue Bottle Roasters")
                    )
                ]) == 1
            )
            let replicated = try await other.searchText(collection: "carts", fields: ["merchant.name"], query: "bottle roasters", limit: 5)
            #expect(replicated.map(\.document.id) == ["copied"])
        }
    }

    /// A store created before the write functions existed gets them when next opened.
    @Test("a PostgreSQL store without the write functions gets them when opened")
    func installsWriteFunctions() async throws {
        guard TemporaryStores.postgresURL != nil else {
            #expect(!TemporaryStores.isCI, "RECEIPTS_TEST_POSTGRES_URL is not set under CI")
            return
        }
        try await TestStores.with(.postgres) { store, location in
            try await store.put(collection: "carts", id: "old", document: TestStores.cart(0))
            let functions = ["put_v2", "delete_v2", "replicate_v2", "write_rows_v1", "lock_v1"].map { "{schema}.receipts_\($0)" }
            try #require(try await TestStores.psql("DROP FUNCTION \(functions.joined(separator: ", "))", location: location) == 0)
            let reopened = try await TestStores.open(location)
            defer { Task { try? await reopened.close() } }
            // The entry points plan their statements once per session (planned anew on every call,
            // under the lock that orders all writers, they cost about a third of the writes' pace),
            // and by key only (a plan made on a small table must not scan it once it is large).
            let schema = try TestStores.schema(of: location)
            let generic = try await TestStores.psqlValue(
                """
                SELECT string_agg(proname, ',' ORDER BY proname) FROM pg_proc
                WHERE pronamespace = '\(schema)'::regnamespace
                    AND proconfig @> ARRAY['plan_cache_mode=force_generic_plan', 'enable_seqscan=off', 'enable_hashjoin=off', 'enable_mergejoin=off']
                """,
                at: try #require(TemporaryStores.postgresURL)
            )
            #expect(generic == "receipts_delete_v2,receipts_put_v2,receipts_replicate_v2")
            #expect(try await reopened.put(collection: "carts", id: "old", document: TestStores.cart(1), expectedRev: 1).rev == 2)
            #expect(try await reopened.delete(collection: "carts", id: "old"))
            #expect(
                try await reopened.replicate([StoreChange(seq: 1, collection: "carts", id: "r", rev: 2, deleted: false, document: TestStores.cart(2))]
                ) == 1
            )
        }
    }
}
