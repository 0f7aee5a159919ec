import DocumentStore
import Foundation
import ReceiptModel

/// Reads carts back from the store.
public struct CartReader: Sendable {
    public let store: any DocumentStore

    public init(store: any DocumentStore) {
        self.store = store
    }

    /// Carts by receipt date (inclusive range, `YYYY-MM-DD`), user, and merchant name
    /// containing `merchant` (case-insensitive); oldest first. Undecodable documents are skipped.
    public func carts(since: String? = nil, until: String? = nil, merchant: String? = nil, user: String? = nil) async throws
        -> [CartDocument]
    {
        var filters = Filter.textRange("date", from: since, to: until)
        if let user { filters.append(.equals("addedByUser", user)) }
        var carts: [CartDocument] = []
        for try await stored in store.query(DocumentQuery(collection: CartDocument.collection, filters: filters, sort: SortKey("date"))) {
            guard var cart = try? stored.document.decode(as: CartDocument.self) else { continue }
            if let merchant, !(cart.merchant?.name ?? "").localizedCaseInsensitiveContains(merchant) { continue }
            cart.rev = stored.rev
            carts.append(cart)
        }
        return carts
    }

    /// The cart whose id is `idOrPrefix` or starts with it.
    /// - Throws: ``PipelineError`` `cart.not-found` when none or several match.
    public func cart(idOrPrefix: String) async throws -> CartDocument {
        let prefix = idOrPrefix.lowercased()
        if prefix.count == 64, let stored = try await store.get(collection: CartDocument.collection, id: prefix) {
            return try stored.document.decode(as: CartDocument.self)
        }
        var found: [StoredDocument] = []
        for try await stored in store.query(DocumentQuery(collection: CartDocument.collection, filters: [.hasPrefix("id", prefix)], limit: 2)) {
            found.append(stored)
        }
        guard !found.isEmpty else {
            throw PipelineError(.notFound, "no cart id starts with \(idOrPrefix): list ids with `receipts carts`")
        }
        guard found.count == 1 else {
            throw PipelineError(.notFound, "several carts start with \(idOrPrefix): give more characters of the id")
        }
        return try found[0].document.decode(as: CartDocument.self)
    }

    /// Every failure record.
    public func failures() async throws -> [FailureRecord] {
        var records: [FailureRecord] = []
        for try await stored in store.query(DocumentQuery(collection: FailureRecord.collection)) {
            if let record = try? stored.document.decode(as: FailureRecord.self) { records.append(record) }
        }
        return records
    }
}
