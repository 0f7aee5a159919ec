import Foundation

/// A shopping list made by hand and priced from what the household paid:
/// a document in the `lists` collection, `completed: false` until bought.
public struct ShoppingList: Sendable, Hashable, Codable, Identifiable, KeepsUnknownMembers {
    public static let collection = "lists"

    public var id: String
    public var rev: Int
    public var type: String
    public var name: String
    public var addedByUser: String
    public var addedOn: String
    public var completed: Bool
    public var items: [ShoppingListItem]
    /// Sum of the estimated line totals (entries without price history left out).
    public var totalPrice: Amount?
    public var currency: String?
    public var extra: [String: JSONValue]

    public init(
        id: String,
        rev: Int = 1,
        name: String,
        addedByUser: String,
        addedOn: String,
        completed: Bool = false,
        items: [ShoppingListItem],
        totalPrice: Amount? = nil,
        currency: String? = nil,
        extra: [String: JSONValue] = [:]
    ) {
        self.id = id
        self.rev = rev
        self.type = "list"
        self.name = name
        self.addedByUser = addedByUser
        self.addedOn = addedOn
        self.completed = completed
        self.items = items
        self.totalPrice = totalPrice
        self.currency = currency
        self.extra = extra
    }

    /// Every field but `extra`, whose members are written beside them.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, rev, type, name, addedByUser, addedOn, completed, items, totalPrice, currency
    }

    static let knownKeys = Set(CodingKeys.allCases.map(\.rawValue))

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: DocumentKey.self)
        id = try c.decode(String.self, forKey: DocumentKey("id"))
        rev = try c.field("rev", or: 0)
        type = try c.field("type", or: "list")
        name = try c.field("name", or: "")
        addedByUser = try c.field("addedByUser", or: "")
        addedOn = try c.field("addedOn", or: "")
        completed = try c.field("completed", or: false)
        items = try c.field("items", or: [])
        totalPrice = try c.optional("totalPrice")
        currency = try c.optional("currency")
        extra = try c.extras(excluding: Self.knownKeys, of: decoder)
    }
}

/// One entry of a shopping list with what the household paid for it before.
public struct ShoppingListItem: Sendable, Hashable, Codable, EncodesNilAsNull {
    public var name: String
    public var quantity: Decimal
    public var unit: String?
    public var completed: Bool
    public var product: ProductRef?
    public var history: PriceHistory?
    /// Estimated unit price (the last price paid), nil without history.
    public var unitPrice: Amount?
    /// Estimated line total: quantity × unit price.
    public var price: Amount?

    public init(
        name: String,
        quantity: Decimal = 1,
        unit: String? = nil,
        completed: Bool = false,
        product: ProductRef? = nil,
        history: PriceHistory? = nil,
        unitPrice: Amount? = nil,
        price: Amount? = nil
    ) {
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.completed = completed
        self.product = product
        self.history = history
        self.unitPrice = unitPrice
        self.price = price
    }
}
