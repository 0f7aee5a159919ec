import DocumentStore
import Foundation
import Logging
import ReceiptModel

/// A receipt photo waiting to be read, being read, or read: the record behind `/api/v1/jobs/{id}`.
public struct ReceiptJob: Codable, Sendable, Hashable {
    public enum Status: String, Codable, Sendable, Hashable {
        case queued, running, done, failed
    }

    public var id: String
    public var household: String
    public var userId: String
    public var userName: String
    /// The SHA-256 of the image bytes; also the id of its blob.
    public var imageSHA256: String
    public var bytes: Int
    public var fileName: String?
    /// The display name of the member who bought what the receipt shows: the uploader unless
    /// they named another member (nil on jobs queued before it was recorded: the uploader).
    public var purchasedBy: String?
    public var status: Status
    public var attempts: Int
    /// The worker holding the job and until when; another worker may take it after that.
    public var leaseOwner: String?
    public var leaseUntil: String?
    public var cartId: String?
    public var error: Failure?
    public var createdAt: String
    public var updatedAt: String

    public struct Failure: Codable, Sendable, Hashable {
        public var code: String
        public var message: String
    }
}

/// What an upload led to: a new (or already waiting) job, or the cart this image already became.
public enum UploadOutcome: Sendable {
    case queued(ReceiptJob)
    case existingCart(cartId: String, job: ReceiptJob?)
}

/// The receipt-job queue in the document store, shared by every server instance and worker.
///
/// Claiming is a compare-and-set on the job's revision: of two workers that read the same queued
/// job, exactly one write succeeds; the other moves on. A claimed job carries a lease; a worker that
/// dies leaves it to be claimed again when the lease runs out. A job's cart id is the receipt's
/// (`CartDocument.receiptCartID`, from the image hash and the household), so a job read twice (a lease that ran out under a slow worker)
/// writes the same cart twice rather than two carts.
public struct ReceiptJobQueue: Sendable {
    public static let maxAttempts = 3

    let records: Records
    let directory: HouseholdDirectory
    let now: @Sendable () -> Date
    let logger: Logger

    public init(records: Records, directory: HouseholdDirectory, now: @escaping @Sendable () -> Date = Date.init, logger: Logger) {
        self.records = records
        self.directory = directory
        self.now = now
        self.logger = logger
    }

    static func jobID(household: String, imageSHA256: String) -> String {
        "j_" + Hashing.sha256Hex("job/" + household + "/" + imageSHA256).prefix(24)
    }

    /// Stores the image and queues it for reading. The same image uploaded again to the same
    /// household answers its cart (or its job still under way) and stores nothing new.
    /// - Parameter purchaser: the user id of the member who bought it; the uploader when nil.
    /// - Throws: `request.invalid` (`purchasedBy`) when the purchaser is not a member.
    public func enqueue(
        image: Data,
        fileName: String?,
        household: String,
        by user: PublicUser,
        purchaser: String? = nil
    ) async throws -> UploadOutcome {
        try await directory.requireMember(household, userId: user.id)
        var purchasedBy = user.displayName
        if let purchaser, purchaser != user.id {
            guard let member = try await directory.household(household, for: user.id).value.member(purchaser) else {
                throw HouseholdError.invalid("purchasedBy", "Name a member of this household as the purchaser (their user id), or leave it out.")
            }
            purchasedBy = member.displayName
        }
        let sha = Hashing.sha256Hex(image)
        let jobID = Self.jobID(household: household, imageSHA256: sha)
        let existingJob = try await records.get(ReceiptJob.self, Collections.jobs, jobID)
        if let cartId = try await existingCart(household: household, imageSHA256: sha) {
            return .existingCart(cartId: cartId, job: existingJob?.value)
        }
        if let existingJob, existingJob.value.status != .failed { return .queued(existingJob.value) }
        try await records.store.putBlob(id: sha, data: image)
        let instant = Instant.string(now())
        let job = ReceiptJob(
            id: jobID,
            household: household,
            userId: user.id,
            userName: user.displayName,
            imageSHA256: sha,
            bytes: image.count,
            fileName: fileName.map { String($0.prefix(200)) },
            purchasedBy: purchasedBy,
            status: .queued,
            attempts: 0,
            createdAt: instant,
            updatedAt: instant
        )
        do {
            // A failed job uploaded again is queued again; a new one is created only once.
            try await records.put(job, Collections.jobs, jobID, expectedRev: existingJob?.rev ?? 0)
            return .queued(job)
        } catch let error as StoreError where error.code == .conflict {
            guard let raced = try await records.get(ReceiptJob.self, Collections.jobs, jobID) else { throw error }
            return .queued(raced.value)
        }
    }

