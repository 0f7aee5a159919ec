import Expenses
import PropertyBased
import ReceiptTesting
import Testing

/// Random groups of expenses in several currencies, with several payers and recorded payments.
@Suite struct BalancePropertyTests {
    @Test func groupBalancesSumToZeroPerCurrencyAndPairsAddUpToThem() async throws {
        await propertyCheck(count: 300, input: SplitPropertyTests.seeds) { seed in
            var random = RandomExpenses(seed: seed)
            let group = random.group()
            let balances = try Balances(expenses: group.expenses, payments: group.payments)
            for currency in balances.currencies {
                let positions = balances.group(currency: currency)
                #expect(positions.values.reduce(0, +) == 0, "seed \(seed) \(currency)")
                for (member, position) in positions {
                    let pairwise = RandomExpenses.people.reduce(0) { $0 + (balances.owed(by: member, to: $1)[currency] ?? 0) }
                    #expect(pairwise == position, "seed \(seed) \(currency) \(member)")
                }
            }
        }
    }

    @Test func suggestedTransfersSettleEveryBalanceInAtMostNMinusOne() async throws {
        await propertyCheck(count: 300, input: SplitPropertyTests.seeds) { seed in
            var random = RandomExpenses(seed: seed)
            let group = random.group()
            let balances = try Balances(expenses: group.expenses, payments: group.payments)
            let transfers = SettleUp.transfers(for: balances)
            for currency in balances.currencies {
                let open = balances.group(currency: currency).values.filter { $0 != 0 }.count
                #expect(transfers.filter { $0.currency == currency }.count <= max(0, open - 1), "seed \(seed)")
            }
            #expect(transfers.allSatisfy { $0.amount > 0 && $0.from != $0.to })
            let settled = try Balances(expenses: group.expenses, payments: group.payments + transfers)
            #expect(settled.members.allSatisfy { $0.amount == 0 }, "seed \(seed)")
        }
    }

    /// Recording the suggestions from the start of the list, one at a time, never changes the rest.
    @Test func recordingAnySuggestionLeavesTheOthersUnchanged() async throws {
        await propertyCheck(count: 200, input: SplitPropertyTests.seeds) { seed in
            var random = RandomExpenses(seed: seed)
            let group = random.group()
            var payments = group.payments
            var expected = SettleUp.transfers(for: try Balances(expenses: group.expenses, payments: payments))
            var generator = SeededGenerator(seed: UInt64(truncatingIfNeeded: seed))
            while !expected.isEmpty {
                // Pay them in an order of the seed's choosing, not the list's.
                let index = Int(generator.next() % UInt64(expected.count))
                payments.append(expected.remove(at: index))
                let recomputed = SettleUp.transfers(for: try Balances(expenses: group.expenses, payments: payments))
                #expect(recomputed == expected, "seed \(seed)")
            }
        }
    }
}
