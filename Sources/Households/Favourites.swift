import DocumentStore
import Foundation
import ReceiptModel

/// A product a user starred: theirs alone, whatever household they look from.
public struct Favourite: Codable, Sendable, Hashable {
    public static let collection = "favourites"

    /// `userId|productId`: one star per user and product.
    public var id: String
    public var type = "favourite"
    public var userId: String
    public var productId: String
    /// The product as it was starred, so the Favourites view needs no catalog.
    public var product: ProductRef
    public var addedAt: String

    static func id(userId: String, productId: String) -> String { userId + "|" + productId }
}

/// Each user's starred products.
public struct Favourites: Sendable {
    let records: Records
    let now: @Sendable () -> Date

    public init(records: Records, now: @escaping @Sendable () -> Date = Date.init) {
        self.records = records
        self.now = now
    }

    /// The user's favourites, by product name.
    public func favourites(of userId: String) async throws -> [Favourite] {
        try await records.all(Favourite.self, DocumentQuery(collection: Favourite.collection, filters: [.equals("userId", userId)]))
            .map(\.value)
            .sorted { ($0.product.name.lowercased(), $0.productId) < ($1.product.name.lowercased(), $1.productId) }
    }

    /// Whether the user starred the product.
    public func isFavourite(_ productId: String, of userId: String) async throws -> Bool {
        try await records.store.get(collection: Favourite.collection, id: Favourite.id(userId: userId, productId: productId)) != nil
    }

    /// Stars a product (starring it again changes nothing).
    @discardableResult
    public func add(_ productId: String, product: ProductRef, for userId: String) async throws -> Favourite {
        let id = Favourite.id(userId: userId, productId: try ProductReviews.validProductId(productId))
        if let existing = try await records.get(Favourite.self, Favourite.collection, id) { return existing.value }
        let favourite = Favourite(id: id, userId: userId, productId: productId, product: product, addedAt: Instant.string(now()))
        do {
            try await records.put(favourite, Favourite.collection, id, expectedRev: 0)
        } catch let error as StoreError where error.code == .conflict {
            // Starred at the same moment from another tab: the star is there either way.
        }
        return favourite
    }

    /// Takes the star away; `favourite.not-found` when there was none.
    public func remove(_ productId: String, for userId: String) async throws {
        let id = Favourite.id(userId: userId, productId: productId)
        guard let stored = try await records.store.get(collection: Favourite.collection, id: id) else {
            throw HouseholdError(.favouriteNotFound, "This product is not among your favourites.")
        }
        try await records.delete(Favourite.collection, id, current: stored.rev, ifMatch: nil)
    }
}

extension ErrorCode where Domain == HouseholdError {
    public static var favouriteNotFound: Self { Self(rawValue: "favourite.not-found") }
}
