import ChildProcesses
import DocumentStore
import Foundation
import ReceiptModel
import ReceiptTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Faults: a full disk, a process killed mid-batch, and export/import across engines
/// (the read-only and two-writer faults are in ConformanceTests).
@Suite struct FaultTests {
    @Test("a full disk gives store.disk-full and writes nothing of the batch")
    func diskFull() async throws {
        let directory = try TestStores.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("full.sqlite").path
        let setup = try await SQLiteDocumentStore(path: path, logger: TestStores.logger)
        try await setup.put(collection: "carts", id: "first", document: TestStores.cart(0))
        try await setup.close()

        let store = try await SQLiteDocumentStore(path: path, options: .init(maxPageCount: 60), logger: TestStores.logger)
        let writes = (1...400).map { DocumentWrite(collection: "carts", id: "big\($0)", document: TestStores.cart($0)) }
        await #expect {
            try await store.putBatch(writes)
        } throws: { error in
            guard let error = error as? StoreError, error.code == .diskFull else { return false }
            return error.message.contains("Free some space") && error.message.contains("nothing was half-written")
        }
        #expect(try await store.count(collection: "carts") == 1)
        #expect(try await store.get(collection: "carts", id: "big1") == nil)
        #expect(try await store.get(collection: "carts", id: "first")?.rev == 1)
        try await store.close()

