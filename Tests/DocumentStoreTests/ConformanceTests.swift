import DocumentStore
import Foundation
import ReceiptModel
import Testing

/// The contract every engine must meet; each test runs once per engine in `TestStores.engines`.
@Suite struct ConformanceTests {
    @Test("put and get keep every field, set id and rev", arguments: TestStores.engines)
    func putGet(engine: StoreEngine) async throws {
        try await TestStores.with(engine) { store, _ in
            let original = TestStores.cart(1)
            let stored = try await store.put(collection: "carts", id: "c1", document: original)
            #expect(stored.rev == 1)
            #expect(stored.seq > 0)
            let read = try #require(try await store.get(collection: "carts", id: "c1"))
            #expect(read.rev == 1)
            #expect(read.document["id"] == .string("c1"))
            #expect(read.document["rev"] == .number(1))
            var expected = original
            expected["id"] = .string("c1")
            expected["rev"] = .number(1)
            #expect(read.document == expected)
            #expect(read.document["futureField"] == original["futureField"])
            #expect(try await store.exists(collection: "carts", id: "c1"))
            #expect(try await !store.exists(collection: "carts", id: "nope"))
            #expect(try await store.get(collection: "products", id: "c1") == nil)

            let second = try await store.put(collection: "carts", id: "c1", document: TestStores.cart(2))
            #expect(second.rev == 2)
            #expect(second.seq > stored.seq)
            #expect(try await store.get(collection: "carts", id: "c1")?.document["name"] == .string("cart 2"))
            #expect(try await store.revision(collection: "carts", id: "c1") == 2)
            #expect(try await store.revision(collection: "carts", id: "nope") == nil)
        }
    }

    @Test("blobs keep their bytes exactly; the same id twice keeps the first", arguments: TestStores.engines)
    func blobs(engine: StoreEngine) async throws {
        try await TestStores.with(engine) { store, _ in
            let bytes = Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            let before = try await store.lastSequence()
            try await store.putBlob(id: "img-1", data: bytes)
            try await store.putBlob(id: "img-1", data: Data([1, 2, 3]))
            #expect(try await store.getBlob(id: "img-1") == bytes)
            #expect(try await store.getBlob(id: "missing") == nil)
            try await store.putBlob(id: "empty", data: Data())
            #expect(try await store.getBlob(id: "empty") == Data())
            #expect(try await store.lastSequence() == before)
        }
    }

