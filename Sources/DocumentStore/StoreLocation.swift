import Foundation
import Logging
import PostgresNIO

/// Where a store lives, parsed from `--store` / `RECEIPTS_STORE`.
///
/// Accepted forms:
/// - `receipts.sqlite`, `/data/receipts.sqlite`: a SQLite file (created when missing);
/// - `sqlite:path` or `sqlite://path`; add `?mode=ro` to open read-only;
/// - `postgres://user[:password]@host[:port]/database` (also `postgresql://`); query options
///   `sslmode=disable|prefer|require` (default `prefer`), `mode=ro` (read-only transactions),
///   `host=/socket/dir` for a Unix socket, `connect_timeout=seconds` (default 30),
///   `schema=name` to keep the tables in their own schema.
public enum StoreLocation: Sendable, Hashable, CustomStringConvertible {
    case sqlite(path: String, readOnly: Bool)
    case postgres(PostgresLocation)

    /// The file used when neither `--store` nor `RECEIPTS_STORE` is given.
    public static let defaultPath = "receipts.sqlite"

    /// A PostgreSQL address.
    public struct PostgresLocation: Sendable, Hashable {
        public var host: String
        public var port: Int
        public var unixSocketPath: String?
        public var user: String
        public var password: String?
        public var database: String
        public var sslMode: String
        public var readOnly: Bool
        /// A PostgreSQL schema to keep the store's tables in (`?schema=name`), so several stores can
        /// share one database; `nil` uses `public`.
        public var schema: String?
        /// Seconds to wait for the first connection (`?connect_timeout=N`, default 30).
        public var connectTimeout: Int
    }