    /// The cart already made from this image in this household, by upload or by `ingest --household`.
    public func existingCart(household: String, imageSHA256: String) async throws -> String? {
        let query = DocumentQuery(
            collection: Collections.carts,
            filters: [.equals("source.sha256", imageSHA256), .equals("household", household)],
            limit: 1
        )
        for try await stored in records.store.query(query) { return stored.id }
        return nil
    }

    /// A job of one of the caller's households.
    public func job(_ id: String, for userId: String) async throws -> ReceiptJob {
        guard let job = try await records.get(ReceiptJob.self, Collections.jobs, id) else { throw HouseholdError.jobNotFound }
        do {
            try await directory.requireMember(job.value.household, userId: userId)
        } catch {
            throw HouseholdError.jobNotFound
        }
        return job.value
    }

    /// Takes the oldest job that is queued or whose lease ran out, for `lease`.
    /// - Returns: the job with the revision the worker must hand back, or `nil` when none waits.
    public func claim(worker: String, lease: Duration) async throws -> Revisioned<ReceiptJob>? {
        let instant = now()
        var candidates = try await records.all(
            ReceiptJob.self,
            DocumentQuery(
                collection: Collections.jobs,
                filters: [.equals("status", ReceiptJob.Status.queued.rawValue)],
                sort: SortKey("createdAt"),
                limit: 16
            )
        )
        let running = try await records.all(
            ReceiptJob.self,
            DocumentQuery(
                collection: Collections.jobs,
                filters: [.equals("status", ReceiptJob.Status.running.rawValue), .less("leaseUntil", .string(Instant.string(instant)))],
                limit: 16
            )
        )
        candidates += running
        for candidate in candidates {
            var job = candidate.value
            job.status = .running
            job.attempts += 1
            job.leaseOwner = worker
            job.leaseUntil = Instant.string(instant.addingTimeInterval(lease.seconds))
            job.updatedAt = Instant.string(instant)
            do {
                let rev = try await records.put(job, Collections.jobs, job.id, expectedRev: candidate.rev)
                return Revisioned(job, rev: rev)
            } catch let error as StoreError where error.code == .conflict {
                continue  // another worker took it first
            }
        }
        return nil
    }

    /// Marks a claimed job done with its cart. A worker whose lease was taken over finds the job
    /// already done (same cart id) and leaves it.
    public func complete(_ claimed: Revisioned<ReceiptJob>, cartId: String) async throws {
        try await finish(claimed) { job in
            job.status = .done
            job.cartId = cartId
            job.error = nil
        }
    }

    /// Records a failure. Failures that may pass (the store was busy) are queued again while
    /// attempts remain; an image that cannot be read fails at once.
    public func fail(_ claimed: Revisioned<ReceiptJob>, code: String, message: String, retryable: Bool) async throws {
        try await finish(claimed) { job in
            job.error = ReceiptJob.Failure(code: code, message: message)
            job.status = retryable && job.attempts < Self.maxAttempts ? .queued : .failed
        }
    }

    /// Hands a job back unfinished (the server is shutting down): queued again, attempt not counted.
    public func release(_ claimed: Revisioned<ReceiptJob>) async throws {
        try await finish(claimed) { job in
            job.status = .queued
            job.attempts = max(0, job.attempts - 1)
        }
    }

    private func finish(_ claimed: Revisioned<ReceiptJob>, _ change: (inout ReceiptJob) -> Void) async throws {
        var job = claimed.value
        change(&job)
        job.leaseOwner = nil
        job.leaseUntil = nil
        job.updatedAt = Instant.string(now())
        do {
            try await records.put(job, Collections.jobs, job.id, expectedRev: claimed.rev)
        } catch let error as StoreError where error.code == .conflict {
            logger.info("job was taken over by another worker", metadata: ["job.id": "\(job.id)"])
        }
    }

    /// The image behind a job or a cart, for members only.
    public func image(sha256: String) async throws -> Data {
        guard let data = try await records.store.getBlob(id: sha256) else {
            throw HouseholdError(.imageNotFound, "The image of this receipt is not stored (it was ingested from a folder).")
        }
        return data
    }
}
