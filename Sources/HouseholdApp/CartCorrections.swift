import DocumentStore
import Foundation
import Households
import ReceiptModel
import ReceiptPipeline

/// Saving a person's correction of what the reader got wrong: one flow for the API, the review
/// page and `receipts correct`. The correction is written through the domain's one write path
/// (revision check, change log, item stamps), then teaches the household's matcher the products
/// it names.
public struct CartCorrections: Sendable {
    let store: any DocumentStore
    let carts: CartEditor

    /// A member's correction of a cart of the household, read at revision `ifMatch`.
    /// - Throws: `CorrectionError` for a field it cannot take; `request.stale` when the cart
    ///   changed since `ifMatch`; `cart.not-found` for a cart the caller cannot see.
    public func save(
        _ correction: CartCorrection,
        to cartId: String,
        in householdId: String,
        by userId: String,
        ifMatch: Int?
    ) async throws -> Revisioned<CartDocument> {
        let (corrected, before) = try await carts.change(cartId, in: householdId, by: userId, ifMatch: ifMatch) { cart in
            let before = cart
            try correction.apply(to: &cart)
            return before
        }
        try await CartCorrector(store: store).learn(from: correction, before: before, after: corrected.value)
        return corrected
    }

    /// `receipts correct` on a store of one's own: the cart by id or the start of its id.
    public static func save(
        _ correction: CartCorrection,
        to idOrPrefix: String,
        in carts: OfflineCarts,
        store: any DocumentStore
    ) async throws -> CartDocument {
        let (corrected, before) = try await carts.revise(idOrPrefix) { cart in
            let before = cart
            try correction.apply(to: &cart)
            return before
        }
        try await CartCorrector(store: store).learn(from: correction, before: before, after: corrected)
        return corrected
    }
}
