import DocumentStore
import Foundation
import Households

/// An expense that repeats (rent weekly, a subscription monthly): the template and the schedule.
public struct RecurringExpense: Codable, Sendable, Hashable {
    public enum Every: String, Codable, Sendable, CaseIterable {
        case week, month
    }

    public var id: String
    public var group: String
    public var createdBy: String
    public var createdAt: String
    public var every: Every
    /// The first occurrence, `yyyy-MM-dd`; a monthly one on the 31st falls on each month's last day.
    public var start: String
    public var template: ExpenseInput
    public var stoppedAt: String?
}

/// Recurring expenses of a group. Occurrences become ordinary expenses when the group is read,
/// each with an id made of the schedule's id and the day, so that two servers reading at once, or
/// a re-run, add each occurrence exactly once.
public struct RecurringExpenses: Sendable {
    let ledger: ExpenseLedger

    public init(ledger: ExpenseLedger) {
        self.ledger = ledger
    }

    /// The most occurrences one read adds per schedule (a schedule started long ago catches up
    /// over several reads instead of one slow one).
    static let catchUpLimit = 100

    public func create(
        in groupId: String,
        every: RecurringExpense.Every,
        start: String,
        template: ExpenseInput,
        by userId: String
    ) async throws -> RecurringExpense {
        var template = template
        template.group = groupId
        template.split = template.split?.keepingWhatItsModeReads()
        guard ExpenseCalendar.day(start) != nil else { throw HouseholdError.invalid("start", "Give the first day as yyyy-MM-dd.") }
        // Checked now with the first day's date, so a bad template fails here rather than at each occurrence.
        template.date = start
        _ = try await ledger.makeRecord(template, by: userId, id: "check", recurringId: nil)
        let schedule = RecurringExpense(
            id: Identifiers.make("r"),
            group: groupId,
            createdBy: userId,
            createdAt: Instant.string(ledger.now()),
            every: every,
            start: start,
            template: template
        )
        try await ledger.records.put(schedule, Collections.recurringExpenses, schedule.id, expectedRev: 0)
        try await materialize(group: groupId)
        return schedule
    }

    public func schedules(in groupId: String, for userId: String) async throws -> [RecurringExpense] {
        _ = try await ledger.groups.group(groupId, for: userId)
        return try await ledger.records.all(
            RecurringExpense.self,
            DocumentQuery(collection: Collections.recurringExpenses, filters: [.equals("group", groupId)])
        ).map(\.value).sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    /// Stops a schedule (its creator only); occurrences so far stay.
    public func stop(_ id: String, in groupId: String, by userId: String) async throws -> RecurringExpense {
        _ = try await ledger.groups.group(groupId, for: userId)
        let notFound = HouseholdError(.recurringNotFound, "No such recurring expense in this group.")
        guard let current = try await ledger.records.get(RecurringExpense.self, Collections.recurringExpenses, id), current.value.group == groupId
        else {
            throw notFound
        }
        guard current.value.createdBy == userId else { throw HouseholdError(.notUploader, "Only who set up this recurring expense can stop it.") }
        let instant = Instant.string(ledger.now())
        return try await ledger.records.update(RecurringExpense.self, Collections.recurringExpenses, id, ifMatch: nil, notFound: notFound) {
            schedule in
            if schedule.stoppedAt == nil { schedule.stoppedAt = instant }
        }.0.value
    }

    /// Adds every occurrence due by today that is not there yet.
    /// - Parameter existing: the ids of the group's expenses already stored (deleted ones too),
    ///   when the caller has read them; otherwise each due day is looked up.
    /// - Returns: the occurrences added.
    @discardableResult
    func materialize(group groupId: String, existing: Set<String>? = nil) async throws -> [Revisioned<ExpenseRecord>] {
        var addedRecords: [Revisioned<ExpenseRecord>] = []
        let schedules = try await ledger.records.all(
            RecurringExpense.self,
            DocumentQuery(collection: Collections.recurringExpenses, filters: [.equals("group", groupId)])
        )
        let today = ExpenseCalendar.string(ledger.now())
        for schedule in schedules.map(\.value) {
            let end = min(today, schedule.stoppedAt.map { String($0.prefix(10)) } ?? today)
            var added = 0
            for day in Self.days(from: schedule.start, every: schedule.every, through: end) {
                let id = schedule.id + "-" + day.replacingOccurrences(of: "-", with: "")
                if let existing {
                    if existing.contains(id) { continue }
                } else if try await ledger.records.store.exists(collection: Collections.expenses, id: id) {
                    continue
                }
                var input = schedule.template
                input.date = day
                do {
                    addedRecords.append(try await ledger.add(input, by: schedule.createdBy, id: id, recurringId: schedule.id))
                    added += 1
                } catch let error as StoreError where error.code == .conflict {
                    continue  // another reader added it meanwhile
                } catch {
                    // The template no longer fits the group (its creator left it): skip, keep the rest.
                    ledger.logger.warning("recurring expense skipped", metadata: ["recurring.id": "\(schedule.id)", "error": "\(error)"])
                    break
                }
                if added >= Self.catchUpLimit { break }
            }
        }
        return addedRecords
    }

    /// The schedule's days from `start` through `end` (both `yyyy-MM-dd`), at most 400.
    static func days(from start: String, every: RecurringExpense.Every, through end: String) -> [String] {
        guard let first = ExpenseCalendar.day(start) else { return [] }
        var days: [String] = []
        for step in 0..<400 {
            let component: DateComponents = every == .week ? DateComponents(day: 7 * step) : DateComponents(month: step)
            guard let date = ExpenseCalendar.calendar.date(byAdding: component, to: first) else { break }
            let day = ExpenseCalendar.string(date)
            if day > end { break }
            days.append(day)
        }
        return days
    }
}
