import ChildProcesses
import Foundation
import ReceiptTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `receipts serve` (and `receipts worker`) as a user runs them: the built binary in a child
/// process, driven over loopback HTTP by the `curl` command-line tool.
final class ServeProcess: Sendable {
    let child: ChildProcess
    let port: Int
    let errors: URL
    var base: String { "http://127.0.0.1:\(port)/api/v1" }

    private init(child: ChildProcess, port: Int, errors: URL) {
        self.child = child
        self.port = port
        self.errors = errors
    }

    /// Starts `receipts serve --port 0 <arguments>` and waits (at most 120 s: the package's tests
    /// share two cores) for its `PORT <n>` line.
    static func start(_ arguments: [String], in work: Workspace, name: String = "serve") async throws -> ServeProcess {
        let output = work.url.appendingPathComponent("\(name).out")
        let errors = work.url.appendingPathComponent("\(name).err")
        let child = try CLI.start(["serve", "--port", "0", "--bcrypt-cost", "4"] + arguments, output: output, errors: errors)
        if let port = await LoopbackServer.announcedPort(in: output, by: child, within: .seconds(120)) {
            return ServeProcess(child: child, port: port, errors: errors)
        }
        child.kill()
        let log = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        throw ServeError(description: "receipts serve did not print its port within 120 s: \(log)")
    }

    /// What the server wrote on stderr (its access log and errors), for failure messages.
    var log: String { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }
}

struct ServeError: Error, CustomStringConvertible {
    var description: String
}

/// One HTTP exchange through `curl`.
struct CurlReply {
    var status: Int
    var body: Data
    var json: [String: Any] { ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any]) ?? [:] }
    var text: String { String(decoding: body, as: UTF8.self) }
}

struct Curl {
    var token: String?

    /// `method url`, with a JSON body or a file as the body.
    func call(_ method: String, _ url: String, json: String? = nil, file: URL? = nil) async throws -> CurlReply {
        var arguments = ["-s", "-S", "--max-time", "30", "-X", method, "-w", "\n%{http_code}"]
        if let token { arguments += ["-H", "Authorization: Bearer \(token)"] }
        if let json { arguments += ["-H", "Content-Type: application/json", "--data-binary", json] }
        if let file { arguments += ["-H", "Content-Type: application/octet-stream", "--data-binary", "@\(file.path)"] }
        let (status, output) = try await ChildProcess.output(of: URL(fileURLWithPath: "/usr/bin/curl"), arguments + [url])
        try #require(status == 0, "curl \(method) \(url) exited \(status)")
        let newline = try #require(output.lastIndex(of: UInt8(ascii: "\n")))
        let code = try #require(Int(String(decoding: output[(newline + 1)...], as: UTF8.self)))
        return CurlReply(status: code, body: Data(output[..<newline]))
    }