    @Test("expected revision: stale writes conflict, create-only fails on existing", arguments: TestStores.engines)
    func optimisticConcurrency(engine: StoreEngine) async throws {
        try await TestStores.with(engine) { store, _ in
            let created = try await store.put(collection: "carts", id: "c", document: TestStores.cart(1), expectedRev: 0)
            #expect(created.rev == 1)
            await #expect { try await store.put(collection: "carts", id: "c", document: TestStores.cart(1), expectedRev: 0) } throws: {
                StoreError.matches($0, .conflict)
            }
            let updated = try await store.put(collection: "carts", id: "c", document: TestStores.cart(2), expectedRev: 1)
            #expect(updated.rev == 2)
            await #expect { try await store.put(collection: "carts", id: "c", document: TestStores.cart(3), expectedRev: 1) } throws: {
                StoreError.matches($0, .conflict)
            }
            await #expect { try await store.put(collection: "carts", id: "missing", document: TestStores.cart(3), expectedRev: 4) } throws: {
                StoreError.matches($0, .conflict)
            }
            #expect(try await store.get(collection: "carts", id: "c")?.document["name"] == .string("cart 2"))
        }
    }

    @Test("delete writes a tombstone into the change feed", arguments: TestStores.engines)
    func deleteTombstone(engine: StoreEngine) async throws {
        try await TestStores.with(engine) { store, _ in
            var document = TestStores.cart(1)
            document["household"] = .string("h_1")
            try await store.put(collection: "carts", id: "d", document: document)
            let before = try await store.lastSequence()
            await #expect { try await store.delete(collection: "carts", id: "d", expectedRev: 7) } throws: {
                StoreError.matches($0, .conflict)
            }
            #expect(try await store.delete(collection: "carts", id: "d", expectedRev: 1))
            #expect(try await store.get(collection: "carts", id: "d") == nil)
            #expect(try await !store.exists(collection: "carts", id: "d"))
            #expect(try await store.revision(collection: "carts", id: "d") == nil)
            #expect(try await !store.delete(collection: "carts", id: "d"))
            let changes = try await store.changes(since: before, limit: 10)
            #expect(changes.count == 1)
            #expect(changes.first?.deleted == true)
            #expect(changes.first?.id == "d")
            #expect(changes.first?.rev == 2)
            // The tombstone keeps only what says who may see the document (for live updates).
            #expect(
                changes.first?.document
                    == .object([
                        "id": .string("d"), "rev": .number(2), "_deleted": .bool(true), "household": .string("h_1"),
                    ])
            )
            #expect(try await store.count(collection: "carts") == 0)
            // Re-creating continues the revision history.
            let again = try await store.put(collection: "carts", id: "d", document: TestStores.cart(5), expectedRev: 0)
            #expect(again.rev == 3)
        }
    }

    @Test("a batch is all or nothing", arguments: TestStores.engines)
    func batchAtomic(engine: StoreEngine) async throws {
        try await TestStores.with(engine) { store, _ in
            try await store.put(collection: "carts", id: "existing", document: TestStores.cart(0))
            let seqBefore = try await store.lastSequence()
            var writes = (1...50).map { DocumentWrite(collection: "carts", id: "b\($0)", document: TestStores.cart($0)) }
            writes.append(DocumentWrite(collection: "carts", id: "existing", document: TestStores.cart(99), expectedRev: 5))
            await #expect { try await store.putBatch(writes) } throws: { StoreError.matches($0, .conflict) }
            #expect(try await store.count(collection: "carts") == 1)
            #expect(try await store.lastSequence() == seqBefore)
            #expect(try await store.get(collection: "carts", id: "b1") == nil)

            writes.removeLast()
            writes.append(DocumentWrite(collection: "carts", id: "b1", document: TestStores.cart(77)))
            let stored = try await store.putBatch(writes)
            #expect(stored.count == 51)
            #expect(stored.last?.rev == 2)
            #expect(try await store.count(collection: "carts") == 51)
            #expect(try await store.get(collection: "carts", id: "b1")?.document["name"] == .string("cart 77"))
            let seqs = stored.map(\.seq)
            #expect(seqs == seqs.sorted() && Set(seqs).count == seqs.count)
        }
    }

    @Test("filters: equality, date range, numeric range on decimal strings, prefix, bool, null", arguments: TestStores.engines)
    func filters(engine: StoreEngine) async throws {
        try await TestStores.with(engine) { store, _ in
            let totals = ["9.50", "10.00", "100.00", "2.25", "55.10"]
            let writes = totals.enumerated().map { index, total in
                DocumentWrite(collection: "carts", id: "f\(index)", document: TestStores.cart(index, date: "2016-05-2\(index)", total: total))
            }
            try await store.putBatch(writes)
            try await store.put(collection: "carts", id: "nomerchant", document: .object(["date": .string("2017-01-01"), "total": .string("abc")]))
            try await store.put(collection: "products", id: "p1", document: .object(["name": .string("GREEN FIELD"), "date": .string("2016-05-20")]))

            func ids(_ filters: [Filter], sort: SortKey? = nil) async throws -> [String] {
                try await store.all(DocumentQuery(collection: "carts", filters: filters, sort: sort)).map(\.id)
            }
            #expect(try await ids([.equals("merchant.name", "GREEN FIELD")]) == ["f0", "f4"])
            #expect(try await ids(Filter.textRange("date", from: "2016-05-21", to: "2016-05-23")) == ["f1", "f2", "f3"])
            #expect(try await ids(Filter.numericRange("total", from: 9, to: 60), sort: SortKey("total", numeric: true)) == ["f0", "f1", "f4"])
            #expect(try await ids([.greater("total", .number(50))], sort: SortKey("total", descending: true, numeric: true)) == ["f2", "f4"])
            #expect(try await ids([.hasPrefix("merchant.name", "Trader")]) == ["f2"])
            #expect(try await ids([.equals("completed", .bool(false))]) == ["f0", "f3"])
            #expect(try await ids([.equals("merchant", .null)]) == ["nomerchant"])
            #expect(try await ids([.notEquals("merchant.name", .string("GREEN FIELD"))]) == ["f1", "f2", "f3", "nomerchant"])
            #expect(try await store.count(collection: "carts", filters: [.equals("addedByUser", "saubhik")]) == 3)
            #expect(try await store.count(collection: "carts") == 6)

            await #expect { try await ids([.equals("merchant.name'; DROP TABLE documents; --", "x")]) } throws: {
                StoreError.matches($0, .invalidQuery)
            }
            await #expect { try await store.count(collection: "bad name", filters: []) } throws: {
                StoreError.matches($0, .invalidQuery)
            }
        }
    }

    @Test("queries stream page by page in a stable order, nulls included", arguments: TestStores.engines)
    func paging(engine: StoreEngine) async throws {
        try await TestStores.with(engine) { store, _ in
            var writes: [DocumentWrite] = []
            for index in 0..<23 {
                var document = TestStores.cart(index, date: "2016-01-\(String(format: "%02d", 1 + index % 5))")
                if index % 7 == 0 { document["date"] = .null }
                writes.append(DocumentWrite(collection: "carts", id: String(format: "p%02d", index), document: document))
            }
            try await store.putBatch(writes)
            let allIDs = writes.map(\.id)
            let byID = try await store.all(DocumentQuery(collection: "carts", pageSize: 4)).map(\.id)
            #expect(byID == allIDs)

            for descending in [false, true] {
                let sorted = try await store.all(DocumentQuery(collection: "carts", sort: SortKey("date", descending: descending), pageSize: 3))
                #expect(sorted.count == 23)
                #expect(Set(sorted.map(\.id)).count == 23)
                let keys = sorted.map { ($0.document["date"]?.stringValue ?? "", $0.id) }
                let expected = keys.sorted { lhs, rhs in
                    descending ? (lhs.0 != rhs.0 ? lhs.0 > rhs.0 : lhs.1 > rhs.1) : (lhs.0 != rhs.0 ? lhs.0 < rhs.0 : lhs.1 < rhs.1)
                }
                #expect(keys.map(\.1) == expected.map(\.1))
            }
            let limited = try await store.all(DocumentQuery(collection: "carts", sort: SortKey("date", descending: true), limit: 5, pageSize: 2))
            #expect(limited.count == 5)
        }
    }

    @Test("change feed: increasing sequence numbers, resumable, latest state once", arguments: TestStores.engines)
    func changeFeed(engine: StoreEngine) async throws {
        try await TestStores.with(engine) { store, _ in
            #expect(try await store.lastSequence() == 0)
            for index in 0..<10 {
                try await store.put(collection: index % 2 == 0 ? "carts" : "products", id: "x\(index)", document: TestStores.cart(index))
            }
            try await store.put(collection: "carts", id: "x0", document: TestStores.cart(100))
            let all = try await store.changes(since: 0, limit: 100)
            #expect(all.count == 10)
            #expect(all.map(\.seq) == all.map(\.seq).sorted())
            #expect(all.last?.id == "x0")
            #expect(all.last?.rev == 2)
            #expect(all.last?.document?["name"] == .string("cart 100"))
            let firstPage = try await store.changes(since: 0, limit: 4)
            let rest = try await store.changes(since: try #require(firstPage.last).seq, limit: 100)
            #expect((firstPage + rest).map(\.id) == all.map(\.id))
            #expect(try await store.lastSequence() == all.last?.seq)
            var streamed: [String] = []
            for try await change in store.changeStream(since: 0, pageSize: 3) { streamed.append(change.id) }
            #expect(streamed == all.map(\.id))
        }
    }

    @Test("replicate keeps revisions exactly and is idempotent", arguments: TestStores.engines)
    func replicate(engine: StoreEngine) async throws {
        try await TestStores.with(engine) { store, _ in
            let changes = [
                StoreChange(seq: 5, collection: "carts", id: "r1", rev: 3, deleted: false, document: TestStores.cart(1)),
                StoreChange(seq: 9, collection: "carts", id: "r2", rev: 2, deleted: true, document: nil),
            ]
            #expect(try await store.replicate(changes) == 2)
            #expect(try await store.replicate(changes) == 0)
            let r1 = try #require(try await store.get(collection: "carts", id: "r1"))
            #expect(r1.rev == 3)
            #expect(r1.document["rev"] == .number(3))
            #expect(try await store.get(collection: "carts", id: "r2") == nil)
            let older = StoreChange(seq: 1, collection: "carts", id: "r1", rev: 2, deleted: false, document: TestStores.cart(9))
            #expect(try await store.replicate([older]) == 0)
            #expect(try await store.get(collection: "carts", id: "r1")?.document["name"] == .string("cart 1"))
        }
    }

    @Test("text search finds products by fuzzy name and follows writes", arguments: TestStores.engines)
    func textSearch(engine: StoreEngine) async throws {
        try await TestStores.with(engine) { store, _ in
            let names = ["Coca-Cola Classic 2 L", "Pepsi Cola", "Whole Milk 1 gal", "Organic Bananas", "Cola Zero Sugar", "Greek Yogurt Plain"]
            try await store.putBatch(
                names.enumerated().map { index, name in
                    DocumentWrite(
                        collection: "products",
                        id: "p\(index)",
                        document: .object(["name": .string(name), "brand": .string(index == 0 ? "Coca-Cola" : "Other")])
                    )
                }
            )
            let results = try await store.searchText(collection: "products", fields: ["name"], query: "COCA COLA 2L", limit: 3)
            #expect(results.first?.document.id == "p0")
            #expect(results.first?.field == "name")
            #expect(results.first?.matchedText == "Coca-Cola Classic 2 L")
            #expect((results.first?.score ?? 0) > 0.4)
            #expect(results.count <= 3)
            #expect(results.map(\.score) == results.map(\.score).sorted(by: >))

            let milk = try await store.searchText(collection: "products", fields: ["name", "brand"], query: "WHL MILK", limit: 5)
            #expect(milk.first?.document.id == "p2")

            // Updates and deletes are reflected.
            try await store.put(collection: "products", id: "p3", document: .object(["name": .string("Chiquita Bananas")]))
            let bananas = try await store.searchText(collection: "products", fields: ["name"], query: "chiquita", limit: 5)
            #expect(bananas.map(\.document.id) == ["p3"])
            try await store.delete(collection: "products", id: "p3")
            #expect(try await store.searchText(collection: "products", fields: ["name"], query: "chiquita", limit: 5).isEmpty)

            // A field not indexed before is indexed on first use, then kept in sync.
            try await store.put(collection: "carts", id: "c1", document: TestStores.cart(1, merchant: "Trader Joe's"))
            let merchants = try await store.searchText(collection: "carts", fields: ["merchant.name"], query: "trader joes", limit: 5)
            #expect(merchants.map(\.document.id) == ["c1"])
            try await store.put(collection: "carts", id: "c2", document: TestStores.cart(2, merchant: "Trader Vic"))
            let again = try await store.searchText(collection: "carts", fields: ["merchant.name"], query: "trader", limit: 5)
            #expect(Set(again.map(\.document.id)) == ["c1", "c2"])
            #expect(try await store.searchText(collection: "products", fields: ["name"], query: "zz", limit: 5).isEmpty)
        }
    }

    @Test("two writers of the same document: one wins, the other conflicts and can retry", arguments: TestStores.engines)
    func twoWriters(engine: StoreEngine) async throws {
        try await TestStores.with(engine) { store, location in
            try await store.put(collection: "carts", id: "shared", document: TestStores.cart(1))
            let other = try await TestStores.open(location)
            defer { Task { try? await other.close() } }
            let a = try #require(try await store.get(collection: "carts", id: "shared"))
            let b = try #require(try await other.get(collection: "carts", id: "shared"))
            async let first: Result<StoredDocument, any Error> = Result {
                try await store.put(collection: "carts", id: "shared", document: TestStores.cart(10), expectedRev: a.rev)
            }
            async let second: Result<StoredDocument, any Error> = Result {
                try await other.put(collection: "carts", id: "shared", document: TestStores.cart(20), expectedRev: b.rev)
            }
            let results = await [first, second]
            let wins = results.filter { if case .success = $0 { true } else { false } }
            let conflicts = results.filter { if case .failure(let error) = $0 { StoreError.matches(error, .conflict) } else { false } }
            #expect(wins.count == 1)
            #expect(conflicts.count == 1)
            // The loser re-reads and retries.
            let fresh = try #require(try await other.get(collection: "carts", id: "shared"))
            #expect(fresh.rev == 2)
            let retried = try await other.put(collection: "carts", id: "shared", document: TestStores.cart(30), expectedRev: fresh.rev)
            #expect(retried.rev == 3)
        }
    }

    @Test("concurrent read-modify-write with retries loses no update", arguments: TestStores.engines)
    func noLostUpdates(engine: StoreEngine) async throws {
        try await TestStores.with(engine) { store, location in
            try await store.put(collection: "counters", id: "n", document: .object(["value": .number(0)]))
            let second = try await TestStores.open(location)
            let stores: [any DocumentStore] = [store, second]
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<8 {
                    let target = stores[worker % 2]
                    group.addTask {
                        for _ in 0..<5 {
                            while true {
                                let current = try #require(try await target.get(collection: "counters", id: "n"))
                                let value = current.document["value"]?.intValue ?? 0
                                do {
                                    try await target.put(
                                        collection: "counters",
                                        id: "n",
                                        document: .object(["value": .number(Decimal(value + 1))]),
                                        expectedRev: current.rev
                                    )
                                    break
                                } catch let error as StoreError where error.code == .conflict {
                                    continue
                                }
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            try await second.close()
            let final = try #require(try await store.get(collection: "counters", id: "n"))
            #expect(final.document["value"]?.intValue == 40)
            #expect(final.rev == 41)
        }
    }

    @Test("a read-only store refuses writes with store.read-only and keeps its data", arguments: TestStores.engines)
    func readOnly(engine: StoreEngine) async throws {
        try await TestStores.with(engine) { store, location in
            try await store.put(collection: "carts", id: "keep", document: TestStores.cart(1))
            let readOnlyLocation: String
            switch engine {
            case .sqlite: readOnlyLocation = "sqlite:\(location)?mode=ro"
            case .postgres: readOnlyLocation = location + "&mode=ro"
            }
            let readOnly = try await TestStores.open(readOnlyLocation)
            #expect(try await readOnly.get(collection: "carts", id: "keep")?.rev == 1)
            await #expect { try await readOnly.put(collection: "carts", id: "new", document: TestStores.cart(2)) } throws: {
                StoreError.matches($0, .readOnly)
            }
            await #expect { try await readOnly.putBatch([DocumentWrite(collection: "carts", id: "keep", document: TestStores.cart(3))]) } throws: {
                StoreError.matches($0, .readOnly)
            }
            try await readOnly.close()
            #expect(try await store.get(collection: "carts", id: "keep")?.rev == 1)
            #expect(try await store.count(collection: "carts") == 1)
        }
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
