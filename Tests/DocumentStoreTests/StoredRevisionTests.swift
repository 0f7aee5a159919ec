import DocumentStore
import Foundation
import ReceiptModel
import ReceiptTesting
import Testing

/// The stored JSON names the revision the write got, also when that is not the one the store
/// could foresee before its transaction (SQLite makes a write's JSON text beforehand, for the
/// expected revision's successor, or 1 without one).
@Suite struct StoredRevisionTests {
    @Test("the stored document's rev is the revision given, foreseen or not", arguments: TestStores.engines)
    func storedRevision(engine: StoreEngine) async throws {
        try await TestStores.with(engine) { store, _ in
            func storedRev(_ id: String) async throws -> JSONValue? {
                try await store.get(collection: "carts", id: id)?.document["rev"]
            }
            // Foreseen: a new document, and an update naming its revision.
            #expect(try await store.put(collection: "carts", id: "a", document: TestStores.cart(1), expectedRev: 0).rev == 1)
            #expect(try await store.put(collection: "carts", id: "a", document: TestStores.cart(2), expectedRev: 1).rev == 2)
            #expect(try await storedRev("a") == .number(2))
            // Not foreseen: an update without a revision.
            let blind = try await store.put(collection: "carts", id: "a", document: TestStores.cart(3), expectedRev: nil)
            #expect(blind.rev == 3)
            #expect(blind.document["rev"] == .number(3))
            #expect(try await storedRev("a") == .number(3))
            // Not foreseen: a creation over a deleted document continues its revisions.
            #expect(try await store.delete(collection: "carts", id: "a", expectedRev: 3))
            let again = try await store.putBatch([
                DocumentWrite(collection: "carts", id: "a", document: TestStores.cart(4), expectedRev: 0),
                DocumentWrite(collection: "carts", id: "b", document: TestStores.cart(5), expectedRev: nil),
            ])
            #expect(again.map(\.rev) == [5, 1])
            #expect(try await storedRev("a") == .number(5))
            #expect(try await storedRev("b") == .number(1))
            let changes = try await store.changes(since: 0, limit: 10)
            #expect(changes.map { $0.document?["rev"] } == changes.map { .number(Decimal($0.rev)) })
        }
    }
}
