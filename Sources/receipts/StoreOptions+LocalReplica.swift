import DocumentStore
import Households
import Logging

extension StoreOptions {
    /// Runs `body` with the local store open (as the one ``Records`` every service over it shares)
    /// and its replica id (what `list`, `item` and `recommend` work offline over), closing the
    /// store after; domain errors become their messages and codes.
    func withLocalReplica<T: Sendable>(logger: Logger, _ body: (Records, String) async throws -> T) async throws -> T {
        do {
            return try await withOpenStore(logger: logger) { documentStore in
                let records = Records(store: documentStore)
                return try await body(records, try await LocalReplica(records: records).state().replica)
            }
        } catch let error as HouseholdError {
            throw CLIError(error)
        }
    }
}
