import ArgumentParser
import DocumentStore
import ReceiptModel
import ReceiptPipeline

/// A stored cart named on the command line (`show`, `keep`): the store it is in and its id or
/// the start of it.
struct CartSelection: ParsableArguments {
    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOptions

    @Argument(help: "The cart id, or its first characters (at least 4).")
    var id: String

    /// Runs `body` with the store open and the named cart read from it, logging as `label`;
    /// no such cart (or a prefix that names several) throws ``PipelineError``.
    func withCart<T>(label: String, _ body: (any DocumentStore, CartDocument) async throws -> T) async throws -> T {
        try await store.withOpenStore(logger: global.makeLogger(label: label)) { documentStore in
            try await body(documentStore, try await CartQueries(store: documentStore).cart(idOrPrefix: id))
        }
    }
}
