import Foundation
import Households
import ReceiptModel
import Testing

@Suite struct EntryPriorityTests {
    @Test("entries show open first, then high before normal before low, then the latest changed first")
    func showingOrder() async throws {
        let clock = TestClock()
        try await HouseholdTestBed.with(now: { clock.now }) { bed in
            let list = try await bed.lists.create(in: bed.household, name: "Weekly", by: bed.ana).value
            var ids: [String: String] = [:]
            for (name, priority) in [("bread", nil), ("milk", .low), ("eggs", .high), ("soap", nil), ("jam", .high)] as [(String, EntryPriority?)] {
                clock.advance(seconds: 60)
                let entry = try await bed.lists.addEntry(
                    to: list.id,
                    in: bed.household,
                    EntryInput(name: name, priority: priority),
                    by: bed.ana,
                    ifMatch: nil
                ).1
                ids[name] = entry.id
            }
            clock.advance(seconds: 60)
            _ = try await bed.lists.editEntry(
                try #require(ids["jam"]),
                of: list.id,
                in: bed.household,
                EntryInput(completed: true),
                by: bed.ana,
                ifMatch: nil
            )
            // Bread was added first, but its note is the latest change among the normal ones.
            clock.advance(seconds: 60)
            let stored = try await bed.lists.editEntry(
                try #require(ids["bread"]),
                of: list.id,
                in: bed.household,
                EntryInput(note: "sliced"),
                by: bed.ana,
                ifMatch: nil
            ).0.value
            #expect(stored.entriesInShowingOrder().map(\.name) == ["eggs", "bread", "soap", "milk", "jam"])
            // The stored order is the order they were added in (a receipt ticks the oldest first).
            #expect(stored.entries.map(\.name) == ["bread", "milk", "eggs", "soap", "jam"])
        }
    }

    @Test("a priority is stored only when not normal, set and cleared by an edit; an unknown one is refused naming the field")
    func validation() async throws {
        try await HouseholdTestBed.with { bed in
            let list = try await bed.lists.create(in: bed.household, name: "Weekly", by: bed.ana).value
            let plain = try await bed.lists.addEntry(to: list.id, in: bed.household, EntryInput(name: "rice"), by: bed.ana, ifMatch: nil).1
            #expect(plain.priority == nil)
            #expect(plain.effectivePriority == .normal)
            let high = try await bed.lists.editEntry(plain.id, of: list.id, in: bed.household, EntryInput(priority: .high), by: bed.ana, ifMatch: nil)
                .1
            #expect(high.priority == .high)
            let normal = try await bed.lists.editEntry(
                plain.id,
                of: list.id,
                in: bed.household,
                EntryInput(priority: .normal),
                by: bed.ana,
                ifMatch: nil
            )
            #expect(normal.1.priority == nil)
            // An absent priority leaves it as it is.
            let kept = try await bed.lists.editEntry(plain.id, of: list.id, in: bed.household, EntryInput(priority: .low), by: bed.ana, ifMatch: nil)
            #expect(
                try await bed.lists.editEntry(plain.id, of: list.id, in: bed.household, EntryInput(quantity: 2), by: bed.ana, ifMatch: nil).1.priority
                    == .low
            )
            #expect(kept.0.value.stamps?.entries[plain.id]?["priority"] != nil)

            #expect(try EntryPriority.parse(" High ") == .high)
            let refused = #expect(throws: HouseholdError.self) { try EntryPriority.parse("urgent") }
            #expect(refused?.code == .invalidInput)
            #expect(refused?.field == "priority")
        }
    }
}
