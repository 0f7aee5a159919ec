import DocumentStore
import Foundation
import Testing

@testable import Households

/// `Records.update` is the one read-change-write loop: a change that meets another writer's newer
/// revision is redone on that revision, never written over it.
@Suite struct RecordsTests {
    struct Note: Codable, Sendable, Equatable {
        var lines: [String]
    }

    static let notFound = HouseholdError(.listNotFound, "No such note.")

    @Test("a conflict with another writer is retried from the store and keeps both changes")
    func conflictRetry() async throws {
        try await HouseholdTestBed.with { bed in
            let one = Records(store: bed.store)
            let other = Records(store: bed.store)
            try await one.put(Note(lines: []), "notes", "n", expectedRev: 0)
            // `one` remembers its own write; `other` then changes the note behind its back.
            _ = try await one.update(Note.self, "notes", "n", ifMatch: nil, notFound: Self.notFound) { $0.lines.append("one") }
            _ = try await other.update(Note.self, "notes", "n", ifMatch: nil, notFound: Self.notFound) { $0.lines.append("other") }
            var attempts = 0
            let (updated, _) = try await one.update(Note.self, "notes", "n", ifMatch: nil, notFound: Self.notFound) { note in
                attempts += 1
                note.lines.append("one again")
            }
            #expect(attempts == 2)
            #expect(updated.value.lines == ["one", "other", "one again"])
            #expect(updated.rev == 4)
            #expect(try await one.get(Note.self, "notes", "n")?.value == updated.value)
        }
    }

    @Test("with If-Match, a newer revision is refused as request.stale and nothing is written")
    func staleIfMatch() async throws {
        try await HouseholdTestBed.with { bed in
            let records = Records(store: bed.store)
            try await records.put(Note(lines: ["a"]), "notes", "n", expectedRev: 0)
            _ = try await records.update(Note.self, "notes", "n", ifMatch: 1, notFound: Self.notFound) { $0.lines.append("b") }
            let stale = await #expect(throws: HouseholdError.self) {
                try await records.update(Note.self, "notes", "n", ifMatch: 1, notFound: Self.notFound) { $0.lines.append("c") }
            }
            #expect(stale?.code == .stale)
            #expect(try await records.get(Note.self, "notes", "n")?.value.lines == ["a", "b"])
        }
    }
}
