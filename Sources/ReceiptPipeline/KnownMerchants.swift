import DocumentStore
import Foundation
import ReceiptModel
import ReceiptParsing

/// The merchants of the carts already in the store, the hint the parser gets as
/// ``ReceiptParsing/ParserInput/knownMerchants``: a shop a household visits every week is then
/// named the same way every time, whatever OCR made of its letters.
///
/// A household's receipts see only that household's merchants (privacy: another household's
/// shops are none of its business); a personal store (`receipts ingest` without `--household`)
/// sees all of its carts'.
public struct KnownMerchants: Sendable {
    /// At most this many names, the most frequent first: the parser compares each with the
    /// header lines, and a shop seen once long ago matters least.
    public static let limit = 300

    public let store: any DocumentStore

    /// The merchant names of the household's carts (all carts when `household` is nil), as
    /// spelled, the most frequent spelling first.
    public func names(household: String?) async throws -> [String] {
        let filters: [Filter] = household.map { [.equals("household", $0)] } ?? []
        var counts: [String: Int] = [:]
        for try await stored in store.query(DocumentQuery(collection: IngestPipeline.cartsCollection, filters: filters)) {
            guard case .object(let fields) = stored.document, case .object(let merchant)? = fields["merchant"],
                case .string(let name)? = merchant["name"], !name.isEmpty
            else { continue }
            counts[name, default: 0] += 1
        }
        let ranked = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        return ranked.prefix(Self.limit).map(\.key)
    }
}

/// The known merchants of one ingest run, read from the store once, when the first receipt needs them.
actor KnownMerchantCache {
    private let source: KnownMerchants
    private let household: String?
    private var loaded: [String]?

    init(store: any DocumentStore, household: String?) {
        self.source = KnownMerchants(store: store)
        self.household = household
    }

    /// The names; none when the store cannot list them (a hint is never worth failing a receipt).
    func names() async -> [String] {
        if let loaded { return loaded }
        let names = (try? await source.names(household: household)) ?? []
        loaded = names
        return names
    }
}
