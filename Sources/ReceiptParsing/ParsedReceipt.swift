import Foundation
import ReceiptModel

/// The receipt fields the parser extracted, with the checks that back them.
/// Field meanings follow the cart document (`docs/cart-document.md`): `nil`
/// where the receipt does not show a field, never a guess dressed as a fact.
public struct ParsedReceipt: Sendable, Hashable, Codable {
    /// The cart's own types, so that what the parser reads is what the cart says.
    public typealias Merchant = ReceiptModel.Merchant
    public typealias Payment = ReceiptModel.Payment

    public struct Item: Sendable, Hashable, Codable {
        public var name: String
        /// The receipt line(s) the item was read from.
        public var text: String
        public var quantity: Decimal
        public var unit: String?
        public var unitPrice: Amount?
        /// The line total as printed (before `discount`).
        public var price: Amount
        /// A discount attached to this item, negative.
        public var discount: Amount?
        public var confidence: Double
        /// The receipt's tax mark after the price: true for taxed (`T`, `X`), false for untaxed
        /// (`F`, `N`, `E`), nil when there is none or it names a VAT class (`A`, `B`).
        public var taxed: Bool?

        public init(
            name: String,
            text: String,
            quantity: Decimal = 1,
            unit: String? = nil,
            unitPrice: Amount? = nil,
            price: Amount,
            discount: Amount? = nil,
            confidence: Double = 1,
            taxed: Bool? = nil
        ) {
            self.name = name
            self.text = text
            self.quantity = quantity
            self.unit = unit
            self.unitPrice = unitPrice
            self.price = price
            self.discount = discount
            self.confidence = confidence
            self.taxed = taxed
        }
    }

    public struct Tax: Sendable, Hashable, Codable {
        public var label: String
        /// Percentage as printed ("19" for 19 %), nil when not shown.
        public var rate: Decimal?
        public var amount: Amount
    }

    /// Arithmetic checks; nil when a check could not be made (a side is missing).
    public struct Checks: Sendable, Hashable, Codable {
        public var itemsMatchSubtotal: Bool?
        public var subtotalPlusTaxMatchesTotal: Bool?
        public var quantityTimesUnitPriceMatches: Bool?
        public var tenderedMinusTotalMatchesChange: Bool?

        public init(
            itemsMatchSubtotal: Bool? = nil,
            subtotalPlusTaxMatchesTotal: Bool? = nil,
            quantityTimesUnitPriceMatches: Bool? = nil,
            tenderedMinusTotalMatchesChange: Bool? = nil
        ) {
            self.itemsMatchSubtotal = itemsMatchSubtotal
            self.subtotalPlusTaxMatchesTotal = subtotalPlusTaxMatchesTotal
            self.quantityTimesUnitPriceMatches = quantityTimesUnitPriceMatches
            self.tenderedMinusTotalMatchesChange = tenderedMinusTotalMatchesChange
        }

        /// True when no check that could be made failed.
        public var allPassed: Bool {
            [itemsMatchSubtotal, subtotalPlusTaxMatchesTotal, quantityTimesUnitPriceMatches, tenderedMinusTotalMatchesChange]
                .allSatisfy { $0 != false }
        }
    }

    public var merchant: Merchant
    /// ISO 8601 date, `YYYY-MM-DD`.
    public var date: String?
    /// `HH:MM` or `HH:MM:SS`, 24-hour.
    public var time: String?
    /// ISO 4217 code (USD, EUR, MYR, …).
    public var currency: String?
    public var items: [Item]
    public var subtotal: Amount?
    public var taxes: [Tax]
    /// Sum of `taxes`.
    public var tax: Amount?
    public var tip: Amount?
    public var total: Amount?
    public var payment: Payment
    /// Confidence per field (0...1) of merchant, date, total and items: the cart's own type, so
    /// that what the parser rates is what the cart says (`ocr` is the builder's to fill).
    public var confidence: FieldConfidence
    public var checks: Checks
    public var warnings: [String]
    public var needsReview: Bool
    /// ISO 639-1 code of the language the receipt is printed in, when the reader found one
    /// other than English ("fr"); nil for English receipts and for text parsed directly.
    public var language: String?

    /// Whether a person should look at this reading: no total, a failed check, or a total read
    /// with little confidence. One rule for a single reading and for merged ones.
    var reviewNeeded: Bool { total == nil || !checks.allPassed || (confidence.total ?? 0) < 0.6 }

    public init(
        merchant: Merchant = Merchant(),
        date: String? = nil,
        time: String? = nil,
        currency: String? = nil,
        items: [Item] = [],
        subtotal: Amount? = nil,
        taxes: [Tax] = [],
        tax: Amount? = nil,
        tip: Amount? = nil,
        total: Amount? = nil,
        payment: Payment = Payment(),
        confidence: FieldConfidence = FieldConfidence(),
        checks: Checks = Checks(),
        warnings: [String] = [],
        needsReview: Bool = false
    ) {
        self.merchant = merchant
        self.date = date
        self.time = time
        self.currency = currency
        self.items = items
        self.subtotal = subtotal
        self.taxes = taxes
        self.tax = tax
        self.tip = tip
        self.total = total
        self.payment = payment
        self.confidence = confidence
        self.checks = checks
        self.warnings = warnings
        self.needsReview = needsReview
    }
}
