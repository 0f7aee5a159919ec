import Catalog
import DocumentStore
import Foundation
import Households
import Logging
import ReceiptModel
import ReceiptOCR
import ReceiptPipeline

/// Reads an uploaded receipt photo into a cart of its household: the reading pipeline (OCR,
/// parsing, catalog matching), the cart stored once through the domain's write path, the list
/// entries it bought ticked, and the job completed or its failure recorded. The server's worker
/// claims jobs and calls this; it holds no flow of its own.
public struct ReceiptJobReading: Sendable {
    /// What became of a job.
    public enum Outcome: Sendable, Hashable {
        case done(cartId: String)
        /// `retryable`: queued again while attempts remain.
        case failed(code: String, retryable: Bool)
        /// The job's lease ran out before this reading was stored and another reader took it:
        /// nothing was written.
        case takenOver
    }

    let services: HouseholdServices
    let reader: ReceiptReader
    let matcher: ProductMatcher?
    let rereadWhenUnsure: Bool
    let logger: Logger

    public init(services: HouseholdServices, reader: ReceiptReader, matcher: ProductMatcher?, rereadWhenUnsure: Bool, logger: Logger) {
        self.services = services
        self.reader = reader
        self.matcher = matcher
        self.rereadWhenUnsure = rereadWhenUnsure
        self.logger = logger
    }

    /// One job, start to end. Never throws: a failure is recorded on the job.
    public func read(_ claimed: Revisioned<ReceiptJob>) async -> Outcome {
        let job = claimed.value
        var logger = logger
        logger[metadataKey: "job.id"] = "\(job.id)"
        do {
            let image = try await services.jobs.image(sha256: job.imageSHA256)
            let pipeline = IngestPipeline(
                reader: reader,
                matcher: matcher,
                store: services.store,
                options: IngestOptions(user: job.userName, jobs: 1, rereadWhenUnsure: rereadWhenUnsure, household: job.household),
                logger: logger
            )
            var (cart, _) = try await pipeline.cart(from: image, file: job.fileName ?? "upload")
            // A receipt is a purchase made: by the uploader unless they named another member.
            cart.markBought(byUserId: job.userId, purchaser: job.purchasedBy ?? job.userName)
            // Same id for the same photo in the same household: a job read twice keeps the one
            // cart the first reading stored, with whatever members changed in it since.
            let (stored, created, claim) = try await services.carts.storeReceiptCart(cart, uploadedBy: job.userId, claim: claimed)
            cart = stored.value
            // Ticked before the job says it is done, so whoever waits for it sees the ticks.
            await services.tickEntriesBought(by: cart, created: created, logger: logger)
            try await services.jobs.complete(claim, cartId: cart.id)
            logger.info("receipt read", metadata: ["cart.id": "\(cart.id)"])
            return .done(cartId: cart.id)
        } catch let error as HouseholdError where error.code == .jobClaimLost {
            // Not a failure of the job: the reader that took it over records its outcome.
            logger.info("receipt job taken over by another worker; this reading is dropped")
            return .takenOver
        } catch {
            let (code, message, retryable) = Self.describe(error)
            logger.info("receipt job failed", metadata: ["error.code": "\(code)"])
            do {
                try await services.jobs.fail(claimed, code: code, message: message, retryable: retryable)
            } catch {
                logger.warning(
                    "could not record the job's failure; its lease will run out and it will be tried again",
                    metadata: ["error": "\(error)"]
                )
            }
            return .failed(code: code, retryable: retryable)
        }
    }

    /// A failure as the job records it: its code, a message for the uploader, and whether trying
    /// again may help.
    static func describe(_ error: any Error) -> (String, String, Bool) {
        switch error {
        case let error as OCRError:
            return (error.code.rawValue, error.message, error.code == .failed)
        case let error as StoreError:
            return (error.code.rawValue, "The server's database was not available; the receipt will be read again.", true)
        case let error as any CodedError:
            return (error.errorCode, error.message, false)
        default:
            return ("receipt.failed", "Reading the receipt failed unexpectedly; it will be tried again.", true)
        }
    }
}
