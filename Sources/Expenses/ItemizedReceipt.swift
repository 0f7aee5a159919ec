import ReceiptModel

/// A receipt prepared for splitting by item: its lines, each given to one or several members, and
/// the receipt-level extras (tax, tip, service charge, discounts) that no one ordered alone.
///
/// How the total is divided: the tax goes over the lines the receipt marks taxed when it marks any
/// (``Line/taxed``; "TAX 7.000% ON 17.35" is the tax of the `T` lines), and over all lines otherwise
/// (``taxSpread`` says which); every other extra is spread over the lines in proportion to the lines' net
/// amounts (price plus line discount), and when the expense's agreed total differs from
/// ``receiptTotal`` (a misread photo, or the uploader asking for less) the lines are scaled to it the
/// same way. Both are proportional to the line nets, so together they amount to one step, which is
/// what is computed: the agreed total is apportioned among members in proportion to each member's
/// part of the line nets (a line's net divided among its members by their weights). Rounding
/// happens once, over members, so nobody collects a cent from every line.
///
/// Each member's part is exact while the least common multiple of the lines' weight sums is at most
/// 10¹² (always for equal splits among up to 28 people); beyond that it is kept to 10⁻¹² of a minor
/// unit, which only decides between members whose shares tie to within that.
public struct ItemizedReceipt: Sendable, Hashable, Codable {
    public var lines: [Line]
    public var extras: [Extra]

    public init(lines: [Line], extras: [Extra] = []) {
        self.lines = lines
        self.extras = extras
    }

    /// One receipt line and who it is for.
    public struct Line: Sendable, Hashable, Codable {
        public var name: String
        /// The line's price in minor units, ≥ 0.
        public var price: Int
        /// Taken off this line only, in minor units, ≤ 0 (0 when none).
        public var discount: Int
        /// Members and their weights on this line: `[m: 1]` for one member, all 1 for equal parts.
        public var members: [MemberID: Int]
        /// Whether the receipt marks the line taxed; nil when it does not say.
        public var taxed: Bool?

        public init(name: String, price: Int, discount: Int = 0, members: [MemberID: Int], taxed: Bool? = nil) {
            self.name = name
            self.price = price
            self.discount = discount
            self.members = members
            self.taxed = taxed
        }

        /// A line shared equally among `members`.
        public init(name: String, price: Int, discount: Int = 0, sharedBy members: [MemberID]) {
            self.init(name: name, price: price, discount: discount, members: Dictionary(members.map { ($0, 1) }) { a, _ in a })
        }

        public var net: Int { price + discount }
    }

    /// A receipt-level amount spread over all lines in proportion to their nets.
    public struct Extra: Sendable, Hashable, Codable {
        public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
            case tax, tip, serviceCharge, discount
            /// What the printed total holds beyond the lines and the extras read from the receipt.
            case other
        }

        public var kind: Kind
        /// Minor units: a discount is ≤ 0, tax, tip and service charge ≥ 0, `other` either.
        public var amount: Int

