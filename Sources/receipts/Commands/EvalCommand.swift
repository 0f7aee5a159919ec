import ArgumentParser
import Foundation
import Logging
import ReceiptEvaluation
import ReceiptOCR
import ReceiptParsing
import ReceiptPipeline

/// `receipts eval DIR`: accuracy on a labelled corpus with the corpus README's scoring rules.
struct EvalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Measure extraction accuracy on a labelled corpus (<set>/images + <set>/labels).",
        discussion: """
            Runs OCR and parsing on every labelled image and prints, per set and overall, each field's \
            correct/labelled count and accuracy, and items precision/recall/F1. --misses lists every \
            wrong field with the expected and the extracted value. --text DIR scores precomputed OCR \
            instead (DIR/<set>/<stem>.tsv or .txt, e.g. from the tesseract CLI). --save-text DIR writes \
            what the OCR path read for each image as DIR/<set>/<stem>.tsv, so parser changes can then be \
            scored in seconds with --text DIR on exactly what the pipeline sees. --stages compares \
            preprocessing stages for the first reading.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Corpus folder holding <set>/images and <set>/labels.", completion: .directory)
    var directory: String

    @Flag(name: .long, help: "Print the report as JSON.")
    var json = false

    @Flag(name: .long, help: "List every miss with expected vs extracted value.")
    var misses = false

    @Option(name: .long, help: "Images processed at once (OCR engines).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .long, help: "Score precomputed OCR text from this folder (<set>/<stem>.tsv or .txt) instead of running OCR.")
    var text: String?

    @Option(name: .long, help: "Write what OCR read for each image to this folder as <set>/<stem>.tsv (for later --text runs).", completion: .directory)
    var saveText: String?

    @Option(name: .long, help: "Only the images whose <set>/<stem> contains this text.")
    var filter: String?

    @Flag(name: .long, help: "Also print what was extracted from each image (one JSON object a line).")
    var dump = false

    @Flag(name: .long, help: "Read each image once, even when the first reading leaves the receipt unsure (as ingest --no-reread).")
    var noReread = false

    @Option(name: .long, help: "Preprocessing of the first reading, comma-separated stages (to compare stages on your receipts).")
    var stages: PreprocessingOptions?

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1.") }
        if text != nil, saveText != nil { throw ValidationError("--save-text needs the OCR path: leave out --text.") }
    }

    func run() async throws {
        let logger = global.makeLogger(label: "receipts.eval")
        var entries: [CorpusEntry]
        do {
            entries = try Corpus.load(URL(fileURLWithPath: directory))
        } catch let error as EvaluationError {
            throw ValidationError(error.description)
        }
        if let filter { entries = entries.filter { "\($0.set)/\($0.stem)".contains(filter) } }
        let parser = ReceiptParser()
        var runner = EvaluationRunner(jobs: jobs, logger: logger)
        if dump {
            runner.observer = { entry, parsed in
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                let json = parsed.flatMap { try? encoder.encode($0) }.map { String(decoding: $0, as: UTF8.self) } ?? "null"
                print("{\"image\":\"\(entry.set)/\(entry.stem)\",\"parsed\":\(json)}")
            }
        }
        let report: EvaluationReport
        if let text {
            let root = URL(fileURLWithPath: text)
            report = await runner.run(entries) { entry in
                let base = root.appendingPathComponent(entry.set).appendingPathComponent(entry.stem)
                if let tsv = try? String(contentsOf: base.appendingPathExtension("tsv"), encoding: .utf8) {
                    let input = TesseractTSV.parse(tsv)
                    return EvaluationRunner.Result(parser.parse(input), text: input.lines.map(\.text).joined(separator: "\n"))
                }
                let plain = try String(contentsOf: base.appendingPathExtension("txt"), encoding: .utf8)
                return EvaluationRunner.Result(parser.parse(text: plain), text: plain)
            }
        } else {
            var configuration = OCRConfiguration()
            if let stages { configuration.preprocessing = stages }
            let pool = try OCREnginePool(workers: jobs, configuration: configuration, logger: logger)
            let neural = noReread ? nil : NeuralReader.Configuration.installed().map { NeuralReader(configuration: $0, logger: logger) }
            if !noReread, neural == nil { logger.notice("the neural reader is not installed (scripts/install-deps.sh) or RECEIPTS_NEURAL=off: Tesseract alone") }
            let reader = ReceiptReader(ocr: pool, rereadWhenUnsure: !noReread, neural: neural)
            let saveRoot = saveText.map { URL(fileURLWithPath: $0) }
            report = await runner.run(entries) { entry in
                let reading = try await reader.read(contentsOf: entry.image)
                if let saveRoot {
                    let page = reading.page
                    let folder = saveRoot.appendingPathComponent(entry.set)
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    let tsv = TesseractTSV.write(ParserInput(ocrPage: page), pageHeight: Double(page.height))
                    try Data(tsv.utf8).write(to: folder.appendingPathComponent(entry.stem).appendingPathExtension("tsv"), options: .atomic)
                }
                return EvaluationRunner.Result(reading.receipt, text: ParserInput(ocrPage: reading.page).lines.map(\.text).joined(separator: "\n"))
            }
        }
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
