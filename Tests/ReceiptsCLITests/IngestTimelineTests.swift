import ChildProcesses
import Foundation
import ReceiptTesting
import Testing

/// `ingest --log-level debug` tells where a run's time went: one `ingest timeline` line per file
/// (seconds since the batch started) and one `ingest phases` line for the serial start and end
/// (seconds since the process started), read by scripts/ingest-timeline.py.
@Suite(.serialized, .timeLimit(.minutes(5))) struct IngestTimelineTests {
    static func fields(_ line: Substring) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in line.split(separator: " ") {
            let parts = pair.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        return fields
    }

    @Test func eachFileHasItsTimesInOrderAndTheStartAndEndAreMarked() async throws {
        let work = try Workspace()
        let folder = try work.images(smallFixtures, into: "photos")
        let result = try await CLI.run(
            ["ingest", folder.path, "--store", work.store, "--fast", "--jobs", "2", "--log-level", "debug"],
            in: work.url
        )
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        let timelines = lines.filter { $0.hasSuffix("ingest timeline") }.map(Self.fields)
        #expect(timelines.count == smallFixtures.count)
        for times in timelines {
            let order = try ["t.started", "t.reading", "t.read", "t.ended", "t.reported"].map { key in
                try #require(times[key].flatMap(Double.init), "\(key) in \(times)")
            }
            #expect(order == order.sorted(), "\(times)")
            let ocr = try #require(times["t.ocr"].flatMap(Double.init))
            #expect(ocr > 0 && ocr <= order[2] - order[1] + 0.001, "\(times)")
        }
        let phases = try #require(lines.first { $0.hasSuffix("ingest phases") }.map(Self.fields))
        let marks = try ["p.command", "p.store", "p.catalog", "p.batch", "p.batch-end", "p.closed"].map { key in
            try #require(phases[key].flatMap(Double.init), "\(key) in \(phases)")
        }
        #expect(marks == marks.sorted(), "\(phases)")
        #expect(phases["p.engines"].flatMap(Double.init).map { $0 <= marks[3] } == true, "the batch waits for the engines: \(phases)")
        // Without --log-level debug the run says nothing of it.
        let quiet = try await CLI.run(["ingest", folder.path, "--store", work.store, "--fast", "--force"], in: work.url)
        #expect(!quiet.stderr.contains("ingest timeline") && !quiet.stderr.contains("ingest phases"))
    }
}

/// The executable's own OpenMP entry points (ProcessBootstrap's SerialOpenMP.swift) are the ones
/// libtesseract calls: without them each of Tesseract's regions cost libgomp a futex system call.
@Suite struct SerialOpenMPBindingTests {
    @Test func libtesseractCallsTheExecutablesOpenMPRegions() async throws {
        let work = try Workspace()
        let log = work.url.appendingPathComponent("bindings")
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"
        environment["LD_DEBUG"] = "bindings"
        environment["LD_DEBUG_OUTPUT"] = log.path
        let child = try ChildProcess(
            executable: CLI.binary,
            arguments: ["--version"],
            environment: environment,
            directory: work.url,
            standardOutput: .file(work.url.appendingPathComponent("out")),
            standardError: .file(work.url.appendingPathComponent("err"))
        )
        #expect(await child.finished() == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: work.url.path).filter { $0.hasPrefix("bindings") }
        let bindings = try files.map { try String(contentsOf: work.url.appendingPathComponent($0), encoding: .utf8) }.joined()
        for symbol in ["GOMP_parallel", "GOMP_parallel_sections", "GOMP_sections_next", "GOMP_sections_end_nowait"] {
            let line = bindings.split(separator: "\n").first { $0.contains("libtesseract") && $0.contains("`\(symbol)'") }
            #expect(line?.contains("/receipts [0]") == true, "\(symbol): \(line ?? "not bound")")
        }
    }
}
