import Catalog
import Foundation
import ReceiptModel
import ReceiptOCR
import ReceiptParsing

extension ParserInput {
    /// The parser's view of an OCR page: lines with their words, boxes and confidences.
    public init(ocrPage page: OCRPage, knownMerchants: [String] = []) {
        func box(_ b: OCRBox) -> Box {
            Box(x: Double(b.x), y: Double(b.y), width: Double(b.width), height: Double(b.height))
        }
        self.init(
            lines: page.lines.map { line in
                Line(
                    text: line.text,
                    words: line.words.map { Word(text: $0.text, box: box($0.box), confidence: $0.confidence) },
                    box: box(line.box)
                )
            },
            pageWidth: Double(page.width),
            knownMerchants: knownMerchants
        )
    }
}

/// Everything known about one image besides what was read from it.
public struct ReceiptSource: Sendable, Hashable {
    public var file: String
    public var sha256: String
    public var bytes: Int
    public var width: Int?
    public var height: Int?

    public init(file: String, sha256: String, bytes: Int, width: Int? = nil, height: Int? = nil) {
        self.file = file
        self.sha256 = sha256
        self.bytes = bytes
        self.width = width
        self.height = height
    }
}

/// Turns a parsed receipt into the cart document of `docs/cart-document.md`.
public struct CartBuilder: Sendable {
    public var user: String
    public var pipelineDescription: String

    public init(user: String, pipelineDescription: String) {
        self.user = user
        self.pipelineDescription = pipelineDescription
    }

    /// - Parameters:
    ///   - receipt: what the parser read.
    ///   - source: the image it came from; its SHA-256 becomes the cart id.
    ///   - ocrText: the recognised text, kept for review and re-parsing.
    ///   - ocrConfidence: the page's mean word confidence, 0...1.
    ///   - matches: the catalog product for each item (same order), `nil` where none cleared the threshold.
    ///   - now: the ingest instant.
    public func cart(
        from receipt: ParsedReceipt,
        source: ReceiptSource,
        ocrText: String?,
        ocrConfidence: Double?,
        matches: [ProductMatch?],
        now: Date
    ) -> CartDocument {
        let instant = Self.instant(now)
        let items = receipt.items.enumerated().map { index, item in
            CartItem(
                name: item.name,
                text: item.text,
                quantity: item.quantity,
                unit: item.unit,
                unitPrice: item.unitPrice ?? Self.derivedUnitPrice(price: item.price, quantity: item.quantity),
                price: item.price,
                discount: item.discount,
                completed: true,
                addedByUser: user,
                addedOn: instant,
                product: index < matches.count ? matches[index]?.productRef : nil,
                confidence: item.confidence,
                taxed: item.taxed
            )
        }
        var confidence = receipt.confidence
        confidence.ocr = ocrConfidence
        let name = [receipt.merchant.name ?? "Receipt", receipt.date].compactMap { $0 }.joined(separator: " ")
        var cart = CartDocument(
            id: source.sha256,
            name: name,
            addedByUser: user,
            addedOn: instant,
            completed: true,
            merchant: receipt.merchant == Merchant() ? nil : receipt.merchant,
            date: receipt.date,
            time: receipt.time,
            currency: receipt.currency,
            items: items,
            subtotal: receipt.subtotal,
            tax: receipt.tax,
            taxes: receipt.taxes.map { TaxLine(label: $0.label, rate: $0.rate, amount: $0.amount) },
            tip: receipt.tip,
            total: receipt.total,
            totalPrice: receipt.total,
            payment: receipt.payment == Payment() ? nil : receipt.payment,
            confidence: confidence,
            checks: ReceiptChecks(
                itemsMatchSubtotal: receipt.checks.itemsMatchSubtotal,
                subtotalPlusTaxMatchesTotal: receipt.checks.subtotalPlusTaxMatchesTotal
            ),
            needsReview: receipt.needsReview,
            warnings: receipt.warnings,
            source: DocumentSource(
                file: source.file,
                sha256: source.sha256,
                bytes: source.bytes,
                width: source.width,
                height: source.height,
                ingestedAt: instant,
                pipeline: pipelineDescription
            ),
            ocrText: ocrText
        )
        cart.language = receipt.language
        return cart
    }

    /// `price / quantity` rounded to the price's decimals, when the quantity is a positive count or weight.
    static func derivedUnitPrice(price: Amount, quantity: Decimal) -> Amount? {
        guard quantity > 0 else { return nil }
        if quantity == 1 { return price }
        return Amount(price.value / quantity, scale: price.scale).rounded(scale: price.scale)
    }

    /// ISO 8601 with offset, e.g. `2026-11-21T10:15:00Z`.
    public static func instant(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC") ?? .current))
    }
}
