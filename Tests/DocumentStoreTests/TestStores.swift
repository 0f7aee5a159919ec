import DocumentStore
import Foundation
import Logging
import ReceiptModel
import Testing

/// Opens throw-away stores for the conformance suite: a temporary SQLite file, or a fresh
/// PostgreSQL schema in the database of `RECEIPTS_TEST_POSTGRES_URL` (set by scripts/with-postgres.sh).
enum TestStores {
    static let postgresURL: String? = {
        let url = ProcessInfo.processInfo.environment["RECEIPTS_TEST_POSTGRES_URL"]
        return url?.isEmpty == false ? url : nil
    }()

    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// The engines the suite runs on: PostgreSQL when a URL is given, and always under CI (where a
    /// missing URL makes the PostgreSQL cases fail rather than skip).
    static let engines: [StoreEngine] = (postgresURL != nil || isCI) ? [.sqlite, .postgres] : [.sqlite]

    static let logger: Logger = {
        var logger = Logger(label: "store-tests")
        logger.logLevel = .critical
        return logger
    }()

    /// A location string for a new, empty store of `engine`.
    static func newLocation(_ engine: StoreEngine, directory: URL) throws -> String {
        switch engine {
        case .sqlite:
            return directory.appendingPathComponent("store.sqlite").path
        case .postgres:
            guard let base = postgresURL else {
                throw StoreError(.unavailable, "RECEIPTS_TEST_POSTGRES_URL is not set under CI: run the tests through scripts/with-postgres.sh (make test).")
            }
            let schema = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
            // A long connect timeout: the whole package's tests share two cores.
            return base + (base.contains("?") ? "&" : "?") + "schema=\(schema)&connect_timeout=180"
        }
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("store-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `body` with a new store (and its location string), then closes and removes it.
    static func with<T>(_ engine: StoreEngine, _ body: (any DocumentStore, String) async throws -> T) async throws -> T {
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

    static func open(_ location: String) async throws -> any DocumentStore {
        try await StoreLocation.parse(location).open(logger: logger)
    }

    /// A cart-like document.
    static func cart(_ index: Int, merchant: String? = nil, date: String? = nil, total: String? = nil) -> JSONValue {
        let merchants = ["GREEN FIELD", "ALDI SÜD", "Trader Joe's", "WHOLE FOODS"]
        let day = 1 + index % 28
        let month = 1 + (index / 28) % 12
        return .object([
            "type": .string("cart"),
            "name": .string("cart \(index)"),
            "addedByUser": .string(index % 2 == 0 ? "saubhik" : "ana"),
            "completed": .bool(index % 3 != 0),
            "merchant": .object(["name": .string(merchant ?? merchants[index % merchants.count]), "phone": .null]),
            "date": .string(date ?? String(format: "2016-%02d-%02d", month, day)),
            "total": .string(total ?? "\(index % 97).\(String(format: "%02d", index % 100))"),
            "items": .array([
                .object(["name": .string("Coke"), "price": .string("3.00"), "quantity": .number(1), "confidence": .number(Decimal(string: "0.97")!)]),
                .object(["name": .string("Lunch"), "price": .string("45.90"), "quantity": .number(2)]),
            ]),
            "futureField": .object(["nested": .array([.number(Decimal(string: "1.25")!), .null, .bool(false)])]),
        ])
    }
}

extension StoreError {
    /// Whether `error` is a store error with `code`.
    static func matches(_ error: any Error, _ code: StoreError.Code) -> Bool {
        (error as? StoreError)?.code == code
    }
}
