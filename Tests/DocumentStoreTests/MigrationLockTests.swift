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
        let heldSchema = try #require(held.split(separator: "schema=").last?.split(separator: "&").first).description
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
        func locksHeld() async throws -> Int {
            let result = try await ChildProcess.output(
                of: URL(fileURLWithPath: "/usr/bin/env"),
                ["psql", "-tA", base, "-c", "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted"]
            )
            return Int(String(decoding: result.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        }
        for _ in 0..<600 where try await locksHeld() == 0 { try await Task.sleep(for: .milliseconds(100)) }
        try #require(try await locksHeld() > 0, "psql never took the lock")

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

private final class OpenedFlag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}
