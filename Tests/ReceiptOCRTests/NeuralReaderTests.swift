import ChildProcesses
import Foundation
import Logging
import ReceiptOCR
import ReceiptTesting
import Testing

/// The neural reader process (installed by scripts/install-deps.sh into .build/ocr-venv).
/// The installed reader, found as `receipts` finds it (ignoring `RECEIPTS_NEURAL=off`, which
/// `make test` sets for the other tests). Missing on CI is a failure, elsewhere a skip.
private let installedReader = NeuralReader.Configuration.installed(environment: [:])

@Suite(.serialized, .timeLimit(.minutes(5)), .enabled(if: RequiredTool.runs(available: installedReader != nil)))
struct NeuralReaderTests {
    static let logger = Logger(label: "neural-tests")

    static func configuration() throws -> NeuralReader.Configuration {
        try #require(installedReader, "the neural reader is not installed: scripts/install-deps.sh installs it")
    }

    @Test func readsAReceiptIntoLinesWithBoxes() async throws {
        let configuration = try Self.configuration()
        let reader = NeuralReader(configuration: configuration, logger: Self.logger)
        defer { Task { await reader.stop() } }
        let page = try await reader.read(contentsOf: Fixtures.url("receipts/us-grocery-freshmart.png"))
        #expect(page.text.contains("43.48"))
        #expect(page.text.uppercased().contains("FRESH"))
        #expect(page.lines.count > 10)
        #expect(page.lines.allSatisfy { $0.box.width > 0 && $0.box.maxX <= page.width })
        #expect(page.words.count >= page.lines.count)
    }

    /// A photo taken upside down is turned as a whole page: its lines come top to bottom, as on
    /// an upright one (turning box by box would read the words but list the receipt backwards).
    @Test func anUpsideDownPageIsReadTurned() async throws {
        let configuration = try Self.configuration()
        let turned = FileManager.default.temporaryDirectory.appendingPathComponent("upside-down-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: turned) }
        // The reader's own Python has Pillow: it turns the fixture for the test.
        let result = try await ChildProcess.output(
            of: configuration.python,
            [
                "-c", "import sys; from PIL import Image; Image.open(sys.argv[1]).rotate(180).save(sys.argv[2])",
                Fixtures.url("receipts/us-grocery-freshmart.png").path, turned.path,
            ]
        )
        try #require(result.status == 0)
        let reader = NeuralReader(configuration: configuration, logger: Self.logger)
        defer { Task { await reader.stop() } }
        let upright = try await reader.read(contentsOf: Fixtures.url("receipts/us-grocery-freshmart.png"))
        let page = try await reader.read(contentsOf: turned)
        #expect(page.text.contains("43.48"))
        #expect(page.lines.first?.text.uppercased().contains("FRESH") == true)
        #expect(page.lines.count == upright.lines.count)
        let totalLine = try #require(page.lines.firstIndex { $0.text.contains("43.48") })
        #expect(page.lines.firstIndex { $0.text.uppercased().contains("STORE") }! < totalLine)
    }

    @Test func aBadImageIsAnErrorAndTheReaderGoesOn() async throws {
        let configuration = try Self.configuration()
        let reader = NeuralReader(configuration: configuration, logger: Self.logger)
        defer { Task { await reader.stop() } }
        let notAnImage = FileManager.default.temporaryDirectory.appendingPathComponent("not-an-image-\(UUID().uuidString).jpg")
        try Data("hello".utf8).write(to: notAnImage)
        defer { try? FileManager.default.removeItem(at: notAnImage) }
        await #expect(throws: NeuralReader.Failure.self) { try await reader.read(contentsOf: notAnImage) }
        let page = try await reader.read(contentsOf: Fixtures.url("receipts/us-grocery-freshmart.png"))
        #expect(page.text.contains("43.48"))
    }

    @Test func aReaderThatTakesTooLongIsStoppedAndStartedAgain() async throws {
        var configuration = try Self.configuration()
        configuration.timeout = .milliseconds(1)
        let reader = NeuralReader(configuration: configuration, logger: Self.logger)
        defer { Task { await reader.stop() } }
        await #expect { try await reader.read(contentsOf: Fixtures.url("receipts/us-grocery-freshmart.png")) } throws: {
            ($0 as? NeuralReader.Failure)?.code == "neural.timeout"
        }
    }

