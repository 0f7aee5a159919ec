import DocumentStore
import Households
import Logging

extension StoreOptions {
    /// Runs `body` with the local store open and its replica id (what `list`, `item` and
    /// `recommend` work offline over), closing the store after; domain errors become their
    /// messages and codes.
    func withLocalReplica<T: Sendable>(logger: Logger, _ body: (any DocumentStore, String) async throws -> T) async throws -> T {
        do {
            return try await withOpenStore(logger: logger) { documentStore in
                try await body(documentStore, try await LocalReplica(store: documentStore).state().replica)
            }
        } catch let error as HouseholdError {
            throw CLIError(error)
        }
    }
}
