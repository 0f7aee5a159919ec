import ChildProcesses
import Dispatch
import Foundation
import Logging

/// A neural reader beside Tesseract: PP-OCR detection and recognition (RapidOCR on ONNX Runtime)
/// in one long-lived Python process, `libexec/neural-reader.py`, installed by
/// `scripts/install-deps.sh` into `.build/ocr-venv` (see docs/NEURAL-READER.md). One request a
/// line on its stdin, one answer a line on its stdout; requests are served one at a time.
///
/// A process that dies, answers garbage or takes longer than the timeout is stopped and started
/// again on the next request; the caller reads the receipt with Tesseract alone meanwhile.
public actor NeuralReader {
    public struct Configuration: Sendable, Hashable {
        public var python: URL
        public var script: URL
        public var threads: Int
        /// The longest one image may take (a 20-megapixel photo on a busy machine: ~20 s).
        public var timeout: Duration

        public init(python: URL, script: URL, threads: Int = 1, timeout: Duration = .seconds(120)) {
            self.python = python
            self.script = script
            self.threads = threads
            self.timeout = timeout
        }

        /// The installed reader, or nil: `RECEIPTS_NEURAL=off` turns it off; `RECEIPTS_NEURAL_PYTHON`
        /// and `RECEIPTS_NEURAL_SCRIPT` name it; otherwise `.build/ocr-venv/bin/python3` and
        /// `libexec/neural-reader.py` of the checkout the running binary was built in.
        public static func installed(environment: [String: String] = ProcessInfo.processInfo.environment) -> Configuration? {
            if ["off", "0", "no", "false"].contains(environment["RECEIPTS_NEURAL"]?.lowercased() ?? "") { return nil }
            let fm = FileManager.default
            if let python = environment["RECEIPTS_NEURAL_PYTHON"], let script = environment["RECEIPTS_NEURAL_SCRIPT"] {
                return fm.isExecutableFile(atPath: python) && fm.fileExists(atPath: script)
                    ? Configuration(python: URL(fileURLWithPath: python), script: URL(fileURLWithPath: script)) : nil
            }
            let executable = (try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
            var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
            for _ in 0..<6 {
                let python = folder.appendingPathComponent(".build/ocr-venv/bin/python3")
                let script = folder.appendingPathComponent("libexec/neural-reader.py")
                if fm.isExecutableFile(atPath: python.path), fm.fileExists(atPath: script.path) {
                    return Configuration(python: python, script: script)
                }
                folder.deleteLastPathComponent()
            }
            return nil
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var code: String
        public var message: String
        public var description: String { "\(code): \(message)" }
    }

    let configuration: Configuration
    let logger: Logger
    private var process: ChildProcess?
    private var input: FileHandle?
    private var output: LineReader?
    private var requests = 0
    /// One request at a time: the actor is reentrant across the awaits of a request, and a
    /// second request must not write while the first waits for the process to get ready or to
    /// answer (it would depend on the order the two reads of stdout were queued).
    private var busy = false
    private var waitingTurns: [CheckedContinuation<Void, Never>] = []

    public init(configuration: Configuration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Reads the image at `url` into a page of lines with word boxes (image pixels, EXIF upright).
    public func read(contentsOf url: URL) async throws -> OCRPage {
        await takeTurn()
        defer { endTurn() }
        return try await readInTurn(contentsOf: url)
    }

    private func takeTurn() async {
        guard busy else {
            busy = true
            return
        }
        // Resumed by `endTurn`, which hands the turn over with `busy` still set.
        await withCheckedContinuation { waitingTurns.append($0) }
    }

    private func endTurn() {
        if waitingTurns.isEmpty { busy = false } else { waitingTurns.removeFirst().resume() }
    }

    private func readInTurn(contentsOf url: URL) async throws -> OCRPage {
        let started = ContinuousClock.now
        try await startIfNeeded()
        requests += 1
        let id = String(requests)
        let request = try JSONSerialization.data(withJSONObject: ["id": id, "path": url.path]) + Data("\n".utf8)
        guard let input, let output else { throw Failure(code: "neural.unavailable", message: "The neural reader did not start.") }
        do {
            try input.write(contentsOf: request)
            let running = process
            let line = try await withTimeout(configuration.timeout, onTimeout: { running?.terminate() }) { try await output.nextLine() }
            guard let line, let answer = try JSONSerialization.jsonObject(with: line) as? [String: Any], answer["id"] as? String == id else {
                throw Failure(code: "neural.failed", message: "The neural reader stopped or answered out of turn.")
            }
            guard answer["ok"] as? Bool == true else {
                throw Failure(
                    code: answer["code"] as? String ?? "neural.failed",
                    message: answer["message"] as? String ?? "The neural reader failed."
                )
            }
            return Self.page(answer, seconds: Self.seconds(ContinuousClock.now - started))
        } catch let failure as Failure where failure.code != "neural.failed" {
            throw failure  // the image's own problem: the process is fine
        } catch {
            stop()
            throw error as? Failure ?? Failure(code: "neural.failed", message: "The neural reader failed: \(error).")
        }
    }

    /// How many times this reader has started its process (once, unless it died or was stopped).
    public private(set) var launches = 0

    /// The CPU seconds the process took to get ready (imports, models, warm-up), as it reports
    /// them; nil before it started. Paid once per process, not per receipt.
    public private(set) var startupCPUSeconds: Double?

    /// Whether the process is up (it starts on the first request).
    public var isRunning: Bool { process.map { !$0.hasExited } ?? false }

    /// The reader process's id while it runs, for an operator's tools.
    public var processID: Int32? { isRunning ? process?.pid : nil }

    /// Ends the process (it is started again when needed).
    public func stop() {
        process?.terminate()
        try? input?.close()
        process = nil
        input = nil
        output = nil
    }

    private func startIfNeeded() async throws {
        if let process, !process.hasExited { return }
        stop()
        let process: ChildProcess
        do {
            process = try ChildProcess(
                executable: configuration.python,
                arguments: [configuration.script.path, "--threads", String(configuration.threads)],
                standardInput: .pipe,
                standardOutput: .pipe,
                standardError: .discard
            )
        } catch {
            throw Failure(code: "neural.unavailable", message: "Could not start \(configuration.python.path): \(error).")
        }
        guard let stdin = process.standardInput, let stdout = process.standardOutput else {
            throw Failure(code: "neural.unavailable", message: "The neural reader's pipes were not made.")
        }
        launches += 1
        let reader = LineReader(stdout)
        self.process = process
        input = stdin
        output = reader
        // The first line says the models are loaded.
        let ready = try? await withTimeout(.seconds(120), onTimeout: { process.terminate() }) { try await reader.nextLine() }
        guard let ready = ready ?? nil, let hello = try? JSONSerialization.jsonObject(with: ready) as? [String: Any], hello["ready"] as? Bool == true
        else {
            stop()
            throw Failure(code: "neural.unavailable", message: "The neural reader did not get ready; run scripts/install-deps.sh to install it.")
        }
        startupCPUSeconds = (hello["startup_cpu_seconds"] as? NSNumber)?.doubleValue
        logger.debug("neural reader ready", metadata: ["python": "\(configuration.python.path)"])
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// The answer as a page: its lines with the boxes joined into them as words.
    static func page(_ answer: [String: Any], seconds: Double) -> OCRPage {
        func box(_ value: Any?) -> OCRBox {
            let numbers = (value as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue } ?? []
            guard numbers.count == 4 else { return OCRBox(x: 0, y: 0, width: 0, height: 0) }
            return OCRBox(
                x: Int(numbers[0].rounded()),
                y: Int(numbers[1].rounded()),
                width: Int(numbers[2].rounded()),
                height: Int(numbers[3].rounded())
            )
        }
        let rawLines = answer["lines"] as? [[String: Any]] ?? []
        var wordsByLine: [Int: [OCRWord]] = [:]
        for word in answer["words"] as? [[String: Any]] ?? [] {
            guard let text = word["text"] as? String, let line = word["line"] as? Int else { continue }
            wordsByLine[line, default: []].append(
                OCRWord(text: text, box: box(word["box"]), confidence: (word["confidence"] as? NSNumber)?.doubleValue ?? 0)
            )
        }
        let lines = rawLines.enumerated().map { index, line in
            OCRLine(
                text: line["text"] as? String ?? "",
                box: box(line["box"]),
                confidence: (line["confidence"] as? NSNumber)?.doubleValue ?? 0,
                words: (wordsByLine[index] ?? []).sorted { $0.box.x < $1.box.x }
            )
        }
        let width = answer["width"] as? Int ?? 0
        let height = answer["height"] as? Int ?? 0
        let words = lines.flatMap(\.words)
        return OCRPage(
            width: width,
            height: height,
            sourceWidth: width,
            sourceHeight: height,
            lines: lines,
            confidence: words.isEmpty ? 0 : words.map(\.confidence).reduce(0, +) / Double(words.count),
            timing: OCRTiming(recognize: seconds, cpuByPart: (answer["cpu"] as? [String: Any])?.compactMapValues { ($0 as? NSNumber)?.doubleValue }),
            preprocessing: PreprocessingReport()
        )
    }
}

/// Lines from a pipe, read on a queue of their own so that waiting never holds a cooperative thread.
final class LineReader: @unchecked Sendable {
    private let handle: FileHandle
    private let queue = DispatchQueue(label: "neural-reader.stdout")
    private var buffer = Data()

    init(_ handle: FileHandle) { self.handle = handle }

    /// The next line, or nil at the end of the output.
    func nextLine() async throws -> Data? {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { [self] in
                while true {
                    if let newline = buffer.firstIndex(of: 0x0A) {
                        let line = buffer[buffer.startIndex..<newline]
                        buffer = Data(buffer[buffer.index(after: newline)...])
                        continuation.resume(returning: Data(line))
                        return
                    }
                    let chunk = handle.availableData
                    if chunk.isEmpty {
                        continuation.resume(returning: nil)
                        return
                    }
                    buffer.append(chunk)
                }
            }
        }
    }
}

/// Runs `body`, failing with a timeout after `limit`; `onTimeout` must make `body` return (here:
/// ending the process whose output it waits for), since a task group waits for all its tasks.
func withTimeout<T: Sendable>(
    _ limit: Duration,
    onTimeout: @escaping @Sendable () -> Void,
    _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: limit)
            onTimeout()
            throw NeuralReader.Failure(code: "neural.timeout", message: "The neural reader took longer than \(limit).")
        }
        defer { group.cancelAll() }
        // The first task to finish answers; the group holds two, so the loop always returns.
        for try await result in group { return result }
        throw CancellationError()
    }
}
