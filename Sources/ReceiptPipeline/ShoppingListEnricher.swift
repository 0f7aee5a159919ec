import Catalog
import DocumentStore
import Foundation
import ReceiptModel

/// One entry of a shopping list as the user wrote it.
public struct ListEntry: Sendable, Hashable, Codable {
    public var name: String
    public var quantity: Decimal = 1

    /// Reads a list: a JSON array of `{name, quantity}` or text with one entry per line
    /// (`2 milk`, `bananas`, `peanut butter 16 oz`; blank lines and `#` comments skipped).
    /// - Throws: ``PipelineError`` `list.invalid` when the JSON is not such an array.
    public static func parse(_ data: Data) throws -> [ListEntry] {
        let text = String(decoding: data, as: UTF8.self)
        if text.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("[") {
            struct Raw: Decodable {
                var name: String
                var quantity: Decimal?
            }
            let raw: [Raw]
            do {
                raw = try JSONDecoder().decode([Raw].self, from: data)
            } catch {
                throw PipelineError(.listInvalid, "the list looks like JSON but is not an array of {\"name\", \"quantity\"}: \(error)")
            }
            if let bad = raw.first(where: { ($0.quantity ?? 1) <= 0 }) {
                throw PipelineError(.listInvalid, "the entry \"\(bad.name)\" has quantity \(bad.quantity ?? 0); give a number above 0")
            }
            return
                raw
                .filter { !$0.name.trimmingCharacters(in: .whitespaces).isEmpty }
                .map { ListEntry(name: $0.name.trimmingCharacters(in: .whitespaces), quantity: $0.quantity ?? 1) }
        }
        return text.split(whereSeparator: \.isNewline).compactMap { line in
            parseLine(String(line))
        }
    }

    /// `2 milk` → 2 × milk; `1.5 kg apples` keeps "kg apples"? No: a unit right after the
    /// number stays in the name, so only a bare leading count (optionally `2x`) is a quantity.
    static func parseLine(_ line: String) -> ListEntry? {
        var text = line.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("-") || text.hasPrefix("*") { text = String(text.dropFirst()).trimmingCharacters(in: .whitespaces) }
        guard !text.isEmpty, !text.hasPrefix("#") else { return nil }
        let parts = text.split(separator: " ", maxSplits: 1)
        if parts.count == 2 {
            var number = String(parts[0]).lowercased()
            if number.hasSuffix("x") || number.hasSuffix("×") { number.removeLast() }
            if !number.isEmpty, number.allSatisfy({ $0.isNumber || $0 == "." }), let quantity = Decimal(string: number),
                quantity > 0
            {
                var name = String(parts[1]).trimmingCharacters(in: .whitespaces)
                // `3 x eggs`, `3 × eggs`: the multiplication sign is not part of the name.
                for sign in ["x ", "X ", "× "] where name.hasPrefix(sign) {
                    name = String(name.dropFirst(sign.count)).trimmingCharacters(in: .whitespaces)
                }
                guard !name.isEmpty else { return ListEntry(name: text, quantity: 1) }
                return ListEntry(name: name, quantity: quantity)
            }
        }
        return ListEntry(name: text, quantity: 1)
    }
}

/// One purchase of something, from a stored cart.
public struct Purchase: Sendable, Hashable {
    public var itemName: String
    public var productKey: String?
    public var unitPrice: Amount
    public var merchant: String?
    public var date: String?
    public var addedOn: String
    /// The cart's currency; prices in different currencies are never compared or added.
    public var currency: String?
    public var cartID: String?
    /// The catalog product the line was matched to, if any.
    public var product: ProductRef?

    public init(
        itemName: String,
        productKey: String?,
        unitPrice: Amount,
        merchant: String?,
        date: String?,
        addedOn: String,
        currency: String? = nil,
        cartID: String? = nil,
        product: ProductRef? = nil
    ) {
        self.product = product
        self.itemName = itemName
        self.productKey = productKey
        self.unitPrice = unitPrice
        self.merchant = merchant
        self.date = date
        self.addedOn = addedOn
        self.currency = currency
        self.cartID = cartID
    }
}

/// What the household paid, built from stored carts, and list pricing over it.
public struct PriceBook: Sendable {
    public private(set) var purchases: [Purchase] = []

    public init(carts: [CartDocument]) {
        for cart in carts {
            for item in cart.items {
                guard let unitPrice = Self.unitPrice(item), unitPrice.value > 0 else { continue }
                purchases.append(
                    Purchase(
                        itemName: item.name,
                        productKey: item.product.map(Self.key),
                        unitPrice: unitPrice,
                        merchant: cart.merchant?.name,
                        date: cart.date,
                        addedOn: cart.addedOn,
                        currency: cart.currency,
                        cartID: cart.id,
                        product: item.product
                    )
                )
            }
        }
    }

    static func key(_ product: ProductRef) -> String {
        if let barcode = product.barcode, !barcode.isEmpty { return "barcode:" + barcode }
        return "name:" + product.name.lowercased()
    }

    /// Printed unit price, else price ÷ quantity, else the price of a single item.
    static func unitPrice(_ item: CartItem) -> Amount? {
        if let unitPrice = item.unitPrice { return unitPrice }
        guard let price = item.price else { return nil }
        if let quantity = item.quantity, quantity > 0, quantity != 1 {
            return Amount(price.value / quantity, scale: price.scale).rounded(scale: price.scale)
        }
        return price
    }

