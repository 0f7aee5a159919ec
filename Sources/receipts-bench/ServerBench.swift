import ArgumentParser
import ChildProcesses
import Foundation
import ProcessBootstrap
import ReceiptTesting

#if canImport(Glibc)
import Glibc
#endif

/// `receipts-bench server`: HTTP throughput and latency of `receipts serve` under wrk, on SQLite
/// and (with `--postgres` or `RECEIPTS_TEST_POSTGRES_URL`) PostgreSQL. Each engine gets a fresh
/// store and a fresh server process (`--workers 0`), seeded through the API with one household,
/// one user and `--carts` carts of `--items` items; then wrk loads it with `/healthz`, reads of one
/// cart and of the cart list, and ticking and unticking items spread over every cart. Before the
/// engines and again after them, the same wrk settings load two bare Hummingbird routes
/// (`anchor-server`): a hello and a one-row GRDB read; the ratios of ours to the mean of their two
/// runs, measured in one run, are the figures to compare across machines.
struct ServerBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server",
        abstract:
            "receipts serve under wrk against a bare Hummingbird route: /healthz, one cart, cart-list reads and item ticks per second, p50/p99 latency, errors, peak RSS, and the ratios to the anchors."
    )

    @Option(help: "PostgreSQL URL (default: $RECEIPTS_TEST_POSTGRES_URL; none skips PostgreSQL).")
    var postgres: String?

    @Option(help: "The receipts binary to serve (default: the one beside this receipts-bench).")
    var receipts: String?

    @Option(help: "Seconds of load per scenario.")
    var duration = 15

    @Option(help: "Seconds of unmeasured load before each scenario (a fresh server's first seconds are not its steady state).")
    var warmup = 3

    @Option(help: "wrk connections.")
    var connections = 64

    @Option(help: "wrk threads.")
    var threads = 2

    @Option(help: "Carts seeded in the household.")
    var carts = 50

    @Option(help: "Items per cart.")
    var items = 10

    @Flag(help: "Print JSON Lines (one object per engine and scenario).")
    var json = false

    /// The parts a run can be limited to.
    enum Part: String, CaseIterable, ExpressibleByArgument {
        case anchors, healthz, cart, carts, ticks
    }

    @Option(
        parsing: .upToNextOption,
        help: "Only these parts (default: all): \(Part.allCases.map(\.rawValue).joined(separator: ", ")). `--parts ticks` measures the writes alone."
    )
    var parts: [Part] = Part.allCases

    struct Figures: Codable {
        var engine: String
        var scenario: String
        var requests: Int
        var seconds: Double
        var requestsPerSecond: Double
        var p50Milliseconds: Double
        var p99Milliseconds: Double
        var maxMilliseconds: Double
        /// Responses with a status of 400 or more (wrk's "Non-2xx or 3xx responses").
        var errorResponses: Int
        /// Connect, read, write errors and timeouts.
        var socketErrors: Int
        /// The server's VmHWM after the scenario (cumulative over the engine's scenarios).
        var serverPeakRSSMB: Double
        /// The server's CPU time (user + system) per request: unlike requests per second, it
        /// hardly moves when something else shares the machine, so it compares builds measured
        /// on a busy one.
        var serverCPUMicrosecondsPerRequest: Double
    }

    func validate() throws {
        guard duration >= 1, warmup >= 0, connections >= 1, threads >= 1, carts >= 1, items >= threads else {
            throw ValidationError(
                "--duration, --connections, --threads, --carts and --items must be positive, with at least as many items as threads."
            )
        }
    }

    func run() async throws {
        guard let wrk = OCRBench.findExecutable("wrk") else {
            throw ValidationError("wrk is not installed: run scripts/install-deps.sh --test.")
        }
        let binary = URL(fileURLWithPath: receipts ?? Self.sibling("receipts"))
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw ValidationError("no receipts binary at \(binary.path): build it (swift build -c release) or give --receipts.")
        }
        let work = try StoreBench.workFolder("receipts-bench-server-\(getpid())")
        defer { try? FileManager.default.removeItem(at: work) }

        let locations = StoreBench.engines(sqlite: work.appendingPathComponent("bench.sqlite").path, postgres: postgres, json: json)
        if !json {
            print("CPU: \(Self.cpuDescription())")
            print("\(carts) carts x \(items) items, wrk -t\(threads) -c\(connections) -d\(duration)s per scenario")
            print("engine    scenario                       req/s   p50 ms   p99 ms   max ms   >=400  sock.err  server peak RSS  CPU µs/req")
        }
        // The anchors first, in this same run: ratios to them carry from one machine to another
        // better than requests per second do.
        var all = parts.contains(.anchors) ? try await measureAnchors(wrk: wrk, work: work) : []
        all.forEach(report)
        for (engine, location) in locations {
            let figures = try await measure(engine: engine, location: location, binary: binary, wrk: wrk, work: work)
            figures.forEach(report)
            all += figures
        }
        // The anchors again at the end, and the ratios to the mean of both runs: on a machine
        // shared with other work the bare hello alone moved from 54,000 to 72,000 requests/s
        // between runs minutes apart, and one anchor run made /healthz 0.71x in one run, 1.32x in the next.
        if parts.contains(.anchors), !locations.isEmpty {
            let again = try await measureAnchors(wrk: wrk, work: work)
            again.forEach(report)
            all += again
        }
        for ratio in Self.ratios(all) {
            if json {
                print(String(decoding: try Self.encoder.encode(ratio), as: UTF8.self))
            } else {
                print(String(format: "ratio: %@ = %.2fx (target at least %.1fx)", ratio.name, ratio.value, ratio.target))
            }
        }
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    private func report(_ figures: Figures) {
        if json {
            print(String(decoding: (try? Self.encoder.encode(figures)) ?? Data(), as: UTF8.self))
        } else {
            let label =
                figures.engine.padding(toLength: 10, withPad: " ", startingAt: 0)
                + figures.scenario.padding(toLength: 28, withPad: " ", startingAt: 0)
            print(
                label
                    + String(
                        format: " %7.0f %8.2f %8.2f %8.1f %7d %9d %12.0f MB %11.0f",
                        figures.requestsPerSecond,
                        figures.p50Milliseconds,
                        figures.p99Milliseconds,
                        figures.maxMilliseconds,
                        figures.errorResponses,
                        figures.socketErrors,
                        figures.serverPeakRSSMB,
                        figures.serverCPUMicrosecondsPerRequest
                    )
            )
        }
    }

    /// A throughput ratio of one of our routes to its anchor, measured in the same run.
    struct Ratio: Codable {
        var name: String
        var value: Double
        var target: Double
    }

    static let helloScenario = "GET /hello"
    static let oneRowScenario = "GET one row (GRDB)"
    static let healthScenario = "GET /healthz"
    static let oneCartScenario = "GET one cart"

    static func ratios(_ figures: [Figures]) -> [Ratio] {
        /// The mean of the scenario's runs (the anchors run twice).
        func rate(_ engine: String, _ scenario: String) -> Double? {
            let runs = figures.filter { $0.engine == engine && $0.scenario.hasPrefix(scenario) }.map(\.requestsPerSecond)
            return runs.isEmpty ? nil : runs.reduce(0, +) / Double(runs.count)
        }
        var ratios: [Ratio] = []
        for engine in ["sqlite", "postgres"] {
            if let ours = rate(engine, healthScenario), let anchor = rate("anchor", helloScenario), anchor > 0 {
                ratios.append(Ratio(name: "\(engine) /healthz / bare hello", value: ours / anchor, target: 0.8))
            }
            if let ours = rate(engine, oneCartScenario), let anchor = rate("anchor", oneRowScenario), anchor > 0 {
                ratios.append(Ratio(name: "\(engine) GET one cart / bare GRDB one-row read", value: ours / anchor, target: 0.7))
            }
        }
        return ratios
    }

    /// The bare Hummingbird routes of `receipts-bench anchor-server`, each in its own process.
    private func measureAnchors(wrk: String, work: URL) async throws -> [Figures] {
        let me = URL(fileURLWithPath: Self.sibling("receipts-bench"))
        var results: [Figures] = []
        for (kind, scenario, path) in [
            ("hello", Self.helloScenario, "/hello"), ("one-row", Self.oneRowScenario, "/rows/7"),
        ] {
            let log = work.appendingPathComponent("anchor-\(kind)")
            let server = try await Self.startServer(
                binary: me,
                arguments: ["anchor-server", "--kind", kind, "--database", work.appendingPathComponent("anchor.sqlite").path],
                log: log
            )
            defer { server.child.kill() }
            let script = Self.reportFunction
            results.append(
                try await load(
                    engine: "anchor",
                    scenario: scenario,
                    script: script,
                    path: path,
                    origin: "http://127.0.0.1:\(server.port)",
                    server: server.child,
                    wrk: wrk,
                    work: work
                )
            )
        }
        return results
    }

    private func measure(engine: String, location: String, binary: URL, wrk: String, work: URL) async throws -> [Figures] {
        let server = try await Self.startServer(binary: binary, store: location, log: work.appendingPathComponent("\(engine)-serve"))
        defer { server.child.kill() }
        let origin = "http://127.0.0.1:\(server.port)"
        let seed = try await Seed.make(origin: origin, carts: carts, items: items)

        let base = "/api/v1/households/\(seed.household)"
        let reads = """
            wrk.headers["Authorization"] = "Bearer \(seed.token)"
            \(Self.reportFunction)
            """
        // Consecutive requests go to different carts (path k is item k / carts of cart
        // k % carts), so concurrent ticks rarely change the same cart. Each wrk thread toggles
        // items of its own (item indexes equal to its slot modulo the threads) on every cart, and
        // alternates tick and untick per pass over them: no request is a no-op. Threads start
        // their walks carts/threads apart: in step, they would change the same cart at once. (Two threads
        // walking one list apart made one thread's ticks repeat the other's: half the requests
        // changed nothing and flattered the write figures.)
        let paths = (0..<(carts * items)).map { k in
            let cart = seed.carts[k % carts]
            return "\"\(base)/carts/\(cart.id)/items/\(cart.items[k / carts])/completed\""
        }
        let writes = """
            wrk.headers["Authorization"] = "Bearer \(seed.token)"
            local paths = { \(paths.joined(separator: ", ")) }
            local threads, carts, items = \(threads), \(carts), \(items)
            local counter = 0
            local started = 0
            function setup(thread)
              thread:set("slot", started % threads)
              started = started + 1
            end
            function request()
              local own = (math.floor((items - 1 - slot) / threads) + 1) * carts
              local j = counter
              counter = counter + 1
              local pass = math.floor(j / own)
              local r = j % own
              local item = math.floor(r / carts) * threads + slot
              local cart = (r + slot * math.floor(carts / threads)) % carts
              return wrk.format(pass % 2 == 0 and "PUT" or "DELETE", paths[item * carts + cart + 1])
            end
            \(Self.reportFunction)
            """
        let plain = Self.reportFunction
        var results: [Figures] = []
        for (part, scenario, script, path) in [
            (Part.healthz, Self.healthScenario, plain, "/healthz"),
            (.cart, "\(Self.oneCartScenario) (\(items) items, bearer)", reads, "\(base)/carts/\(seed.carts[0].id)"),
            (.carts, "GET carts (\(carts) per page)", reads, "\(base)/carts?limit=\(carts)"),
            (.ticks, "PUT/DELETE item completed", writes, "\(base)/carts"),
        ] where parts.contains(part) {
            results.append(
                try await load(
                    engine: engine,
                    scenario: scenario,
                    script: script,
                    path: path,
                    origin: origin,
                    server: server.child,
                    wrk: wrk,
                    work: work
                )
            )
        }
        // A graceful stop, as in production; the store must close cleanly under load's aftermath.
        kill(server.child.pid, SIGTERM)
        if !server.child.wait(timeout: .seconds(30)) { throw ValidationError("receipts serve did not stop within 30 s of SIGTERM") }
        return results
    }

    /// One scenario: `warmup` seconds of unmeasured load, then `duration` seconds measured.
    private func load(
        engine: String,
        scenario: String,
        script: String,
        path: String,
        origin: String,
        server: ChildProcess,
        wrk: String,
        work: URL
    ) async throws -> Figures {
        let name = "\(engine)-\(scenario.filter { $0.isLetter || $0.isNumber })"
        let scriptURL = work.appendingPathComponent("\(name).lua")
        try Data(script.utf8).write(to: scriptURL)
        let output = work.appendingPathComponent("\(name).wrk")
        func run(seconds: Int, into file: URL) async throws -> Int32 {
            try await ChildProcess(
                executable: URL(fileURLWithPath: wrk),
                arguments: [
                    "-t\(threads)", "-c\(connections)", "-d\(seconds)s", "--timeout", "10s", "--latency", "-s", scriptURL.path, origin + path,
                ],
                standardOutput: .file(file)
            ).finished()
        }
        if warmup > 0 { _ = try await run(seconds: warmup, into: work.appendingPathComponent("warmup.wrk")) }
        let cpuBefore = try Self.cpuSeconds(pid: server.pid)
        let status = try await run(seconds: duration, into: output)
        let text = try String(contentsOf: output, encoding: .utf8)
        guard status == 0, let line = text.split(separator: "\n").first(where: { $0.hasPrefix("WRK ") }) else {
            throw ValidationError("wrk failed (\(status)): \(text)")
        }
        let numbers = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard numbers.count == 7 else { throw ValidationError("unexpected wrk report: \(line)") }
        let seconds = numbers[1] / 1e6
        let cpu = try Self.cpuSeconds(pid: server.pid) - cpuBefore
        return Figures(
            engine: engine,
            scenario: scenario,
            requests: Int(numbers[0]),
            seconds: seconds,
            requestsPerSecond: numbers[0] / seconds,
            p50Milliseconds: numbers[4] / 1000,
            p99Milliseconds: numbers[5] / 1000,
            maxMilliseconds: numbers[6] / 1000,
            errorResponses: Int(numbers[2]),
            socketErrors: Int(numbers[3]),
            serverPeakRSSMB: OCRBench.peakRSSMegabytes(pid: "\(server.pid)"),
            serverCPUMicrosecondsPerRequest: numbers[0] > 0 ? cpu * 1e6 / numbers[0] : 0
        )
    }

    /// The CPU's model and its widest vector extension, printed beside every figure: the machines
    /// here differ (some have AVX-512, some only AVX2), and figures from one do not carry to the other.
    static func cpuDescription() -> String {
        let text = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n")
        let model =
            lines.first { $0.hasPrefix("model name") }.map { $0.split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "" }
            ?? "unknown"
        let flags = Set(lines.first { $0.hasPrefix("flags") }?.split(separator: " ").map(String.init) ?? [])
        let vector = flags.contains("avx512f") ? "AVX-512" : flags.contains("avx2") ? "AVX2, no AVX-512" : "no AVX2"
        return "\(model), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(vector)"
    }

    /// wrk's summary as one line: requests, duration (µs), responses >= 400, socket errors, p50, p99, max (µs).
    static let reportFunction = """
        function done(summary, latency, requests)
          local e = summary.errors
          io.write(string.format("WRK %d %d %d %d %d %d %d\\n", summary.requests, summary.duration, e.status,
            e.connect + e.read + e.write + e.timeout, latency:percentile(50), latency:percentile(99), latency.max))
        end
        """

    /// User plus system CPU time a process has used.
    static func cpuSeconds(pid: Int32) throws -> Double {
        guard let seconds = ProcessAge.cpuSeconds(pid: pid) else { throw ValidationError("unreadable /proc/\(pid)/stat") }
        return seconds
    }

    /// A file beside this executable.
    static func sibling(_ name: String) -> String {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// `receipts serve --port 0 --workers 0` on `store`, once it has printed its port.
    static func startServer(binary: URL, store: String, log: URL) async throws -> (child: ChildProcess, port: Int) {
        try await startServer(
            binary: binary,
            arguments: ["serve", "--store", store, "--host", "127.0.0.1", "--port", "0", "--workers", "0", "--bcrypt-cost", "4"],
            log: log
        )
    }

    /// `binary arguments…`, once it has printed `PORT n`.
    static func startServer(binary: URL, arguments: [String], log: URL) async throws -> (child: ChildProcess, port: Int) {
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"
        environment.removeValue(forKey: "RECEIPTS_STORE")
        let output = log.appendingPathExtension("out")
        let child = try ChildProcess(
            executable: binary,
            arguments: arguments,
            environment: environment,
            standardOutput: .file(output),
            standardError: .file(log.appendingPathExtension("err"))
        )
        guard let port = await LoopbackServer.announcedPort(in: output, by: child, within: .seconds(60)) else {
            child.kill()
            let errors = (try? String(contentsOf: log.appendingPathExtension("err"), encoding: .utf8)) ?? ""
            throw ValidationError("\(binary.lastPathComponent) \(arguments.first ?? "") did not print its port within 60 s: \(errors)")
        }
        return (child, port)
    }
}

