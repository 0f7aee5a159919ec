import Catalog
import Crypto
import DocumentStore
import Foundation
import Logging
import ReceiptModel
import ReceiptOCR
import ReceiptParsing
import Synchronization

/// What happened to one file.
public enum IngestEvent: Sendable {
    /// A cart was written (or, with `dryRun`, would have been).
    case stored(CartDocument, file: FoundFile)
    /// The image is already in the store (same bytes): nothing to do.
    case skipped(id: String, file: FoundFile)
    /// The file could not become a cart; the record was written to `failures`.
    case failed(FailureRecord, file: FoundFile)
}

/// How a batch ended.
public struct IngestSummary: Sendable, Hashable, Codable {
    public var found = 0
    public var stored = 0
    public var skipped = 0
    public var failed = 0
    /// Files not started because the run was interrupted; a re-run picks them up.
    public var notStarted = 0
    public var interrupted = false
    public var seconds = 0.0
    /// Seconds spent inside OCR (load, preprocessing, recognition), summed over workers.
    public var ocrSeconds = 0.0
    /// Receipts the neural reader read, and its seconds (part of ``ocrSeconds``).
    public var neuralReadings = 0
    public var neuralSeconds = 0.0
}

/// What reading one receipt cost, summed into ``IngestSummary``.
struct ReadingCost: Sendable {
    var ocrSeconds = 0.0
    var neural = false
    var neuralSeconds = 0.0
}

/// Ingest settings.
public struct IngestOptions: Sendable {
    public var user: String
    public var jobs: Int
    public var force: Bool
    public var dryRun: Bool
    /// Files above this size are refused before they are read (a photo is a few MB).
    public var maxFileBytes: Int
    /// Read a receipt a second time when the first reading leaves it unsure (``ReceiptReader``).
    public var rereadWhenUnsure: Bool
    /// The household the carts go into on a shared store (`ingest --household`); `nil` for a
    /// personal store.
    public var household: String?

    public init(
        user: String,
        jobs: Int,
        force: Bool = false,
        dryRun: Bool = false,
        maxFileBytes: Int = 100 << 20,
        rereadWhenUnsure: Bool = true,
        household: String? = nil
    ) {
        self.user = user
        self.jobs = max(1, jobs)
        self.force = force
        self.dryRun = dryRun
        self.maxFileBytes = maxFileBytes
        self.rereadWhenUnsure = rereadWhenUnsure
        self.household = household
    }
}

/// A flag another thread sets to stop a batch after the receipts in flight (Ctrl-C).
public final class StopSignal: Sendable {
    private let flag = Atomic<Bool>(false)
    public init() {}
    public func stop() { flag.store(true, ordering: .relaxed) }
    public var isStopped: Bool { flag.load(ordering: .relaxed) }
}

/// The main job: image files in, cart documents out.
///
/// Each file goes through: read → SHA-256 (the cart id; already stored means skip) →
/// OCR (one engine per worker) → parse → catalog match → store. At most `jobs` files
/// are in flight, so memory stays bounded whatever the folder size. A file that fails
/// becomes a record in `failures` and the batch goes on.
public final class IngestPipeline: Sendable {
    public static let cartsCollection = CartDocument.collection
    public static let failuresCollection = FailureRecord.collection

    private let reader: ReceiptReader
    private let matcher: ProductMatcher?
    private let store: any DocumentStore
    private let filing: any ReceiptCartFiling
    private let options: IngestOptions
    private let builder: CartBuilder
    private let knownMerchants: KnownMerchantCache
    private let logger: Logger

    /// A pipeline with a reader of its own (`options.rereadWhenUnsure` decides whether it reads
    /// neurally first; see ``ReceiptReader/installed(ocr:rereadWhenUnsure:logger:)``).
    public convenience init(
        ocr: OCREnginePool,
        matcher: ProductMatcher?,
        store: any DocumentStore,
        filing: (any ReceiptCartFiling)? = nil,
        options: IngestOptions,
        logger: Logger
    ) {
        self.init(
            reader: ReceiptReader.installed(ocr: ocr, rereadWhenUnsure: options.rereadWhenUnsure, logger: logger),
            matcher: matcher,
            store: store,
            filing: filing,
            options: options,
            logger: logger
        )
    }

    /// A pipeline reading with `reader`: a long-lived caller (the server's receipt worker) keeps
    /// one reader, so that its neural reader processes start once, not once a receipt.
    /// `filing` stores the carts read (``PersonalCartFiling`` when `nil`).
    public init(
        reader: ReceiptReader,
        matcher: ProductMatcher?,
        store: any DocumentStore,
        filing: (any ReceiptCartFiling)? = nil,
        options: IngestOptions,
        logger: Logger
    ) {
        self.reader = reader
        self.matcher = matcher
        self.store = store
        self.filing = filing ?? PersonalCartFiling(store: store)
        self.options = options
        self.logger = logger
        self.builder = CartBuilder(user: options.user, pipelineDescription: Self.pipelineDescription(reader.ocr))
        self.knownMerchants = KnownMerchantCache(store: store, household: options.household)
    }

