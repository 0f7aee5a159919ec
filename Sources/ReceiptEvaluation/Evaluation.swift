import Foundation
import Logging
import ReceiptModel
import ReceiptParsing

/// One labelled image of a corpus.
public struct CorpusEntry: Sendable, Hashable {
    public var set: String
    public var stem: String
    public var image: URL
    public var label: ReceiptLabel
}

/// Evaluation errors, with stable codes.
public struct EvaluationError: Error, Sendable, CustomStringConvertible {
    public var code: String
    public var message: String

    public init(_ code: String, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }
}

/// Reads a corpus laid out as `<dir>/<set>/images/<stem>.<ext>` + `<dir>/<set>/labels/<stem>.json`.
public enum Corpus {
    static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "tif", "tiff", "bmp", "gif", "webp", "pnm"]

    public static func load(_ directory: URL) throws -> [CorpusEntry] {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: directory.path, isDirectory: &isDir), isDir.boolValue else {
            throw EvaluationError(
                "eval.corpus-missing",
                "No corpus folder at \(directory.path): pass a folder holding <set>/images and <set>/labels."
            )
        }
        var sets = try fm.contentsOfDirectory(atPath: directory.path).sorted().filter {
            fm.fileExists(atPath: directory.appendingPathComponent($0).appendingPathComponent("labels").path)
        }
        // The folder may itself be one set.
        var roots = sets.map { (name: $0, url: directory.appendingPathComponent($0)) }
        if sets.isEmpty, fm.fileExists(atPath: directory.appendingPathComponent("labels").path) {
            sets = [directory.lastPathComponent]
            roots = [(directory.lastPathComponent, directory)]
        }
        guard !roots.isEmpty else {
            throw EvaluationError(
                "eval.corpus-empty",
                "\(directory.path) has no <set>/labels folder: lay the corpus out as <set>/images + <set>/labels."
            )
        }
        var entries: [CorpusEntry] = []
        for root in roots {
            let images = root.url.appendingPathComponent("images")
            let labels = root.url.appendingPathComponent("labels")
            let files = (try? fm.contentsOfDirectory(atPath: images.path)) ?? []
            var byStem: [String: URL] = [:]
            for file in files where imageExtensions.contains((file as NSString).pathExtension.lowercased()) {
                byStem[(file as NSString).deletingPathExtension] = images.appendingPathComponent(file)
            }
            for labelFile in try fm.contentsOfDirectory(atPath: labels.path).sorted() where labelFile.hasSuffix(".json") {
                let stem = (labelFile as NSString).deletingPathExtension
                guard let image = byStem[stem] else { continue }
                let data = try Data(contentsOf: labels.appendingPathComponent(labelFile))
                do {
                    let label = try JSONDecoder().decode(ReceiptLabel.self, from: data)
                    entries.append(CorpusEntry(set: root.name, stem: stem, image: image, label: label))
                } catch {
                    throw EvaluationError(
                        "eval.label-invalid",
                        "Label \(labels.appendingPathComponent(labelFile).path) is not valid: \(error). Fix or remove it."
                    )
                }
            }
        }
        return entries
    }
}

/// A field that came out wrong.
public struct Miss: Sendable, Hashable, Codable {
    public var set: String
    public var stem: String
    public var field: String
    public var expected: String
    public var got: String
}

/// Counts for one set (or all).
public struct SetReport: Sendable, Hashable, Codable {
    public struct FieldCount: Sendable, Hashable, Codable {
        public var correct = 0
        public var labelled = 0
        public var accuracy: Double { labelled == 0 ? 0 : Double(correct) / Double(labelled) }
    }

    public var name: String
    public var receipts = 0
    public var failed = 0
    public var fields: [String: FieldCount] = [:]
    public var itemsMatched = 0
    public var itemsPredicted = 0
    public var itemsLabelled = 0
    public var hasItemLabels = false
    /// Per field: how often the labelled value appears anywhere in what was read (the ceiling).
    public var ceiling: [String: FieldCount] = [:]

