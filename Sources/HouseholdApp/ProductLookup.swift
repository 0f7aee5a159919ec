import Catalog
import ReceiptModel

/// The catalog product a member names: for a new list entry (the API's entry route and the list
/// pages) and for a corrected receipt line.
public struct ProductLookup: Sendable {
    let catalog: ProductCatalog?

    /// - Parameter catalog: `nil` where the server runs without one.
    public init(catalog: ProductCatalog?) {
        self.catalog = catalog
    }

    /// A new list entry's product: by barcode when given (one the catalog does not know is
    /// ``UnknownBarcode``), else a confident match of its name; none without a catalog.
    public func entryProduct(barcode: String?, name: String) async throws -> ProductRef? {
        guard let catalog else { return nil }
        if let barcode, !barcode.isEmpty { return try await product(barcode: barcode) }
        return try await catalog.matcher().match(line: name)?.productRef
    }

    /// The product with this barcode; ``UnknownBarcode`` when the catalog (or its absence) knows none.
    public func product(barcode: String) async throws -> ProductRef {
        guard let product = try await catalog?.lookup(barcode: barcode) else { throw UnknownBarcode(barcode: barcode) }
        return product.reference()
    }
}

/// A barcode the catalog does not know: well-formed, but it names no product.
public struct UnknownBarcode: CodedError {
    public let barcode: String

    public var errorCode: String { "product.not-found" }
    public var message: String { "No product with barcode \(barcode) in the catalog." }
    public var description: String { "\(errorCode): \(message)" }
}
