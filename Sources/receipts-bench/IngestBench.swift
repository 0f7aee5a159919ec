import ArgumentParser
import Catalog
import ChildProcesses
import DocumentStore
import Foundation
import Logging
import ProcessBootstrap
import ReceiptOCR
import ReceiptPipeline
import ReceiptTesting

/// `receipts-bench ingest`: the whole ingest path (walk, hash, OCR, parse, match, store) on
/// distinct copies of the fixtures. Each measured run is a fresh child process with a fresh
/// store, so its peak RSS is its own.
struct IngestBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract:
            "Ingest images/s, default and --fast, for --jobs 1 and 2; ratios to the tesseract CLI; the neural reader's share and cost; peak RSS at N images."
    )

    @Option(help: "Source images (default Fixtures/receipts).")
    var images: String = "Fixtures/receipts"

    @Option(help: "Images in the throughput runs (distinct copies of the sources).")
    var count: Int = 40

    @Option(help: "Images in the memory run (distinct copies of the sources).")
    var memoryCount: Int = 2000

    @Option(help: "Internal: ingest this folder in this process and print one JSON result.")
    var child: String?

    @Option(help: "Workers for --child.")
    var jobs: Int = 1

    @Flag(help: "Internal: the --child run reads as `ingest --fast`.")
    var fast = false

    struct RunResult: Codable {
        var images: Int
        var stored: Int
        var failed: Int
        var seconds: Double
        var ocrSeconds: Double
        var neuralReadings: Int
        var neuralSeconds: Double
        var peakRSSMB: Double

        var msPerImage: Double { 1000 * seconds / Double(images) }
    }

    func run() async throws {
        if let child {
            try await runChild(child)
            return
        }
        let sources = try ImageFinder().find([images]).map(\.url)
        guard !sources.isEmpty else { throw ValidationError("no images in \(images)") }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("receipts-bench-ingest-\(getpid())")
        defer { try? FileManager.default.removeItem(at: work) }
        let small = try Self.makeCopies(of: sources, count: count, in: work.appendingPathComponent("small"))
        print("\(count) copies of \(sources.count) images from \(images)")

        // Every mode on the same copies in one run, so the ratios compare like with like.
        var results: [String: RunResult] = [:]
        for (mode, fast, jobs) in [("default", false, 1), ("default", false, 2), ("fast", true, 1), ("fast", true, 2)] {
            let result = try runInChild(folder: small, jobs: jobs, fast: fast, work: work)
            results["\(mode)-\(jobs)"] = result
            let outside = 1 - result.ocrSeconds / (result.seconds * Double(jobs))
            print(
                String(
                    format: "ingest%@ --jobs %d: %d images in %.1f s = %.2f images/s, %.0f ms/image, time outside OCR %.1f %%, peak RSS %.0f MB",
                    fast ? " --fast" : "",
                    jobs,
                    result.images,
                    result.seconds,
                    Double(result.images) / result.seconds,
                    result.msPerImage,
                    100 * outside,
                    result.peakRSSMB
                )
            )
            if !fast {
                let perReading = result.neuralReadings > 0 ? result.neuralSeconds / Double(result.neuralReadings) : 0
                print(
                    String(
                        format: "  neural reader: %d of %d images (%.0f %%), %.0f ms per image it read, %.0f %% of the OCR time",
                        result.neuralReadings,
                        result.images,
                        100 * Double(result.neuralReadings) / Double(result.images),
                        1000 * perReading,
                        result.ocrSeconds > 0 ? 100 * result.neuralSeconds / result.ocrSeconds : 0
                    )
                )
            }
        }
        for mode in ["default", "fast"] {
            if let one = results["\(mode)-1"], let two = results["\(mode)-2"] {
                print(String(format: "speed-up %@ --jobs 2 / --jobs 1: %.2fx", mode, one.seconds / two.seconds))
            }
        }

        if let tesseract = OCRBench.findExecutable("tesseract") {
            let sample = Array(small.prefix(min(small.count, sources.count)))
            let start = Date()
            for url in sample { _ = try? OCRBench.runTesseractCLI(tesseract, url, psm: 6) }
            let cli = 1000 * Date().timeIntervalSince(start) / Double(sample.count)
            print(String(format: "tesseract CLI (--psm 6, OMP_THREAD_LIMIT=1): %.0f ms/image", cli))
            for mode in ["default", "fast"] {
                if let one = results["\(mode)-1"] {
                    print(String(format: "ours (%@) at --jobs 1 / CLI: %.0f / %.0f ms = %.2f", mode, one.msPerImage, cli, one.msPerImage / cli))
                }
            }
        }

        if memoryCount > 0 {
            let big = try Self.makeCopies(of: sources, count: memoryCount, in: work.appendingPathComponent("big"))
            let result = try runInChild(folder: big, jobs: 2, fast: false, work: work)
            print(
                String(
                    format: "memory run: %d images, --jobs 2, %.1f s (%.2f images/s), peak RSS %.0f MB",
                    result.images,
                    result.seconds,
                    Double(result.images) / result.seconds,
                    result.peakRSSMB
                )
            )
        }
    }

    /// `count` files cycling through `sources`, each made distinct by trailing bytes (decoders ignore them)
    /// so every copy has its own SHA-256 and is really ingested.
    static func makeCopies(of sources: [URL], count: Int, in folder: URL) throws -> [URL] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let contents = try sources.map { try Data(contentsOf: $0) }
        return try (0..<count).map { index in
            let source = sources[index % sources.count]
            let url = folder.appendingPathComponent(String(format: "%05d-", index) + source.lastPathComponent)
            try (contents[index % sources.count] + Data("\n#copy \(index)\n".utf8)).write(to: url)
            return url
        }
    }

    func runInChild(folder: [URL], jobs: Int, fast: Bool, work: URL) throws -> RunResult {
        let directory = folder[0].deletingLastPathComponent()
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"
        let output = work.appendingPathComponent("child-\(jobs)-\(fast)-\(folder.count).json")
        let status = try ChildProcess(
            executable: URL(fileURLWithPath: "/proc/self/exe"),
            arguments: ["ingest", "--child", directory.path, "--jobs", "\(jobs)"] + (fast ? ["--fast"] : []),
            environment: environment,
            standardOutput: .file(output)
        ).terminationStatus
        guard status == 0 else { throw ValidationError("child run failed (\(status))") }
        return try JSONDecoder().decode(RunResult.self, from: Data(contentsOf: output))
    }

    func runChild(_ folder: String) async throws {
        var logger = Logger(label: "receipts-bench.ingest")
        logger.logLevel = .error
        let storePath = FileManager.default.temporaryDirectory
            .appendingPathComponent("receipts-bench-store-\(getpid())-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: storePath + suffix) }
        }
        // As `receipts ingest` starts.
        ProcessTuning.tuneForBatch(jobs: jobs)
        let engines = Task { try await OCREnginePool.make(workers: jobs, logger: logger) }
        let store = try await StoreLocation.resolve(option: storePath).open(logger: logger)
        let matcher = try? await ProductCatalog(store: store, client: nil, logger: logger).matcher()
        let pipeline = IngestPipeline(
            ocr: try await engines.value,
            matcher: matcher,
            store: store,
            options: IngestOptions(user: "bench", jobs: jobs, rereadWhenUnsure: !fast),
            logger: logger
        )
        let files = try ImageFinder().find([folder])
        let summary = await pipeline.run(files) { _ in }
        try await store.close()
        let result = RunResult(
            images: files.count,
            stored: summary.stored,
            failed: summary.failed,
            seconds: summary.seconds,
            ocrSeconds: summary.ocrSeconds,
            neuralReadings: summary.neuralReadings,
            neuralSeconds: summary.neuralSeconds,
            peakRSSMB: OCRBench.peakRSSMegabytes()
        )
        FileHandle.standardOutput.write(try JSONEncoder().encode(result))
    }
}
