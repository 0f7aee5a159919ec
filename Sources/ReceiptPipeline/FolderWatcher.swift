import Foundation

/// Keeps ingesting photos as they appear in folders (a phone's synced camera folder): the flow
/// behind `receipts ingest --watch`, usable by any long-running program.
///
/// A new or changed file is read once its size and modification time have stayed the same for
/// one interval (a sync or a copy may still be writing it). A file that changes after it was read
/// (a photo replaced, a partial copy finished after all) is read again; identical bytes are still
/// skipped by their id.
public struct FolderWatcher: Sendable {
    public let paths: [String]
    public let interval: Duration
    let finder: ImageFinder

    public init(paths: [String], interval: Duration, finder: ImageFinder = ImageFinder()) {
        self.paths = paths
        self.interval = interval
        self.finder = finder
    }

    private struct Stamp: Equatable {
        var size: Int
        var modified: Date?
        init(_ file: FoundFile) { (size, modified) = (file.size, file.modified) }
    }

    /// Splits the files found before watching into those to read now and those written during
    /// the last interval, which may be copies still in progress: `run` reads these once they have
    /// settled, like any file that appears while watching. (A photo half-synced when the command
    /// started was read half and recorded as a failure.)
    public func splitSettled(_ files: [FoundFile], now: Date = Date()) -> (settled: [FoundFile], changing: [FoundFile]) {
        let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
        let cutoff = now.addingTimeInterval(-seconds)
        var settled: [FoundFile] = []
        var changing: [FoundFile] = []
        for file in files {
            if let modified = file.modified, modified > cutoff { changing.append(file) } else { settled.append(file) }
        }
        return (settled, changing)
    }

    /// Watches until `stop` is set, ingesting each settled file with `pipeline`.
    /// - Parameters:
    ///   - known: files already ingested (not read again unless they change).
    ///   - onBatch: called with the number of files about to be read, before each batch.
    /// - Returns: the totals over every batch.
    public func run(
        pipeline: IngestPipeline,
        known: [FoundFile],
        stop: StopSignal,
        onBatch: @escaping @Sendable (Int) async -> Void = { _ in },
        onEvent: @escaping @Sendable (IngestEvent) async -> Void
    ) async -> IngestSummary {
        var summary = IngestSummary()
        var done = Dictionary(known.map { ($0.url.path, Stamp($0)) }, uniquingKeysWith: { first, _ in first })
        var lastSeen: [String: Stamp] = [:]
        while !stop.isStopped {
            try? await Task.sleep(for: interval)
            guard !stop.isStopped else { break }
            let current = (try? finder.find(paths)) ?? []
            var ready: [FoundFile] = []
            for file in current where done[file.url.path] != Stamp(file) {
                if lastSeen[file.url.path] == Stamp(file), file.size > 0 {
                    ready.append(file)
                    done[file.url.path] = Stamp(file)
                    lastSeen[file.url.path] = nil
                } else {
                    lastSeen[file.url.path] = Stamp(file)
                }
            }
            guard !ready.isEmpty else { continue }
            await onBatch(ready.count)
            summary += await pipeline.run(ready, stop: stop, onEvent: onEvent)
        }
        summary.interrupted = summary.notStarted > 0
        return summary
    }
}

extension IngestSummary {
    /// Adds a batch's counts and times to these totals.
    public static func += (total: inout IngestSummary, batch: IngestSummary) {
        total.found += batch.found
        total.stored += batch.stored
        total.skipped += batch.skipped
        total.failed += batch.failed
        total.notStarted += batch.notStarted
        total.ocrSeconds += batch.ocrSeconds
        total.neuralReadings += batch.neuralReadings
        total.neuralSeconds += batch.neuralSeconds
        total.seconds += batch.seconds
    }
}
