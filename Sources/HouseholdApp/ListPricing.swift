import DocumentStore
import Foundation
import Households
import ReceiptModel
import ReceiptPipeline

/// What a shopping list will cost from what the household paid before, and what its receipts
/// showed bought against what it planned. The API's list routes and the list pages both ask here.
public struct ListPricing: Sendable {
    let store: any DocumentStore
    let directory: HouseholdDirectory

    /// What the household paid before, for its own members only: a guest of a shared list does
    /// not see the household's purchases. Without `userId` the caller was checked already.
    public func priceBook(_ householdId: String, for userId: String? = nil) async throws -> PriceBook {
        if let userId, try await !directory.isMember(householdId, userId: userId) {
            return PriceBook(carts: [])
        }
        return try await PriceBook.load(from: store, filters: [.equals("household", householdId)])
    }

    /// Planned against bought: what the list's receipts show.
    public func comparison(_ list: HouseholdList) async throws -> PlannedVsBought {
        let cartIDs = Set(list.entries.compactMap(\.bought?.cartId))
        var unplanned: [UnplannedItem] = []
        for cartID in cartIDs.sorted() {
            guard let stored = try await store.get(collection: Collections.carts, id: cartID),
                let cart = try? stored.document.decode(as: CartDocument.self)
            else { continue }
            let claimed = Set(list.entries.compactMap { $0.bought?.cartId == cartID ? $0.bought?.itemName : nil })
            for item in cart.items where !claimed.contains(item.name) {
                unplanned.append(UnplannedItem(cartId: cartID, name: item.name, price: item.price, currency: cart.currency))
            }
        }
        return PlannedVsBought(
            bought: list.entries.filter { $0.bought != nil }.map(\.id),
            notBought: list.entries.filter { !$0.completed }.map(\.id),
            boughtNotPlanned: unplanned
        )
    }
}

/// A list's entries by what became of them.
public struct PlannedVsBought: Encodable, Sendable {
    /// Entries a receipt showed bought.
    public var bought: [String]
    /// Entries still open.
    public var notBought: [String]
    /// Lines of those receipts that no entry asked for.
    public var boughtNotPlanned: [UnplannedItem]
}

/// A line of a list's receipt that no entry asked for.
public struct UnplannedItem: Encodable, Sendable {
    public var cartId: String
    public var name: String
    public var price: Amount?
    public var currency: String?
}
