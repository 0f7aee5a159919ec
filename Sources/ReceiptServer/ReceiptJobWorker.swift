import Catalog
import DocumentStore
import Foundation
import HouseholdApp
import Households
import Logging
import Metrics
import ReceiptModel
import ReceiptOCR
import ReceiptPipeline
import ServiceLifecycle
import Synchronization

/// Wakes idle workers of this process when an upload arrives (workers elsewhere poll the store).
public final class JobSignal: Sendable {
    private let generation = Atomic<Int>(0)

    public init() {}

    public func signal() { generation.add(1, ordering: .releasing) }

    /// Returns after a signal or after `timeout`. Checks every 50 ms: cheaper to reason about than
    /// parked continuations, and an upload waits at most that long for an idle worker.
    func wait(timeout: Duration) async {
        let start = generation.load(ordering: .acquiring)
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline, generation.load(ordering: .acquiring) == start {
            do { try await Task.sleep(for: .milliseconds(50)) } catch { return }
        }
    }
}

/// Reads queued receipt photos into carts: claims a job, runs the reading pipeline (OCR, parsing,
/// catalog matching), stores the cart in the job's household and marks the job done.
///
/// Runs inside `receipts serve` (SQLite, or PostgreSQL) and as `receipts worker` on other machines
/// sharing a PostgreSQL store. On graceful shutdown (SIGTERM) it finishes the receipt in hand
/// and takes no new one; a worker killed outright leaves its job to others once the lease ends.
public struct ReceiptJobWorker: Service {
    let services: HouseholdServices
    /// One reader for the worker's lifetime: its neural reader processes (one per engine) start
    /// on the first receipt and stay, instead of starting anew for each upload (1-4 s each).
    let reader: ReceiptReader
    let matcher: ProductMatcher?
    let configuration: ServerConfiguration
    let signal: JobSignal
    let name: String
    let logger: Logger

    public init(
        services: HouseholdServices,
        ocr: OCREnginePool,
        matcher: ProductMatcher?,
        configuration: ServerConfiguration,
        signal: JobSignal,
        name: String = "worker-" + Identifiers.make("w"),
        reader: ReceiptReader? = nil,
        logger: Logger
    ) {
        self.services = services
        self.reader = reader ?? ReceiptReader.installed(ocr: ocr, rereadWhenUnsure: !configuration.fastReading, logger: logger)
        self.matcher = matcher
        self.configuration = configuration
        self.signal = signal
        self.name = name
        self.logger = logger
    }

    public func run() async throws {
        logger.info("receipt worker started", metadata: ["worker": "\(name)"])
        await withTaskGroup(of: Void.self) { group in
            for slot in 0..<max(1, reader.ocr.engines.count) {
                group.addTask { await loop(slot: slot) }
            }
        }
        await reader.neural?.stop()
        logger.info("receipt worker stopped", metadata: ["worker": "\(name)"])
    }

    private func loop(slot: Int) async {
        let worker = "\(name)/\(slot)"
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            let claimed: Revisioned<ReceiptJob>?
            do {
                claimed = try await services.jobs.claim(worker: worker, lease: configuration.jobLease)
            } catch {
                logger.warning("could not look for receipt jobs", metadata: ["error": "\(error)"])
                claimed = nil
            }
            guard let claimed else {
                await cancelWhenGracefulShutdown { await signal.wait(timeout: configuration.jobPollInterval) }
                continue
            }
            await process(claimed, worker: worker)
        }
    }

    /// One job, start to end (``ReceiptJobReading``), counted by outcome. Never throws: a failure
    /// is recorded on the job.
    public func process(_ claimed: Revisioned<ReceiptJob>, worker: String) async {
        let started = ContinuousClock.now
        let reading = ReceiptJobReading(
            services: services,
            reader: reader,
            matcher: matcher,
            rereadWhenUnsure: !configuration.fastReading,
            logger: logger
        )
        switch await reading.read(claimed) {
        case .done:
            Self.jobs(outcome: "done").increment()
            Metrics.Timer(label: "receipts_receipt_job_seconds").recordNanoseconds(Int64((ContinuousClock.now - started).seconds * 1e9))
        case .failed(_, let retryable):
            Self.jobs(outcome: retryable ? "retry" : "failed").increment()
        case .takenOver:
            Self.jobs(outcome: "taken-over").increment()
        }
    }

    /// Receipt jobs this process finished, by outcome (`done`, `retry`, `failed`, `taken-over`).
    static func jobs(outcome: String) -> Counter {
        Counter(label: "receipts_receipt_jobs_total", dimensions: [("outcome", outcome)])
    }
}
