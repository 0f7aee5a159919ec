import Expenses
import Foundation
import PropertyBased
import Testing

/// Random totals, members, weights, percentages, receipt lines, tax, tip and discounts: the
/// guarantees every split mode makes.
@Suite struct SplitPropertyTests {
    static let seeds = Gen.int(in: 0...Int.max)

    @Test func sharesSumExactlyToTheTotalAndAreNeverNegative() async throws {
        await propertyCheck(count: 500, input: Self.seeds) { seed in
            var random = RandomExpenses(seed: seed)
            let expense = random.expense(id: 0)
            let shares = try expense.shares()
            #expect(shares.values.reduce(0, +) == expense.total, "seed \(seed): \(expense)")
            #expect(shares.values.allSatisfy { $0 >= 0 }, "seed \(seed): \(shares)")
        }
    }

    @Test func aRefundIsTheNegatedSplitOfItsMagnitude() async throws {
        await propertyCheck(count: 200, input: Self.seeds) { seed in
            var random = RandomExpenses(seed: seed)
            let expense = random.expense(id: 0)
            if case .exact = expense.split { return }
            let refund = try expense.split.shares(of: -expense.total)
            let shares = try expense.split.shares(of: expense.total)
            #expect(refund == shares.mapValues { -$0 }, "seed \(seed)")
        }
    }

    @Test func sharesDoNotDependOnInputOrder() async throws {
        await propertyCheck(count: 300, input: Self.seeds) { seed in
            var random = RandomExpenses(seed: seed)
            let expense = random.expense(id: 0)
            let reordered = Self.reordered(expense.split, using: &random.rng)
            let original = try expense.split.shares(of: expense.total)
            #expect(try reordered.shares(of: expense.total) == original, "seed \(seed)")
        }
    }

    /// Each member is within one minor unit of the exact proportional share.
    @Test func weightedSharesAreWithinOneMinorUnitOfExact() async throws {
        await propertyCheck(count: 300, input: Self.seeds) { seed in
            var random = RandomExpenses(seed: seed)
            let total = random.int(0...1_000_000)
            let weights = Dictionary(uniqueKeysWithValues: random.members().map { ($0, random.int(1...1_000)) })
            let shares = try Split.shares(weights: weights).shares(of: total)
            let sum = weights.values.reduce(0, +)
            for (member, weight) in weights {
                #expect(abs(try #require(shares[member]) * sum - total * weight) < sum, "seed \(seed)")
            }
        }
    }

    /// The same split with receipt lines shuffled and every dictionary rebuilt in another order.
    static func reordered(_ split: Split, using rng: inout Xoshiro) -> Split {
        func rebuilt<V>(_ values: [MemberID: V]) -> [MemberID: V] {
            Dictionary(uniqueKeysWithValues: values.shuffled(using: &rng).map { ($0.key, $0.value) })
        }
        switch split {
        case .evenly(let members): return .evenly(members: members.shuffled(using: &rng))
        case .shares(let weights): return .shares(weights: rebuilt(weights))
        case .percentages(let percentages): return .percentages(rebuilt(percentages))
        case .exact(let amounts): return .exact(rebuilt(amounts))
        case .byItem(var receipt):
            receipt.lines = receipt.lines.shuffled(using: &rng).map {
                var line = $0
                line.members = rebuilt(line.members)
                return line
            }
            receipt.extras.shuffle(using: &rng)
            return .byItem(receipt)
        }
    }
}
