import DocumentStore
import Foundation
import ReceiptModel

/// Reading carts back: lists with filters, one cart by id or id prefix.
public struct CartQueries: Sendable {
    public let store: any DocumentStore

    public init(store: any DocumentStore) {
        self.store = store
    }

    /// Which carts to list. Dates are ISO `YYYY-MM-DD`, both ends included.
    public struct Filters: Sendable, Hashable {
        public var since: String?
        public var until: String?
        /// Case-insensitive substring of the merchant name.
        public var merchant: String?
        public var user: String?

        public init(since: String? = nil, until: String? = nil, merchant: String? = nil, user: String? = nil) {
            self.since = since
            self.until = until
            self.merchant = merchant
            self.user = user
        }
    }

    /// Carts matching `filters`, newest receipt date first, streamed from the store.
    public func carts(_ filters: Filters) -> AsyncThrowingStream<CartDocument, any Error> {
        var storeFilters = Filter.textRange("date", from: filters.since, to: filters.until)
        if let user = filters.user { storeFilters.append(.equals("addedByUser", user)) }
        let query = DocumentQuery(
            collection: IngestPipeline.cartsCollection,
            filters: storeFilters,
            sort: SortKey("date", descending: true)
        )
        let documents = store.query(query)
        let merchant = filters.merchant?.lowercased()
        return .produced { yield in
            for try await stored in documents {
                let cart = try stored.document.decode(as: CartDocument.self)
                if let merchant, !(cart.merchant?.name?.lowercased().contains(merchant) ?? false) { continue }
                yield(cart)
            }
        }
    }

    /// The cart with this id, or the only cart whose id starts with it (``CartReference``).
    /// - Throws: ``PipelineError`` `cart.not-found` when none or several match.
    public func cart(idOrPrefix: String) async throws -> CartDocument {
        let collection = IngestPipeline.cartsCollection
        return try await CartReference.resolve(
            idOrPrefix,
            exact: { id in try await store.get(collection: collection, id: id)?.document.decode(as: CartDocument.self) },
            startingWith: { prefix in
                try await store.all(DocumentQuery(collection: collection, filters: [.hasPrefix("id", prefix)], limit: 2))
                    .map { try $0.document.decode(as: CartDocument.self) }
            },
            notFound: { PipelineError(.notFound, $0) }
        )
    }
}
