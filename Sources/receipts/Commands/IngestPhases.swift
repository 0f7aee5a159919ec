import Foundation
import Logging
import ProcessBootstrap
import Synchronization

/// When `ingest`'s serial start and end steps were done, in seconds since the process started
/// (``ProcessAge``): logged as one `ingest phases` debug line when the run ends, beside the
/// batch's per-file `ingest timeline` lines, for `scripts/ingest-timeline.py`.
final class IngestPhases: Sendable {
    private let logger: Logger
    private let marks = Mutex<[(String, Double)]>([])

    init(logger: Logger) { self.logger = logger }

    /// Notes that step `name` is done now.
    func mark(_ name: String) {
        guard logger.logLevel <= .debug, let age = ProcessAge.seconds() else { return }
        marks.withLock { $0.append((name, age)) }
    }

    func log() {
        let marks = marks.withLock { $0 }
        guard !marks.isEmpty else { return }
        var metadata: Logger.Metadata = [:]
        for (name, age) in marks { metadata["p." + name] = .string(String(format: "%.3f", age)) }
        logger.debug("ingest phases", metadata: metadata)
    }
}
