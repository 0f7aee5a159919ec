import Foundation
import Replication
import Testing

@Suite struct HybridClockTests {
    @Test func readingsNeverGoBackwardsWhenTheWallClockDoes() {
        var clock = HybridClock(replica: "a")
        let first = clock.tick(now: Date(timeIntervalSince1970: 1000))
        let second = clock.tick(now: Date(timeIntervalSince1970: 999))
        let third = clock.tick(now: Date(timeIntervalSince1970: 999))
        #expect(first < second && second < third)
        #expect(second.wallMillis == first.wallMillis && second.counter == first.counter + 1)
    }

    @Test func aReadingAfterARemoteStampIsLaterThanIt() {
        var clock = HybridClock(replica: "a")
        _ = clock.tick(now: Date(timeIntervalSince1970: 10))
        let remote = HybridTimestamp(wallMillis: 50_000, counter: 7, replica: "b")
        let after = clock.observe(remote, now: Date(timeIntervalSince1970: 20))
        #expect(after > remote)
        #expect(after.wallMillis == 50_000 && after.counter == 8 && after.replica == "a")
        #expect(clock.tick(now: Date(timeIntervalSince1970: 20)) > after)
    }

    @Test func theStringFormSortsAsTheReadingsDoAndParsesBack() {
        var random = SystemRandomNumberGenerator()
        let stamps = (0..<300).map { _ in
            HybridTimestamp(
                wallMillis: Int64.random(in: 0...4_000_000_000_000, using: &random),
                counter: Int.random(in: 0..<1000, using: &random),
                replica: ["a", "b", "srv_1", "c.2", "Z"].randomElement(using: &random) ?? "a"
            )
        }
        #expect(stamps.sorted().map(\.description) == stamps.map(\.description).sorted())
        for stamp in stamps { #expect(HybridTimestamp(stamp.description) == stamp) }
        #expect(HybridTimestamp(HybridTimestamp.zero.description) == .zero)
    }

    @Test func malformedStampsAreRefused() {
        for text in ["", "1-2-a", "000000000000000001-000001-", "000000000000000001-00000x-a", "000000000000000001-000001-a b", "x"] {
            #expect(HybridTimestamp(text) == nil, "\(text)")
        }
    }

    @Test func aFullCounterMovesTheWallTimeOn() {
        var clock = HybridClock(replica: "a", last: HybridTimestamp(wallMillis: 5, counter: 999_999, replica: "a"))
        let next = clock.tick(now: Date(timeIntervalSince1970: 0))
        #expect(next.wallMillis == 6 && next.counter == 0)
        #expect(next.description > HybridTimestamp(wallMillis: 5, counter: 999_999, replica: "a").description)
    }
}
