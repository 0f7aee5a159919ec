import DocumentStore
import Foundation
import Logging
import ReceiptModel
import Replication

/// A cart as listed: what a phone shows in the carts screen, without items and OCR text.
public struct CartSummary: Codable, Sendable, Hashable {
    public var id: String
    public var rev: Int
    public var name: String
    public var addedByUser: String
    public var addedOn: String
    public var totalPrice: Amount?
    public var currency: String?
    public var completed: Bool
    public var purchasedByUser: String?
    public var merchant: String?
    public var date: String?
    public var itemCount: Int
    public var needsReview: Bool
    /// Whether the cart came from a receipt photo (its image is served with it).
    public var fromReceipt: Bool
    /// The cart this one repeats (another photo of the same receipt), unless kept.
    public var possibleDuplicateOf: String?

    /// Read straight from the stored JSON: listing decodes no items and no OCR text, which is
    /// most of a receipt cart's bytes.
    init(document: JSONValue, rev: Int) {
        id = document["id"]?.stringValue ?? ""
        self.rev = rev
        name = document["name"]?.stringValue ?? ""
        addedByUser = document["addedByUser"]?.stringValue ?? ""
        addedOn = document["addedOn"]?.stringValue ?? ""
        totalPrice = Self.amount(document["totalPrice"]) ?? Self.amount(document["total"])
        currency = document["currency"]?.stringValue
        completed = document["completed"]?.boolValue ?? true
        purchasedByUser = document["purchasedByUser"]?.stringValue
        merchant = document["merchant"]?["name"]?.stringValue
        date = document["date"]?.stringValue
        itemCount = document["items"]?.arrayValue?.count ?? 0
        needsReview = document["needsReview"]?.boolValue ?? false
        fromReceipt = document["source"]?["sha256"]?.stringValue != nil
        possibleDuplicateOf = document["duplicateKept"] == .bool(true) ? nil : document["possibleDuplicateOf"]?.stringValue
    }

    private static func amount(_ value: JSONValue?) -> Amount? {
        switch value {
        case .string(let text)?: Amount(text)
        case .number(let number)?: Amount("\(number)")
        default: nil
        }
    }
}

/// One page of carts and the cursor of the next (nil on the last page).
public struct CartPage: Codable, Sendable, Hashable {
    public var carts: [CartSummary]
    public var nextCursor: String?
}

/// What a client may set on a new or edited item. Money is a decimal string.
public struct ItemInput: Sendable, Hashable {
    public var name: String?
    public var quantity: Decimal?
    public var price: Amount??
    public var completed: Bool?

    public init(name: String? = nil, quantity: Decimal? = nil, price: Amount?? = nil, completed: Bool? = nil) {
        self.name = name
        self.quantity = quantity
        self.price = price
        self.completed = completed
    }
}

/// Carts and items of a household (FamilyCart's model): create, rename, delete, add and edit items,
/// tick them. Every call names the household and checks the caller's membership first; a cart of
/// another household answers `cart.not-found`.
public struct CartEditor: Sendable {
    let records: Records
    let directory: HouseholdDirectory
    let now: @Sendable () -> Date
    /// Stamps every item change, so API edits and synced offline edits merge by the same rules.
    let clock: SharedHybridClock

    /// - Parameter clock: this process's hybrid clock; by default one of its own.
    public init(
        records: Records,
        directory: HouseholdDirectory,
        now: @escaping @Sendable () -> Date = Date.init,
        clock: SharedHybridClock? = nil
    ) {
        self.records = records
        self.directory = directory
        self.now = now
        self.clock = clock ?? SharedHybridClock(replica: Identifiers.make("srv"), now: now)
    }

