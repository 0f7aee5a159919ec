import ChildProcesses
import DocumentStore
import Foundation
import ReceiptTesting
import Testing

/// `pg_trgm` belongs to the database and every schema shares it, so it is installed under a
/// database-wide lock. That lock was held for the rest of the schema's migration: on a fresh
/// database, stores opening at once (the test suite; a server's first start beside its workers)
/// waited in line behind each other's whole migrations, and under load one store waited minutes.
@Suite(.timeLimit(.minutes(5)))
struct SharedExtensionLockTests {
    @Test("on a fresh database, a store opens while another schema's migration is held up after installing pg_trgm")
    func aSlowMigrationHoldsNoDatabaseWideLock() async throws {
        guard let base = TemporaryStores.postgresURL else {
            #expect(!TemporaryStores.isCI, "RECEIPTS_TEST_POSTGRES_URL is not set under CI")
            return
        }
        let database = "fresh_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
        var components = try #require(URLComponents(string: base))
        components.path = "/" + database
        let fresh = try #require(components.string)
        let separator = fresh.contains("?") ? "&" : "?"
        func psql(_ url: String, _ sql: String) async throws -> String { try await TestStores.psqlValue(sql, at: url) }
        _ = try await psql(base, "CREATE DATABASE \(database)")
        defer {
            let drop = try? ChildProcess(
                executable: URL(fileURLWithPath: "/usr/bin/env"),
                arguments: ["psql", base, "-c", "DROP DATABASE IF EXISTS \(database) WITH (FORCE)"],
                standardOutput: .discard,
                standardError: .discard
            )
            _ = drop?.wait(timeout: .seconds(60))
        }
        #expect(try await psql(fresh, "SELECT count(*) FROM pg_extension WHERE extname = 'pg_trgm'") == "0")

        // Schema a's migration will wait at its text field rows: another session inserts the
        // first of them and keeps its transaction open.
        _ = try await psql(
            fresh,
            "CREATE SCHEMA a; CREATE TABLE a.text_fields (collection text NOT NULL, field text NOT NULL, PRIMARY KEY (collection, field))"
        )
        let marker = "held-text-field-\(database)"
        let holder = try ChildProcess(
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            arguments: [
                "psql", fresh, "-c",
                "BEGIN; INSERT INTO a.text_fields VALUES ('products', 'name'); SELECT pg_sleep(3600), '\(marker)'; COMMIT;",
            ],
            standardOutput: .discard,
            standardError: .discard
        )
        defer { holder.kill() }
        let migrating = Task { try await TestStores.open(fresh + separator + "schema=a&connect_timeout=180") }
        let waiting = try await TestStores.waitUntil {
            try await psql(fresh, "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO text_fields%'")
                != "0"
        }
        try #require(waiting, "schema a's migration never reached its text field rows")

        // Meanwhile a store of schema b opens: it waits for nothing of schema a's. (With the lock
        // held through a's migration, it waited until the time limit: the holder never lets go.
        // Under the whole suite's load a migration's round trips can take a minute or more.)
        let other = try await TestStores.open(fresh + separator + "schema=b&connect_timeout=180")
        #expect(!holder.hasExited, "schema b's store opened only once schema a's migration went on")
        try await other.put(collection: "carts", id: "b", document: TestStores.cart(0))
        try await other.close()

        _ = try await psql(base, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE '%\(marker)%' AND pid <> pg_backend_pid()")
        let store = try await migrating.value
        try await store.put(collection: "carts", id: "a", document: TestStores.cart(1))
        try await store.close()
    }
}
