import ArgumentParser
import Catalog
import DocumentStore
import Foundation
import HouseholdApp
import Households
import Logging
import ProcessBootstrap
import ReceiptModel
import ReceiptOCR
import ReceiptPipeline
import Synchronization

/// `receipts ingest PATH...`: the main job.
struct IngestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Read receipt photos into cart documents in the store.",
        discussion: """
            Walks folders recursively (sorted; hidden files skipped) and takes image files by \
            content as well as extension; with more files than --jobs, the largest images are \
            read first, so that no long one is left for the end. Each receipt becomes a cart whose id is the SHA-256 of \
            the image bytes: an image already in the store is skipped (unless --force), so running \
            the same command again after a crash or Ctrl-C resumes where it stopped. A file that \
            cannot be read becomes a record in the store's failures with a code and a message; \
            the batch goes on. Ctrl-C (or SIGTERM) finishes the receipts in flight, writes them \
            and stops; a second Ctrl-C quits at once.

            With --watch it then keeps looking at the folders every --interval seconds and \
            ingests each new photo once its size has stopped changing (a sync or a copy may \
            still be writing it), until Ctrl-C.

            Exit status: 0 all done (or --watch stopped), 1 some files failed, 2 usage error, \
            130 interrupted before every file was read (run the command again to resume).
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var catalog: CatalogOptions

    @Argument(help: "Image files or folders.", completion: .file())
    var paths: [String]

    @Option(help: "Who added these receipts (addedByUser). Default: the login name.")
    var user: String?

    @Option(
        help: ArgumentHelp("Put the carts into this household of a shared store (`receipts serve`), where its members see them.", valueName: "id")
    )
    var household: String?

    @Option(
        help: ArgumentHelp(
            "With --household, the member who bought these receipts (their display name or user id); the carts and their change log name them. Default: the household's owner.",
            valueName: "name"
        )
    )
    var member: String?

    @Option(help: "OCR workers, one Tesseract engine each. Default: the number of cores.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Read images again even when they are already in the store.")
    var force = false

    @Flag(help: "Read and parse, but write nothing to the store.")
    var dryRun = false

    @Flag(help: "Keep running and ingest new photos as they appear in the folders.")
    var watch = false

    @Option(help: "With --watch, seconds between looks at the folders.")
    var interval: Double = 2

    @Flag(help: "Print each cart document as one JSON line on stdout as it is stored.")
    var json = false

    @Flag(
        name: [.customLong("fast"), .customLong("no-reread")],
        help:
            "Tesseract only, one reading per photo: about as fast as the tesseract CLI and several times faster than the default, which reads every photo with the neural reader first (when installed) and with Tesseract again when unsure; fewer totals, dates and merchants come out right."
    )
    var fast = false

    func validate() throws {
        guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 64.") }
        guard interval > 0 else { throw ValidationError("--interval must be positive.") }
        guard member == nil || household != nil else { throw ValidationError("--member names a member of the --household: give both.") }
    }

    func run() async throws {
        let logger = global.makeLogger(label: "receipts.ingest")
        let phases = IngestPhases(logger: logger)
        phases.mark("command")
        defer { phases.log() }
        let finder = ImageFinder()
        let found = try ValidationError.reading { try finder.find(paths) }
        let watcher = FolderWatcher(paths: paths, interval: .milliseconds(Int(interval * 1000)), finder: finder)
        // With --watch, a photo still being copied in is left to the watcher until it settles.
        let files = watch ? watcher.splitSettled(found).settled : found
        ProcessTuning.tuneForBatch(jobs: jobs)
        // The engines load their models on threads of their own while the store opens and the
        // catalog loads: the two together were about 0.2 s of serial start.
        let engines = Task {
            let pool = try await OCREnginePool.make(workers: jobs, logger: logger)
            phases.mark("engines")
            return pool
        }

        let summary = try await store.withOpenStore(logger: logger) { documentStore in
            phases.mark("store")
            let filing = try await householdFiling(in: documentStore, logger: logger)
            let pipeline = try await makePipeline(store: documentStore, engines: engines, filing: filing, phases: phases, logger: logger)
            return await ingest(files, watcher: watcher, pipeline: pipeline, phases: phases)
        }
        phases.mark("closed")
        if summary.failed > 0 { throw ExitCode(1) }
        // An interrupted batch is not done: say so to scripts (128 + SIGINT, as shells do).
        // Stopping --watch is its normal end.
        if summary.interrupted && !watch { throw ExitCode(130) }
    }

    /// With --household, the filing that puts carts in as a member's purchases, through the
    /// household's write path (change log, list entries ticked), as uploads do; nil without.
    /// Throws a `ValidationError` when the household or member is not found.
    private func householdFiling(in documentStore: any DocumentStore, logger: Logger) async throws -> HouseholdReceiptFiling? {
        guard let household else { return nil }
        do {
            return try await HouseholdReceiptFiling(
                services: HouseholdServices(store: documentStore, logger: logger),
                household: household,
                member: member,
                logger: logger
            )
        } catch let error as HouseholdError where error.code == .householdNotFound {
            throw ValidationError(
                "No household '\(household)' in this store. Its members find its id in the web app or with GET /api/v1/households."
            )
        } catch let error as HouseholdError {
            throw ValidationError(error.message)
        }
    }

    /// The pipeline that reads with the engines once they are loaded and matches items against the
    /// product catalog, which it opens first.
    private func makePipeline(
        store documentStore: any DocumentStore,
        engines: Task<OCREnginePool, any Error>,
        filing: HouseholdReceiptFiling?,
        phases: IngestPhases,
        logger: Logger
    ) async throws -> IngestPipeline {
        let productCatalog = try catalog.open(store: documentStore, logger: logger)
        let matcher = try await productCatalog.matcher()
        phases.mark("catalog")
        return IngestPipeline(
            ocr: try await engines.value,
            matcher: matcher,
            store: documentStore,
            filing: filing,
            options: IngestOptions(
                user: user ?? Self.loginName(),
                jobs: jobs,
                force: force,
                dryRun: dryRun,
                rereadWhenUnsure: !fast,
                household: household
            ),
            logger: logger
        )
    }

    /// Ingests `files`, then with --watch the new photos until Ctrl-C, reporting each as it is
    /// done and the summary at the end; returns that summary. Ctrl-C stops starting new files.
    private func ingest(_ files: [FoundFile], watcher: FolderWatcher, pipeline: IngestPipeline, phases: IngestPhases) async -> IngestSummary {
        let stop = StopSignal()
        let interrupts = InterruptHandler { stop.stop() }
        defer { interrupts.cancel() }
        let output = IngestOutput(json: json, total: files.count)
        phases.mark("batch")
        var total = await pipeline.run(files, stop: stop) { event in await output.report(event) }
        phases.mark("batch-end")
        if watch && !stop.isStopped {
            FileHandle.standardError.write(Data("receipts: watching \(paths.joined(separator: ", ")) for new photos (Ctrl-C stops)\n".utf8))
            total += await watcher.run(
                pipeline: pipeline,
                known: files,
                stop: stop,
                onBatch: { count in await output.add(count) },
                onEvent: { event in await output.report(event) }
            )
            total.interrupted = total.notStarted > 0
        }
        await output.finish(total)
        return total
    }

    static func loginName() -> String {
        if let name = ProcessInfo.processInfo.environment["USER"], !name.isEmpty { return name }
        if let name = getlogin().map({ String(cString: $0) }), !name.isEmpty { return name }
        return NSUserName()
    }
}

/// Progress on stderr (a bar on a terminal, plain lines otherwise) and results on stdout.
actor IngestOutput {
    private let json: Bool
    private var total: Int
    private var done = 0
    private var failed = 0
    private let started = ContinuousClock.now
    private let terminal = isatty(STDERR_FILENO) != 0
    private var failures: [(String, String, String)] = []

    init(json: Bool, total: Int) {
        self.json = json
        self.total = total
    }

    func add(_ count: Int) { total += count }

    func report(_ event: IngestEvent) async {
        done += 1
        switch event {
        case .stored(let cart, let file):
            if json {
                if let data = try? JSONCoding.encoder.encode(cart) {
                    FileHandle.standardOutput.write(data + Data("\n".utf8))
                }
            } else {
                let merchant = cart.merchant?.name ?? "?"
                let total = cart.total.map { "\($0)" } ?? "?"
                line("stored   \(file.displayPath)  \(merchant)  \(cart.date ?? "no date")  \(total)\(cart.needsReview ? "  (review)" : "")")
            }
        case .skipped(_, let file):
            if !json { line("skipped  \(file.displayPath)  (already in the store)") }
        case .failed(let record, let file):
            failed += 1
            failures.append((file.displayPath, record.error, record.message))
            if !json { line("failed   \(file.displayPath)  \(record.error): \(record.message)") }
        }
        progress()
    }

    func finish(_ summary: IngestSummary) {
        if terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        var text = "\(summary.stored) stored, \(summary.skipped) already in the store, \(summary.failed) failed"
        if summary.interrupted { text += ", \(summary.notStarted) not started (interrupted: run again to resume)" }
        text += String(format: " in %.1f s", summary.seconds)
        if summary.neuralReadings > 0 {
            // Its cost is the main difference from --fast: say how much of the time it took.
            text += String(
                format: " (the neural reader read %d receipt%@, %.1f s)",
                summary.neuralReadings,
                summary.neuralReadings == 1 ? "" : "s",
                summary.neuralSeconds
            )
        }
        if !failures.isEmpty {
            text += "\nFailures (recorded in the store's failures):"
            for (file, code, message) in failures { text += "\n  \(file): \(code): \(message)" }
        }
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Results on stdout in text mode; the bar is redrawn after.
    private func line(_ text: String) {
        if terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    private func progress() {
        guard terminal else { return }
        let elapsed = ContinuousClock.now - started
        let seconds = max(0.001, elapsed.seconds)
        let rate = Double(done) / seconds
        let remaining = rate > 0 ? Double(total - done) / rate : 0
        let width = 24
        let filled = total > 0 ? min(width, done * width / total) : width
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let text = String(format: "\r[%@] %d/%d  %.2f/s  ETA %.0fs  failed %d", bar, done, total, rate, remaining, failed)
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// Ctrl-C (SIGINT) or SIGTERM: the first one asks the batch to stop after the receipts in
/// flight; a second one exits at once. SIGTERM counts too, so a service manager stopping a
/// `--watch` run gets the same clean finish.
final class InterruptHandler {
    private static let signals = [SIGINT, SIGTERM]
    private let sources: [any DispatchSourceSignal]

    /// - Parameter message: what the first Ctrl-C is told will happen.
    init(message: String = "stopping after the receipts in flight", onInterrupt: @escaping @Sendable () -> Void) {
        let count = InterruptCount()
        sources = Self.signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if count.increment() == 1 {
                    FileHandle.standardError.write(Data("\nreceipts: \(message) (Ctrl-C again to quit now)\n".utf8))
                    onInterrupt()
                } else {
                    exit(130)
                }
            }
            source.resume()
            return source
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
        for number in Self.signals { signal(number, SIG_DFL) }
    }
}

private final class InterruptCount: Sendable {
    private let value = Atomic<Int>(0)
    func increment() -> Int { value.add(1, ordering: .relaxed).newValue }
}
