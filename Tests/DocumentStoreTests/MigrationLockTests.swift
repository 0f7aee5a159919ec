import ChildProcesses
import DocumentStore
import Foundation
import ReceiptTesting
import Synchronization
import Testing

/// PostgreSQL stores migrate under a lock of their schema's: two instances opening one schema at
/// once take turns, while a store in another schema of the same database never waits for them
/// (with one lock for the whole database a server started beside dozens of test stores waited
/// more than two minutes).
@Suite(.timeLimit(.minutes(5)))
struct MigrationLockTests {
    @Test("a store opens while another schema's migration lock is held; one of that schema waits for it")
    func migrationsWaitOnlyForTheirOwnSchema() async throws {
        guard let base = TemporaryStores.postgresURL else {
            #expect(!TemporaryStores.isCI, "RECEIPTS_TEST_POSTGRES_URL is not set under CI")
            return
        }
        let directory = try TestStores.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let held = try TestStores.newLocation(.postgres, directory: directory)
        let heldSchema = try TestStores.schema(of: held).description
        let marker = "receipts-store-schema:\(heldSchema)"

        // Another session holds that schema's lock, as a migration under way would.
        let holder = try ChildProcess(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            arguments: [
                "psql", base, "-c", "BEGIN; SELECT pg_advisory_xact_lock(hashtextextended('\(marker)', 7243105)); SELECT pg_sleep(240); COMMIT;",
            ],
            standardOutput: .discard,
            standardError: .discard
        )
        defer { holder.kill() }
        let locked = try await TestStores.waitUntil {
            try await TestStores.psqlValue("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted", at: base) != "0"
        }
        try #require(locked, "psql never took the lock")

        // A store in another schema opens meanwhile.
        let other = try await TestStores.open(try TestStores.newLocation(.postgres, directory: directory))
        try await other.close()
        #expect(!holder.hasExited, "the other schema's store opened only once the lock was let go")

        // One in the held schema waits for the lock, then opens.
        let opened = OpenedFlag()
        let waiting = Task {
            let store = try await TestStores.open(held)
            opened.set()
            return store
        }
        try await Task.sleep(for: .seconds(2))
        #expect(!opened.isSet, "a store opened while its schema's migration lock was held")
        let ended = try await ChildProcess.output(
            of: URL(fileURLWithPath: "/usr/bin/env"),
            [
                "psql", base, "-c",
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE '%\(marker)%pg_sleep%' AND pid <> pg_backend_pid()",
            ]
        )
        try #require(ended.status == 0)
        let store = try await waiting.value
        try await store.put(collection: "carts", id: "after", document: TestStores.cart(0))
        try await store.close()
    }
}

/// Opening a store on a complete schema changes nothing and takes no lock: `CREATE INDEX IF NOT
/// EXISTS` locked the table against writes even when the index existed, and with a write under
/// way PostgreSQL broke the deadlock by failing the write (an upload answered 503 while a worker
/// process started).
@Suite(.timeLimit(.minutes(3)))
struct CompleteSchemaTests {
    @Test("a store opens on its complete schema while another session's write holds the sequence row; a missing index is made again")
    func openingACompleteSchemaWaitsForNoWrite() async throws {
        guard let base = TemporaryStores.postgresURL else {
            #expect(!TemporaryStores.isCI, "RECEIPTS_TEST_POSTGRES_URL is not set under CI")
            return
        }
        let directory = try TestStores.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let location = try TestStores.newLocation(.postgres, directory: directory)
        let schema = try TestStores.schema(of: location).description
        let first = try await TestStores.open(location)
        try await first.put(collection: "carts", id: "before", document: TestStores.cart(0))

        // A write under way in another session: the sequence row is locked until it ends.
        let marker = "complete-schema-\(schema)"
        let writer = try ChildProcess(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            arguments: [
                "psql", base, "-c",
                "BEGIN; UPDATE \(schema).store_meta SET value = value WHERE key = 'seq'; SELECT pg_sleep(60), '\(marker)'; COMMIT;",
            ],
            standardOutput: .discard,
            standardError: .discard
        )
        defer { writer.kill() }
        func psql(_ sql: String) async throws -> String { try await TestStores.psqlValue(sql, at: base) }
        _ = try await TestStores.waitUntil {
            try await psql("SELECT count(*) FROM pg_stat_activity WHERE query LIKE '%\(marker)%' AND state = 'active' AND pid <> pg_backend_pid()")
                != "0"
        }
        try await Task.sleep(for: .milliseconds(300))

        let second = try await TestStores.open(location)
        #expect(!writer.hasExited, "the store opened only once the other session's write ended")
        _ = try await psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE '%\(marker)%' AND pid <> pg_backend_pid()")
        try await second.put(collection: "carts", id: "after", document: TestStores.cart(1))
        try await second.close()

        // An index dropped by hand is made again when a store next opens.
        _ = try await psql("DROP INDEX \(schema).idx_doc_carts_date")
        let third = try await TestStores.open(location)
        #expect(try await psql("SELECT to_regclass('\(schema).idx_doc_carts_date') IS NOT NULL") == "t")
        try await third.close()
        try await first.close()
    }
}

private final class OpenedFlag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}
