import ArgumentParser
import DocumentStore
import Foundation
import Logging

/// `receipts import FILE`: reads `receipts export` JSON Lines back into a store.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Read JSON Lines written by `receipts export` into the store.",
        discussion: """
            Idempotent by id: a document whose stored revision is the same or newer is skipped, so \
            an interrupted import can simply be run again. Documents keep their ids, revisions and \
            every field. Each batch is one transaction: a batch is written whole or not at all. \
            Lines that are plain documents (with an "id") are accepted with --collection. \
            Prints a summary (JSON with --json) to stdout.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOptions

    @Argument(help: "A JSON Lines file, or - for stdin.", completion: .file())
    var file: String

    @Option(help: "Collection for lines that are plain documents rather than export records.")
    var collection: String?

    @Option(help: "Documents per transaction.")
    var batchSize: Int = 500

    @Flag(help: "Print the summary as JSON.")
    var json = false

    func validate() throws {
        guard batchSize > 0 else { throw ValidationError("--batch-size must be at least 1.") }
    }

    func run() async throws {
        let logger = global.makeLogger(label: "receipts.import")
        let handle: FileHandle
        if file == "-" {
            handle = FileHandle.standardInput
        } else {
            guard let opened = FileHandle(forReadingAtPath: file) else {
                throw ValidationError("Cannot read \(file): check the path.")
            }
            handle = opened
        }
        var batch: [StoreChange] = []
        var read = 0
        var applied = 0
        var lineNumber = 0
        try await store.withOpenStore(logger: logger) { documentStore in
            var pending = Data()
            while true {
                let chunk = handle.readData(ofLength: 1 << 20)
                let atEnd = chunk.isEmpty
                pending.append(chunk)
                var start = pending.startIndex
                while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n"))
                    ?? (atEnd && start < pending.endIndex ? pending.endIndex : nil)
                {
                    let lineData = pending[start..<newline]
                    start = newline < pending.endIndex ? pending.index(after: newline) : newline
                    lineNumber += 1
                    let line = Substring(decoding: lineData, as: UTF8.self)
                    guard !line.allSatisfy(\.isWhitespace) else { continue }
                    do {
                        batch.append(try ChangeLines.decode(line, collection: collection))
                    } catch let error as StoreError {
                        throw StoreError(error.code, "Line \(lineNumber): \(error.message)")
                    }
                    read += 1
                    if batch.count >= batchSize {
                        applied += try await documentStore.replicate(batch)
                        batch.removeAll(keepingCapacity: true)
                    }
                    if start >= pending.endIndex { break }
                }
                pending = Data(pending[start...])
                if atEnd { break }
            }
            if !batch.isEmpty {
                applied += try await documentStore.replicate(batch)
            }
        }
        if json {
            print(#"{"read":\#(read),"applied":\#(applied),"skipped":\#(read - applied)}"#)
        } else {
            print("Imported \(applied) of \(read) documents (\(read - applied) already up to date).")
        }
    }
}