    public var itemPrecision: Double { itemsPredicted == 0 ? 0 : Double(itemsMatched) / Double(itemsPredicted) }
    public var itemRecall: Double { itemsLabelled == 0 ? 0 : Double(itemsMatched) / Double(itemsLabelled) }
    public var itemF1: Double { itemPrecision + itemRecall == 0 ? 0 : 2 * itemPrecision * itemRecall / (itemPrecision + itemRecall) }

    /// Counts one labelled (or verified) value of `field`.
    mutating func count(_ field: String, correct: Bool) {
        fields[field, default: FieldCount()].labelled += 1
        if correct { fields[field, default: FieldCount()].correct += 1 }
    }

    mutating func add(_ score: ReceiptScore, failed didFail: Bool) {
        receipts += 1
        if didFail { failed += 1 }
        for (field, ok) in score.fields { count(field.rawValue, correct: ok) }
        if score.hasItemLabels { hasItemLabels = true }
        itemsMatched += score.itemsMatched
        itemsPredicted += score.itemsPredicted
        itemsLabelled += score.itemsLabelled
    }
}

/// The whole evaluation: per set, overall, per part of the fixed tuning/check split, and the misses.
public struct EvaluationReport: Sendable, Hashable, Codable {
    public var sets: [SetReport]
    public var overall: SetReport
    /// `check` and `tuning` overall, then `check/<set>` and `tuning/<set>`.
    public var parts: [SetReport] = []
    public var misses: [Miss]

    /// A plain-text table: the check part, the tuning part, then everything; in each, per set and
    /// overall: field, correct/labelled, %, how often the value was in the text at all, then
    /// items P/R/F1.
    public func table() -> String {
        var out = ""
        for part in CorpusPart.allCases.reversed() where parts.contains(where: { $0.name == part.rawValue }) {
            out += "== \(part.rawValue) part ==\n\n"
            out += Self.table(parts.filter { $0.name.hasPrefix(part.rawValue + "/") } + parts.filter { $0.name == part.rawValue })
        }
        out += "== all ==\n\n"
        return out + Self.table(sets + [overall])
    }

    static func table(_ reports: [SetReport]) -> String {
        var out = ""
        for report in reports {
            out += "\(report.name)  (\(report.receipts) receipts\(report.failed > 0 ? ", \(report.failed) failed" : ""))\n"
            // The corpus fields, then any others (the items of corrected carts) by name.
            let others = report.fields.keys.filter { Field(rawValue: $0) == nil }.sorted()
            for field in Field.allCases.map(\.rawValue) + others {
                guard let count = report.fields[field], count.labelled > 0 else { continue }
                out +=
                    "  " + field.padding(toLength: 12, withPad: " ", startingAt: 0)
                    + "\(count.correct)/\(count.labelled)".leftPadded(8) + String(format: "%7.1f %%", count.accuracy * 100)
                if let ceiling = report.ceiling[field], ceiling.labelled > 0 {
                    out += String(format: "   (in text: %d/%d)", ceiling.correct, ceiling.labelled)
                }
                out += "\n"
            }
            if report.hasItemLabels {
                out += String(
                    format: "  items      P %.3f  R %.3f  F1 %.3f  (%d matched, %d predicted, %d labelled)\n",
                    report.itemPrecision,
                    report.itemRecall,
                    report.itemF1,
                    report.itemsMatched,
                    report.itemsPredicted,
                    report.itemsLabelled
                )
            }
            out += "\n"
        }
        return out
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}

/// Runs a reader (OCR + parse, or anything producing a `ParsedReceipt`) over a corpus and scores it.
public struct EvaluationRunner: Sendable {
    /// What a reader gives back for one image: the parsed receipt, and the text it was parsed
    /// from (for the ceiling; nil when there is none).
    public struct Result: Sendable {
        public var receipt: ParsedReceipt
        public var text: String?

        public init(_ receipt: ParsedReceipt, text: String?) {
            self.receipt = receipt
            self.text = text
        }
    }

    public typealias Reader = @Sendable (CorpusEntry) async throws -> Result

    public var jobs: Int
    public var logger: Logger
    /// Called with each image's result as it completes (for dumps and progress).
    public var observer: (@Sendable (CorpusEntry, ParsedReceipt?) -> Void)?

