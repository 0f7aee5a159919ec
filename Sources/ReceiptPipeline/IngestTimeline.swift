import Foundation
import Logging

/// When one file's steps happened in a batch, in seconds since the batch started.
///
/// Logged at debug level as one `ingest timeline` line per file (`receipts ingest --log-level
/// debug`), so that where a batch's wall time goes can be taken apart afterwards
/// (`scripts/ingest-timeline.py`: each worker's busy and idle time, the serial start and end).
struct IngestFileTimes: Sendable {
    /// The file's task began (its bytes not yet read).
    var started = 0.0
    /// Read, hashed and found not stored yet: the reading (OCR, then parsing) begins, waiting
    /// first for a free engine.
    var readingStarted: Double?
    /// OCR and parsing done.
    var readingEnded: Double?
    /// Seconds inside OCR (the engine's load, preprocessing and recognition; no waiting).
    var ocrSeconds = 0.0
    /// Written to the store (or recorded as failed, or skipped).
    var ended = 0.0
}

/// The batch's clock: offsets from its start, and the timeline line of each file.
struct IngestBatchClock: Sendable {
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant

    init() { start = clock.now }

    /// Seconds since the batch started.
    var now: Double { (clock.now - start).seconds }

    /// One debug line with the file's times, `reported` being when the batch's caller was told.
    func log(_ times: IngestFileTimes, file: FoundFile, reported: Double, logger: Logger) {
        guard logger.logLevel <= .debug else { return }
        func offset(_ value: Double?) -> Logger.MetadataValue { .string(value.map { String(format: "%.4f", $0) } ?? "-") }
        logger.debug(
            "ingest timeline",
            metadata: [
                "receipt.file": "\(file.displayPath)",
                "t.started": offset(times.started),
                "t.reading": offset(times.readingStarted),
                "t.read": offset(times.readingEnded),
                "t.ocr": offset(times.ocrSeconds),
                "t.ended": offset(times.ended),
                "t.reported": offset(reported),
            ]
        )
    }
}

extension IngestEvent {
    /// The file the event is about.
    public var file: FoundFile {
        switch self {
        case .stored(_, let file), .skipped(_, let file), .failed(_, let file): file
        }
    }
}
