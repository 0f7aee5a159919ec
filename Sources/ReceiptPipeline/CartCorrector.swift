import Catalog
import DocumentStore
import Foundation
import ReceiptModel

/// Teaches the household's matcher the products a person's correction of a cart names
/// (``ProductAliases``). The correction itself is written by the household domain's one write
/// path; `HouseholdApp.CartCorrections` joins the two for the CLI's `receipts correct` and the
/// server's review page.
public struct CartCorrector: Sendable {
    let store: any DocumentStore

    public init(store: any DocumentStore) {
        self.store = store
    }

    /// Records the products `correction` named, keyed by the line as the reader named it in
    /// `before` (what the next receipt will show again) and the corrected cart's merchant.
    public func learn(from correction: CartCorrection, before: CartDocument, after: CartDocument) async throws {
        let aliases = ProductAliases(store: store)
        for (index, fix) in correction.items {
            guard let product = fix.product, before.items.indices.contains(index) else { continue }
            try await aliases.record(line: before.items[index].name, merchant: after.merchant?.name, household: after.household, product: product)
        }
    }
}
