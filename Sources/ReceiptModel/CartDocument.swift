import Foundation

/// One receipt as a priced shopping cart: the document `receipts ingest`
/// writes to the `carts` collection (see `docs/cart-document.md`).
///
/// Money is ``Amount`` (a decimal string in JSON), dates are ISO 8601
/// strings. Members this type does not know are kept in ``extra`` and written
/// back unchanged.
public struct CartDocument: Sendable, Hashable, Codable, Identifiable, KeepsUnknownMembers {
    /// Collection name for carts in the document store.
    public static let collection = "carts"

    /// Lowercase hex SHA-256 of the image bytes.
    public var id: String
    public var rev: Int
    public var type: String
    public var name: String
    public var addedByUser: String
    /// Full ISO 8601 instant with offset.
    public var addedOn: String
    public var completed: Bool
    public var merchant: Merchant?
    /// `YYYY-MM-DD`.
    public var date: String?
    /// `HH:MM` or `HH:MM:SS`.
    public var time: String?
    public var currency: String?
    public var items: [CartItem]
    public var subtotal: Amount?
    public var tax: Amount?
    public var taxes: [TaxLine]
    public var tip: Amount?
    public var total: Amount?
    /// Mirrors `total` for readers written for shopping carts.
    public var totalPrice: Amount?
    public var payment: Payment?
    public var confidence: FieldConfidence
    public var checks: ReceiptChecks
    public var needsReview: Bool
    public var warnings: [String]
    public var source: DocumentSource
    public var ocrText: String?
    /// Members of the JSON object this type does not know, kept as read.
    public var extra: [String: JSONValue]

    public init(
        id: String,
        rev: Int = 1,
        type: String = "cart",
        name: String,
        addedByUser: String,
        addedOn: String,
        completed: Bool = true,
        merchant: Merchant? = nil,
        date: String? = nil,
        time: String? = nil,
        currency: String? = nil,
        items: [CartItem] = [],
        subtotal: Amount? = nil,
        tax: Amount? = nil,
        taxes: [TaxLine] = [],
        tip: Amount? = nil,
        total: Amount? = nil,
        totalPrice: Amount? = nil,
        payment: Payment? = nil,
        confidence: FieldConfidence = FieldConfidence(),
        checks: ReceiptChecks = ReceiptChecks(),
        needsReview: Bool = false,
        warnings: [String] = [],
        source: DocumentSource,
        ocrText: String? = nil,
        extra: [String: JSONValue] = [:]
    ) {
        self.id = id
        self.rev = rev
        self.type = type
        self.name = name
        self.addedByUser = addedByUser
        self.addedOn = addedOn
        self.completed = completed
        self.merchant = merchant
        self.date = date
        self.time = time
        self.currency = currency
        self.items = items
        self.subtotal = subtotal
        self.tax = tax
        self.taxes = taxes
        self.tip = tip
        self.total = total
        self.totalPrice = totalPrice
        self.payment = payment
        self.confidence = confidence
        self.checks = checks
        self.needsReview = needsReview
        self.warnings = warnings
        self.source = source
        self.ocrText = ocrText
        self.extra = extra
    }

    /// Every field but `extra`, whose members are written beside them.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, rev, type, name, addedByUser, addedOn, completed, merchant, date, time, currency, items, subtotal,
            tax, taxes, tip, total, totalPrice, payment, confidence, checks, needsReview, warnings, source, ocrText
    }

    static let knownKeys = Set(CodingKeys.allCases.map(\.rawValue))

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: DocumentKey.self)
        id = try c.decode(String.self, forKey: DocumentKey("id"))
        rev = try c.field("rev", or: 0)
        type = try c.field("type", or: "cart")
        name = try c.field("name", or: "")
        addedByUser = try c.field("addedByUser", or: "")
        addedOn = try c.field("addedOn", or: "")
        completed = try c.field("completed", or: true)
        merchant = try c.optional("merchant")
        date = try c.optional("date")
        time = try c.optional("time")
        currency = try c.optional("currency")
        items = try c.field("items", or: [])
        subtotal = try c.optional("subtotal")
        tax = try c.optional("tax")
        taxes = try c.field("taxes", or: [])
        tip = try c.optional("tip")
        total = try c.optional("total")
        totalPrice = try c.optional("totalPrice")
        payment = try c.optional("payment")
        confidence = try c.field("confidence", or: FieldConfidence())
        checks = try c.field("checks", or: ReceiptChecks())
        needsReview = try c.field("needsReview", or: false)
        warnings = try c.field("warnings", or: [])
        source = try c.field("source", or: DocumentSource(file: ""))
        ocrText = try c.optional("ocrText")
        extra = try c.extras(excluding: Self.knownKeys, of: decoder)
    }

    /// The amount the cart cost: `total`, else `totalPrice`, else the sum of item prices.
    public var effectiveTotal: Amount? {
        if let total { return total }
        if let totalPrice { return totalPrice }
        let prices = items.compactMap(\.price)
        guard !prices.isEmpty else { return nil }
        return prices.reduce(Amount.zero, +)
    }
}