    /// Signs up `name`, logs in and returns a client holding the token.
    static func newUser(_ base: String, _ name: String) async throws -> Curl {
        let email = "\(name.lowercased())@example.org"
        let signUp = try await Curl().call(
            "POST",
            "\(base)/accounts",
            json: #"{"email":"\#(email)","displayName":"\#(name)","password":"a long password"}"#
        )
        try #require(signUp.status == 201, "sign-up: \(signUp.status) \(signUp.text)")
        let login = try await Curl().call("POST", "\(base)/sessions", json: #"{"email":"\#(email)","password":"a long password"}"#)
        try #require(login.status == 201, "login: \(login.status) \(login.text)")
        return Curl(token: try #require(login.json["token"] as? String))
    }

    func newHousehold(_ base: String, _ name: String) async throws -> String {
        let reply = try await call("POST", "\(base)/households", json: #"{"name":"\#(name)"}"#)
        try #require(reply.status == 201, "household: \(reply.status) \(reply.text)")
        return try #require(reply.json["id"] as? String)
    }

    /// Uploads a receipt photo; returns the job id.
    func upload(_ base: String, household: String, _ photo: URL) async throws -> String {
        let reply = try await call("POST", "\(base)/households/\(household)/receipts", file: photo)
        try #require(reply.status == 202, "upload: \(reply.status) \(reply.text)")
        return try #require(reply.json["id"] as? String)
    }

    /// Polls the job until `done(status)` holds or `seconds` pass; returns the last status seen.
    func waitForJob(
        _ base: String,
        _ job: String,
        seconds: Double,
        interval: Duration = .milliseconds(20),
        until done: (String) -> Bool
    )
        async throws -> String
    {
        let deadline = Date().addingTimeInterval(seconds)
        var status = ""
        while Date() < deadline {
            status = (try await call("GET", "\(base)/jobs/\(job)").json["status"] as? String) ?? ""
            if done(status) { break }
            try await Task.sleep(for: interval)
        }
        return status
    }

    func carts(_ base: String, household: String) async throws -> [[String: Any]] {
        let reply = try await call("GET", "\(base)/households/\(household)/carts")
        try #require(reply.status == 200, "carts: \(reply.status) \(reply.text)")
        return try #require(reply.json["carts"] as? [[String: Any]])
    }
}

@Suite(.serialized, .timeLimit(.minutes(3))) struct ServeEndToEndTests {
    @Test func ingestWithHouseholdPutsTheCartWhereTheServerShowsItAndAnUnknownHouseholdIsAUsageError() async throws {
        let work = try Workspace()
        let server = try await ServeProcess.start(["--store", work.store, "--workers", "1"], in: work)
        defer { server.child.kill() }
        let anna = try await Curl.newUser(server.base, "Anna")
        let home = try await anna.newHousehold(server.base, "Home")
        #expect(try await anna.carts(server.base, household: home).isEmpty)

        let photo = CLI.receipts.appendingPathComponent("us-grocery-freshmart.png").path
        let ingest = try await CLI.run(["ingest", photo, "--store", work.store, "--household", home, "--json"], in: work.url)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let ingested = try CLI.json(try #require(ingest.lines.first))
        // Another process's write reaches the server's answers once the server's cached store
        // sequence is older than 50 ms (`CachingDocumentStore`), so a request right after the
        // command's commit may still get the cached page from before it.
        let asked = ContinuousClock.now
        var carts = try await anna.carts(server.base, household: home)
        while carts.isEmpty, ContinuousClock.now - asked < .seconds(5) {
            try await Task.sleep(for: .milliseconds(20))
            carts = try await anna.carts(server.base, household: home)
        }
        #expect(carts.count == 1, "\(server.log)")
        let cartId = try #require(ingested["id"] as? String)
        #expect(carts.first?["id"] as? String == cartId)
        // Filed as the owner's purchase, through the household's write path: its change log says who.
        #expect(carts.first?["purchasedByUser"] as? String == "Anna")
        let changes = try await anna.call("GET", "\(server.base)/households/\(home)/carts/\(cartId)/changes")
        let entries = try #require(changes.json["changes"] as? [[String: Any]], "\(changes.text)")
        #expect(entries.count == 1 && entries.first?["action"] as? String == "created", "\(changes.text)")

        let stranger = try await CLI.run(["ingest", photo, "--store", work.store, "--household", home, "--member", "Zed"], in: work.url)
        #expect(stranger.status == 64, "\(stranger.status) \(stranger.stderr)")
        #expect(stranger.stderr.contains("No member 'Zed'") && stranger.stderr.contains("Anna"), "\(stranger.stderr)")

        let unknown = try await CLI.run(["ingest", photo, "--store", work.store, "--household", "h_missing"], in: work.url)
        #expect(unknown.status == 64, "\(unknown.status) \(unknown.stderr)")
        #expect(unknown.stderr.contains("No household 'h_missing'"), "\(unknown.stderr)")
        #expect(try await anna.carts(server.base, household: home).count == 1)
    }

    @Test func sigtermWhileAReceiptIsReadExitsZeroAndLeavesNoJobRunning() async throws {
        let work = try Workspace()
        let server = try await ServeProcess.start(["--store", work.store, "--workers", "1"], in: work)
        defer { server.child.kill() }
        let anna = try await Curl.newUser(server.base, "Anna")
        let home = try await anna.newHousehold(server.base, "Home")
        let job = try await anna.upload(server.base, household: home, CLI.receipts.appendingPathComponent("us-grocery-freshmart--table.jpg"))
        let seen = try await anna.waitForJob(server.base, job, seconds: 30) { $0 != "queued" }
        try #require(seen == "running", "the job was \(seen) before SIGTERM: \(server.log)")

        let signalled = Date()
        kill(server.child.pid, SIGTERM)
        let exited = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: server.child.wait(timeout: .seconds(30))) }.start()
        }
        #expect(exited, "receipts serve still running 30 s after SIGTERM: \(server.log)")
        #expect(server.child.terminationStatus == 0, "\(server.log)")
        #expect(Date().timeIntervalSince(signalled) < 30)

        let jobs = try await work.collection("jobs")
        try #require(jobs.count == 1)
        let status = jobs[0]["status"] as? String
        #expect(status == "done" || status == "queued", "job \(jobs[0])")
        if status != "done" { #expect(jobs[0]["leaseOwner"] == nil || jobs[0]["leaseOwner"] is NSNull, "job \(jobs[0])") }
        if status == "done" { #expect(try await work.carts().count == 1) }
    }

    @Test(.enabled(if: TemporaryStores.postgresURL != nil || TemporaryStores.isCI))
    func aWorkerKilledMidReceiptOnPostgresLeavesItToTheNextOneAndOneCartIsMade() async throws {
        let work = try Workspace()
        let store = try TemporaryStores.newLocation(.postgres, directory: work.url)
        // Debug logs say where a slow start waits: for a connection, or for the schema lock.
        let server = try await ServeProcess.start(["--store", store, "--workers", "0", "--log-level", "debug"], in: work)
        defer { server.child.kill() }
        let anna = try await Curl.newUser(server.base, "Anna")
        let home = try await anna.newHousehold(server.base, "Home")

        func startWorker(_ name: String) throws -> ChildProcess {
            try CLI.start(
                ["worker", "--store", store, "--lease", "10"],
                output: work.url.appendingPathComponent("\(name).out"),
                errors: work.url.appendingPathComponent("\(name).err")
            )
        }
        func workerLog(_ name: String) -> String {
            (try? String(contentsOf: work.url.appendingPathComponent("\(name).err"), encoding: .utf8)) ?? ""
        }
        let first = try startWorker("worker1")
        defer { first.kill() }
        let job = try await anna.upload(server.base, household: home, CLI.receipts.appendingPathComponent("us-grocery-freshmart--table.jpg"))
        let seen = try await anna.waitForJob(server.base, job, seconds: 60) { $0 != "queued" }
        try #require(seen == "running", "the job was \(seen) before the worker was killed: \(workerLog("worker1"))")
        first.kill()
        #expect(first.terminationStatus == SIGKILL)
        #expect(try await anna.carts(server.base, household: home).isEmpty)

        // The lease (10 s) runs out, then the second worker takes the job over.
        let second = try startWorker("worker2")
        defer { second.kill() }
        let final = try await anna.waitForJob(server.base, job, seconds: 90, interval: .milliseconds(250)) { $0 == "done" || $0 == "failed" }
        #expect(final == "done", "\(workerLog("worker2"))")
        let reply = try await anna.call("GET", "\(server.base)/jobs/\(job)")
        #expect(reply.json["attempts"] as? Int == 2, "\(reply.text)")
        let carts = try await anna.carts(server.base, household: home)
        #expect(carts.count == 1)
        #expect(carts.first?["id"] as? String == reply.json["cartId"] as? String)
    }
}