/// The household the load runs against, made through the API with the `curl` tool (one process
/// for all carts, one for all items: `--next` chains requests).
struct Seed {
    struct Cart {
        var id: String
        var items: [String]
    }

    var token: String
    var household: String
    var carts: [Cart]

    static func make(origin: String, carts: Int, items: Int) async throws -> Seed {
        let api = origin + "/api/v1"
        _ = try await curl([.init(url: "\(api)/accounts", body: #"{"email":"bench@example.org","displayName":"Bench","password":"a long password"}"#)]
        )
        let login = try await curl([.init(url: "\(api)/sessions", body: #"{"email":"bench@example.org","password":"a long password"}"#)])
        let token = try field("token", of: login[0])
        let home = try await curl([.init(url: "\(api)/households", token: token, body: #"{"name":"Bench home"}"#)])
        let household = try field("id", of: home[0])
        let cartIDs = try await curl(
            (0..<carts).map { index in
                .init(url: "\(api)/households/\(household)/carts", token: token, body: #"{"name":"Cart \#(index)","currency":"USD"}"#)
            }
        ).map { try field("id", of: $0) }
        var seeded = cartIDs.map { Cart(id: $0, items: []) }
        let itemRequests = cartIDs.flatMap { cart in
            (0..<items).map { index in
                Request(
                    url: "\(api)/households/\(household)/carts/\(cart)/items",
                    token: token,
                    body: #"{"name":"Item \#(index)","quantity":1,"price":"\#(index + 1).49"}"#
                )
            }
        }
        let added = try await curl(itemRequests)
        for (index, reply) in added.enumerated() {
            guard let item = reply["item"] as? [String: Any] else { throw ValidationError("no item in \(reply)") }
            seeded[index / items].items.append(try field("id", of: item))
        }
        return Seed(token: token, household: household, carts: seeded)
    }

    struct Request {
        var url: String
        var token: String?
        var body: String
    }

    /// POSTs `requests` in one curl process; returns each JSON answer, failing on any status >= 400.
    static func curl(_ requests: [Request]) async throws -> [[String: Any]] {
        var arguments: [String] = []
        for (index, request) in requests.enumerated() {
            if index > 0 { arguments.append("--next") }
            arguments += ["-sS", "--fail-with-body", "-w", "\n", "-H", "Content-Type: application/json", "--data-binary", request.body]
            if let token = request.token { arguments += ["-H", "Authorization: Bearer \(token)"] }
            arguments.append(request.url)
        }
        let (status, output) = try await ChildProcess.output(of: URL(fileURLWithPath: "/usr/bin/curl"), arguments)
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
        guard status == 0, lines.count == requests.count else {
            throw ValidationError("seeding through the API failed (curl \(status)): \(lines.suffix(2).joined(separator: " "))")
        }
        return try lines.map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw ValidationError("not a JSON object: \(line)")
            }
            return object
        }
    }

    static func field(_ name: String, of object: [String: Any]) throws -> String {
        guard let value = object[name] as? String else { throw ValidationError("no '\(name)' in \(object)") }
        return value
    }
}
