import ReceiptModel

extension ItemizedReceipt {
    /// The receipt lines of a stored cart, given to members.
    ///
    /// Cart items with a price ≥ 0 become lines (with their line discount); items with a negative
    /// price (a coupon printed as its own line) become receipt-level discounts; items without a price
    /// are left out; a line keeps the receipt's mark of whether it is taxed. The cart's tax (or the sum of its tax lines) and tip become extras, and whatever
    /// the printed total holds beyond all that (a service charge the parser did not itemize, or a
    /// rounding) becomes an ``Extra/Kind/other`` extra, so ``receiptTotal`` is the printed total.
    ///
    /// - Parameters:
    ///   - cart: the cart; its currency decides the minor unit (2 decimals when it has none).
    ///   - assignments: members and weights by index into `cart.items`; every priced line needs one.
    /// - Throws: ``ExpenseError`` `expense.item-unassigned` naming `items[i]` for a priced line
    ///   nobody was given, `expense.amount-invalid` for an amount finer than the minor unit.
    public init(cart: CartDocument, assignments: [Int: [MemberID: Int]]) throws {
        let currency = cart.currency ?? "XXX"
        var lines: [Line] = []
        var extras: [Extra] = []
        for (index, item) in cart.items.enumerated() {
            guard let price = item.price else { continue }
            let cents = try MinorUnits.of(price, currency: currency, field: "items[\(index)].price")
            if cents < 0 {
                extras.append(Extra(.discount, cents))
                continue
            }
            guard let members = assignments[index], !members.isEmpty else {
                throw ExpenseError(
                    .itemUnassigned,
                    "\"\(item.name)\" is not given to anyone; give it to at least one member.",
                    field: "items[\(index)]"
                )
            }
            let discount = try item.discount.map { try MinorUnits.of($0, currency: currency, field: "items[\(index)].discount") } ?? 0
            lines.append(Line(name: item.name, price: cents, discount: discount, members: members, taxed: item.taxed))
        }
        let tax = cart.tax ?? (cart.taxes.isEmpty ? nil : cart.taxes.compactMap(\.amount).reduce(Amount.zero, +))
        if let tax, case let cents = try MinorUnits.of(tax, currency: currency, field: "tax"), cents != 0 {
            extras.append(Extra(.tax, cents))
        }
        if let tip = cart.tip, case let cents = try MinorUnits.of(tip, currency: currency, field: "tip"), cents != 0 {
            extras.append(Extra(.tip, cents))
        }
        self.init(lines: lines, extras: extras)
        if let total = cart.total ?? cart.totalPrice {
            let unexplained = try MinorUnits.of(total, currency: currency, field: "total") - receiptTotal
            if unexplained != 0 { self.extras.append(Extra(.other, unexplained)) }
        }
    }
}