    /// Open carts first, then completed ones; newest first within each.
    public func list(_ householdId: String, for userId: String, cursor: String?, limit: Int) async throws -> CartPage {
        try await directory.requireMember(householdId, userId: userId)
        let limit = max(1, min(limit, 200))
        var position = try cursor.map(CartCursor.init(encoded:)) ?? CartCursor(completed: false, addedOn: nil, id: nil)
        var carts: [CartSummary] = []
        while carts.count <= limit {
            var filters: [Filter] = [.equals("household", householdId), .equals("completed", .bool(position.completed))]
            if let addedOn = position.addedOn { filters.append(.lessOrEqual("addedOn", .string(addedOn))) }
            let query = DocumentQuery(
                collection: Collections.carts,
                filters: filters,
                sort: SortKey("addedOn", descending: true),
                pageSize: limit + 1
            )
            var reachedEnd = true
            for try await stored in records.store.query(query) {
                // Ties on addedOn are ordered by id, descending: skip what the cursor already covered.
                let addedOn = stored.document["addedOn"]?.stringValue ?? ""
                if let after = position.addedOn, let afterID = position.id, addedOn == after, stored.id >= afterID { continue }
                carts.append(CartSummary(document: stored.document, rev: stored.rev))
                position.addedOn = addedOn
                position.id = stored.id
                if carts.count > limit {
                    reachedEnd = false
                    break
                }
            }
            if carts.count > limit { break }
            if reachedEnd {
                guard !position.completed else { break }
                position = CartCursor(completed: true, addedOn: nil, id: nil)
            }
        }
        guard carts.count > limit else { return CartPage(carts: carts, nextCursor: nil) }
        carts.removeLast()
        let last = carts[carts.count - 1]
        return CartPage(carts: carts, nextCursor: CartCursor(completed: last.completed, addedOn: last.addedOn, id: last.id).encoded)
    }

    public func cart(_ cartId: String, in householdId: String, for userId: String) async throws -> Revisioned<CartDocument> {
        try await directory.requireMember(householdId, userId: userId)
        guard var stored = try await records.get(CartDocument.self, Collections.carts, cartId, in: householdId) else {
            throw HouseholdError.cartNotFound
        }
        stored.value.assignItemIDs()
        return stored
    }

    /// A new, empty shopping cart (not from a receipt), open until all its items are ticked.
    public func create(in householdId: String, name: String, currency: String?, by user: PublicUser) async throws -> Revisioned<CartDocument> {
        try await directory.requireMember(householdId, userId: user.id)
        let name = try HouseholdDirectory.validName(name)
        let currency = try currency.map(Self.validCurrency)
        let instant = Instant.string(now())
        var cart = CartDocument(
            id: Identifiers.make("c"),
            name: name,
            addedByUser: user.displayName,
            addedOn: instant,
            completed: false,
            currency: currency,
            totalPrice: Amount.zero,
            source: DocumentSource(file: "")
        )
        cart.household = householdId
        cart.addedByUserId = user.id
        cart.purchasedByUser = nil
        return try await records.created(cart, household: householdId, by: ChangeAuthor(userId: user.id, now: now()))
    }

    /// Stores the cart a receipt job read, once, while the job is still this reader's claim.
    ///
    /// A photo's cart id is fixed by the household and the image, so a job read a second time (its
    /// lease ran out under a slow worker) finds the cart the first reading stored and keeps it as
    /// the members left it: renamed, items edited or ticked. The cart is written in one batch with
    /// the claimed job at its claimed revision: a reader whose claim was taken over writes nothing,
    /// so a late reading cannot bring back a cart a member deleted meanwhile.
    /// No membership check: the uploader was checked when the photo was queued.
    /// - Returns: the stored cart, whether this call created it, and the claim at its new revision.
    /// - Throws: ``HouseholdError/claimLost`` when another reader took the job over.
    public func storeReceiptCart(
        _ cart: CartDocument,
        uploadedBy userId: String,
        claim: Revisioned<ReceiptJob>
    ) async throws -> (cart: Revisioned<CartDocument>, created: Bool, claim: Revisioned<ReceiptJob>) {
        // The job unchanged, at the revision it was claimed at: the claim still holds.
        let job = try records.write(claim.value, Collections.jobs, claim.value.id, expectedRev: claim.rev)
        guard let (stored, alongside) = try await createReceiptCart(cart, by: userId, alongside: [job]) else {
            guard try await records.store.revision(collection: Collections.jobs, id: claim.value.id) == claim.rev else {
                throw HouseholdError.claimLost
            }
            return (try await storedReceiptCart(cart.id), false, claim)
        }
        return (stored, true, Revisioned(claim.value, rev: alongside[0]))
    }