    /// The purchases of an entry: items matched to the same catalog product; without a product,
    /// items whose name (or product's name) holds every word of the entry, singular or plural
    /// (``LineMatching``, the rule that ticks the entry from a receipt).
    public func purchases(of name: String, product: ProductRef?) -> [Purchase] {
        let productKey = product.map(Self.key)
        return purchases.filter { purchase in
            // A catalog product identifies the entry: only items matched to it count
            // ("milk" must not pick up "Oat milk +0.70" from a cafe bill).
            if let product {
                guard let bought = purchase.product else { return purchase.productKey == productKey }
                return LineMatching.sameProduct(product, bought)
            }
            return LineMatching.nameMatches(entry: name, line: purchase.itemName, lineProduct: purchase.product)
        }
    }

    /// Last, lowest and median unit price, nil without purchases.
    public static func history(_ purchases: [Purchase]) -> PriceHistory? {
        guard !purchases.isEmpty else { return nil }
        let last = purchases.max { ($0.date ?? "", $0.addedOn) < ($1.date ?? "", $1.addedOn) }!
        let prices = purchases.map(\.unitPrice).sorted()
        let middle = prices.count / 2
        let median =
            prices.count % 2 == 1
            ? prices[middle]
            : Amount((prices[middle - 1].value + prices[middle].value) / 2, scale: 2).rounded(scale: 2)
        return PriceHistory(
            lastPrice: last.unitPrice,
            lastMerchant: last.merchant,
            lastDate: last.date,
            lowest: prices[0],
            median: median,
            purchases: purchases.count
        )
    }

    /// Prices every entry: catalog product through `match`, history from the carts,
    /// line estimate = quantity × last price paid (see ``estimate(_:product:quantity:)``).
    public func enrich(_ entries: [ListEntry], match: (String) -> ProductRef?) -> [ShoppingListItem] {
        pricedEntries(entries, match: match).map(\.item)
    }

    /// The `lists` document for a priced shopping list. Its total is the sum of the estimates when
    /// they are all in one currency; estimates in several currencies are never added (no total).
    public func pricedList(
        _ entries: [ListEntry],
        name: String,
        user: String,
        now: Date,
        match: (String) -> ProductRef?
    ) -> ShoppingList {
        let priced = pricedEntries(entries, match: match)
        let items = priced.map(\.item)
        let currencies = Set(priced.compactMap { $0.estimate.map { $0.currency ?? "" } })
        let instant = CartBuilder.instant(now)
        let listJSON = (try? JSONCoding.encoder.encode(entries)) ?? Data()
        return ShoppingList(
            id: Hashing.sha256Hex(listJSON + Data((name + instant).utf8)),
            name: name,
            addedByUser: user,
            addedOn: instant,
            items: items,
            totalPrice: currencies.count == 1 ? Self.total(items) : nil,
            currency: currencies.count == 1 ? currencies.first.flatMap { $0.isEmpty ? nil : $0 } : nil
        )
    }

    private func pricedEntries(_ entries: [ListEntry], match: (String) -> ProductRef?) -> [(item: ShoppingListItem, estimate: PriceEstimate?)] {
        entries.map { entry in
            let product = match(entry.name)
            let estimate = estimate(entry.name, product: product, quantity: entry.quantity)
            let item = ShoppingListItem(
                name: entry.name,
                quantity: entry.quantity,
                product: product,
                history: estimate?.history,
                unitPrice: estimate?.unitPrice,
                price: estimate?.price
            )
            return (item, estimate)
        }
    }

    /// What `quantity` of an entry will cost, from the last purchase of it, with that purchase's
    /// currency; lowest and median count only purchases in the same currency. `nil` without any.
    public func estimate(_ name: String, product: ProductRef?, quantity: Decimal) -> PriceEstimate? {
        let found = purchases(of: name, product: product)
        guard let last = found.max(by: { ($0.date ?? "", $0.addedOn) < ($1.date ?? "", $1.addedOn) }),
            let history = Self.history(found.filter { $0.currency == last.currency })
        else { return nil }
        return PriceEstimate(
            currency: last.currency,
            unitPrice: history.lastPrice,
            price: (history.lastPrice * quantity).rounded(scale: 2),
            history: history
        )
    }

    /// The prices paid for a catalog product, newest first (for product search results).
    public func pricesPaid(for product: Product) -> [PricePaid] {
        let reference = ProductRef(barcode: product.barcode, name: product.name, brand: product.brand)
        return purchases(of: product.name, product: reference)
            .sorted { ($0.date ?? "", $0.addedOn) > ($1.date ?? "", $1.addedOn) }
            .map { PricePaid(price: "\($0.unitPrice)", date: $0.date, merchant: $0.merchant, cartID: $0.cartID) }
    }

    /// The price book of the carts matching `filters` (for example one household's).
    public static func load(from store: any DocumentStore, filters: [Filter] = []) async throws -> PriceBook {
        var carts: [CartDocument] = []
        for try await stored in store.query(DocumentQuery(collection: CartDocument.collection, filters: filters, pageSize: 1000)) {
            if let cart = try? stored.document.decode(as: CartDocument.self) { carts.append(cart) }
        }
        return PriceBook(carts: carts)
    }

    /// Sum of the estimated line totals; nil when no entry has a price history.
    public static func total(_ items: [ShoppingListItem]) -> Amount? {
        let prices = items.compactMap(\.price)
        guard !prices.isEmpty else { return nil }
        return prices.reduce(Amount.zero, +).rounded(scale: 2)
    }
}

/// What an entry of a shopping list is expected to cost.
public struct PriceEstimate: Sendable, Hashable, Codable {
    public var currency: String?
    public var unitPrice: Amount
    /// quantity × unit price.
    public var price: Amount
    public var history: PriceHistory
}

extension ProductRef {
    /// The document form of a catalog match.
    public init(_ match: ProductMatch) {
        self = match.productRef
    }
}
