import Foundation
import ReceiptTesting
import Testing

/// `receipts eval --save-text` keeps every reading, and `--text` replays the reader on them.
@Suite(.serialized) struct EvalReplayEndToEndTests {
    @Test func savedReadingsReplayToTheSameReport() async throws {
        let work = try Workspace()
        let corpus = work.url.appendingPathComponent("corpus")
        _ = try work.images(["us-cafe-beanleaf.png"], into: "corpus/cafes/images")
        let labels = corpus.appendingPathComponent("cafes/labels")
        try FileManager.default.createDirectory(at: labels, withIntermediateDirectories: true)
        let label = #"{"merchant": "BEAN & LEAF CAFE", "date": "2025-01-05", "total": "14.66", "subtotal": "13.80", "tax": "0.86"}"#
        try Data(label.utf8).write(to: labels.appendingPathComponent("us-cafe-beanleaf.json"))
        let saved = work.url.appendingPathComponent("saved")
        let live = try await CLI.run(["eval", corpus.path, "--jobs", "1", "--save-text", saved.path, "--json"], in: work.url)
        #expect(live.status == 0, "\(live.stderr)")
        #expect(FileManager.default.fileExists(atPath: saved.appendingPathComponent("cafes/us-cafe-beanleaf.readings.json").path))
        let replayed = try await CLI.run(["eval", corpus.path, "--text", saved.path, "--json"], in: work.url)
        #expect(replayed.status == 0, "\(replayed.stderr)")
        let liveFields = try EvalStoreEndToEndTests.fields(CLI.json(live.stdout))
        #expect(liveFields["total"] == "1/1")
        #expect(try EvalStoreEndToEndTests.fields(CLI.json(replayed.stdout)) == liveFields)
    }
}
