import ArgumentParser
import Foundation
import HummingbirdWSClient
import Logging
import ReceiptTesting
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `receipts-bench live`: fan-out latency of live updates. A `receipts serve` process on a fresh
/// SQLite store; for each client count, that many WebSocket clients of one household connect to
/// `/api/v1/live`, then one item is ticked and unticked `--changes` times through the API; each
/// client notes when the change reaches it. Latency is from just before the request is sent to
/// the event's arrival, over every client and change, once the connection burst has quietened;
/// memory per client is the server's resident memory with the clients connected less before,
/// divided by the count.
struct LiveBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live",
        abstract: "Live-update fan-out: p50/p99 latency from an API write to every connected client, and server memory per client."
    )

    @Option(help: "The receipts binary to serve (default: the one beside this receipts-bench).")
    var receipts: String?

    @Option(parsing: .upToNextOption, help: "Client counts to measure.")
    var clients: [Int] = [10, 100, 500]

    @Option(help: "Changes made per client count.")
    var changes = 20

    @Flag(help: "Two servers on one PostgreSQL: the clients connect to one, the changes go through the other (the largest --clients count only).")
    var acrossInstances = false

    @Option(help: "PostgreSQL URL for --across-instances (default: $RECEIPTS_TEST_POSTGRES_URL).")
    var postgres: String?

    @Flag(help: "Print JSON Lines.")
    var json = false

    struct Figures: Codable {
        /// `one server` or `across instances` (changes through one server, clients on another).
        var setup: String
        var clients: Int
        var deliveries: Int
        var missed: Int
        var p50Milliseconds: Double
        var p99Milliseconds: Double
        var maxMilliseconds: Double
        var serverRSSPerClientKB: Double
    }

    /// Arrival times of events by item-revision key, per client.
    final class Arrivals: Sendable {
        let times = Mutex<[String: [ContinuousClock.Instant]]>([:])
        let connected = Mutex(0)
        /// When any client last received anything (the connection burst's presence messages too).
        let lastMessage = Mutex(ContinuousClock.now)
        func note(_ key: String) { times.withLock { $0[key, default: []].append(.now) } }
        func take(_ key: String) -> [ContinuousClock.Instant] { times.withLock { $0.removeValue(forKey: key) ?? [] } }
    }

    func run() async throws {
        let binary = URL(fileURLWithPath: receipts ?? ServerBench.sibling("receipts"))
        let work = try StoreBench.workFolder("receipts-bench-live-\(getpid())")
        defer { try? FileManager.default.removeItem(at: work) }
        let counts = try clientCounts()
        let setup = acrossInstances ? "across instances" : "one server"
        if !json { print("setup             clients  deliveries  missed   p50 ms   p99 ms   max ms   server RSS per client") }
        let logger = Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() })
        for count in counts {
            try await measure(clients: count, setup: setup, binary: binary, work: work, logger: logger)
        }
    }

    /// The client counts to measure: `--clients`, or across instances only the largest of them.
    /// Throws when `--across-instances` has no PostgreSQL to run on.
    private func clientCounts() throws -> [Int] {
        guard acrossInstances else { return clients }
        guard StoreBench.postgresLocation(postgres) != nil else {
            throw ValidationError("--across-instances needs PostgreSQL: give --postgres URL or run through scripts/with-postgres.sh.")
        }
        return [clients.max() ?? 500]
    }

    /// Measures one client count on servers of its own and prints its figures: connects the
    /// clients, waits for them to settle, ticks and unticks the item `--changes` times.
    private func measure(clients count: Int, setup: String, binary: URL, work: URL, logger: Logger) async throws {
        // A fresh server and store per count, so one count's connections and their teardown
        // never overlap the next count's measurement. Across instances, a second server on the
        // same PostgreSQL takes the changes; the clients' server learns of them by NOTIFY.
        let store =
            acrossInstances
            ? StoreBench.postgresLocation(postgres) ?? "" : work.appendingPathComponent("live-\(count).sqlite").path
        let server = try await ServerBench.startServer(binary: binary, store: store, log: work.appendingPathComponent("serve-\(count)"))
        defer { server.child.kill() }
        let writer =
            acrossInstances
            ? try await ServerBench.startServer(binary: binary, store: store, log: work.appendingPathComponent("writer-\(count)")) : server
        defer { if acrossInstances { writer.child.kill() } }
        let origin = "http://127.0.0.1:\(writer.port)"
        let seed = try await Seed.make(origin: origin, carts: 1, items: 1)
        let tick = URL(
            string: "\(origin)/api/v1/households/\(seed.household)/carts/\(seed.carts[0].id)/items/\(seed.carts[0].items[0])/completed"
        )!
        let before = Self.residentKB(pid: server.child.pid)
        let arrivals = Arrivals()
        let tasks = Self.connect(clients: count, port: server.port, token: seed.token, arrivals: arrivals, logger: logger)
        try await Self.waitUntilSettled(arrivals, clients: count)
        let during = Self.residentKB(pid: server.child.pid)
        var (latencies, missed) = try await makeChanges(tick, token: seed.token, clients: count, arrivals: arrivals)
        for task in tasks { task.cancel() }
        latencies.sort()
        let figures = Figures(
            setup: setup,
            clients: count,
            deliveries: latencies.count,
            missed: missed,
            p50Milliseconds: Self.percentile(latencies, 0.5),
            p99Milliseconds: Self.percentile(latencies, 0.99),
            maxMilliseconds: latencies.last ?? 0,
            serverRSSPerClientKB: Double(during - before) / Double(max(1, count))
        )
        try printFigures(figures)
        try await Task.sleep(for: .seconds(1))
    }

    /// Connects `count` WebSocket clients to the live endpoint of the server on `port`; returns
    /// their tasks, which note each cart revision's arrival in `arrivals` until cancelled.
    private static func connect(clients count: Int, port: Int, token: String, arrivals: Arrivals, logger: Logger) -> [Task<Void, any Error>] {
        var tasks: [Task<Void, any Error>] = []
        for _ in 0..<count {
            tasks.append(
                Task {
                    try await WebSocketClient.connect(
                        url: "ws://127.0.0.1:\(port)/api/v1/live",
                        configuration: .init(additionalHeaders: [.authorization: "Bearer \(token)"]),
                        logger: logger
                    ) { inbound, _, _ in
                        for try await message in inbound.messages(maxSize: 1 << 20) {
                            guard case .text(let text) = message else { continue }
                            arrivals.lastMessage.withLock { $0 = .now }
                            if text.contains("\"type\":\"hello\"") {
                                arrivals.connected.withLock { $0 += 1 }
                                continue
                            }
                            // One key per cart revision: each change makes exactly one.
                            if text.contains("\"collection\":\"carts\""), let rev = Self.number("rev", in: text) { arrivals.note("rev\(rev)") }
                        }
                    }
                }
            )
        }
        return tasks
    }

    /// Waits (a minute at most) until every client has connected, then (another minute at most)
    /// until no client has received anything for one second.
    private static func waitUntilSettled(_ arrivals: Arrivals, clients count: Int) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while arrivals.connected.withLock({ $0 }) < count, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        // Measure the steady state: wait until the connection burst (each connection's presence
        // announced to the others) has quietened, for one second.
        while ContinuousClock.now - arrivals.lastMessage.withLock({ $0 }) < .seconds(1), ContinuousClock.now < deadline + .seconds(60) {
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// Ticks and unticks the item at `tick` `--changes` times, a second apart; returns each
    /// delivery's latency in milliseconds (unsorted) and how many deliveries never came.
    private func makeChanges(_ tick: URL, token: String, clients count: Int, arrivals: Arrivals) async throws -> (latencies: [Double], missed: Int) {
        var ticked = false
        var latencies: [Double] = []
        var missed = 0
        for _ in 0..<changes {
            let started = ContinuousClock.now
            ticked.toggle()
            let rev = try await Self.send(ticked ? "PUT" : "DELETE", tick, token: token)
            try await Task.sleep(for: .seconds(1))
            let times = arrivals.take("rev\(rev)")
            missed += count - times.count
            latencies += times.map { Double(($0 - started).components.attoseconds) / 1e15 + Double(($0 - started).components.seconds) * 1000 }
        }
        return (latencies, missed)
    }

    /// Prints one client count's figures: a JSON line with `--json`, else a row of the table.
    private func printFigures(_ figures: Figures) throws {
        if json {
            print(String(decoding: try JSONEncoder().encode(figures), as: UTF8.self))
        } else {
            print(
                figures.setup.padding(toLength: 17, withPad: " ", startingAt: 0)
                    + String(
                        format: " %7d %11d %7d %8.2f %8.2f %8.2f %14.1f KB",
                        figures.clients,
                        figures.deliveries,
                        figures.missed,
                        figures.p50Milliseconds,
                        figures.p99Milliseconds,
                        figures.maxMilliseconds,
                        figures.serverRSSPerClientKB
                    )
            )
        }
    }

    /// Sends one request; returns the cart's new revision from the answer.
    static func send(_ method: String, _ url: URL, token: String) async throws -> Int {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200,
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let cart = object["cart"] as? [String: Any], let rev = cart["rev"] as? Int
        else { throw ValidationError("ticking failed: \(String(decoding: data, as: UTF8.self))") }
        return rev
    }

    static func number(_ field: String, in text: String) -> Int? {
        guard let range = text.range(of: "\"\(field)\":") else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }

    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
    }

    static func residentKB(pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
