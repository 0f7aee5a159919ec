import ArgumentParser
import ChildProcesses
import Foundation
import Logging
import ReceiptOCR
import ReceiptTesting

/// `receipts-bench ocr`: speed of our OCR (with and without preprocessing) against the
/// plain `tesseract` CLI on the same images in the same run, pool throughput with 1 vs 2
/// workers, and peak memory. With `--totals`, the share of labelled totals found in the
/// OCR text per corpus set for several preprocessing stage combinations.
struct OCRBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ocr",
        abstract: "OCR speed vs the tesseract CLI, pool throughput, peak RSS (and --totals accuracy)."
    )

    @Option(
        name: .customLong("images"),
        parsing: .upToNextOption,
        help: "Image folders (default: Fixtures/receipts and ../shared/corpus/*/images when present)."
    )
    var folders: [String] = []

    @Flag(help: "Print JSON Lines (one object per image set).")
    var json = false

    @Option(help: "Use at most this many images per folder (evenly spread).")
    var limit: Int?

    @Flag(help: "Measure how often the labelled total appears in the OCR text (needs labels/ beside images/).")
    var totals = false

    @Option(
        name: .customLong("stages"),
        parsing: .upToNextOption,
        help: "Stage combinations for --totals (e.g. none default grayscale,crop)."
    )
    var stageLists: [String] = ["none", "default"]

    @Option(help: "Page segmentation mode.")
    var psm: Int = 6

    func run() async throws {
        var logger = Logger(label: "receipts-bench.ocr")
        logger.logLevel = .warning
        let sets = try imageSets()
        guard !sets.isEmpty else { throw ValidationError("no images found") }
        let mode = PageSegmentationMode(rawValue: psm) ?? .singleBlock
        if totals {
            try await measureTotals(sets: sets, mode: mode, logger: logger)
        } else {
            try await measureSpeed(sets: sets, mode: mode, logger: logger)
        }
    }

    struct ImageSet {
        var name: String
        var images: [URL]
    }

    func imageSets() throws -> [ImageSet] {
        Self.imageSets(folders: folders, limit: limit)
    }

    /// The images of each folder (default: the fixtures and the corpus's sets), at most `limit`
    /// of each, evenly spread.
    static func imageSets(folders: [String], limit: Int?) -> [ImageSet] {
        let fm = FileManager.default
        var dirs = folders.map { URL(fileURLWithPath: $0, isDirectory: true) }
        if dirs.isEmpty {
            let root = URL(fileURLWithPath: fm.currentDirectoryPath)
            dirs.append(root.appendingPathComponent("Fixtures/receipts"))
            let corpus = root.deletingLastPathComponent().appendingPathComponent("shared/corpus")
            for set in ((try? fm.contentsOfDirectory(atPath: corpus.path)) ?? []).sorted() {
                let images = corpus.appendingPathComponent(set).appendingPathComponent("images")
                if fm.fileExists(atPath: images.path) { dirs.append(images) }
            }
        }
        let extensions: Set<String> = ["png", "jpg", "jpeg", "tif", "tiff", "webp", "bmp", "gif"]
        return dirs.compactMap { dir in
            var images = ((try? fm.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
                .map { dir.appendingPathComponent($0) }
                .filter { extensions.contains($0.pathExtension.lowercased()) }
            if let limit, images.count > limit, limit > 0 {
                let step = Double(images.count) / Double(limit)
                images = (0..<limit).map { images[Int(Double($0) * step)] }
            }
            let name = dir.lastPathComponent == "images" ? dir.deletingLastPathComponent().lastPathComponent : dir.lastPathComponent
            return images.isEmpty ? nil : ImageSet(name: name, images: images)
        }
    }

    // MARK: Speed

    struct SpeedResult: Encodable {
        var set: String
        var images: Int
        var failed: Int
        var medianSecondsPreprocessed: Double
        var medianSecondsPlain: Double
        var medianSecondsTesseractCLI: Double?
        var ratioOursToCLI: Double?
        var throughput1Worker: Double
        var throughput2Workers: Double
        var throughputRatio: Double
        var peakRSSMegabytes: Double
    }

    func measureSpeed(sets: [ImageSet], mode: PageSegmentationMode, logger: Logger) async throws {
        let configuration = OCRConfiguration(pageSegmentationMode: mode)
        let engine = try OCREngine(configuration: configuration, logger: logger)
        let cli = Self.findExecutable("tesseract")
        if !json {
            emit("set                     n  ours+pre  ours-raw  tess-cli  ours/cli  img/s 1w  img/s 2w  2w/1w  peakRSS")
        }
        for set in sets {
            var pre: [Double] = []
            var plain: [Double] = []
            var external: [Double] = []
            var failed = 0
            for url in set.images {
                // Same image, same run: ours with preprocessing, ours without, then the CLI.
                if let t = Self.time({ try engine.recognizeBlocking(contentsOf: url) }) { pre.append(t) } else { failed += 1 }
                if let t = Self.time({ try engine.recognizeBlocking(contentsOf: url, preprocessing: [] as PreprocessingOptions) }) {
                    plain.append(t)
                }
                if let cli, let t = Self.time({ try Self.runTesseractCLI(cli, url, psm: mode.rawValue) }) { external.append(t) }
            }
            let one = try await throughput(set.images, workers: 1, configuration: configuration, logger: logger)
            let two = try await throughput(set.images, workers: 2, configuration: configuration, logger: logger)
            let cliMedian = external.isEmpty ? nil : Self.median(external)
            let result = SpeedResult(
                set: set.name,
                images: set.images.count,
                failed: failed,
                medianSecondsPreprocessed: Self.median(pre),
                medianSecondsPlain: Self.median(plain),
                medianSecondsTesseractCLI: cliMedian,
                ratioOursToCLI: cliMedian.map { Self.median(pre) / $0 },
                throughput1Worker: one,
                throughput2Workers: two,
                throughputRatio: two / one,
                peakRSSMegabytes: Self.peakRSSMegabytes()
            )
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                emit(String(decoding: try encoder.encode(result), as: UTF8.self))
            } else {
                emit(
                    String(
                        format: "%-20@ %4d  %7.3fs  %7.3fs  %7.3fs  %8.2f  %8.2f  %8.2f  %5.2f  %5.0f MB",
                        set.name as NSString,
                        result.images,
                        result.medianSecondsPreprocessed,
                        result.medianSecondsPlain,
                        cliMedian ?? .nan,
                        result.ratioOursToCLI ?? .nan,
                        one,
                        two,
                        result.throughputRatio,
                        result.peakRSSMegabytes
                    )
                )
            }
        }
    }

    /// Images per second through a pool of `workers` engines (engine start-up not counted).
    func throughput(_ images: [URL], workers: Int, configuration: OCRConfiguration, logger: Logger) async throws -> Double {
        let pool = try OCREnginePool(workers: workers, configuration: configuration, logger: logger)
        let start = DispatchTime.now()
        _ = await pool.recognizeAll(images)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return Double(images.count) / seconds
    }

    static func time(_ body: () throws -> Any) -> Double? {
        let start = DispatchTime.now()
        guard (try? body()) != nil else { return nil }
        return Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func findExecutable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// `OMP_THREAD_LIMIT=1 tesseract IMG stdout --psm N`, output discarded.
    static func runTesseractCLI(_ executable: String, _ url: URL, psm: Int) throws -> Int32 {
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"
        let status = try ChildProcess(
            executable: URL(fileURLWithPath: executable),
            arguments: [url.path, "stdout", "--psm", "\(psm)"],
            environment: environment,
            standardOutput: .discard,
            standardError: .discard
        ).terminationStatus
        guard status == 0 else { throw CocoaError(.fileReadCorruptFile) }
        return status
    }

    /// VmHWM from /proc/self/status, in MB.
    /// VmHWM of this process, or of the process `pid` (a number), in MB.
    static func peakRSSMegabytes(pid: String = "self") -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kb = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return .nan }
        return kb / 1024
    }

    /// One line to stdout, flushed at once (results appear while a long run goes on).
    func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    // MARK: Labelled totals

    func measureTotals(sets: [ImageSet], mode: PageSegmentationMode, logger: Logger) async throws {
        for list in stageLists {
            guard let stages = PreprocessingOptions(names: list) else { throw ValidationError("unknown stages \(list)") }
            let configuration = OCRConfiguration(pageSegmentationMode: mode, preprocessing: stages)
            let pool = try OCREnginePool(workers: 2, configuration: configuration, logger: logger)
            var summary: [String] = []
            var allHits = 0
            var allCount = 0
            let start = DispatchTime.now()
            for set in sets {
                let labels = set.images.map { Self.labelledTotal(for: $0) }
                let labelled = zip(set.images, labels).filter { $0.1 != nil }
                guard !labelled.isEmpty else { continue }
                let pages = await pool.recognizeAll(labelled.map(\.0))
                var hits = 0
                for ((url, total), page) in zip(labelled, pages) {
                    let text = ((try? page.get().text) ?? "").replacingOccurrences(of: " ", with: "")
                    guard let total else { continue }
                    let found = text.contains(total) || text.contains(total.replacingOccurrences(of: ".", with: ","))
                    if found { hits += 1 }
                    if ProcessInfo.processInfo.environment["OCR_BENCH_VERBOSE"] != nil {
                        let report = (try? page.get().preprocessing).map {
                            "text height \($0.estimatedTextHeight ?? 0), scale \($0.scale), \($0.applied)"
                        }
                        FileHandle.standardError.write(
                            Data("\(found ? "hit " : "MISS") \(set.name)/\(url.lastPathComponent) \(report ?? "")\n".utf8)
                        )
                    }
                }
                allHits += hits
                allCount += labelled.count
                summary.append(
                    String(format: "%@ %d/%d=%.0f%%", set.name as NSString, hits, labelled.count, 100 * Double(hits) / Double(labelled.count))
                )
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            emit(
                String(
                    format: "%-45@ psm%d  %@  all %.1f%%  %.0fs",
                    stages.description as NSString,
                    mode.rawValue,
                    summary.joined(separator: "  ") as NSString,
                    100 * Double(allHits) / Double(max(1, allCount)),
                    seconds
                )
            )
        }
    }

    /// The `total` of `<set>/labels/<stem>.json` (corpus) or `<stem>.json` beside the image (fixtures).
    static func labelledTotal(for image: URL) -> String? {
        let stem = image.deletingPathExtension().lastPathComponent
        let candidates = [
            image.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("labels/\(stem).json"),
            image.deletingPathExtension().appendingPathExtension("json"),
        ]
        for url in candidates {
            guard let data = try? Data(contentsOf: url),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { continue }
            if let total = object["total"] as? String, !total.isEmpty { return total }
        }
        return nil
    }
}
