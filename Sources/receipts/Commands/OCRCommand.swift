import ArgumentParser
import Foundation
import Logging
import ReceiptOCR

/// `receipts ocr IMAGE...`: recognised lines per image (or JSON Lines with words, boxes, confidences).
struct OCRCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ocr",
        abstract: "Recognise the text of receipt images.",
        discussion: """
            Text mode prints a header per image, then its lines. With --json, one JSON object per \
            image (JSON Lines) with lines, words, boxes (pixels of the preprocessed image) and \
            confidences (0-1); a failed image gives {"file":..., "error":{"code":..., "message":...}}. \
            Exits with status 1 if any image failed.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Image files (JPEG, PNG, TIFF, WebP, BMP, GIF).", completion: .file())
    var images: [String]

    @Flag(help: "Print JSON Lines: one object per image.")
    var json = false

    @Option(help: "Tesseract page segmentation mode (3, 4, 6, 7, 8, 11, 13).")
    var psm: Int = PageSegmentationMode.singleBlock.rawValue

    @Flag(help: "Hand the decoded image to Tesseract as it is (no preprocessing).")
    var noPreprocess = false

    @Option(help: "Preprocessing stages, comma-separated.")
    var stages: PreprocessingOptions?

    @Option(help: "Tesseract languages, joined with '+' (e.g. eng+deu).")
    var lang: String = "eng"

    @Option(help: "Images recognised at once (one Tesseract engine each).")
    var jobs: Int = min(2, ProcessInfo.processInfo.activeProcessorCount)

    @Option(help: ArgumentHelp("Write each preprocessed image as PNG into this folder.", visibility: .hidden))
    var saveImages: String?

    func validate() throws {
        guard !images.isEmpty else { throw ValidationError("give at least one image file") }
        guard PageSegmentationMode(rawValue: psm) != nil else {
            throw ValidationError("--psm must be one of \(PageSegmentationMode.allCases.map(\.rawValue))")
        }
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    }

    func run() async throws {
        let logger = global.makeLogger(label: "receipts.ocr")
        let preprocessing = noPreprocess ? [] : stages ?? .default
        let configuration = OCRConfiguration(
            languages: lang.split(separator: "+").map(String.init),
            pageSegmentationMode: PageSegmentationMode(rawValue: psm) ?? .singleBlock,
            preprocessing: preprocessing
        )
        let pool: OCREnginePool
        do {
            pool = try OCREnginePool(workers: min(jobs, images.count), configuration: configuration, logger: logger)
        } catch let error as OCRError {
            FileHandle.standardError.write(Data("receipts ocr: error: \(error.code): \(error.message)\n".utf8))
            throw ExitCode.failure
        }
        let saveFolder = saveImages.map { URL(fileURLWithPath: $0, isDirectory: true) }
        let printer = OCRPrinter(json: json)
        let files = images
        var failures = 0
        // Run up to `jobs` images at once, print in input order as soon as possible.
        await withTaskGroup(of: (Int, Result<OCRPage, OCRError>).self) { group in
            var next = 0
            var pending: [Int: Result<OCRPage, OCRError>] = [:]
            var submitted = 0
            func submit() {
                guard submitted < files.count else { return }
                let index = submitted
                submitted += 1
                group.addTask {
                    (index, await Self.recognize(file: files[index], pool: pool, saveFolder: saveFolder))
                }
            }
            for _ in 0..<pool.workers * 2 { submit() }
            for await (index, result) in group {
                pending[index] = result
                submit()
                while let ready = pending.removeValue(forKey: next) {
                    if case .failure = ready { failures += 1 }
                    printer.print(file: files[next], result: ready)
                    next += 1
                }
            }
        }
        if failures > 0 {
            logger.error("\(failures) of \(files.count) images failed")
            throw ExitCode.failure
        }
    }

    static func recognize(file: String, pool: OCREnginePool, saveFolder: URL?) async -> Result<OCRPage, OCRError> {
        let url = URL(fileURLWithPath: file)
        do {
            if let saveFolder {
                return .success(
                    try await pool.withEngine { engine in
                        let image = try OCRImage(contentsOf: url, limits: engine.configuration.imageLimits)
                        let prepared = try await engine.preprocess(image)
                        let name = url.deletingPathExtension().lastPathComponent + ".pre.png"
                        try prepared.image.pngData().write(to: saveFolder.appendingPathComponent(name))
                        var page = try await engine.recognize(prepared.image, preprocessing: [])
                        page.preprocessing = prepared.report
                        return page
                    }
                )
            }
            return .success(try await pool.recognize(contentsOf: url))
        } catch let error as OCRError {
            return .failure(error)
        } catch {
            return .failure(OCRError(.failed, "\(error)"))
        }
    }
}

/// Formats results for stdout.
struct OCRPrinter {
    let json: Bool

    struct ErrorBody: Encodable {
        let code: String
        let message: String
    }
    struct ErrorLine: Encodable {
        let file: String
        let error: ErrorBody
    }
    struct PageLine: Encodable {
        let file: String
        let page: OCRPage
        func encode(to encoder: any Encoder) throws {
            enum Keys: String, CodingKey { case file, text }
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(file, forKey: .file)
            try container.encode(page.text, forKey: .text)
            try page.encode(to: encoder)
        }
    }

    func print(file: String, result: Result<OCRPage, OCRError>) {
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let data: Data?
            switch result {
            case .success(let page): data = try? encoder.encode(PageLine(file: file, page: page))
            case .failure(let error):
                data = try? encoder.encode(
                    ErrorLine(file: file, error: ErrorBody(code: error.code.rawValue, message: error.message))
                )
            }
            if let data { FileHandle.standardOutput.write(data + Data("\n".utf8)) }
            return
        }
        switch result {
        case .success(let page):
            let header = String(
                format: "== %@ (%d lines, confidence %.2f, %.2f s) ==\n",
                file,
                page.lines.count,
                page.confidence,
                page.timing.total
            )
            FileHandle.standardOutput.write(Data((header + page.text + "\n\n").utf8))
        case .failure(let error):
            FileHandle.standardOutput.write(Data("== \(file) ==\nerror: \(error.code): \(error.message)\n\n".utf8))
        }
    }
}