        public init(_ kind: Kind, _ amount: Int) {
            self.kind = kind
            self.amount = amount
        }
    }

    /// Over which lines the tax is spread.
    public enum TaxSpread: String, Sendable, Hashable, Codable {
        /// The receipt marks which lines are taxed: the tax goes over those, by their nets.
        case taxedLines
        /// The receipt does not say: the tax goes over every line, by their nets.
        case allLines
    }

    /// How the tax is spread; nil when the receipt has no tax.
    public var taxSpread: TaxSpread? {
        guard extras.contains(where: { $0.kind == .tax && $0.amount != 0 }) else { return nil }
        return taxedWeights() == nil ? .allLines : .taxedLines
    }

    /// Lines plus extras: the total the receipt itself states, the default for the expense total.
    public var receiptTotal: Int {
        lines.reduce(0) { $0 + $1.net } + extras.reduce(0) { $0 + $1.amount }
    }

    /// Each member's share of the agreed `total`; see the type's documentation for the rule.
    public func shares(of total: Int, field: String = "split") throws -> [MemberID: Int] {
        try validate(field: field)
        let weights = taxedWeights() ?? memberWeights()
        guard weights.values.contains(where: { $0 > 0 }) else {
            guard total == 0 else {
                throw ExpenseError.split("\(field).lines", "The lines add up to nothing, so there is nothing to divide the total by.")
            }
            return weights.mapValues { _ in 0 }
        }
        return Apportion.largestRemainder(total, weights: weights)
    }

    /// Σ over lines of net × weight ÷ line weight sum, all multiplied by a common denominator.
    func memberWeights(denominator: Int128? = nil) -> [MemberID: Int128] {
        let denominator = denominator ?? commonDenominator()
        var weights: [MemberID: Int128] = [:]
        for line in lines {
            let lineWeight = Int128(line.members.values.reduce(0, +))
            for (member, weight) in line.members {
                weights[member, default: 0] += Int128(line.net) * Int128(weight) * denominator / lineWeight
            }
        }
        return weights
    }

    /// Member weights when the tax goes over the taxed lines only: with N the lines' nets, Nt the
    /// taxed lines' nets, T the tax and E the other extras, a member with parts n (of all lines) and
    /// t (of taxed lines) gets n·(N+E)/N + t·T/Nt of the receipt; times N·Nt, that is the weight
    /// n·(N+E)·Nt + t·T·N. Nil when no line is marked taxed, the taxed lines add up to nothing, or
    /// the numbers are too large for exact weights (then the tax goes over all lines).
    func taxedWeights() -> [MemberID: Int128]? {
        let tax = extras.filter { $0.kind == .tax }.reduce(0) { $0 + $1.amount }
        let taxedLines = lines.filter { $0.taxed == true }
        let taxedNets = Int128(taxedLines.reduce(0) { $0 + $1.net })
        guard tax != 0, taxedNets > 0 else { return nil }
        let nets = Int128(lines.reduce(0) { $0 + $1.net })
        let others = Int128(extras.filter { $0.kind != .tax }.reduce(0) { $0 + $1.amount })
        let all = memberWeights()
        let taxed = ItemizedReceipt(lines: taxedLines).memberWeights(denominator: commonDenominator())
        let (lineFactor, overflowA) = (nets + others).multipliedReportingOverflow(by: taxedNets)
        let (taxFactor, overflowB) = Int128(tax).multipliedReportingOverflow(by: nets)
        guard !overflowA, !overflowB else { return nil }
        var weights: [MemberID: Int128] = [:]
        for (member, part) in all {
            let (a, o1) = part.multipliedReportingOverflow(by: lineFactor)
            let (b, o2) = (taxed[member] ?? 0).multipliedReportingOverflow(by: taxFactor)
            let (sum, o3) = a.addingReportingOverflow(b)
            guard !o1, !o2, !o3 else { return nil }
            weights[member] = sum
        }
        return weights
    }

    /// The lcm of the lines' weight sums when it is at most 10¹², else 10¹² (see the type's docs).
    func commonDenominator() -> Int128 {
        let limit: Int128 = 1_000_000_000_000
        var lcm: Int128 = 1
        for line in lines {
            let sum = Int128(line.members.values.reduce(0, +))
            lcm = lcm / gcd(lcm, sum) * sum
            if lcm > limit { return limit }
        }
        return lcm
    }

    func validate(field: String) throws {
        var netSum = 0
        for (index, line) in lines.enumerated() {
            let path = "\(field).lines[\(index)]"
            try MinorUnits.check(line.price, field: "\(path).price")
            try MinorUnits.check(line.discount, field: "\(path).discount")
            guard line.price >= 0 else {
                throw ExpenseError.split("\(path).price", "A line's price cannot be negative; enter a receipt-level discount as an extra.")
            }
            guard line.discount <= 0, line.net >= 0 else {
                throw ExpenseError.split("\(path).discount", "A line discount is negative and at most the line's price.")
            }
            guard !line.members.isEmpty else {
                throw ExpenseError(
                    .itemUnassigned,
                    "\"\(line.name)\" is not given to anyone; give it to at least one member.",
                    field: "\(path).members"
                )
            }
            try Split.checkWeights(line.members, field: "\(path).members")
            netSum += line.net
        }
        try MinorUnits.check(netSum, field: "\(field).lines")
        for (index, extra) in extras.enumerated() {
            let path = "\(field).extras[\(index)].amount"
            try MinorUnits.check(extra.amount, field: path)
            if extra.kind == .discount, extra.amount > 0 {
                throw ExpenseError.split(path, "A receipt discount is negative; enter \(-extra.amount) instead.")
            }
            if [.tax, .tip, .serviceCharge].contains(extra.kind), extra.amount < 0 {
                throw ExpenseError.split(path, "A \(extra.kind.rawValue) cannot be negative.")
            }
        }
    }
}

private func gcd(_ a: Int128, _ b: Int128) -> Int128 {
    var (a, b) = (a, b)
    while b != 0 { (a, b) = (b, a % b) }
    return a
}