    /// Stores a cart read from a receipt outside the server's queue (`receipts ingest --household`)
    /// as bought by the member `memberId`: created once, like an upload's; with `replacing`, a
    /// second reading replaces the stored cart through the change log (its id and who added it kept).
    /// - Returns: the stored cart, and whether this call created it.
    public func fileReceiptCart(
        _ cart: CartDocument,
        by memberId: String,
        replacing: Bool
    ) async throws -> (cart: Revisioned<CartDocument>, created: Bool) {
        guard let household = cart.household else { throw HouseholdError.invalid("household", "A receipt's cart names its household.") }
        try await directory.requireMember(household, userId: memberId)
        if let (stored, _) = try await createReceiptCart(cart, by: memberId, alongside: []) { return (stored, true) }
        guard replacing else { return (try await storedReceiptCart(cart.id), false) }
        let (replaced, _) = try await change(cart.id, in: household, by: memberId, ifMatch: nil) { stored in
            var reread = cart
            reread.addedByUserId = stored.addedByUserId
            reread.addedByUser = stored.addedByUser
            stored = reread
        }
        return (replaced, false)
    }

    /// The receipt's cart created with its change-log entry and `alongside` in one batch, or `nil`
    /// when a cart with its id is already stored (or, with `alongside`, one of those writes conflicted).
    private func createReceiptCart(
        _ cart: CartDocument,
        by userId: String,
        alongside: [DocumentWrite]
    ) async throws -> (Revisioned<CartDocument>, [Int])? {
        guard let household = cart.household else { throw HouseholdError.invalid("household", "A receipt's cart names its household.") }
        do {
            let (rev, revs) = try await records.create(
                cart,
                Collections.carts,
                cart.id,
                household: household,
                by: ChangeAuthor(userId: userId, now: now()),
                alongside: alongside
            )
            return (Revisioned(cart, rev: rev), revs)
        } catch let error as StoreError where error.code == .conflict {
            return nil
        }
    }

    private func storedReceiptCart(_ id: String) async throws -> Revisioned<CartDocument> {
        guard var existing = try await records.get(CartDocument.self, Collections.carts, id) else { throw HouseholdError.cartNotFound }
        existing.value.assignItemIDs()
        return existing
    }

    /// Gives carts without a household (from `receipts ingest` on a personal store) the household
    /// `householdId`. A cart that gains a household meanwhile keeps it.
    /// - Returns: how many carts joined it, and how many could not be read as carts (left alone).
    public func adoptCartsWithoutHousehold(into householdId: String) async throws -> (adopted: Int, unreadable: Int) {
        var ids: [String] = []
        for try await stored in records.store.query(DocumentQuery(collection: Collections.carts, filters: [.equals("household", .null)])) {
            ids.append(stored.id)
        }
        var adopted = 0
        var unreadable = 0
        for id in ids {
            do {
                let (_, joined) = try await records.update(CartDocument.self, Collections.carts, id, ifMatch: nil, notFound: .cartNotFound) { cart in
                    guard cart.household == nil else { return false }
                    cart.household = householdId
                    return true
                }
                if joined { adopted += 1 }
            } catch let error as HouseholdError where error.code == .cartNotFound {
                continue  // deleted meanwhile
            } catch is DecodingError {
                unreadable += 1
            }
        }
        return (adopted, unreadable)
    }

    /// Renames a cart and/or keeps it although it was flagged as a possible duplicate.
    public func update(
        _ cartId: String,
        in householdId: String,
        name: String?,
        keepDuplicate: Bool?,
        by userId: String,
        ifMatch: Int?
    ) async throws -> Revisioned<CartDocument> {
        let name = try name.map(HouseholdDirectory.validName)
        return try await change(cartId, in: householdId, by: userId, ifMatch: ifMatch) { cart in
            if let name { cart.name = name }
            if let keepDuplicate { cart.duplicateKept = keepDuplicate }
        }.0
    }

