import Foundation
import Replication

/// How much an entry matters to whoever asked for it (Sharecart's priority colours). Stored on
/// the entry only when it is not ``normal``: an entry without one, as every entry written before
/// priorities existed, is normal.
public enum EntryPriority: String, Codable, Sendable, Hashable, CaseIterable, Comparable {
    case low, normal, high

    /// Higher first when sorted descending: low < normal < high.
    var rank: Int {
        switch self {
        case .low: 0
        case .normal: 1
        case .high: 2
        }
    }

    public static func < (a: EntryPriority, b: EntryPriority) -> Bool { a.rank < b.rank }

    /// A client's priority, checked: an unknown one is refused naming `field`.
    public static func parse(_ text: String, field: String = "priority") throws -> EntryPriority {
        guard let priority = EntryPriority(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw HouseholdError.invalid(field, "'\(field)' must be one of \(allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return priority
    }

    /// As stored: nil for normal, so that an entry's document stays as it was before priorities.
    var stored: EntryPriority? { self == .normal ? nil : self }
}

extension HouseholdList.Entry {
    /// The entry's priority; absent is normal.
    public var effectivePriority: EntryPriority { priority ?? .normal }
}

extension HouseholdList {
    /// The entries as members see them: open entries first, then by priority (high first), then
    /// the most recently changed first; entries alike in all three keep their stored order. The
    /// stored order itself does not change (a receipt ticks the oldest matching entry first).
    public func entriesInShowingOrder() -> [Entry] {
        let changed = entries.map(lastChange)
        return entries.indices.sorted { a, b in
            let (x, y) = (entries[a], entries[b])
            if x.completed != y.completed { return !x.completed }
            if x.effectivePriority != y.effectivePriority { return x.effectivePriority > y.effectivePriority }
            if changed[a] != changed[b] { return changed[a] > changed[b] }
            return a < b
        }.map { entries[$0] }
    }

    /// When an entry was last changed: the newest stamp of its fields (every edit stamps what it
    /// changed, see ``ReplicaStamps``), else when it was added.
    public func lastChange(of entry: Entry) -> Date {
        let added = Instant.date(entry.addedOn) ?? .distantPast
        guard let newest = stamps?.entries[entry.id]?.values.max() else { return added }
        return max(added, Date(timeIntervalSince1970: TimeInterval(newest.wallMillis) / 1000))
    }
}