/// One line of a cart: a purchased item as the receipt printed it.
public struct CartItem: Sendable, Hashable, Codable, KeepsUnknownMembers {
    public var name: String
    /// The receipt line as read.
    public var text: String?
    public var quantity: Decimal?
    /// Unit of a weighed quantity ("lb", "kg"), nil for a count.
    public var unit: String?
    public var unitPrice: Amount?
    /// Line total as printed.
    public var price: Amount?
    /// Negative amount taken off this line, nil when none.
    public var discount: Amount?
    public var completed: Bool
    public var addedByUser: String?
    public var addedOn: String?
    /// Catalog match; nil when nothing matched above the threshold.
    public var product: ProductRef?
    public var confidence: Double?
    public var extra: [String: JSONValue]
    /// Whether the receipt marks the line as taxed (a `T` after the price) or not (`F`, `N`); nil
    /// when it prints no such mark. Kept among the extension members, so it is written only when
    /// known and older carts read and write unchanged.
    public var taxed: Bool? {
        get { extra["taxed"]?.boolValue }
        set { extra["taxed"] = newValue.map(JSONValue.bool) }
    }

    public init(
        name: String,
        text: String? = nil,
        quantity: Decimal? = nil,
        unit: String? = nil,
        unitPrice: Amount? = nil,
        price: Amount? = nil,
        discount: Amount? = nil,
        completed: Bool = true,
        addedByUser: String? = nil,
        addedOn: String? = nil,
        product: ProductRef? = nil,
        confidence: Double? = nil,
        taxed: Bool? = nil,
        extra: [String: JSONValue] = [:]
    ) {
        self.name = name
        self.text = text
        self.quantity = quantity
        self.unit = unit
        self.unitPrice = unitPrice
        self.price = price
        self.discount = discount
        self.completed = completed
        self.addedByUser = addedByUser
        self.addedOn = addedOn
        self.product = product
        self.confidence = confidence
        self.extra = extra
        if let taxed { self.extra["taxed"] = .bool(taxed) }
    }

    /// Every field but `extra`, whose members are written beside them.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, text, quantity, unit, unitPrice, price, discount, completed, addedByUser, addedOn, product,
            confidence
    }

    static let knownKeys = Set(CodingKeys.allCases.map(\.rawValue))

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: DocumentKey.self)
        name = try c.field("name", or: "")
        text = try c.optional("text")
        quantity = try c.optional("quantity")
        unit = try c.optional("unit")
        unitPrice = try c.optional("unitPrice")
        price = try c.optional("price")
        discount = try c.optional("discount")
        completed = try c.field("completed", or: true)
        addedByUser = try c.optional("addedByUser")
        addedOn = try c.optional("addedOn")
        product = try c.optional("product")
        confidence = try c.optional("confidence")
        extra = try c.extras(excluding: Self.knownKeys, of: decoder)
    }
}

public struct Merchant: Sendable, Hashable, Codable, EncodesNilAsNull {
    public var name: String?
    public var address: String?
    public var phone: String?

    public init(name: String? = nil, address: String? = nil, phone: String? = nil) {
        self.name = name
        self.address = address
        self.phone = phone
    }
}

public struct TaxLine: Sendable, Hashable, Codable, EncodesNilAsNull {
    public var label: String?
    /// Rate in percent as printed (7.25 for 7.25 %), nil when not shown.
    public var rate: Decimal?
    public var amount: Amount?

