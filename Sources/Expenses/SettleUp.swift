/// Settle-up suggestions, each a ``Payment`` ready to record: per currency, the largest debtor pays
/// the largest creditor the smaller of the two amounts, and again until everyone is even.
///
/// They settle the group positions (``Balances/group(currency:)``), not each pair: after them every
/// member's pairs add up to zero, but a pair may still show an amount offset by another pair.
///
/// - Exact: recording every suggestion as a ``Payment`` brings every balance to zero.
/// - At most n − 1 transfers for n members with a non-zero balance: each transfer evens at least
///   one of them, and the last transfer evens two.
/// - Deterministic: equal amounts go to the member id that sorts first; currencies in code order.
/// - Stable, in this sense: recording the first suggestion (or any number of them from the start
///   of the list, in order) and recomputing gives the rest of the list unchanged, because each step
///   depends only on the balances it starts from. Recording a suggestion further down the list
///   first may reorder the others: that is the price of always matching the largest amounts.
public enum SettleUp {
    /// Suggestions for every currency in `balances`, grouped by currency in code order.
    public static func transfers(for balances: Balances) -> [Payment] {
        balances.currencies.flatMap { transfers(currency: $0, positions: balances.group(currency: $0)) }
    }

    /// Suggestions for one currency's positions (positive = owes; they should sum to zero, and
    /// whatever a non-zero sum leaves over stays unsettled).
    public static func transfers(currency: String, positions: [MemberID: Int]) -> [Payment] {
        var open = positions.filter { $0.value != 0 }
        var transfers: [Payment] = []
        while let debtor = largest(open, where: { $0 > 0 }), let creditor = largest(open, where: { $0 < 0 }) {
            let amount = min(open[debtor, default: 0], -open[creditor, default: 0])
            transfers.append(Payment(from: debtor, to: creditor, amount: amount, currency: currency))
            open[debtor, default: 0] -= amount
            open[creditor, default: 0] += amount
            open = open.filter { $0.value != 0 }
        }
        return transfers
    }

    /// The member with the largest magnitude among those whose amount passes `side`; ties to the
    /// member id that sorts first.
    private static func largest(_ positions: [MemberID: Int], where side: (Int) -> Bool) -> MemberID? {
        positions.filter { side($0.value) }
            .min { $0.value.magnitude != $1.value.magnitude ? $0.value.magnitude > $1.value.magnitude : $0.key < $1.key }?
            .key
    }
}
