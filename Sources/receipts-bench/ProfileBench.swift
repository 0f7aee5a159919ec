import ArgumentParser
import Catalog
import DocumentStore
import Foundation
import Logging
import ReceiptModel
import ReceiptOCR
import ReceiptParsing
import ReceiptPipeline

/// `receipts-bench profile`: where a receipt's CPU goes, component by component, in CPU seconds
/// (which carry from one machine to another better than wall time on a busy one). Each
/// component runs once per image, alone, on one thread: the neural reader's detector, direction
/// classifier and recogniser (its process's own CPU, as it reports it), each Tesseract pass the
/// reader can make (preprocessing counted apart for the first), the script detector, the parser and
/// the reader's combining, catalog matching and storing the cart; and the plain `tesseract IMG
/// stdout --psm N` CLI. The passes the default mode makes on an image are the ones
/// `ReceiptReader` asks for when replayed on these readings (`Reading.tesseractPasses`), so the
/// default's and `--fast`'s CPU per receipt are sums of measured parts.
struct ProfileBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract:
            "CPU seconds per receipt of each component (neural detector/recogniser, each Tesseract pass, parser, matching, store) against the tesseract CLI."
    )

    @Option(name: .customLong("images"), parsing: .upToNextOption, help: "Image folders (one table row each).")
    var folders: [String]

    @Option(help: "Use at most this many images per folder (evenly spread).")
    var limit: Int?

    @Option(help: "The CLI's page segmentation mode (the issue's comparison: 4).")
    var psm: Int = 4

    @Flag(help: "Print JSON Lines: one object per image, then one per folder.")
    var json = false

    /// CPU seconds of one image, by component (absent: not run on this image).
    struct ImageProfile: Codable {
        var image: String
        var set: String
        var cpu: [String: Double]
        /// The Tesseract passes the default mode makes on it (empty: the neural reading was sure).
        var defaultPasses: [String]
        var neuralSure: Bool
    }

    func run() async throws {
        var logger = Logger(label: "receipts-bench.profile")
        logger.logLevel = .warning
        let sets = OCRBench.imageSets(folders: folders, limit: limit)
        guard !sets.isEmpty else { throw ValidationError("no images found") }
        guard let neuralConfiguration = NeuralReader.Configuration.installed() else {
            throw ValidationError("the neural reader is not installed (scripts/install-deps.sh --neural)")
        }
        let neural = NeuralReader(configuration: neuralConfiguration, logger: logger)
        let pool = try OCREnginePool(workers: 1, logger: logger)
        let engine = try OCREngine(logger: logger)
        let matcher = try await Self.matcher(logger: logger)
        let storeFile = FileManager.default.temporaryDirectory.appendingPathComponent("receipts-bench-profile-\(getpid()).sqlite")
        defer { try? FileManager.default.removeItem(at: storeFile) }
        let store = try await SQLiteDocumentStore(path: storeFile.path, logger: logger)
        let cli = OCRBench.findExecutable("tesseract")
        var startup: Double?
        for set in sets {
            var profiles: [ImageProfile] = []
            for url in set.images {
                let profile = try await profileImage(
                    url,
                    set: set.name,
                    parts: Parts(neural: neural, pool: pool, engine: engine, matcher: matcher, store: store, cli: cli)
                )
                if startup == nil { startup = await neural.startupCPUSeconds }
                profiles.append(profile)
                if json { emit(try Self.jsonLine(profile)) }
            }
            report(set: set.name, profiles, neuralStartup: startup)
        }
        await neural.stop()
    }

    struct Parts {
        var neural: NeuralReader
        var pool: OCREnginePool
        var engine: OCREngine
        var matcher: ProductMatcher
        var store: SQLiteDocumentStore
        var cli: String?
    }

    func profileImage(_ url: URL, set: String, parts: Parts) async throws -> ImageProfile {
        var cpu: [String: Double] = [:]
        let neuralPage = try await parts.neural.read(contentsOf: url)
        for (part, seconds) in neuralPage.timing.cpuByPart ?? [:] { cpu["neural \(part)"] = seconds }
        cpu["image load"] = try Self.cpuSeconds { _ = try OCRImage(contentsOf: url) }
        let image = try OCRImage(contentsOf: url)
        cpu["preprocess"] = try Self.cpuSeconds { _ = try parts.engine.preprocessBlocking(image) }
        var saved = SavedReadings(neural: neuralPage)
        for stage in ReadingStage.allCases {
            var page: OCRPage?
            cpu["tesseract \(stage.rawValue)"] = try Self.cpuSeconds {
                page = try parts.engine.recognizeBlocking(contentsOf: url, preprocessing: stage.preprocessing)
            }
            saved.tesseract[SavedReadings.key(languages: nil, stage: stage)] = page
        }
        var script: DetectedScript?
        cpu["script detection"] = try await Self.cpuSecondsAwaiting { script = try await parts.pool.detectScript(contentsOf: url) }
        saved.script = script
        // The reader's rules on these readings: which passes the default mode makes, and the CPU
        // of parsing every reading it asks for and combining them.
        var reading: ReceiptReader.Reading?
        cpu["parse and combine"] = try await Self.cpuSecondsAwaiting { reading = try await ReceiptReader.replay(saved) }
        cpu["parse (one reading)"] = Self.cpuSeconds { _ = ReceiptParser().parse(ParserInput(ocrPage: neuralPage)) }
        guard let reading else { throw ValidationError("no reading of \(url.path)") }
        var matches: [ProductMatch?] = []
        cpu["catalog matching"] = Self.cpuSeconds { matches = reading.receipt.items.map { parts.matcher.match(line: $0.name) } }
        cpu["store"] = try await Self.cpuSecondsAwaiting {
            var cart = CartBuilder(user: "bench", pipelineDescription: "profile").cart(
                from: reading.receipt,
                source: ReceiptSource(file: url.lastPathComponent, sha256: url.lastPathComponent, bytes: 0),
                ocrText: reading.page.text,
                ocrConfidence: reading.page.confidence,
                matches: matches,
                now: Date()
            )
            cart.id = "\(set)-\(url.lastPathComponent)"
            _ = try await parts.store.put(collection: "carts", id: cart.id, document: try JSONValue(encoding: cart), expectedRev: nil)
        }
        if let cli = parts.cli {
            cpu["tesseract CLI"] = try Self.childCPUSeconds { _ = try OCRBench.runTesseractCLI(cli, url, psm: psm) }
        }
        return ImageProfile(
            image: url.lastPathComponent,
            set: set,
            cpu: cpu,
            defaultPasses: reading.tesseractPasses,
            neuralSure: reading.tesseractPasses.isEmpty && reading.neural
        )
    }

    /// The CPU of one image in a mode: the parts it runs, summed.
    static func modeCPU(_ profile: ImageProfile, fast: Bool) -> Double {
        let cpu = profile.cpu
        let common = (cpu["catalog matching"] ?? 0) + (cpu["store"] ?? 0)
        if fast { return (cpu["tesseract first"] ?? 0) + (cpu["parse (one reading)"] ?? 0) + common }
        let neural = cpu.filter { $0.key.hasPrefix("neural ") }.values.reduce(0, +)
        let passes = profile.defaultPasses.map { pass in
            // A pass in another language costs about what the same stage does in English.
            pass == "script" ? cpu["script detection"] ?? 0 : cpu["tesseract \(pass.split(separator: "/").last ?? "")"] ?? 0
        }
        return neural + passes.reduce(0, +) + (cpu["parse and combine"] ?? 0) + common
    }

    func report(set: String, _ profiles: [ImageProfile], neuralStartup: Double?) {
        func mean(_ values: [Double]) -> Double { values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count) }
        let components = Set(profiles.flatMap(\.cpu.keys)).sorted()
        var row: [String: Double] = [:]
        for component in components { row[component] = mean(profiles.compactMap { $0.cpu[component] }) }
        let defaultCPU = mean(profiles.map { Self.modeCPU($0, fast: false) })
        let fastCPU = mean(profiles.map { Self.modeCPU($0, fast: true) })
        let cliCPU = row["tesseract CLI"]
        var passCounts: [String: Int] = [:]
        for profile in profiles { for pass in profile.defaultPasses { passCounts[pass, default: 0] += 1 } }
        let sure = profiles.filter(\.neuralSure).count
        if json {
            let summary: [String: Any] = [
                "set": set, "images": profiles.count, "meanCPUSeconds": row, "defaultCPUSeconds": defaultCPU, "fastCPUSeconds": fastCPU,
                "cliCPUSeconds": cliCPU ?? NSNull(), "neuralSure": sure, "defaultPasses": passCounts,
                "neuralStartupCPUSeconds": neuralStartup ?? NSNull(),
            ]
            if let data = try? JSONSerialization.data(withJSONObject: summary, options: [.sortedKeys]) {
                emit(String(decoding: data, as: UTF8.self))
            }
            return
        }
        emit("\(set): \(profiles.count) images, CPU seconds per image (mean; each component run once, alone)")
        for component in components {
            emit("  " + component.padding(toLength: 28, withPad: " ", startingAt: 0) + String(format: "%8.4f", row[component] ?? .nan))
        }
        emit("  neural reading sure (no Tesseract pass): \(sure) of \(profiles.count)")
        emit("  default mode's Tesseract passes: " + passCounts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        emit(String(format: "  default mode: %.3f s CPU per image, %.2fx the CLI", defaultCPU, defaultCPU / (cliCPU ?? .nan)))
        emit(String(format: "  --fast:       %.3f s CPU per image, %.2fx the CLI", fastCPU, fastCPU / (cliCPU ?? .nan)))
        if let neuralStartup { emit(String(format: "  neural reader start-up (once per process): %.2f s CPU", neuralStartup)) }
    }

    /// One line to stdout, flushed at once.
    func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func matcher(logger: Logger) async throws -> ProductMatcher {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("receipts-bench-catalog-\(getpid()).sqlite")
        defer { try? FileManager.default.removeItem(at: file) }
        let store = try await SQLiteDocumentStore(path: file.path, logger: logger)
        return try await ProductCatalog(store: store, client: nil, logger: logger).matcher()
    }

    static func jsonLine(_ profile: ImageProfile) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(profile), as: UTF8.self)
    }

    /// This process's CPU seconds (user + system) spent in `body`; the bench does nothing else meanwhile.
    static func cpuSeconds(_ body: () throws -> Void) rethrows -> Double {
        let start = processCPU()
        try body()
        return processCPU() - start
    }

    static func cpuSecondsAwaiting(_ body: () async throws -> Void) async rethrows -> Double {
        let start = processCPU()
        try await body()
        return processCPU() - start
    }

    /// CPU seconds of the child processes `body` started and waited for.
    static func childCPUSeconds(_ body: () throws -> Void) rethrows -> Double {
        func children() -> Double {
            var usage = rusage()
            getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
            return seconds(usage.ru_utime) + seconds(usage.ru_stime)
        }
        let start = children()
        try body()
        return children() - start
    }

    static func processCPU() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    static func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
}