    public init(label: String? = nil, rate: Decimal? = nil, amount: Amount? = nil) {
        self.label = label
        self.rate = rate
        self.amount = amount
    }
}

public struct Payment: Sendable, Hashable, Codable, EncodesNilAsNull {
    /// "cash", "card", "visa", … as the receipt says.
    public var method: String?
    public var cardLast4: String?
    public var tendered: Amount?
    public var change: Amount?

    public init(method: String? = nil, cardLast4: String? = nil, tendered: Amount? = nil, change: Amount? = nil) {
        self.method = method
        self.cardLast4 = cardLast4
        self.tendered = tendered
        self.change = change
    }
}

/// A catalog product a receipt line was matched to.
public struct ProductRef: Sendable, Hashable, Codable, EncodesNilAsNull {
    public var barcode: String?
    public var name: String
    public var brand: String?
    /// Where the product came from: "chomp", "catalog", …
    public var source: String?
    /// Match score in 0…1.
    public var score: Double?
    public var picture: String?
    public var caloriesPer100g: Decimal?
    /// The catalog product's category (`Dairy`, `Produce`, …): a later member, written only when
    /// known so that documents without it read and write as before.
    public var category: String?

    public init(
        barcode: String? = nil,
        name: String,
        brand: String? = nil,
        source: String? = nil,
        score: Double? = nil,
        picture: String? = nil,
        caloriesPer100g: Decimal? = nil,
        category: String? = nil
    ) {
        self.barcode = barcode
        self.name = name
        self.brand = brand
        self.source = source
        self.score = score
        self.picture = picture
        self.caloriesPer100g = caloriesPer100g
        self.category = category
    }

    private enum CodingKeys: String, CodingKey {
        case barcode, name, brand, source, score, picture, caloriesPer100g, category
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(barcode, forKey: .barcode)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(brand, forKey: .brand)
        try container.encodeIfPresent(source, forKey: .source)
        try container.encodeIfPresent(score, forKey: .score)
        try container.encodeIfPresent(picture, forKey: .picture)
        try container.encodeIfPresent(caloriesPer100g, forKey: .caloriesPer100g)
        if let category { try container.encode(category, forKey: .category) }
    }
}

/// Per-field confidence in 0…1; nil for a field that was not read.
public struct FieldConfidence: Sendable, Hashable, Codable, EncodesNilAsNull {
    public var merchant: Double?
    public var date: Double?
    public var total: Double?
    public var items: Double?
    public var ocr: Double?

    public init(merchant: Double? = nil, date: Double? = nil, total: Double? = nil, items: Double? = nil, ocr: Double? = nil) {
        self.merchant = merchant
        self.date = date
        self.total = total
        self.items = items
        self.ocr = ocr
    }
}

/// The receipt's arithmetic: nil when a check could not be made.
public struct ReceiptChecks: Sendable, Hashable, Codable, EncodesNilAsNull {
    public var itemsMatchSubtotal: Bool?
    public var subtotalPlusTaxMatchesTotal: Bool?

    public init(itemsMatchSubtotal: Bool? = nil, subtotalPlusTaxMatchesTotal: Bool? = nil) {
        self.itemsMatchSubtotal = itemsMatchSubtotal
        self.subtotalPlusTaxMatchesTotal = subtotalPlusTaxMatchesTotal
    }
}

/// Where a document came from: the image file and the program that read it.
public struct DocumentSource: Sendable, Hashable, Codable, EncodesNilAsNull {
    /// The path as given on the command line (relative stays relative).
    public var file: String
    public var sha256: String?
    public var bytes: Int?
    public var width: Int?
    public var height: Int?
    public var ingestedAt: String?
    /// "receipts 0.1.0, tesseract 5.3.0, eng"
    public var pipeline: String?

    public init(
        file: String,
        sha256: String? = nil,
        bytes: Int? = nil,
        width: Int? = nil,
        height: Int? = nil,
        ingestedAt: String? = nil,
        pipeline: String? = nil
    ) {
        self.file = file
        self.sha256 = sha256
        self.bytes = bytes
        self.width = width
        self.height = height
        self.ingestedAt = ingestedAt
        self.pipeline = pipeline
    }
}
