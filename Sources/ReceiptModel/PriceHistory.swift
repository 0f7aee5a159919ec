import Foundation

/// What the household paid for one product across stored carts (unit prices).
public struct PriceHistory: Sendable, Hashable, Codable, EncodesNilAsNull {
    public var lastPrice: Amount
    public var lastMerchant: String?
    public var lastDate: String?
    public var lowest: Amount
    public var median: Amount
    public var purchases: Int

    public init(lastPrice: Amount, lastMerchant: String?, lastDate: String?, lowest: Amount, median: Amount, purchases: Int) {
        self.lastPrice = lastPrice
        self.lastMerchant = lastMerchant
        self.lastDate = lastDate
        self.lowest = lowest
        self.median = median
        self.purchases = purchases
    }
}
