import DocumentStore
import Foundation
import ReceiptModel
import ReceiptPipeline
import ReceiptTesting
import Testing

/// `receipts show 3f9c`: the personal store's carts by id or its start, worded as ``CartReference``
/// words it for the local replica's carts too.
@Suite struct CartQueriesReferenceTests {
    @Test func severalCartsStartingAlikeAskForMoreCharacters() async throws {
        try await TemporaryStores.with(.sqlite) { store, _ in
            let writes = try ["3f9c0a11", "3f9c0b22"].map { id in
                let source = DocumentSource(file: id, sha256: id)
                let cart = CartDocument(id: id, name: id, addedByUser: "ana", addedOn: "2026-03-09T15:00:00Z", source: source)
                return DocumentWrite(collection: CartDocument.collection, id: id, document: try JSONValue(encoding: cart), expectedRev: nil)
            }
            _ = try await store.putBatch(writes)
            let queries = CartQueries(store: store)
            #expect(try await queries.cart(idOrPrefix: "3F9C0A").id == "3f9c0a11")
            let error = await #expect(throws: PipelineError.self) { try await queries.cart(idOrPrefix: "3f9c") }
            #expect(error?.code == .notFound)
            #expect(error?.message == "Several carts start with 3f9c: give more characters of the id (receipts carts lists them).")
        }
    }
}
