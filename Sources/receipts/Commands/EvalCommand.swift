import ArgumentParser
import DocumentStore
import Foundation
import Logging
import ReceiptEvaluation
import ReceiptModel
import ReceiptOCR
import ReceiptParsing
import ReceiptPipeline
import Synchronization

/// `receipts eval DIR`: accuracy on a labelled corpus with the corpus README's scoring rules;
/// `receipts eval --store URL`: the same against the carts a person corrected.
struct EvalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Measure extraction accuracy on a labelled corpus (<set>/images + <set>/labels) or on your corrected carts.",
        discussion: """
            Runs OCR and parsing on every labelled image and prints, per set and overall, each field's \
            correct/labelled count and accuracy, and items precision/recall/F1. --misses lists every \
            wrong field with the expected and the extracted value. --text DIR scores precomputed OCR \
            instead (DIR/<set>/<stem>.tsv or .txt, e.g. from the tesseract CLI). --save-text DIR writes \
            what the OCR path read for each image as DIR/<set>/<stem>.tsv, and every reading the reader \
            could ask for as <stem>.readings.json, so parser and reader changes can then be scored in \
            seconds with --text DIR on exactly what the pipeline sees. --stages compares \
            preprocessing stages for the first reading.

            --store URL instead of a corpus folder scores what the reader extracted from your own \
            receipts against your corrections (`receipts correct`): every verified field of every \
            corrected cart (merchant, date, total, items' names, prices and products), with the \
            same rules; fields you did not correct are not scored.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Corpus folder holding <set>/images and <set>/labels.", completion: .directory)
    var directory: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Score against the carts corrected in this store instead of a corpus: a SQLite file, sqlite:PATH, or postgres://user@host:port/db.",
            valueName: "path|url"
        )
    )
    var store: String?

    @Flag(name: .long, help: "Print the report as JSON.")
    var json = false

    @Flag(name: .long, help: "List every miss with expected vs extracted value.")
    var misses = false

    @Option(name: .long, help: "Images processed at once (OCR engines).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .long, help: "Score precomputed OCR text from this folder (<set>/<stem>.tsv or .txt) instead of running OCR.")
    var text: String?

    @Option(
        name: .long,
        help: "Write what OCR read for each image to this folder as <set>/<stem>.tsv (for later --text runs).",
        completion: .directory
    )
    var saveText: String?

    @Option(name: .long, help: "Only the images whose <set>/<stem> contains this text.")
    var filter: String?

    @Flag(name: .long, help: "Also print what was extracted from each image (one JSON object a line).")
    var dump = false

    @Flag(name: [.customLong("fast"), .customLong("no-reread")], help: "Tesseract only, one reading per image, as ingest --fast.")
    var noReread = false

    @Option(name: .long, help: "Preprocessing of the first reading, comma-separated stages (to compare stages on your receipts).")
    var stages: PreprocessingOptions?

    func validate() throws {
        switch (directory, store) {
        case (nil, nil): throw ValidationError("Give a corpus folder or --store URL: what to score against.")
        case (.some, .some): throw ValidationError("Give a corpus folder or --store URL, not both.")
        case (nil, .some):
            let corpusOnly = [
                ("--text", text != nil), ("--save-text", saveText != nil), ("--filter", filter != nil), ("--dump", dump),
                ("--fast", noReread), ("--stages", stages != nil),
            ]
            if let given = corpusOnly.first(where: \.1) { throw ValidationError("\(given.0) works on a corpus folder, not with --store.") }
        case (.some, nil): break
        }
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1.") }
        if text != nil, saveText != nil { throw ValidationError("--save-text needs the OCR path: leave out --text.") }
    }

    func run() async throws {
        let logger = global.makeLogger(label: "receipts.eval")
        guard let directory else { return try await evaluateCorrections(logger: logger) }
        let entries = try corpusEntries(in: directory)
        var runner = EvaluationRunner(jobs: jobs, logger: logger)
        if dump { runner.observer = Self.printExtracted }
        let report: EvaluationReport
        if let text {
            report = await scoreSavedText(entries, in: URL(fileURLWithPath: text), runner: runner)
        } else {
            report = try await scoreWithOCR(entries, runner: runner, logger: logger)
        }
        try printReport(report)
    }

    /// The corpus's labelled images (only those matching --filter). A corpus that cannot be read
    /// is a `ValidationError`.
    private func corpusEntries(in directory: String) throws -> [CorpusEntry] {
        var entries: [CorpusEntry]
        do {
            entries = try Corpus.load(URL(fileURLWithPath: directory))
        } catch let error as EvaluationError {
            throw ValidationError(error.description)
        }
        if let filter { entries = entries.filter { "\($0.set)/\($0.stem)".contains(filter) } }
        return entries
    }

    /// `--dump`: prints what was extracted from one image as a JSON line.
    @Sendable private static func printExtracted(_ entry: CorpusEntry, _ parsed: ParsedReceipt?) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = parsed.flatMap { try? encoder.encode($0) }.map { String(decoding: $0, as: UTF8.self) } ?? "null"
        print("{\"image\":\"\(entry.set)/\(entry.stem)\",\"parsed\":\(json)}")
    }

    /// `--text DIR`: scores what was read before, from `root`: the saved readings of each image
    /// replayed through the reader when there are some, else its TSV or plain text parsed.
    private func scoreSavedText(_ entries: [CorpusEntry], in root: URL, runner: EvaluationRunner) async -> EvaluationReport {
        let parser = ReceiptParser()
        return await runner.run(entries) { entry in
            let base = root.appendingPathComponent(entry.set).appendingPathComponent(entry.stem)
            if let saved = try? Data(contentsOf: base.appendingPathExtension("readings.json")) {
                // Every reading --save-text kept: the reader's own rules, replayed without OCR.
                let reading = try await ReceiptReader.replay(JSONDecoder().decode(SavedReadings.self, from: saved), rereadWhenUnsure: !noReread)
                return EvaluationRunner.Result(reading.receipt, text: ParserInput(ocrPage: reading.page).text)
            }
            if let tsv = try? String(contentsOf: base.appendingPathExtension("tsv"), encoding: .utf8) {
                let input = TesseractTSV.parse(tsv)
                return EvaluationRunner.Result(parser.parse(input), text: input.lines.map(\.text).joined(separator: "\n"))
            }
            let plain = try String(contentsOf: base.appendingPathExtension("txt"), encoding: .utf8)
            return EvaluationRunner.Result(parser.parse(text: plain), text: plain)
        }
    }

    /// Scores each image as `ingest` reads it (saving what was read with --save-text), then
    /// says on stderr what the neural reader's share of the time was when it is installed.
    private func scoreWithOCR(_ entries: [CorpusEntry], runner: EvaluationRunner, logger: Logger) async throws -> EvaluationReport {
        var configuration = OCRConfiguration()
        if let stages { configuration.preprocessing = stages }
        let pool = try OCREnginePool(workers: jobs, configuration: configuration, logger: logger)
        // What `ingest` reads with, so that the figures are `ingest`'s.
        let reader = ReceiptReader.installed(ocr: pool, rereadWhenUnsure: !noReread, logger: logger)
        let neural = reader.neural
        if !noReread, neural == nil {
            logger.notice("the neural reader is not installed (scripts/install-deps.sh) or RECEIPTS_NEURAL=off: Tesseract alone")
        }
        let saveRoot = saveText.map { URL(fileURLWithPath: $0) }
        let neuralCost = NeuralTally()
        let report = await runner.run(entries) { entry in
            let reading = try await Self.read(entry, with: reader, savingTo: saveRoot)
            if reading.neural { neuralCost.add(seconds: reading.neuralSeconds) }
            return EvaluationRunner.Result(reading.receipt, text: ParserInput(ocrPage: reading.page).lines.map(\.text).joined(separator: "\n"))
        }
        if neural != nil {
            // The accuracy above has a price: say what the neural reader's share of it was.
            let (count, seconds) = neuralCost.totals
            FileHandle.standardError.write(
                Data(
                    String(
                        format: "receipts: the neural reader read %d of %d images (%.1f s, %.1f s each)\n",
                        count,
                        entries.count,
                        seconds,
                        count > 0 ? seconds / Double(count) : 0
                    ).utf8
                )
            )
        }
        return report
    }

    /// Reads one image; with a `saveRoot` (--save-text), also writes what the OCR path read as
    /// `<set>/<stem>.tsv` and every reading the reader could ask for as `<stem>.readings.json`.
    private static func read(_ entry: CorpusEntry, with reader: ReceiptReader, savingTo saveRoot: URL?) async throws -> ReceiptReader.Reading {
        guard let saveRoot else { return try await reader.read(contentsOf: entry.image) }
        let recorded = try await reader.readRecording(contentsOf: entry.image)
        let reading = recorded.reading
        let page = reading.page
        let folder = saveRoot.appendingPathComponent(entry.set)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let tsv = TesseractTSV.write(ParserInput(ocrPage: page), pageHeight: Double(page.height))
        let file = folder.appendingPathComponent(entry.stem)
        try Data(tsv.utf8).write(to: file.appendingPathExtension("tsv"), options: .atomic)
        try JSONEncoder().encode(recorded.readings).write(to: file.appendingPathExtension("readings.json"), options: .atomic)
        return reading
    }

    /// `--store`: the reader against the user's corrected carts.
    func evaluateCorrections(logger: Logger) async throws {
        // Only --store: RECEIPTS_STORE and ./receipts.sqlite are not the default here.
        let documentStore = try await StoreLocation.parse(store ?? "").open(logger: logger)
        var carts: [CartDocument] = []
        do {
            for try await cart in CartQueries(store: documentStore).carts(CartQueries.Filters()) where !cart.verified.isEmpty {
                carts.append(cart)
            }
            try await documentStore.close()
        } catch {
            try? await documentStore.close()
            throw error
        }
        let outcome = CorrectionEvaluation.evaluate(carts)
        var notes: [String] = []
        if outcome.report.overall.receipts == 0 {
            notes.append("No corrected carts to score in the store: `receipts correct ID --total …` marks what you fix as verified.")
        }
        if outcome.unscored > 0 {
            notes.append("\(outcome.unscored) verified field(s) not scored: corrected before the reader's value was kept, or the item is gone.")
        }
        for note in notes { FileHandle.standardError.write(Data((note + "\n").utf8)) }
        try printReport(outcome.report)
    }

    /// The report to stdout: JSON with --json, else the table; the misses with --misses.
    func printReport(_ report: EvaluationReport) throws {
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            var value = report
            if !misses { value.misses = [] }
            print(String(decoding: try encoder.encode(value), as: UTF8.self))
        } else {
            print(report.table(), terminator: "")
            if misses {
                for miss in report.misses {
                    print("\(miss.set)/\(miss.stem)  \(miss.field)\n    expected: \(miss.expected)\n    got:      \(miss.got)")
                }
            }
        }
    }
}

/// Readings of the neural reader counted across eval's concurrent workers.
final class NeuralTally: Sendable {
    private let state = Mutex<(count: Int, seconds: Double)>((0, 0))

    func add(seconds: Double) {
        state.withLock {
            $0.count += 1
            $0.seconds += seconds
        }
    }
    var totals: (count: Int, seconds: Double) { state.withLock { $0 } }
}
