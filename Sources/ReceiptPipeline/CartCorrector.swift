import Catalog
import DocumentStore
import Foundation
import ReceiptModel

/// Stores a person's correction of a cart as a new revision, and teaches the household's
/// matcher the products it names (``ProductAliases``). The CLI's `receipts correct` and the
/// server's review page both come here.
public struct CartCorrector: Sendable {
    let store: any DocumentStore

    public init(store: any DocumentStore) {
        self.store = store
    }

    /// Applies `correction` to the cart `id` at revision `expectedRev` (any when nil).
    /// - Returns: the corrected cart with its new revision.
    /// - Throws: ``CorrectionError``, `store.conflict` when the cart changed meanwhile.
    public func correct(_ id: String, _ correction: CartCorrection, expectedRev: Int? = nil) async throws -> CartDocument {
        guard let stored = try await store.get(collection: CartDocument.collection, id: id) else {
            throw PipelineError(.notFound, "no cart with id \(id)")
        }
        var cart = try stored.document.decode(as: CartDocument.self)
        let before = cart
        try correction.apply(to: &cart)
        let written = try await store.put(
            collection: CartDocument.collection, id: id, document: try JSONValue(encoding: cart), expectedRev: expectedRev ?? stored.rev)
        cart.rev = written.rev
        // The line as the reader named it is what the next receipt will show again.
        let aliases = ProductAliases(store: store)
        for (index, fix) in correction.items {
            guard let product = fix.product, before.items.indices.contains(index) else { continue }
            try await aliases.record(line: before.items[index].name, merchant: cart.merchant?.name, household: cart.household, product: product)
        }
        return cart
    }
}
