import DocumentStore
import Foundation
import ReceiptModel

/// Finds an earlier cart that a new receipt repeats: the same receipt photographed twice (two
/// different images, so two ids) would otherwise count twice in what the household spends.
///
/// A cart repeats another when both have a merchant name, a date and a total, and these match
/// (names compared without case and spacing), their times match when both show one, their
/// currencies do not differ, and they belong to the same household. Receipts that show no time
/// can collide (two coffees at one cafe on one day for the same price): such a pair is only
/// flagged, never dropped, and the user keeps the second with one command.
public struct DuplicateFinder: Sendable {
    let store: any DocumentStore

    /// The id of the cart `cart` repeats, or `nil`.
    public func original(of cart: CartDocument) async throws -> String? {
        guard let date = cart.date, let total = cart.effectiveTotal, let merchant = Self.key(cart.merchant?.name) else { return nil }
        var filters: [Filter] = [.equals("date", date)]
        if let household = cart.household { filters.append(.equals("household", household)) }
        let query = DocumentQuery(collection: CartDocument.collection, filters: filters, sort: SortKey("addedOn"), pageSize: 100)
        for try await stored in store.query(query) where stored.id != cart.id {
            guard let other = try? stored.document.decode(as: CartDocument.self) else { continue }
            if cart.household == nil, other.household != nil { continue }
            guard Self.key(other.merchant?.name) == merchant, other.effectiveTotal == total else { continue }
            if let a = cart.currency, let b = other.currency, a != b { continue }
            if let a = cart.time, let b = other.time, a.prefix(5) != b.prefix(5) { continue }
            // Flag against the first of a chain, not against another flagged copy.
            return other.possibleDuplicateOf ?? other.id
        }
        return nil
    }

    static func key(_ name: String?) -> String? {
        let folded = (name ?? "").lowercased().filter { $0.isLetter || $0.isNumber }
        return folded.isEmpty ? nil : folded
    }
}
