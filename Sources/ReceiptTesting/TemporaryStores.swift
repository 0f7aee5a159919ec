import DocumentStore
import Foundation
import Logging

/// Throw-away stores for tests: a temporary SQLite file, or a fresh PostgreSQL schema in the
/// database of `RECEIPTS_TEST_POSTGRES_URL` (set by scripts/with-postgres.sh, which `make test` runs).
public enum TemporaryStores {
    public static let postgresURL: String? = {
        let url = ProcessInfo.processInfo.environment["RECEIPTS_TEST_POSTGRES_URL"]
        return url?.isEmpty == false ? url : nil
    }()

    public static var isCI: Bool { RequiredTool.isCI }

    /// The engines a parametrized test runs on: PostgreSQL when a URL is given, and always under CI
    /// (where a missing URL makes the PostgreSQL cases fail rather than skip).
    public static let engines: [StoreEngine] = (postgresURL != nil || isCI) ? [.sqlite, .postgres] : [.sqlite]

    public static let logger: Logger = {
        var logger = Logger(label: "store-tests")
        logger.logLevel = .critical
        return logger
    }()

    /// A location string for a new, empty store of `engine`.
    public static func newLocation(_ engine: StoreEngine, directory: URL) throws -> String {
        switch engine {
        case .sqlite:
            return directory.appendingPathComponent("store.sqlite").path
        case .postgres:
            guard let base = postgresURL else {
                throw StoreError(
                    .unavailable,
                    "RECEIPTS_TEST_POSTGRES_URL is not set under CI: run the tests through scripts/with-postgres.sh (make test)."
                )
            }
            let schema = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
            // A long connect timeout: the whole package's tests share two cores.
            return base + (base.contains("?") ? "&" : "?") + "schema=\(schema)&connect_timeout=180"
        }
    }

    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("store-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `body` with a new store (and its location string), then closes and removes it.
    public static func with<T>(_ engine: StoreEngine, _ body: (any DocumentStore, String) async throws -> T) async throws -> T {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let location = try newLocation(engine, directory: directory)
        let store = try await StoreLocation.parse(location).open(logger: logger)
        do {
            let result = try await body(store, location)
            try await store.close()
            return result
        } catch {
            try? await store.close()
            throw error
        }
    }

    public static func open(_ location: String) async throws -> any DocumentStore {
        try await StoreLocation.parse(location).open(logger: logger)
    }
}
