import ChildProcesses
import DocumentStore
import Foundation
import Logging
import ReceiptModel
import ReceiptTesting
import Testing

/// The conformance suite's stores (``TemporaryStores``) and documents.
enum TestStores {
    static let postgresURL = TemporaryStores.postgresURL
    static let isCI = TemporaryStores.isCI
    static let engines = TemporaryStores.engines
    static let logger = TemporaryStores.logger

    static func newLocation(_ engine: StoreEngine, directory: URL) throws -> String {
        try TemporaryStores.newLocation(engine, directory: directory)
    }

    static func temporaryDirectory() throws -> URL { try TemporaryStores.temporaryDirectory() }

    static func with<T>(_ engine: StoreEngine, _ body: (any DocumentStore, String) async throws -> T) async throws -> T {
        try await TemporaryStores.with(engine, body)
    }

    static func open(_ location: String) async throws -> any DocumentStore { try await TemporaryStores.open(location) }

    /// Runs `sql` with psql on the test server, `{schema}` standing for the schema of the store at
    /// `location` (psql from the PATH: Debian's postgresql package, which make test installs, puts
    /// it there). Returns psql's exit status.
    static func psql(_ sql: String, location: String) async throws -> Int32 {
        let base = try #require(postgresURL)
        let schema = try schema(of: location)
        let result = try await ChildProcess.output(
            of: URL(fileURLWithPath: "/usr/bin/env"),
            [
                "psql", "-v", "ON_ERROR_STOP=1", base, "-c", sql.replacingOccurrences(of: "{schema}", with: String(schema)),
            ]
        )
        return result.status
    }

    /// The schema a PostgreSQL store location names (`…?schema=NAME`).
    static func schema(of location: String) throws -> Substring {
        try #require(location.split(separator: "schema=").last?.split(separator: "&").first)
    }

    /// The answer of `sql` run with psql at `url` (`-tA`: values only), failing the test when psql fails.
    static func psqlValue(_ sql: String, at url: String) async throws -> String {
        let result = try await ChildProcess.output(of: URL(fileURLWithPath: "/usr/bin/env"), ["psql", "-tA", url, "-c", sql])
        try #require(result.status == 0, "psql: \(sql)")
        return String(decoding: result.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Asks `condition` every 100 ms until it holds, for at most a minute; whether it came to hold.
    static func waitUntil(_ condition: () async throws -> Bool) async throws -> Bool {
        for _ in 0..<600 {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
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
