import ArgumentParser
import Catalog
import DocumentStore
import Foundation
import Logging
import ReceiptOCR
import ReceiptPipeline
import ReceiptTesting

/// `receipts-bench ingest`: the whole ingest path (walk, hash, OCR, parse, match, store) on
/// distinct copies of the fixtures. Each measured run is a fresh child process with a fresh
/// store, so its peak RSS is its own.
struct IngestBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Ingest images/s for --jobs 1 and 2, ratio to the tesseract CLI, time outside OCR, peak RSS at N images.")

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

    struct RunResult: Codable {
        var images: Int
        var stored: Int
        var failed: Int
        var seconds: Double
        var ocrSeconds: Double
        var peakRSSMB: Double
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

        var rates: [Int: Double] = [:]
        for jobs in [1, 2] {
            let result = try runInChild(folder: small, jobs: jobs, work: work)
            let rate = Double(result.stored + result.failed) / result.seconds
            rates[jobs] = rate
            let outside = 1 - result.ocrSeconds / (result.seconds * Double(jobs))
            print(String(format: "ingest --jobs %d: %d images in %.1f s = %.2f images/s, %.0f ms/image, time outside OCR %.1f %%, peak RSS %.0f MB",
                         jobs, result.images, result.seconds, rate, 1000 * result.seconds / Double(result.images),
                         100 * outside, result.peakRSSMB))
        }
        if let one = rates[1], let two = rates[2] { print(String(format: "speed-up --jobs 2 / --jobs 1: %.2fx", two / one)) }

        if let tesseract = OCRBench.findExecutable("tesseract"), let one = rates[1] {
            let sample = Array(small.prefix(min(small.count, sources.count)))
            let start = Date()
            for url in sample { _ = try? OCRBench.runTesseractCLI(tesseract, url, psm: 6) }
            let cli = Date().timeIntervalSince(start) / Double(sample.count)
            print(String(format: "tesseract CLI (--psm 6, OMP_THREAD_LIMIT=1): %.0f ms/image; ours at --jobs 1: %.0f ms/image, ratio %.2f",
                         1000 * cli, 1000 / one, (1 / one) / cli))
        }

        if memoryCount > 0 {
            let big = try Self.makeCopies(of: sources, count: memoryCount, in: work.appendingPathComponent("big"))
            let result = try runInChild(folder: big, jobs: 2, work: work)
            print(String(format: "memory run: %d images, --jobs 2, %.1f s (%.2f images/s), peak RSS %.0f MB",
                         result.images, result.seconds, Double(result.images) / result.seconds, result.peakRSSMB))
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

    func runInChild(folder: [URL], jobs: Int, work: URL) throws -> RunResult {
        let directory = folder[0].deletingLastPathComponent()
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"
        let output = work.appendingPathComponent("child-\(jobs)-\(folder.count).json")
        let status = try ChildProcess(
            executable: URL(fileURLWithPath: "/proc/self/exe"),
            arguments: ["ingest", "--child", directory.path, "--jobs", "\(jobs)"],
            environment: environment, standardOutput: .file(output)
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
        let store = try await StoreLocation.resolve(option: storePath).open(logger: logger)
        let matcher = try? await ProductCatalog(store: store, client: nil, logger: logger).matcher()
        let pool = try OCREnginePool(workers: jobs, logger: logger)
        let pipeline = IngestPipeline(
            ocr: pool, matcher: matcher, store: store, options: IngestOptions(user: "bench", jobs: jobs), logger: logger)
        let files = try ImageFinder().find([folder])
        let summary = await pipeline.run(files) { _ in }
        try await store.close()
        let result = RunResult(
            images: files.count, stored: summary.stored, failed: summary.failed, seconds: summary.seconds,
            ocrSeconds: summary.ocrSeconds, peakRSSMB: OCRBench.peakRSSMegabytes())
        FileHandle.standardOutput.write(try JSONEncoder().encode(result))
    }
}