        // With space again, the same batch goes through.
        let roomy = try await SQLiteDocumentStore(path: path, logger: TestStores.logger)
        #expect(try await roomy.putBatch(writes).count == 400)
        #expect(try await roomy.count(collection: "carts") == 401)
        try await roomy.close()
    }

    /// The write's statement answers a row before the database checks what it wrote: its error
    /// comes after that row, and a store that did not read to the end would report success while
    /// COMMIT quietly rolled the batch back.
    @Test("a write PostgreSQL refuses is an error and writes nothing of the batch")
    func refusedWrite() async throws {
        guard TemporaryStores.postgresURL != nil else {
            #expect(!TemporaryStores.isCI, "RECEIPTS_TEST_POSTGRES_URL is not set under CI")
            return
        }
        try await TestStores.with(.postgres) { store, location in
            try await store.put(collection: "carts", id: "first", document: TestStores.cart(0))
            try #require(
                try await TestStores.psql("ALTER TABLE {schema}.documents ADD CONSTRAINT refused CHECK (id <> 'refused')", location: location) == 0
            )
            let writes = [
                DocumentWrite(collection: "carts", id: "kept-out", document: TestStores.cart(1)),
                DocumentWrite(collection: "carts", id: "refused", document: TestStores.cart(2)),
            ]
            await #expect(throws: StoreError.self) { try await store.putBatch(writes) }
            #expect(try await store.get(collection: "carts", id: "kept-out") == nil)
            #expect(try await store.count(collection: "carts") == 1)
            // The store goes on: the next write lands.
            #expect(try await store.put(collection: "carts", id: "second", document: TestStores.cart(3)).rev == 1)
        }
    }

    @Test("SIGKILL during an import leaves whole documents only; a second run finishes", arguments: TestStores.engines)
    func killDuringImport(engine: StoreEngine) async throws {
        let binary = try CLI.receiptsBinary()
        let directory = try TestStores.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let location = try TestStores.newLocation(engine, directory: directory)
        let total = 60_000  // seconds of work, so the kill lands mid-run even on a loaded machine
        let batchSize = 500
        // Expected documents are regenerated from their ids rather than kept in memory: other
        // suites in this process measure memory growth.
        func original(_ id: String) -> JSONValue? {
            guard let index = Int(id.dropFirst()) else { return nil }
            var document = TestStores.cart(index)
            document["id"] = .string(id)
            document["rev"] = .number(1)
            return document
        }
        let file = directory.appendingPathComponent("big.jsonl")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let writer = try FileHandle(forWritingTo: file)
        var chunk = ""
        for index in 0..<total {
            let id = String(format: "k%06d", index)
            chunk +=
                ChangeLines.encode(StoreChange(seq: Int64(index + 1), collection: "carts", id: id, rev: 1, deleted: false, document: original(id)))
                + "\n"
            if index % 1_000 == 999 {
                writer.write(Data(chunk.utf8))
                chunk = ""
            }
        }
        writer.write(Data(chunk.utf8))
        try writer.close()

        let store = try await TestStores.open(location)
        defer { Task { try? await store.close() } }
        // At the lowest priority: on a machine the other suites keep busy, the import could
        // otherwise finish all its batches while this test waits for its turn to look and kill
        // (seen on a fast 2-core machine); the kill must land mid-run.
        let process = try CLI.start(
            URL(fileURLWithPath: "/usr/bin/nice"),
            ["-n", "19", binary.path, "import", file.path, "--store", location, "--batch-size", "\(batchSize)"]
        )
        // Generous: on a loaded machine the binary may take long to start writing.
        let deadline = ContinuousClock.now + .seconds(240)
        var killedAt: Int64 = 0
        while ContinuousClock.now < deadline, !process.hasExited {
            let seq = try await store.lastSequence()
            if seq >= 1_500 {
                process.kill()
                killedAt = seq
                break
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        process.kill()  // already dead unless the deadline passed
        _ = await process.finished()
        #expect(killedAt > 0, "the import finished before it could be killed")

        // Every document is either whole or absent, and batches are whole.
        var present = 0
        var whole = true
        for try await document in store.query(DocumentQuery(collection: "carts", pageSize: 1_000)) {
            present += 1
            whole = whole && document.document == original(document.id)
        }
        #expect(whole)
        #expect(present < total)
        #expect(present % batchSize == 0)

        // A second run completes the work.
        let rerun = try CLI.start(binary, ["import", file.path, "--store", location, "--batch-size", "\(batchSize)", "--json"])
        #expect(await rerun.finished() == 0)
        var final = 0
        var allWhole = true
        for try await document in store.query(DocumentQuery(collection: "carts", pageSize: 1_000)) {
            final += 1
            allWhole = allWhole && document.document == original(document.id) && document.rev == 1
        }
        #expect(final == total)
        #expect(allWhole)
    }

    @Test("export from one engine and import into the other round-trips every document exactly")
    func exportImportRoundTrip() async throws {
        let binary = try CLI.receiptsBinary()
        let source: StoreEngine = .sqlite
        let target: StoreEngine = TestStores.engines.contains(.postgres) ? .postgres : .sqlite
        let directory = try TestStores.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sourceLocation = try TestStores.newLocation(source, directory: directory.appendingPathComponent("a"))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("a"), withIntermediateDirectories: true)
        let targetDirectory = directory.appendingPathComponent("b")
        try FileManager.default.createDirectory(at: targetDirectory, withIntermediateDirectories: true)
        let targetLocation = try TestStores.newLocation(target, directory: targetDirectory)

        let sourceStore = try await TestStores.open(sourceLocation)
        try await sourceStore.putBatch(
            (0..<120).map { DocumentWrite(collection: $0 % 3 == 0 ? "products" : "carts", id: "e\($0)", document: TestStores.cart($0)) }
        )
        try await sourceStore.put(collection: "carts", id: "e1", document: TestStores.cart(500))
        try await sourceStore.delete(collection: "carts", id: "e2")
        try await sourceStore.put(
            collection: "carts",
            id: "odd",
            document: .object([
                "text": .string("Ünïcödé \"quoted\" \\ back\nslash\t✓ 🍌"), "big": .number(Decimal(string: "12345678901234567890.123456789")!),
                "small": .number(Decimal(string: "-0.000001")!), "empty": .object([:]), "list": .array([]),
            ])
        )
        let expected = try await sourceStore.changes(since: 0, limit: 10_000)
        try await sourceStore.close()

        let exportFile = directory.appendingPathComponent("export.jsonl")
        let export = try CLI.start(binary, ["export", "--store", sourceLocation], stdout: exportFile)
        #expect(await export.finished() == 0)
        let imported = try CLI.start(binary, ["import", exportFile.path, "--store", targetLocation])
        #expect(await imported.finished() == 0)

        let targetStore = try await TestStores.open(targetLocation)
        let actual = try await targetStore.changes(since: 0, limit: 10_000)
        #expect(actual.count == expected.count)
        let key = { (change: StoreChange) in "\(change.collection)/\(change.id)" }
        let actualByKey = Dictionary(uniqueKeysWithValues: actual.map { (key($0), $0) })
        for change in expected {
            let other = try #require(actualByKey[key(change)])
            #expect(other.rev == change.rev)
            #expect(other.deleted == change.deleted)
            #expect(other.document == change.document)
        }
        // Exporting the target gives the same lines up to sequence numbers.
        let exportBack = directory.appendingPathComponent("export2.jsonl")
        let second = try CLI.start(binary, ["export", "--store", targetLocation, "--collection", "carts"], stdout: exportBack)
        _ = await second.finished()
        let backLines = try String(contentsOf: exportBack, encoding: .utf8).split(separator: "\n")
        #expect(backLines.count == expected.filter { $0.collection == "carts" }.count)
        try await targetStore.close()
    }
}

/// Runs the built `receipts` binary.
enum CLI {
    static func receiptsBinary() throws -> URL {
        var candidates: [URL] = []
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent().appendingPathComponent("receipts"))
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/receipts"))
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw StoreError(.invalidLocation, "The receipts binary was not built: run `swift build` (make test does) before these tests.")
        }
        return found
    }

    static func start(_ binary: URL, _ arguments: [String], stdout: URL? = nil) throws -> ChildProcess {
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"
        return try ChildProcess(
            executable: binary,
            arguments: arguments,
            environment: environment,
            standardOutput: stdout.map { .file($0) } ?? .discard,
            standardError: .discard
        )
    }
}