    /// A reader process that died (killed, out of memory) between two receipts is started again
    /// for the next one; the request written to the dead process is an error, not a signal that
    /// ends the program reading the receipts.
    @Test func aReaderWhoseProcessDiedStartsAgain() async throws {
        let configuration = try Self.configuration()
        let reader = NeuralReader(configuration: configuration, logger: Self.logger)
        defer { Task { await reader.stop() } }
        let receipt = Fixtures.url("receipts/us-grocery-freshmart.png")
        _ = try await reader.read(contentsOf: receipt)
        let pid = try #require(await reader.processID)
        kill(pid, SIGKILL)
        // At once, mostly before the exit is seen: the request goes to a pipe nobody reads and
        // fails as a reading does; when the exit was seen first, a new process reads it.
        do {
            _ = try await reader.read(contentsOf: receipt)
        } catch {
            #expect(error is NeuralReader.Failure)
        }
        let page = try await reader.read(contentsOf: receipt)
        #expect(page.text.contains("43.48"))
        #expect(await reader.launches == 2)
    }

    /// Two receipts asked of one reader at once are read one after the other, each getting its
    /// own answer (the process answers one request a line; the reader takes turns).
    @Test func concurrentRequestsEachGetTheirOwnAnswer() async throws {
        let configuration = try Self.configuration()
        let reader = NeuralReader(configuration: configuration, logger: Self.logger)
        defer { Task { await reader.stop() } }
        async let grocery = reader.read(contentsOf: Fixtures.url("receipts/us-grocery-freshmart.png"))
        async let kedai = reader.read(contentsOf: Fixtures.url("receipts/my-gst-kedai.png"))
        let (first, second) = try await (grocery, kedai)
        #expect(first.text.contains("43.48"))
        #expect(second.text.uppercased().contains("KEDAI"))
    }

    @Test func aPoolStartsOneProcessPerWorkerOnlyWhenAsked() async throws {
        let configuration = try Self.configuration()
        let pool = NeuralReaderPool(workers: 2, configuration: configuration, logger: Self.logger)
        defer { Task { await pool.stop() } }
        #expect(pool.readers.count == 2)
        async let one = pool.read(contentsOf: Fixtures.url("receipts/us-grocery-freshmart.png"))
        async let two = pool.read(contentsOf: Fixtures.url("receipts/us-grocery-freshmart.png"))
        let pages = try await [one, two]
        #expect(pages.allSatisfy { $0.text.contains("43.48") })
        var running = 0
        for reader in pool.readers where await reader.isRunning { running += 1 }
        #expect(running == 2)
    }

    /// On a receipt photographed at an angle the lines slope more at one end of the page than at
    /// the other. Joined along the page's median slope, an amount far right of its label lands
    /// on the next line; joined along the slope around its label, it stays on its own line.
    @Test func amountsJoinTheirLabelWhereThePageSlopesMoreThanItsMedian() async throws {
        let configuration = try Self.configuration()
        // Eight level rows, then four sloping 2 degrees: the page's median slope is level. Each
        // row: a label at x 20-220 and an amount at x 600-680, boxes 20 px high, rows 30 px apart.
        let script = """
            import importlib.util, json, math, sys
            spec = importlib.util.spec_from_file_location("reader", sys.argv[1])
            reader = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(reader)
            def box(text, x0, x1, top, slope):
                y0, y1 = top + x0 * slope, top + x1 * slope
                return {"text": text, "confidence": 0.99, "quad": [[x0, y0], [x1, y1], [x1, y1 + 20], [x0, y0 + 20]]}
            words = []
            for row in range(12):
                slope = math.tan(math.radians(2)) if row >= 8 else 0.0
                top = 30 * row - (120 * slope)
                words += [box(f"LABEL{row}", 20, 220, top, slope), box(f"{row}.00", 600, 680, top, slope)]
            lines, _ = reader.join_lines(words)
            print(json.dumps([line["text"].split() for line in lines]))
            """
        let result = try await ChildProcess.output(of: configuration.python, ["-c", script, configuration.script.path])
        try #require(result.status == 0)
        let lines = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [[String]])
        #expect(lines == (0..<12).map { ["LABEL\($0)", "\($0).00"] })
    }
}