    public init(jobs: Int = 2, logger: Logger) {
        self.jobs = max(1, jobs)
        self.logger = logger
    }

    public func run(_ entries: [CorpusEntry], reader: @escaping Reader) async -> EvaluationReport {
        var results = [Result?](repeating: nil, count: entries.count)
        await withTaskGroup(of: (Int, Result?).self) { group in
            var next = 0
            func addNext() {
                guard next < entries.count else { return }
                let index = next
                let entry = entries[index]
                next += 1
                group.addTask {
                    do { return (index, try await reader(entry)) } catch {
                        logger.warning("eval: no output", metadata: ["image": "\(entry.image.path)", "error": "\(error)"])
                        return (index, nil)
                    }
                }
            }
            for _ in 0..<jobs { addNext() }
            while let (index, result) = await group.next() {
                results[index] = result
                observer?(entries[index], result?.receipt)
                addNext()
            }
        }
        return Self.report(entries, results.map { $0?.receipt }, texts: results.map { $0?.text })
    }

    /// Scores already computed results (same order as `entries`).
    public static func report(_ entries: [CorpusEntry], _ results: [ParsedReceipt?], texts: [String?]? = nil) -> EvaluationReport {
        var sets: [String: SetReport] = [:]
        var overall = SetReport(name: "overall")
        var parts: [String: SetReport] = [:]
        var misses: [Miss] = []
        for (index, (entry, got)) in zip(entries, results).enumerated() {
            let score = Scoring.score(label: entry.label, got: got)
            let text = texts?[index]
            let part = entry.part.rawValue
            for name in [entry.set, "overall", part, "\(part)/\(entry.set)"] {
                var report =
                    name == "overall"
                    ? overall : name == entry.set ? sets[name, default: SetReport(name: name)] : parts[name, default: SetReport(name: name)]
                report.add(score, failed: got == nil)
                if let text {
                    for field in Ceiling.fields {
                        guard let appears = Ceiling.appears(field, label: entry.label, in: text) else { continue }
                        report.ceiling[field.rawValue, default: SetReport.FieldCount()].labelled += 1
                        if appears { report.ceiling[field.rawValue, default: SetReport.FieldCount()].correct += 1 }
                    }
                }
                if name == "overall" { overall = report } else if name == entry.set { sets[name] = report } else { parts[name] = report }
            }
            for (field, ok) in score.fields.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where !ok {
                let expected: String
                let value: String
                switch field {
                case .total:
                    expected = entry.label.total?.description ?? "-"
                    value = got?.total?.description ?? "-"
                case .subtotal:
                    expected = entry.label.subtotal?.description ?? "-"
                    value = got?.subtotal?.description ?? "-"
                case .tax:
                    expected = entry.label.tax?.description ?? "-"
                    value = got?.tax?.description ?? "-"
                case .date:
                    expected = entry.label.date ?? "-"
                    value = got?.date ?? "-"
                case .merchant:
                    expected = entry.label.merchant ?? "-"
                    value = got?.merchant.name ?? "-"
                case .itemCount:
                    expected = entry.label.itemCount.map(String.init) ?? "-"
                    value = got.map { String($0.items.count) } ?? "-"
                }
                misses.append(
                    Miss(set: entry.set, stem: entry.stem, field: field.rawValue, expected: expected, got: got == nil ? "(no output)" : value)
                )
            }
            if score.hasItemLabels, score.itemsMatched < max(score.itemsLabelled, score.itemsPredicted) {
                misses.append(
                    Miss(
                        set: entry.set,
                        stem: entry.stem,
                        field: "items",
                        expected: (entry.label.items ?? []).map { "\($0.name ?? "?") \($0.price?.description ?? "-")" }.joined(separator: "; "),
                        got: (got?.items ?? []).map { "\($0.name) \($0.price)" }.joined(separator: "; ")
                    )
                )
            }
        }
        return EvaluationReport(
            sets: sets.values.sorted { $0.name < $1.name },
            overall: overall,
            parts: parts.values.sorted { $0.name < $1.name },
            misses: misses
        )
    }
}

/// Reads and writes tesseract TSV (`tesseract img out tsv`) as parser input, so a
/// corpus can be evaluated on precomputed OCR.
///
/// Word rows (level 5) carry the words; a line row (level 4) may carry the line's
/// own text and box, which `write` fills so that what our OCR path read (its line
/// grouping and column gaps) reads back exactly. The tesseract CLI leaves line
/// text empty, and lines are then the words joined by spaces.
public enum TesseractTSV {
    static let header = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext"

