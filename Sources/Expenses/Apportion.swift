/// Largest-remainder apportionment: the one rounding rule of the module.
///
/// Each member first gets `⌊|total| × weight ÷ Σweights⌋` minor units. The cents left over (fewer
/// than the members with a non-zero remainder) go one each to the largest remainders
/// `|total| × weight mod Σweights`; equal remainders go to the member whose id sorts first
/// (`String` `<`). A zero weight therefore never receives a cent, the result sums exactly to the
/// total, and it depends only on the weights by member, never on the order they came in.
/// A negative total (a refund) is apportioned as its magnitude and every share negated.
enum Apportion {
    /// - Precondition: weights are non-negative with a positive sum, and `|total| × weight` fits
    ///   in `Int128` (callers bound totals by ``MinorUnits/maximum``).
    static func largestRemainder(_ total: Int, weights: [MemberID: Int128]) -> [MemberID: Int] {
        let magnitude = Int128(total.magnitude)
        let sum = weights.values.reduce(0, +)
        precondition(sum > 0, "apportioning over zero weight")
        var shares: [MemberID: Int] = [:]
        var remainders: [(member: MemberID, remainder: Int128)] = []
        var handedOut: Int128 = 0
        for (member, weight) in weights {
            let (quotient, remainder) = (magnitude * weight).quotientAndRemainder(dividingBy: sum)
            shares[member] = Int(quotient)
            handedOut += quotient
            remainders.append((member, remainder))
        }
        remainders.sort { $0.remainder != $1.remainder ? $0.remainder > $1.remainder : $0.member < $1.member }
        for entry in remainders.prefix(Int(magnitude - handedOut)) {
            shares[entry.member, default: 0] += 1
        }
        return total < 0 ? shares.mapValues { -$0 } : shares
    }
}
