import Foundation
import ReceiptModel
import ReceiptTesting
import Replication
import Testing

/// `Fixtures/replication/merges.json`: stamps, clock steps and merges that the web app's offline
/// store (`Sources/WebApp/Assets/outbox.js`) re-implements for the browser. The same file is run
/// against outbox.js by `Tests/js/replication.test.js`, so the two implementations cannot drift.
struct SharedReplicationFixture: Decodable {
    /// A change queued offline, as outbox.js stores it: fields of an entry set at one stamp, or
    /// the entry's removal.
    struct Change: Decodable {
        let entry: String
        let fields: [String: JSONValue]
        let removed: Bool
        let at: HybridTimestamp
    }

    /// One case; which members it has depends on `op`.
    struct Case: Decodable {
        let name: String
        let op: String
        // "format": a reading and its string form.
        let wall: Int64?
        let counter: Int?
        let replica: String?
        let stamp: String?
        // "compare": -1, 0 or 1 as `a` is before, equal to or after `b` (in the string form too).
        let a: HybridTimestamp?
        let b: HybridTimestamp?
        let order: Int?
        // "tick": the clock of `replica` whose last reading is `previous` reads `next` at `now`
        // (milliseconds), after observing `observed` (null: a local event).
        let previous: HybridTimestamp?
        let observed: HybridTimestamp?
        let now: Int64?
        let next: String?
        // "newest": the newest stamp of `state` (null for none).
        // "apply": `changes` applied in order to `state` give `result`.
        let state: ReplicatedDocument?
        let changes: [Change]?
        let newest: String?
        let result: ReplicatedDocument?
    }

    let cases: [Case]

    static func load() throws -> SharedReplicationFixture {
        try JSONDecoder().decode(Self.self, from: Data(contentsOf: Fixtures.url("replication/merges.json")))
    }

    /// `changes` applied to `state` by the document's own writes.
    static func apply(_ changes: [Change], to state: ReplicatedDocument) -> ReplicatedDocument {
        var document = state
        for change in changes {
            if change.removed {
                document.remove(entry: change.entry, at: change.at)
            } else {
                for (field, value) in change.fields { document.set(entry: change.entry, field, value, at: change.at) }
            }
        }
        return document
    }

    /// A date whose milliseconds since 1970, rounded down, are `millis` (half a millisecond in,
    /// so that no floating-point error moves it to the millisecond before).
    static func date(millis: Int64) -> Date {
        Date(timeIntervalSince1970: (Double(millis) + 0.5) / 1000)
    }
}

@Suite struct SharedFixtureTests {
    @Test func everyCaseHoldsForReplication() throws {
        let cases = try SharedReplicationFixture.load().cases
        #expect(Set(cases.map(\.op)) == ["format", "compare", "tick", "newest", "apply"])
        #expect(Set(cases.map(\.name)).count == cases.count, "case names are unique")
        for c in cases {
            switch c.op {
            case "format":
                let reading = HybridTimestamp(wallMillis: try #require(c.wall), counter: try #require(c.counter), replica: try #require(c.replica))
                #expect(reading.description == c.stamp, "\(c.name)")
                #expect(c.stamp.flatMap(HybridTimestamp.init) == reading, "\(c.name): parses back")
            case "compare":
                let (a, b) = (try #require(c.a), try #require(c.b))
                #expect((a < b ? -1 : b < a ? 1 : 0) == c.order, "\(c.name)")
                let texts = (a.description, b.description)
                #expect((texts.0 < texts.1 ? -1 : texts.1 < texts.0 ? 1 : 0) == c.order, "\(c.name): the string form sorts alike")
            case "tick":
                let previous: HybridTimestamp = try #require(c.previous)
                var clock = HybridClock(replica: try #require(c.replica), last: previous)
                let now = SharedReplicationFixture.date(millis: try #require(c.now))
                let next = c.observed.map { clock.observe($0, now: now) } ?? clock.tick(now: now)
                #expect(next.description == c.next, "\(c.name)")
            case "newest":
                #expect(try #require(c.state).newestStamp?.description == c.newest, "\(c.name)")
            case "apply":
                let result = SharedReplicationFixture.apply(try #require(c.changes), to: try #require(c.state))
                #expect(result == c.result, "\(c.name)")
            default:
                Issue.record("\(c.name): unknown op \(c.op)")
            }
        }
    }
}
