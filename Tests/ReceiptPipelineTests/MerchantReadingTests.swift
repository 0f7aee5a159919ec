import DocumentStore
import Foundation
import Logging
import ReceiptEvaluation
import ReceiptModel
import ReceiptOCR
import ReceiptTesting
import Testing

@testable import ReceiptPipeline

/// The merchant cues of issue 31 through the real read path (Tesseract; the tests run with
/// `RECEIPTS_NEURAL=off`) on receipts rendered by `scripts/make-fixtures.py` for them: a logo and
/// a slogan at the top with the name only in the footer, a legal name and web address in the
/// footer under a slogan, the name in large print under the opening hours; and the merchants a
/// store already knows, named as before.
@Suite(.serialized, .timeLimit(.minutes(6)))
struct MerchantReadingTests {
    static let fixtures = ["uk-grocer-greenway", "au-bakery-brightbakes", "us-market-sunrise"]

    static var logger: Logger {
        var logger = Logger(label: "test")
        logger.logLevel = .error
        return logger
    }

    @Test func namesInFootersAndLargePrintAreRead() async throws {
        let cases = RenderedFixtures.cases(Self.fixtures.map { ($0, .english) })
        try #require(cases.count == 6, "a clean render and a photo-like variant of each of the 3 receipts")
        let reader = ReceiptReader(ocr: try OCREnginePool(workers: 2, logger: Self.logger))
        let readings = try await RenderedFixtures.read(cases.map(\.image), with: reader)
        for (item, reading) in zip(cases, readings) {
            let name = item.image.lastPathComponent
            let label = try RenderedFixtures.label(of: item.image)
            #expect(reading.receipt.merchant.name == label.merchant, "\(name)")
            #expect(reading.receipt.total == label.total, "\(name) total")
        }
    }

    @Test func aMerchantTheStoreKnowsIsNamedAsBefore() async throws {
        try await TemporaryStores.with(.sqlite) { store, _ in
            // A member wrote the shop's name in title case on an earlier cart of the household;
            // another household's spelling is not theirs to see.
            for (id, name, household) in [("earlier", "Sunrise Market", "h1"), ("elsewhere", "Sunrise Mkt", "h2")] {
                var cart = CartDocument(
                    id: id,
                    name: id,
                    addedByUser: "a",
                    addedOn: "2026-03-09T15:00:00Z",
                    merchant: Merchant(name: name),
                    source: DocumentSource(file: id, sha256: id)
                )
                cart.household = household
                try await store.put(collection: CartDocument.collection, id: id, document: try JSONValue(encoding: cart))
            }
            #expect(try await KnownMerchants(store: store).names(household: "h1") == ["Sunrise Market"])
            #expect(try await KnownMerchants(store: store).names(household: nil).count == 2)
            let pipeline = IngestPipeline(
                reader: ReceiptReader(ocr: try OCREnginePool(workers: 1, logger: Self.logger)),
                matcher: nil,
                store: store,
                options: IngestOptions(user: "a", jobs: 1, household: "h1"),
                logger: Self.logger
            )
            let image = try Data(contentsOf: Fixtures.url("receipts/us-market-sunrise.png"))
            let (cart, _) = try await pipeline.cart(from: image, file: "us-market-sunrise.png")
            #expect(cart.merchant?.name == "Sunrise Market")
        }
    }
}

extension RenderedFixtures {
    /// The label beside a fixture image (`<name>.json`).
    static func label(of image: URL) throws -> ReceiptLabel {
        try JSONDecoder().decode(ReceiptLabel.self, from: Data(contentsOf: image.deletingPathExtension().appendingPathExtension("json")))
    }
}
