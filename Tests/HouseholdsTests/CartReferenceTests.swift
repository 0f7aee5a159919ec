import DocumentStore
import Foundation
import Households
import ReceiptModel
import ReceiptTesting
import Testing

/// The local store's carts named by id or its start (`receipts item add 3f9c …`): the rule and the
/// wording of ``CartReference``, which `receipts show` shares.
@Suite struct CartReferenceTests {
    static func message(_ body: () async throws -> CartDocument) async -> String? {
        do {
            _ = try await body()
            return nil
        } catch let error as HouseholdError {
            return error.code == .cartNotFound ? error.message : "\(error)"
        } catch {
            return "\(error)"
        }
    }

    @Test func aPrefixNamesTheOnlyCartItStartsAndSaysWhatToDoOtherwise() async throws {
        try await TemporaryStores.with(.sqlite) { store, _ in
            for id in ["3f9c0a11", "3f9c0b22"] {
                let cart = CartDocument(
                    id: id,
                    name: id,
                    addedByUser: "ana",
                    addedOn: "2026-03-09T15:00:00Z",
                    source: DocumentSource(file: id, sha256: id)
                )
                try await store.put(collection: CartDocument.collection, id: id, document: try JSONValue(encoding: cart))
            }
            let carts = OfflineCarts(records: Records(store: store), replica: "r1")
            #expect(try await carts.cart("3f9c0b22").id == "3f9c0b22")
            #expect(try await carts.cart("3F9C0A").id == "3f9c0a11")
            #expect(
                await Self.message { try await carts.cart("3f9c") }
                    == "Several carts start with 3f9c: give more characters of the id (receipts carts lists them)."
            )
            #expect(await Self.message { try await carts.cart("beef") } == "No cart beef in this store (receipts carts lists them).")
            #expect(
                await Self.message { try await carts.cart("3f9") }
                    == "No cart 3f9: give its full id or at least 4 characters of it (receipts carts lists them)."
            )
        }
    }
}
