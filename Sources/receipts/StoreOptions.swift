import ArgumentParser
import DocumentStore
import Foundation
import Logging

/// The `--store` option shared by every command that reads or writes documents.
/// Include with `@OptionGroup var store: StoreOptions`, then `try await store.open(logger:)`.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Document store: a SQLite file (default ./receipts.sqlite, or $RECEIPTS_STORE), sqlite:PATH[?mode=ro], or postgres://user@host:port/db.",
            valueName: "path|url"
        )
    )
    var store: String?

    /// The resolved location: `--store`, else `RECEIPTS_STORE`, else `./receipts.sqlite`.
    func location() throws -> StoreLocation {
        try StoreLocation.resolve(option: store)
    }

    /// Opens the store (creating the SQLite file or the PostgreSQL tables when missing).
    func open(logger: Logger) async throws -> any DocumentStore {
        do {
            let location = try location()
            logger.debug("opening store", metadata: ["store.location": "\(location)"])
            return try await location.open(logger: logger)
        } catch let error as StoreError where [.invalidLocation, .corrupt, .readOnly].contains(error.code) {
            // The library says what is wrong with the location; the CLI says where it came from.
            throw StoreError(
                error.code,
                error.message + " (The store is --store, else $RECEIPTS_STORE, else ./receipts.sqlite.)",
                underlying: error.underlying
            )
        }
    }

    /// Runs `body` with the store open and closes it after, also when `body` throws (then the
    /// error of `body` is the one reported, not a failure to close).
    func withOpenStore<T>(logger: Logger, _ body: (any DocumentStore) async throws -> T) async throws -> T {
        let documentStore = try await open(logger: logger)
        let result: T
        do {
            result = try await body(documentStore)
        } catch {
            try? await documentStore.close()
            throw error
        }
        try await documentStore.close()
        return result
    }
}

/// Buffered writes to stdout (results), flushed in large chunks.
struct StandardOutputBuffer {
    private var buffer = ""
    private let limit = 1 << 18

    mutating func writeLine(_ line: String) {
        buffer += line
        buffer += "\n"
        if buffer.utf8.count >= limit { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer.utf8))
        buffer = ""
    }
}
