import Foundation

/// A person's fix of what the reader got wrong: merchant, date, total, and items' names, prices
/// and products. Applied as a new revision of the cart; every corrected field is listed in the
/// cart's `verified` member, which evaluation against a user's own carts reads as ground truth,
/// and the reader's value of each field the first time it is corrected is kept in `original`.
public struct CartCorrection: Sendable, Hashable {
    public var merchant: String?
    /// `YYYY-MM-DD`.
    public var date: String?
    public var total: Amount?
    /// By item position (0-based).
    public var items: [Int: ItemCorrection]

    public struct ItemCorrection: Sendable, Hashable {
        public var name: String?
        public var price: Amount?
        public var product: ProductRef?

        public init(name: String? = nil, price: Amount? = nil, product: ProductRef? = nil) {
            self.name = name
            self.price = price
            self.product = product
        }
    }

    public init(merchant: String? = nil, date: String? = nil, total: Amount? = nil, items: [Int: ItemCorrection] = [:]) {
        self.merchant = merchant
        self.date = date
        self.total = total
        self.items = items
    }

    public var isEmpty: Bool { merchant == nil && date == nil && total == nil && items.isEmpty }

    /// Applies the correction.
    /// - Throws: ``CorrectionError`` for an impossible date, an item that does not exist, an empty name.
    public func apply(to cart: inout CartDocument) throws {
        var verified = cart.verified
        var original = cart.original
        /// Marks `field` verified; the first time, keeps `value` as the reader had it.
        func mark(_ field: String, _ value: some Encodable) {
            guard !verified.contains(field) else { return }
            verified.append(field)
            if original[field] == nil { original[field] = (try? JSONValue(encoding: value)) ?? .null }
        }
        if let merchant {
            let name = merchant.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty else { throw CorrectionError("merchant", "Give the merchant's name.") }
            var corrected = cart.merchant ?? Merchant(name: nil)
            mark("merchant", corrected.name)
            corrected.name = name
            cart.merchant = corrected
        }
        if let date {
            guard Self.isDate(date) else { throw CorrectionError("date", "Give the date as YYYY-MM-DD, e.g. 2026-03-09.") }
            mark("date", cart.date)
            cart.date = date
        }
        if let total {
            mark("total", cart.total)
            cart.total = total
            cart.totalPrice = total
        }
        for (index, fix) in items.sorted(by: { $0.key < $1.key }) {
            guard cart.items.indices.contains(index) else {
                throw CorrectionError("items", "The cart has items 1 to \(cart.items.count); there is no item \(index + 1).")
            }
            if let name = fix.name {
                let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !trimmed.isEmpty else { throw CorrectionError("items", "Give item \(index + 1) a name.") }
                mark("items[\(index)].name", cart.items[index].name)
                cart.items[index].name = trimmed
            }
            if let price = fix.price {
                mark("items[\(index)].price", cart.items[index].price)
                cart.items[index].price = price
            }
            if let product = fix.product {
                mark("items[\(index)].product", cart.items[index].product)
                cart.items[index].product = product
            }
        }
        cart.verified = verified
        cart.original = original
        // What the person looked at is settled: the reader's doubts no longer stand.
        if !isEmpty { cart.needsReview = false }
    }

    static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-")
        guard parts.count == 3, parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1900...2200).contains(year), (1...12).contains(month), parts[1].count == 2, parts[2].count == 2
        else { return false }
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, month, day)
        let calendar = Calendar(identifier: .gregorian)
        guard let date = calendar.date(from: components) else { return false }
        return calendar.component(.day, from: date) == day
    }
}

/// A correction that cannot be applied; ``field`` names what to fix.
public struct CorrectionError: CodedError, Hashable {
    public var field: String
    public var message: String
    public var errorCode: String { "correction.invalid" }
    public var description: String { "\(errorCode) (\(field)): \(message)" }

    public init(_ field: String, _ message: String) {
        self.field = field
        self.message = message
    }
}

extension CartDocument {
    /// The fields a person confirmed or corrected (`merchant`, `date`, `total`, `items[2].price`, …).
    public var verified: [String] {
        get { extra["verified"]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        set { extra["verified"] = newValue.isEmpty ? nil : .array(newValue.map(JSONValue.string)) }
    }

    /// What the reader had in each field of ``verified`` before the first correction, keyed the
    /// same way (`{"total": "43.84", "merchant": null, "items[2].price": "3.94"}`); `null` when it
    /// had nothing. Fields verified before this member existed have no entry.
    public var original: [String: JSONValue] {
        get { extra["original"]?.objectValue ?? [:] }
        set { extra["original"] = newValue.isEmpty ? nil : .object(newValue) }
    }
}
