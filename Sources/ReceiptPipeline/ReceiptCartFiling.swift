import DocumentStore
import ReceiptModel

/// Where `receipts ingest` puts a cart it read. A personal store keeps the cart as it is; a
/// household's store files it through the household domain's write path (change log, revision,
/// the member who bought it), which this module cannot see: `HouseholdApp` provides that one.
public protocol ReceiptCartFiling: Sendable {
    /// Stores `cart` (its id fixed by the image), new; with `replacing`, over the stored one.
    /// - Returns: the cart as stored, with its revision.
    func file(_ cart: CartDocument, replacing: Bool) async throws -> CartDocument
}

/// A personal store's filing: the cart document as it is, with no change log (a store without
/// households has no members whose edits a log would tell apart).
public struct PersonalCartFiling: ReceiptCartFiling {
    let store: any DocumentStore

    public func file(_ cart: CartDocument, replacing: Bool) async throws -> CartDocument {
        var cart = cart
        cart.rev = try await store.put(
            collection: IngestPipeline.cartsCollection,
            id: cart.id,
            document: try JSONValue(encoding: cart),
            expectedRev: nil
        ).rev
        return cart
    }
}