    static func pipelineDescription(_ ocr: OCREnginePool) -> String {
        let languages = ocr.engines.first?.configuration.languages.joined(separator: "+") ?? "eng"
        return "receipts \(ReceiptPipelineVersion.string), tesseract \(OCREngine.tesseractVersion), \(languages)"
    }

    /// Ingests `files`, calling `onEvent` as each finishes (from one task at a time). With more
    /// files than workers, the largest images start first (``IngestOrder``).
    /// Stops starting new files once `stop` is set; files in flight are finished and written.
    public func run(
        _ files: [FoundFile],
        stop: StopSignal = StopSignal(),
        onEvent: @escaping @Sendable (IngestEvent) async -> Void
    ) async -> IngestSummary {
        let clock = IngestBatchClock()
        var summary = IngestSummary()
        summary.found = files.count
        let files = IngestOrder.scheduled(files, jobs: options.jobs)
        await withTaskGroup(of: (IngestEvent, ReadingCost, IngestFileTimes).self) { group in
            var next = 0
            func startNext() -> Bool {
                guard next < files.count, !stop.isStopped else { return false }
                let file = files[next]
                next += 1
                group.addTask { await self.ingest(file, clock: clock) }
                return true
            }
            // Two files more than there are engines. While a worker parses, matches and stores its
            // receipt, the next file is already read, hashed and waiting for the engine, so the
            // engines do not sit idle between images. And while Tesseract reads a receipt the neural
            // reader left unsure, the neural reader reads the next one and a third already waits
            // for it: with one file ahead it sat idle whenever Tesseract took longer (default
            // `--jobs 1`: 491-514 → 471 ms per US photo, the reader itself 448 ms).
            // Memory grows by two photos, not by the batch.
            for _ in 0..<(options.jobs + 2) where !startNext() { break }
            while let (event, cost, times) = await group.next() {
                summary.ocrSeconds += cost.ocrSeconds
                summary.neuralSeconds += cost.neuralSeconds
                if cost.neural { summary.neuralReadings += 1 }
                switch event {
                case .stored: summary.stored += 1
                case .skipped: summary.skipped += 1
                case .failed: summary.failed += 1
                }
                await onEvent(event)
                clock.log(times, file: event.file, reported: clock.now, logger: logger)
                _ = startNext()
            }
            summary.notStarted = files.count - next
            summary.interrupted = stop.isStopped && summary.notStarted > 0
        }
        summary.seconds = clock.now
        return summary
    }

    /// One file, start to end, with when its steps happened on `clock`. Never throws: every
    /// failure becomes a ``FailureRecord``.
    func ingest(_ file: FoundFile, clock: IngestBatchClock = IngestBatchClock()) async -> (IngestEvent, ReadingCost, IngestFileTimes) {
        var times = IngestFileTimes(started: clock.now)
        let (event, cost) = await ingest(file, clock: clock, times: &times)
        times.ended = clock.now
        return (event, cost, times)
    }

    private func ingest(_ file: FoundFile, clock: IngestBatchClock, times: inout IngestFileTimes) async -> (IngestEvent, ReadingCost) {
        var cost = ReadingCost()
        let data: Data
        do {
            guard file.size <= options.maxFileBytes else {
                throw PipelineError(
                    .fileTooLarge,
                    "the file is \(file.size >> 20) MB, above the \(options.maxFileBytes >> 20) MB limit: export a smaller photo"
                )
            }
            do {
                data = try Data(contentsOf: file.url, options: .mappedIfSafe)
            } catch {
                throw PipelineError(.fileUnreadable, "could not read the file (\(error.localizedDescription)): check it exists and is readable")
            }
        } catch {
            return (await fail(file, id: Self.pathID(file), bytes: nil, error: error), cost)
        }
        let sha = Hashing.sha256Hex(data)
        let id = CartDocument.receiptCartID(imageSHA256: sha, household: options.household)
        do {
            if !options.force, try await store.exists(collection: Self.cartsCollection, id: id) {
                return (.skipped(id: id, file: file), cost)
            }
            times.readingStarted = clock.now
            let read = try await readCart(from: data, file: file.displayPath) {
                times.readingEnded = clock.now
            }
            times.ocrSeconds = read.cost.ocrSeconds
            var cart = read.cart
            cost = read.cost
            if !options.dryRun {
                cart = try await filing.file(cart, replacing: options.force)
                // A file that failed before and now went through is no longer a failure.
                try await store.delete(collection: Self.failuresCollection, id: id)
            }
            logger.debug("stored cart", metadata: ["receipt.id": "\(id)", "receipt.file": "\(file.displayPath)"])
            return (.stored(cart, file: file), cost)
        } catch {
            return (await fail(file, id: id, bytes: data.count, error: error), cost)
        }
    }