    public static func parse(_ tsv: String) -> ParserInput {
        struct Key: Hashable { var block: Int, par: Int, line: Int }
        var lines: [Key: [ParserInput.Word]] = [:]
        var lineRows: [Key: (text: String, box: ParserInput.Box)] = [:]
        var order: [Key] = []
        var pageWidth: Double?
        for row in tsv.split(separator: "\n").dropFirst() {
            let f = row.split(separator: "\t", omittingEmptySubsequences: false)
            guard f.count >= 12, let level = Int(f[0]) else { continue }
            if level == 1, let w = Double(f[8]) { pageWidth = w }
            guard level == 4 || level == 5, let block = Int(f[2]), let par = Int(f[3]), let line = Int(f[4]),
                let x = Double(f[6]), let y = Double(f[7]), let w = Double(f[8]), let h = Double(f[9]), let conf = Double(f[10])
            else { continue }
            let key = Key(block: block, par: par, line: line)
            let box = ParserInput.Box(x: x, y: y, width: w, height: h)
            if level == 4 {
                let text = unescape(f[11...].joined(separator: "\t"))
                if !text.trimmingCharacters(in: .whitespaces).isEmpty { lineRows[key] = (text, box) }
                continue
            }
            let text = unescape(String(f[11])).trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            if lines[key] == nil { order.append(key) }
            lines[key, default: []].append(ParserInput.Word(text: text, box: box, confidence: max(0, conf) / 100))
        }
        let result = order.map { key -> ParserInput.Line in
            let words = lines[key] ?? []
            if let row = lineRows[key] { return ParserInput.Line(text: row.text, words: words, box: row.box) }
            return ParserInput.Line(text: words.map(\.text).joined(separator: " "), words: words, box: words.first?.box)
        }
        return ParserInput(lines: result, pageWidth: pageWidth)
    }

    /// Writes parser input as TSV that `parse` reads back to the same lines, words,
    /// boxes and confidences (confidences rounded to 0.01 %).
    /// - Parameters:
    ///   - input: the lines as read, with word boxes.
    ///   - pageHeight: the page height for the page row (0 when unknown).
    /// - Returns: the TSV text, header first.
    public static func write(_ input: ParserInput, pageHeight: Double = 0) -> String {
        func number(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
        func row(_ level: Int, _ line: Int, _ word: Int, _ box: ParserInput.Box?, _ conf: Double, _ text: String) -> String {
            let b = box ?? ParserInput.Box(x: 0, y: 0, width: 0, height: 0)
            return [
                String(level), "1", "1", "1", String(line), String(word), number(b.x), number(b.y), number(b.width), number(b.height),
                conf < 0 ? "-1" : String(format: "%.2f", conf * 100), escape(text),
            ].joined(separator: "\t")
        }
        var out = [header, row(1, 0, 0, ParserInput.Box(x: 0, y: 0, width: input.pageWidth ?? 0, height: pageHeight), -1, "")]
        for (i, line) in input.lines.enumerated() {
            out.append(row(4, i + 1, 0, line.box, -1, line.text))
            let words =
                line.words.isEmpty
                ? line.text.split(separator: " ").map { ParserInput.Word(text: String($0)) } : line.words
            for (j, word) in words.enumerated() { out.append(row(5, i + 1, j + 1, word.box, word.confidence, word.text)) }
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// Tabs and newlines inside a text field would break the row: written as `\t`, `\n`, `\\`.
    static func escape(_ text: String) -> String {
        guard text.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\\" }) else { return text }
        return text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
    }

    static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var out = ""
        var escaped = false
        for c in text {
            if escaped {
                switch c {
                case "t": out.append("\t")
                case "n": out.append("\n")
                case "r": out.append("\r")
                default: out.append(c)
                }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        return out
    }
}
