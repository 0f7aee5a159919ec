import Expenses
import Foundation
import PropertyBased

/// Random expense scenarios from one seed, so a failing property prints a seed that replays it.
struct RandomExpenses {
    static let people = ["ana", "bo", "cy", "dee", "eli", "fay", "gus"]
    static let currencies = ["EUR", "JPY", "USD"]

    var rng: Xoshiro

    init(seed: Int) {
        let s = UInt64(bitPattern: Int64(seed))
        rng = Xoshiro(seed: (s, s ^ 0x9E37_79B9_7F4A_7C15, ~s, s &* 0xBF58_476D_1CE4_E5B9 | 1))
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }

    mutating func members(atLeast minimum: Int = 1) -> [MemberID] {
        Array(Self.people.shuffled(using: &rng).prefix(int(minimum...Self.people.count)))
    }

    /// `total` cut into `count` non-negative parts (random cut points), in order.
    mutating func partition(_ total: Int, into count: Int) -> [Int] {
        let cuts = ((0..<count - 1).map { _ in int(0...total) } + [0, total]).sorted()
        return zip(cuts.dropFirst(), cuts).map { $0 - $1 }
    }

    /// A random split of any mode, valid for `total` ≥ 0 (exact amounts are cut from the total).
    mutating func split(total: Int) -> Split {
        let members = members()
        switch int(0...4) {
        case 0: return .evenly(members: members)
        case 1:
            var weights = Dictionary(uniqueKeysWithValues: members.map { ($0, int(0...10)) })
            weights[members[0]] = int(1...10)
            return .shares(weights: weights)
        case 2:
            let hundredths = partition(10_000, into: members.count)
            return .percentages(Dictionary(uniqueKeysWithValues: zip(members, hundredths.map { Decimal($0) / 100 })))
        case 3: return .exact(Dictionary(uniqueKeysWithValues: zip(members, partition(total, into: members.count))))
        default: return .byItem(receipt(members: members))
        }
    }

    /// Lines with line discounts, shared by one or several members (equally or by weights), and
    /// tax, tip, service charge and a receipt discount as extras.
    mutating func receipt(members: [MemberID]) -> ItemizedReceipt {
        let lines = (0..<int(1...8)).map { index -> ItemizedReceipt.Line in
            let price = index == 0 ? int(1...20_000) : int(0...20_000)
            let discount = int(0...3) == 0 ? -int(0...price) : 0
            let eaters = Array(members.shuffled(using: &rng).prefix(int(1...members.count)))
            if int(0...1) == 0 { return ItemizedReceipt.Line(name: "line \(index)", price: price, discount: discount, sharedBy: eaters) }
            return ItemizedReceipt.Line(
                name: "line \(index)",
                price: price,
                discount: discount,
                members: Dictionary(uniqueKeysWithValues: eaters.map { ($0, int(1...4)) })
            )
        }
        let extras: [ItemizedReceipt.Extra] = [
            .init(.tax, int(0...3_000)), .init(.tip, int(0...4_000)), .init(.serviceCharge, int(0...2_000)),
            .init(.discount, -int(0...1_000)),
        ].filter { _ in int(0...1) == 0 }
        return ItemizedReceipt(lines: lines, extras: extras)
    }

    /// The total an expense with this split may have: the receipt's own total or another one the
    /// uploader agreed on; any total for the other modes (zero for lines that net to nothing).
    mutating func total(for split: Split, proposed: Int) -> Int {
        guard case .byItem(let receipt) = split else { return proposed }
        if receipt.lines.allSatisfy({ $0.net == 0 }) { return 0 }
        return int(0...1) == 0 ? max(0, receipt.receiptTotal) : int(0...max(1, receipt.receiptTotal + 5_000))
    }

    mutating func expense(id: Int) -> Expense {
        var total = int(0...3) == 0 ? int(0...10) : int(0...500_000)
        let split = split(total: total)
        total = self.total(for: split, proposed: total)
        let payers = members()
        let paid = partition(total, into: payers.count)
        return Expense(
            id: "e\(id)",
            currency: Self.currencies[int(0...2)],
            total: total,
            payers: Dictionary(uniqueKeysWithValues: zip(payers, paid)),
            split: split
        )
    }

    mutating func group() -> (expenses: [Expense], payments: [Payment]) {
        let expenses = (0..<int(1...8)).map { expense(id: $0) }
        let payments = (0..<int(0...4)).compactMap { _ -> Payment? in
            let pair = members(atLeast: 2)
            return Payment(from: pair[0], to: pair[1], amount: int(1...50_000), currency: Self.currencies[int(0...2)])
        }
        return (expenses, payments)
    }
}