    /// Parses a location string (see the type's documentation).
    /// - Throws: `store.invalid-location` with what is wrong.
    public static func parse(_ text: String) throws -> StoreLocation {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            throw StoreError(.invalidLocation, "The store location is empty. Give a file path or postgres://user@host:port/db.")
        }
        let lower = trimmed.lowercased()
        if lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://") {
            return .postgres(try parsePostgres(trimmed))
        }
        var rest = trimmed
        if lower.hasPrefix("sqlite://") {
            rest = String(trimmed.dropFirst("sqlite://".count))
        } else if lower.hasPrefix("sqlite:") {
            rest = String(trimmed.dropFirst("sqlite:".count))
        } else if lower.range(of: "^[a-z][a-z0-9+.-]*://", options: .regularExpression) != nil {
            throw StoreError(
                .invalidLocation,
                "Unsupported store location '\(redacted(trimmed))'. Use a file path, sqlite:PATH or postgres://user@host:port/db."
            )
        }
        var readOnly = false
        if let question = rest.lastIndex(of: "?") {
            let query = rest[rest.index(after: question)...]
            for item in query.split(separator: "&") {
                let pair = item.split(separator: "=", maxSplits: 1).map(String.init)
                switch (pair.first ?? "", pair.count > 1 ? pair[1] : "") {
                case ("mode", "ro"), ("readonly", "1"), ("readonly", "true"): readOnly = true
                case ("mode", "rw"), ("mode", "rwc"): readOnly = false
                default:
                    throw StoreError(.invalidLocation, "Unknown store option '\(item)'. SQLite locations accept ?mode=ro.")
                }
            }
            rest = String(rest[..<question])
        }
        guard !rest.isEmpty else {
            throw StoreError(.invalidLocation, "The SQLite store location has no file path. Give one, e.g. sqlite:receipts.sqlite.")
        }
        return .sqlite(path: rest, readOnly: readOnly)
    }

    /// The location from `--store`, else `RECEIPTS_STORE`, else ``defaultPath``.
    public static func resolve(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> StoreLocation {
        if let option, !option.isEmpty { return try parse(option) }
        if let env = environment["RECEIPTS_STORE"], !env.isEmpty { return try parse(env) }
        return .sqlite(path: defaultPath, readOnly: false)
    }

    private static func parsePostgres(_ text: String) throws -> PostgresLocation {
        guard let components = URLComponents(string: text) else {
            throw StoreError(.invalidLocation, "'\(redacted(text))' is not a valid postgres:// URL. Use postgres://user@host:port/database.")
        }
        var location = PostgresLocation(
            host: components.host.flatMap { $0.isEmpty ? nil : $0 } ?? "localhost",
            port: components.port ?? 5432,
            unixSocketPath: nil,
            user: components.user.flatMap { $0.removingPercentEncoding } ?? "postgres",
            password: components.password.flatMap { $0.removingPercentEncoding },
            database: String(components.path.drop(while: { $0 == "/" })).removingPercentEncoding ?? "",
            sslMode: "prefer",
            readOnly: false,
            schema: nil,
            connectTimeout: 30
        )
        for item in components.queryItems ?? [] {
            switch (item.name, item.value ?? "") {
            case ("sslmode", let mode) where ["disable", "prefer", "require", "allow", "verify-full"].contains(mode):
                location.sslMode = mode
            case ("connect_timeout", let seconds) where Int(seconds).map({ $0 > 0 && $0 <= 3600 }) == true:
                location.connectTimeout = Int(seconds) ?? 30
            case ("mode", "ro"): location.readOnly = true
            case ("mode", "rw"): location.readOnly = false
            case ("schema", let schema)
            where !schema.isEmpty && schema.count <= 48 && schema.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }):
                location.schema = schema
            case ("host", let socket) where socket.hasPrefix("/"):
                location.unixSocketPath = socket
            default:
                throw StoreError(.invalidLocation, Self.optionProblem(item))
            }
        }
        if location.database.isEmpty { location.database = location.user }
        return location
    }

    /// The location without any password, for messages and logs.
    public var description: String {
        switch self {
        case .sqlite(let path, let readOnly): return readOnly ? "sqlite:\(path)?mode=ro" : "sqlite:\(path)"
        case .postgres(let location):
            let address = location.unixSocketPath.map { "[\($0)]" } ?? "\(location.host):\(location.port)"
            return "postgres://\(location.user)@\(address)/\(location.database)" + (location.schema.map { "?schema=\($0)" } ?? "")
        }
    }

    private static func redacted(_ text: String) -> String {
        guard let components = URLComponents(string: text), components.password != nil else { return text }
        var copy = components
        copy.password = "***"
        return copy.string ?? "(location hidden)"
    }

    /// Opens the store at this location, creating the schema when missing.
    public func open(logger: Logger) async throws -> any DocumentStore {
        switch self {
        case .sqlite(let path, let readOnly):
            return try await SQLiteDocumentStore(path: path, options: .init(readOnly: readOnly), logger: logger)
        case .postgres(let location):
            let tls: PostgresClient.Configuration.TLS
            switch location.sslMode {
            case "disable": tls = .disable
            case "require", "verify-full": tls = .require(.makeClientConfiguration())
            default: tls = .prefer(.makeClientConfiguration())
            }
            var configuration: PostgresClient.Configuration
            if let socket = location.unixSocketPath {
                let file = socket.hasSuffix(".s.PGSQL.\(location.port)") ? socket : socket + "/.s.PGSQL.\(location.port)"
                configuration = .init(unixSocketPath: file, username: location.user, password: location.password, database: location.database)
            } else {
                configuration = .init(
                    host: location.host,
                    port: location.port,
                    username: location.user,
                    password: location.password,
                    database: location.database,
                    tls: tls
                )
            }
            if location.readOnly {
                configuration.options.additionalStartupParameters.append(("default_transaction_read_only", "on"))
            }
            if let schema = location.schema {
                configuration.options.additionalStartupParameters.append(("search_path", "\(schema), public"))
            }
            configuration.options.maximumConnections = 8
            return try await PostgresDocumentStore(
                configuration: configuration,
                displayName: description,
                schema: location.schema,
                readOnly: location.readOnly,
                connectTimeout: .seconds(location.connectTimeout),
                logger: logger
            )
        }
    }
}

extension StoreLocation {
    /// What is wrong with a PostgreSQL store option: an unknown name, or a known one with a value
    /// it does not take (said with the values it does take).
    static func optionProblem(_ item: URLQueryItem) -> String {
        let accepted = [
            "sslmode": "disable, allow, prefer, require or verify-full", "connect_timeout": "whole seconds from 1 to 3600",
            "mode": "ro or rw", "schema": "a name of up to 48 lowercase letters, digits and _", "host": "a socket folder starting with /",
        ]
        guard let expected = accepted[item.name] else {
            return
                "Unknown PostgreSQL store option '\(item.name)'. Accepted: sslmode, mode=ro, connect_timeout=seconds, schema=name (lowercase letters, digits, _), host=/socket/dir."
        }
        let value = item.value ?? ""
        // "?sslmode=disable?schema=x" reads as one option whose value holds the second.
        let joined = value.contains("?") ? " Separate options with & (?sslmode=disable&schema=name), not a second ?." : ""
        return "The PostgreSQL store option \(item.name)='\(value)' is not valid: give \(expected).\(joined)"
    }
}
