import Foundation
import ReceiptModel

/// Where a household bought one product and what it paid there: per merchant and currency, every
/// price by date, the last price and the lowest. Prices in different currencies are never compared.
public struct ProductPriceHistory: Sendable, Hashable, Codable {
    /// One purchase's unit price on a day (the receipt's date, else the day it was added).
    public struct Point: Sendable, Hashable, Codable {
        public var date: String
        public var price: Amount
        public var cartId: String?
    }

    /// What the household paid at one merchant, in one currency.
    public struct Merchant: Sendable, Hashable, Codable {
        public var merchant: String
        public var currency: String?
        /// Oldest first.
        public var points: [Point]
        public var last: Point
        /// The lowest price; of equal ones, the latest.
        public var lowest: Point
    }

    public static let unknownMerchant = "(unknown)"

    /// By currency, then lowest price, then name.
    public var merchants: [Merchant]
    public var purchases: Int

    /// Per currency, the merchant with the lowest price (of equal ones, the latest purchase).
    public var cheapest: [Merchant] {
        var best: [String?: Merchant] = [:]
        for merchant in merchants {
            if let current = best[merchant.currency],
                (current.lowest.price, merchant.lowest.date) <= (merchant.lowest.price, current.lowest.date)
            {
                continue
            }
            best[merchant.currency] = merchant
        }
        return best.values.sorted { ($0.currency ?? "~") < ($1.currency ?? "~") }
    }

    /// The history of these purchases (``PriceBook/purchases(of:product:)``).
    public init(_ purchases: [Purchase]) {
        var groups: [MerchantKey: [Point]] = [:]
        for purchase in purchases {
            let name = purchase.merchant?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            let key = MerchantKey(merchant: name.isEmpty ? Self.unknownMerchant : name, currency: SpendingStats.currencyCode(purchase.currency))
            let date = String((purchase.date ?? purchase.addedOn).prefix(10))
            groups[key, default: []].append(Point(date: date, price: purchase.unitPrice, cartId: purchase.cartID))
        }
        merchants = groups.map { key, points in
            let sorted = points.sorted { ($0.date, $0.cartId ?? "") < ($1.date, $1.cartId ?? "") }
            let lowest = sorted.min { ($0.price, $1.date) < ($1.price, $0.date) }!
            return Merchant(merchant: key.merchant, currency: key.currency, points: sorted, last: sorted.last!, lowest: lowest)
        }
        .sorted { ($0.currency ?? "~", $0.lowest.price, $0.merchant) < ($1.currency ?? "~", $1.lowest.price, $1.merchant) }
        self.purchases = purchases.count
    }

    private struct MerchantKey: Hashable {
        var merchant: String
        var currency: String?
    }
}