    /// Reads one receipt image into a cart, not yet stored: OCR, parsing, catalog matching, and a
    /// `possibleDuplicateOf` flag when it repeats a stored cart (``DuplicateFinder``). The cart's
    /// id and household follow ``IngestOptions/household``; its user is the options' user.
    /// - Throws: `OCRError` for an image that cannot be read.
    public func cart(from data: Data, file displayPath: String, now: Date = Date()) async throws -> (cart: CartDocument, ocrSeconds: Double) {
        let read = try await readCart(from: data, file: displayPath, now: now)
        return (read.cart, read.cost.ocrSeconds)
    }

    /// - Parameter onRead: called once OCR and parsing are done (before catalog matching).
    func readCart(
        from data: Data,
        file displayPath: String,
        now: Date = Date(),
        onRead: () -> Void = {}
    ) async throws -> (cart: CartDocument, cost: ReadingCost) {
        let sha = Hashing.sha256Hex(data)
        let reading = try await reader.read(data: data, knownMerchants: await knownMerchants.names())
        onRead()
        let (page, receipt) = (reading.page, reading.receipt)
        let matches = receipt.items.map { item in matcher?.match(line: item.name) }
        let source = ReceiptSource(
            file: displayPath,
            sha256: sha,
            bytes: data.count,
            width: page.sourceWidth,
            height: page.sourceHeight
        )
        var cart = builder.cart(
            from: receipt,
            source: source,
            ocrText: page.text,
            ocrConfidence: (page.confidence * 100).rounded() / 100,
            matches: matches,
            now: now
        )
        cart.id = CartDocument.receiptCartID(imageSHA256: sha, household: options.household)
        cart.household = options.household
        cart.possibleDuplicateOf = try await DuplicateFinder(store: store).original(of: cart)
        try await applyTaughtProducts(to: &cart)
        return (cart, ReadingCost(ocrSeconds: reading.ocrSeconds, neural: reading.neural, neuralSeconds: reading.neuralSeconds))
    }

    /// Lines the household corrected before (``ProductAliases``) take the product it taught,
    /// whatever the catalog matcher thought.
    func applyTaughtProducts(to cart: inout CartDocument) async throws {
        let taught = try await ProductAliases(store: store).products(merchant: cart.merchant?.name, household: cart.household)
        guard !taught.isEmpty else { return }
        for index in cart.items.indices {
            if let key = ProductAliases.lineKey(cart.items[index].name), let product = taught[key] {
                cart.items[index].product = product
            }
        }
    }

    private func fail(_ file: FoundFile, id: String, bytes: Int?, error: any Error) async -> IngestEvent {
        let (code, message) = Self.describe(error)
        let record = FailureRecord(
            id: id,
            source: DocumentSource(
                file: file.displayPath,
                sha256: id.count == 64 ? id : nil,
                bytes: bytes ?? file.size,
                ingestedAt: CartBuilder.instant(Date())
            ),
            error: code,
            message: message,
            addedByUser: options.user,
            failedAt: CartBuilder.instant(Date())
        )
        logger.debug("ingest failed", metadata: ["receipt.file": "\(file.displayPath)", "error.code": "\(code)"])
        if !options.dryRun, !(error is StoreError) {
            do {
                try await store.put(
                    collection: Self.failuresCollection,
                    id: record.id,
                    document: try JSONValue(encoding: record),
                    expectedRev: nil
                )
            } catch {
                logger.warning(
                    "could not record the failure in the store",
                    metadata: ["receipt.file": "\(file.displayPath)", "error": "\(error)"]
                )
            }
        }
        return .failed(record, file: file)
    }

    /// A stable code and a message for any error the parts throw. An error without a code (a
    /// bug, not bad input) is `ingest.failed`, not blamed on OCR.
    static func describe(_ error: any Error) -> (code: String, message: String) {
        if let error = error as? any CodedError { return (error.errorCode, error.message) }
        return (
            "ingest.failed", "reading this receipt failed unexpectedly (\(error)): run again; if it persists, report it with --log-level debug output"
        )
    }

    /// An id for a file whose bytes could not be read: the hash of its path.
    static func pathID(_ file: FoundFile) -> String {
        "path-" + Hashing.sha256Hex(Data(file.url.standardizedFileURL.path.utf8)).prefix(32)
    }
}

public enum ReceiptPipelineVersion {
    public static let string = "0.1.0"
}