    /// Who changed the cart, what and when (its change log), oldest first.
    public func changes(of cartId: String, in householdId: String, for userId: String) async throws -> [ChangeLogEntry] {
        try await directory.requireMember(householdId, userId: userId)
        let log = try await records.log(collection: Collections.carts, id: cartId, household: householdId)
        if log.isEmpty { _ = try await cart(cartId, in: householdId, for: userId) }
        return log
    }

    public func delete(_ cartId: String, in householdId: String, by userId: String, ifMatch: Int?) async throws {
        let current = try await cart(cartId, in: householdId, for: userId)
        try await records.delete(current, ifMatch: ifMatch, household: householdId, by: ChangeAuthor(userId: userId, now: now()))
    }

    public func addItem(
        to cartId: String,
        in householdId: String,
        _ input: ItemInput,
        by user: PublicUser,
        ifMatch: Int?
    ) async throws -> (Revisioned<CartDocument>, CartItem) {
        let item = try Self.newItem(input, by: user.displayName, now: now())
        return try await change(cartId, in: householdId, by: user.id, ifMatch: ifMatch) { cart in
            cart.items.append(item)
            Self.settle(&cart, by: user.displayName, now: now())
            return item
        }
    }

    /// A new item from a client's input, checked.
    static func newItem(_ input: ItemInput, by displayName: String, now: Date) throws -> CartItem {
        let quantity = try Self.validQuantity(input.quantity ?? 1)
        var item = CartItem(
            name: try Validation.lineName(input.name, "item"),
            quantity: quantity,
            price: input.price ?? nil,
            completed: false,
            addedByUser: displayName,
            addedOn: Instant.string(now)
        )
        item.id = Identifiers.make("i")
        if let price = item.price, quantity > 0 {
            item.unitPrice = Amount(price.value / quantity, scale: price.scale).rounded(scale: price.scale)
        }
        return item
    }

    /// A client's edit of an item, checked first (so a bad field changes nothing), applied by the
    /// returned function. Ticking what is ticked changes nothing.
    static func itemEdit(_ input: ItemInput, by displayName: String) throws -> @Sendable (inout CartItem) -> Void {
        let name = try input.name.map { try Validation.lineName($0, "item") }
        let quantity = try input.quantity.map(Self.validQuantity)
        return { item in
            if let name { item.name = name }
            if let quantity { item.quantity = quantity }
            if let price = input.price { item.price = price }
            if quantity != nil || input.price != nil, let price = item.price, let count = item.quantity, count > 0 {
                item.unitPrice = Amount(price.value / count, scale: price.scale).rounded(scale: price.scale)
            }
            if let completed = input.completed, completed != item.completed {
                item.completed = completed
                item.completedBy = completed ? displayName : nil
            }
        }
    }

    public func editItem(
        _ itemId: String,
        of cartId: String,
        in householdId: String,
        _ input: ItemInput,
        by user: PublicUser,
        ifMatch: Int?
    ) async throws -> (Revisioned<CartDocument>, CartItem) {
        let edit = try Self.itemEdit(input, by: user.displayName)
        return try await change(cartId, in: householdId, by: user.id, ifMatch: ifMatch) { cart in
            guard let index = cart.items.firstIndex(where: { $0.id == itemId }) else { throw HouseholdError.itemNotFound }
            edit(&cart.items[index])
            Self.settle(&cart, by: user.displayName, now: now())
            return cart.items[index]
        }
    }

    /// Ticks (or unticks) an item. Ticking twice is the same as once.
    public func tick(
        _ itemId: String,
        of cartId: String,
        in householdId: String,
        completed: Bool,
        by user: PublicUser,
        ifMatch: Int?
    ) async throws -> (Revisioned<CartDocument>, CartItem) {
        try await editItem(itemId, of: cartId, in: householdId, ItemInput(completed: completed), by: user, ifMatch: ifMatch)
    }

