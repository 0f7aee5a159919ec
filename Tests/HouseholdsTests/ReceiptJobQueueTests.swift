import Foundation
import Households
import Testing

@Suite struct ReceiptJobQueueTests {
    @Test("a claimed job is leased: no second claim until the lease runs out, then another worker takes it")
    func claimAndLease() async throws {
        let clock = TestClock()
        try await HouseholdTestBed.with(now: { clock.now }) { bed in
            guard
                case .queued(let job) = try await bed.jobs.enqueue(
                    image: Data("photo".utf8),
                    fileName: "r.jpg",
                    household: bed.household,
                    by: bed.ana
                )
            else {
                Issue.record("a new image is queued")
                return
            }
            #expect(job.status == .queued)

            let first = try #require(try await bed.jobs.claim(worker: "w1", lease: .seconds(60)))
            #expect(first.value.id == job.id)
            #expect(first.value.status == .running)
            #expect(first.value.attempts == 1)
            #expect(try await bed.jobs.claim(worker: "w2", lease: .seconds(60)) == nil)

            clock.advance(seconds: 61)
            let second = try #require(try await bed.jobs.claim(worker: "w2", lease: .seconds(60)))
            #expect(second.value.leaseOwner == "w2")
            #expect(second.value.attempts == 2)

            // The first worker's late completion loses to the second's claim and changes nothing.
            try await bed.jobs.complete(first, cartId: "c_late")
            #expect(try await bed.jobs.job(job.id, for: bed.ana.id).status == .running)
            try await bed.jobs.complete(second, cartId: "c_1")
            let done = try await bed.jobs.job(job.id, for: bed.ana.id)
            #expect(done.status == .done)
            #expect(done.cartId == "c_1")
            #expect(done.leaseOwner == nil)
        }
    }

    @Test("a retryable failure queues the job again until the attempts run out; an unreadable image fails at once")
    func failures() async throws {
        try await HouseholdTestBed.with { bed in
            _ = try await bed.jobs.enqueue(image: Data("photo".utf8), fileName: nil, household: bed.household, by: bed.ana)
            for attempt in 1...ReceiptJobQueue.maxAttempts {
                let claimed = try #require(try await bed.jobs.claim(worker: "w", lease: .seconds(60)))
                #expect(claimed.value.attempts == attempt)
                try await bed.jobs.fail(claimed, code: "store.busy", message: "busy", retryable: true)
            }
            #expect(try await bed.jobs.claim(worker: "w", lease: .seconds(60)) == nil)

            guard
                case .queued(let other) = try await bed.jobs.enqueue(image: Data("blurry".utf8), fileName: nil, household: bed.household, by: bed.ana)
            else {
                Issue.record("a new image is queued")
                return
            }
            let claimed = try #require(try await bed.jobs.claim(worker: "w", lease: .seconds(60)))
            try await bed.jobs.fail(claimed, code: "image.unreadable", message: "unreadable", retryable: false)
            let failed = try await bed.jobs.job(other.id, for: bed.ana.id)
            #expect(failed.status == .failed)
            #expect(failed.error?.code == "image.unreadable")
        }
    }

    @Test("a job answers only members of its household")
    func privacy() async throws {
        try await HouseholdTestBed.with { bed in
            guard case .queued(let job) = try await bed.jobs.enqueue(image: Data("photo".utf8), fileName: nil, household: bed.household, by: bed.ana)
            else {
                Issue.record("a new image is queued")
                return
            }
            let foreign = await #expect(throws: HouseholdError.self) { try await bed.jobs.job(job.id, for: bed.bo.id) }
            let missing = await #expect(throws: HouseholdError.self) { try await bed.jobs.job("j_missing", for: bed.bo.id) }
            #expect(foreign == missing)
        }
    }
}
