import Foundation
import Households
import ReceiptModel
import Testing

@testable import SharedExpenses

@Suite struct RecurringTests {
    @Test("a weekly schedule adds one expense per week as days pass, once each; stopped, it adds no more")
    func weekly() async throws {
        let clock = TestClock("2026-11-02")
        try await LedgerTestBed.with(now: { clock.now }) { bed in
            let group = try await bed.groups.create(name: "Flat", members: [bed.bo.id], currency: "EUR", by: bed.ana.id).value
            let schedule = try await bed.recurring.create(
                in: group.id,
                every: .week,
                start: "2026-10-19",
                template: ExpenseInput(merchant: "Cleaner", total: Amount("40.00")),
                by: bed.ana.id
            )
            var dates = try await bed.ledger.expenses(inGroup: group.id, for: bed.bo.id).map(\.value.date)
            #expect(dates == ["2026-11-02", "2026-10-26", "2026-10-19"])

            clock.advance(days: 7)
            dates = try await bed.ledger.expenses(inGroup: group.id, for: bed.ana.id).map(\.value.date)
            #expect(dates.count == 4)
            // Reading again adds nothing new.
            #expect(try await bed.ledger.expenses(inGroup: group.id, for: bed.ana.id).count == 4)

            let notCreator = await #expect(throws: HouseholdError.self) { try await bed.recurring.stop(schedule.id, in: group.id, by: bed.bo.id) }
            #expect(notCreator?.code == .notUploader)
            _ = try await bed.recurring.stop(schedule.id, in: group.id, by: bed.ana.id)
            clock.advance(days: 14)
            #expect(try await bed.ledger.expenses(inGroup: group.id, for: bed.ana.id).count == 4)
        }
    }

    @Test("a schedule keeps only the split field its mode reads: what else a client sent is not stored")
    func templateKeepsWhatItsModeReads() async throws {
        let clock = TestClock("2026-11-02")
        try await LedgerTestBed.with(now: { clock.now }) { bed in
            let group = try await bed.groups.create(name: "Flat", members: [bed.bo.id], currency: "EUR", by: bed.ana.id).value
            let split = SplitInput(mode: .evenly, weights: ["ana": 3], percentages: ["ana": 100])
            let schedule = try await bed.recurring.create(
                in: group.id,
                every: .week,
                start: "2026-11-02",
                template: ExpenseInput(merchant: "Cleaner", total: Amount("40.00"), split: split),
                by: bed.ana.id
            )
            #expect(schedule.template.split == SplitInput(mode: .evenly))
        }
    }

    @Test("a monthly schedule on the 31st falls on each month's last day")
    func monthEnds() {
        #expect(
            RecurringExpenses.days(from: "2026-01-31", every: .month, through: "2026-04-30") == [
                "2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30",
            ]
        )
    }
}