    public func deleteItem(
        _ itemId: String,
        of cartId: String,
        in householdId: String,
        by user: PublicUser,
        ifMatch: Int?
    ) async throws -> Revisioned<CartDocument> {
        try await change(cartId, in: householdId, by: user.id, ifMatch: ifMatch) { cart in
            guard let index = cart.items.firstIndex(where: { $0.id == itemId }) else { throw HouseholdError.itemNotFound }
            cart.items.remove(at: index)
            Self.settle(&cart, by: user.displayName, now: now())
        }.0
    }

    /// Applies a change to a cart of the household, after the membership check, through the one
    /// write path (change log, item stamps, `ifMatch`). Flows above the domain (a correction of
    /// what the reader got wrong) decide the change; the routes' edits are the methods above.
    public func change<R: Sendable>(
        _ cartId: String,
        in householdId: String,
        by userId: String,
        ifMatch: Int?,
        _ body: (inout CartDocument) throws -> R
    ) async throws -> (Revisioned<CartDocument>, R) {
        try await directory.requireMember(householdId, userId: userId)
        return try await records.update(
            CartDocument.self,
            Collections.carts,
            cartId,
            in: householdId,
            ifMatch: ifMatch,
            notFound: .cartNotFound,
            loggedBy: ChangeAuthor(userId: userId, now: now())
        ) { cart in
            cart.assignItemIDs()
            return try cart.stampingChanges(clock: clock, body)
        }
    }

    /// Keeps the derived fields true after any item change: a hand-made cart's `totalPrice` is the
    /// items' sum; a cart is completed when every item is, and `purchasedByUser` is who ticked the
    /// last one. A receipt's cart keeps the receipt's total (which includes tax and tip).
    static func settle(_ cart: inout CartDocument, by displayName: String, now: Date) {
        if cart.source.sha256 == nil {
            let priced = cart.items.compactMap(\.price)
            let scale = priced.map(\.scale).max() ?? 2
            cart.totalPrice = priced.reduce(Amount(0, scale: scale), +)
        }
        let wasCompleted = cart.completed
        cart.completed = !cart.items.isEmpty && cart.items.allSatisfy(\.completed)
        if cart.completed, !wasCompleted {
            cart.purchasedByUser = displayName
            // A hand-made cart is bought the day its last item is ticked: spend figures need a date.
            if cart.date == nil { cart.date = String(Instant.string(now).prefix(10)) }
        } else if !cart.completed, cart.source.sha256 == nil {
            cart.purchasedByUser = nil
        }
    }

    static func validQuantity(_ quantity: Decimal) throws -> Decimal {
        guard quantity >= 0, quantity <= 100_000 else { throw HouseholdError.invalid("quantity", "Give a quantity from 0 to 100000.") }
        return quantity
    }

    package static func validCurrency(_ code: String) throws -> String {
        let upper = code.uppercased()
        guard upper.count == 3, upper.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw HouseholdError.invalid("currency", "Give an ISO 4217 currency code such as EUR or USD.")
        }
        return upper
    }
}

/// Where a page of carts ends: which group (open or completed), and the last cart's `addedOn` and id.
struct CartCursor: Sendable, Hashable {
    var completed: Bool
    var addedOn: String?
    var id: String?

    init(completed: Bool, addedOn: String?, id: String?) {
        self.completed = completed
        self.addedOn = addedOn
        self.id = id
    }

    init(encoded: String) throws {
        var base64 = encoded.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else {
            throw HouseholdError.invalid("cursor", "The cursor is not one this server gave out: start again without it.")
        }
        let parts = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, parts[0] == "0" || parts[0] == "1" else {
            throw HouseholdError.invalid("cursor", "The cursor is not one this server gave out: start again without it.")
        }
        completed = parts[0] == "1"
        addedOn = parts[1]
        id = parts[2]
    }

    var encoded: String {
        Data([completed ? "1" : "0", addedOn ?? "", id ?? ""].joined(separator: "\n").utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
