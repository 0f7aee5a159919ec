import Foundation
import ReceiptTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `receipts sync` as the issue describes it: a member works offline on a local store while the
/// server is down and another member edits through the API once it is back; one sync later both
/// sides hold the same lists and every edit is kept.
@Suite(.serialized, .timeLimit(.minutes(5))) struct SyncEndToEndTests {
    @Test func offlineEditsAndAnIngestMeetTheServersEditsAndBothSidesEndEqual() async throws {
        let work = try Workspace()
        let serverStore = work.url.appendingPathComponent("server.sqlite").path
        let local = work.url.appendingPathComponent("local.sqlite").path
        var server = try await ServeProcess.start(["--store", serverStore, "--workers", "0"], in: work)
        defer { server.child.kill() }
        let anna = try await Curl.newUser(server.base, "Anna")
        let bo = try await Curl.newUser(server.base, "Bo")
        let home = try await anna.newHousehold(server.base, "Home")
        try await Self.invite(bo, to: home, by: anna, server.base)
        let tokenFile = work.url.appendingPathComponent("token")
        try Data((anna.token ?? "").utf8).write(to: tokenFile)

        func cli(_ arguments: [String]) async throws -> CLI.Result {
            try await CLI.run(arguments + ["--store", local], in: work.url)
        }
        func sync(_ base: String) async throws -> CLI.Result {
            try await cli(["sync", "--server", base, "--token-file", tokenFile.path, "--json"])
        }

        // Online: a list made locally reaches the server.
        let created = try await cli(["list", "create", "Groceries", "--json"])
        try #require(created.status == 0, "\(created.stderr)")
        let listId = try #require(try CLI.json(created.stdout)["id"] as? String)
        for name in ["tea", "coffee"] { #expect(try await cli(["list", "add", "Groceries", name, "--as", "Anna"]).status == 0) }
        let first = try await sync("http://127.0.0.1:\(server.port)")
        try #require(first.status == 0, "\(first.stderr)")
        #expect(try await Self.entries(anna, server.base, home, listId).count == 2)

        // The server goes down; work goes on locally.
        server.child.kill()
        #expect(try await cli(["list", "edit", "Groceries", "tea", "--note", "oat"]).status == 0)
        #expect(try await cli(["list", "tick", "Groceries", "coffee", "--as", "Anna"]).status == 0)
        #expect(try await cli(["list", "add", "Groceries", "rice", "--as", "Anna"]).status == 0)
        let photo = CLI.receipts.appendingPathComponent("us-grocery-freshmart.png").path
        let ingest = try await cli(["ingest", photo])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let down = try await sync("http://127.0.0.1:\(server.port)")
        #expect(down.status == 1, "\(down.stdout) \(down.stderr)")
        #expect(down.stderr.contains("sync.unreachable"), "\(down.stderr)")
        #expect(!down.stderr.contains(anna.token ?? "-"), "the token leaked into the output")

        // Back up; the other member edits through the API: other fields, another entry. (No entry
        // names a line of the receipt, which would tick it when the receipt arrives.)
        server = try await ServeProcess.start(["--store", serverStore, "--workers", "0"], in: work, name: "serve-again")
        let onServer = try await Self.entries(bo, server.base, home, listId)
        let tea = try #require(onServer.first { $0["name"] as? String == "tea" }?["id"] as? String)
        let coffee = try #require(onServer.first { $0["name"] as? String == "coffee" }?["id"] as? String)
        let entries = "\(server.base)/households/\(home)/lists/\(listId)/entries"
        #expect(try await bo.call("PATCH", "\(entries)/\(tea)", json: #"{"quantity":3}"#).status == 200)
        #expect(try await bo.call("PATCH", "\(entries)/\(coffee)", json: #"{"note":"free range"}"#).status == 200)
        #expect(try await bo.call("POST", entries, json: #"{"name":"jam"}"#).status == 201)

        let back = try await sync("http://127.0.0.1:\(server.port)")
        try #require(back.status == 0, "\(back.stderr) \(server.log)")

        let expected: [String: String] = [
            "tea": "3|oat|false", "coffee": "1|free range|true", "rice": "1||false", "jam": "1||false",
        ]
        let serverView = Self.summary(try await Self.entries(anna, server.base, home, listId))
        #expect(serverView == expected, "server: \(serverView)")
        let shown = try await cli(["list", "show", listId, "--json"])
        let localList = try CLI.json(shown.stdout)
        let localView = Self.summary(try #require(localList["entries"] as? [[String: Any]]))
        #expect(localView == expected, "local: \(localView)")
        #expect(localList["household"] as? String == home)

        // The receipt is the household's now, once, on both sides; syncing again adds nothing.
        let carts = try await anna.carts(server.base, household: home)
        #expect(carts.count == 1, "\(carts)")
        let again = try await sync("http://127.0.0.1:\(server.port)")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try await anna.carts(server.base, household: home).count == 1)
        let localCarts = try await CLI.run(["carts", "--store", local, "--json"], in: work.url).lines.map(CLI.json)
        #expect(localCarts.map { $0["id"] as? String } == carts.map { $0["id"] as? String }, "\(localCarts.count) local carts")

        // The household's cart, edited on both sides: unticked here (a receipt's items start
        // ticked), repriced there.
        let cartId = try #require(carts.first?["id"] as? String)
        #expect(try await cli(["item", "untick", cartId, "i1", "--as", "Anna"]).status == 0)
        let repriced = try await bo.call("PATCH", "\(server.base)/households/\(home)/carts/\(cartId)/items/i1", json: #"{"price":"9.99"}"#)
        #expect(repriced.status == 200, "\(repriced.text)")
        #expect(try await sync("http://127.0.0.1:\(server.port)").status == 0)
        let serverCart = try await anna.call("GET", "\(server.base)/households/\(home)/carts/\(cartId)").json
        let serverItem = try #require((serverCart["items"] as? [[String: Any]])?.first)
        #expect(serverItem["price"] as? String == "9.99" && serverItem["completed"] as? Bool == false, "\(serverItem)")
        let localCart = try #require(try await CLI.run(["carts", "--store", local, "--json"], in: work.url).lines.map(CLI.json).first)
        let localItem = try #require((localCart["items"] as? [[String: Any]])?.first)
        #expect(localItem["price"] as? String == "9.99" && localItem["completed"] as? Bool == false, "\(localItem)")

        // A list deleted here is deleted there at the next sync.
        #expect(try await cli(["list", "delete", "Groceries"]).status == 0)
        let deleted = try await sync("http://127.0.0.1:\(server.port)")
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(try await anna.call("GET", "\(server.base)/households/\(home)/lists/\(listId)").status == 404)
        #expect(try await cli(["list", "show", "--json"]).stdout.isEmpty)
    }

    @Test func watchWaitsOutTheServerBeingDownThenSyncsAndStopsCleanlyOnCtrlC() async throws {
        let work = try Workspace()
        let serverStore = work.url.appendingPathComponent("server.sqlite").path
        let local = work.url.appendingPathComponent("local.sqlite").path
        let first = try await ServeProcess.start(["--store", serverStore, "--workers", "0"], in: work)
        let port = first.port
        let anna = try await Curl.newUser(first.base, "Anna")
        let home = try await anna.newHousehold(first.base, "Home")
        first.child.kill()
        let tokenFile = work.url.appendingPathComponent("token")
        try Data((anna.token ?? "").utf8).write(to: tokenFile)
        #expect(try await CLI.run(["list", "create", "Weekend", "--store", local], in: work.url).status == 0)

        let output = work.url.appendingPathComponent("watch.out")
        let errors = work.url.appendingPathComponent("watch.err")
        let watch = try CLI.start(
            [
                "sync", "--server", "http://127.0.0.1:\(port)", "--store", local, "--token-file", tokenFile.path, "--household", home, "--watch",
                "--interval", "0.2", "--json",
            ],
            output: output,
            errors: errors
        )
        defer { watch.kill() }
        func text(_ url: URL) -> String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        func waitFor(_ url: URL, _ needle: String) async throws {
            let deadline = Date().addingTimeInterval(60)
            while !text(url).contains(needle), Date() < deadline, !watch.hasExited { try await Task.sleep(for: .milliseconds(50)) }
            try #require(text(url).contains(needle), "no \(needle) in \(text(url)) / \(text(errors))")
        }
        try await waitFor(errors, "sync.unreachable")

        // The same port again (the last --port wins): the watch finds the server back.
        let second = try await ServeProcess.start(["--store", serverStore, "--workers", "0", "--port", "\(port)"], in: work, name: "serve-again")
        defer { second.child.kill() }
        try await waitFor(output, #""sentLists":1"#)
        let lists = try await anna.call("GET", "\(second.base)/households/\(home)/lists")
        #expect((lists.json["lists"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Weekend"], "\(lists.text)")
        #expect(text(errors).components(separatedBy: "sync.unreachable").count == 2, "said once per outage: \(text(errors))")
        #expect(text(errors).contains("the server is back"))

        kill(watch.pid, SIGINT)
        #expect(await watch.finished() == 0, "\(text(errors))")
    }

    @Test func withoutATokenSyncIsAUsageError() async throws {
        let work = try Workspace()
        let result = try await CLI.run(["sync", "--server", "http://127.0.0.1:9", "--store", work.store], in: work.url)
        #expect(result.status == 64, "\(result.status) \(result.stderr)")
        #expect(result.stderr.contains("RECEIPTS_TOKEN"), "\(result.stderr)")
    }

    static func invite(_ joiner: Curl, to household: String, by owner: Curl, _ base: String) async throws {
        let invite = try await owner.call("POST", "\(base)/households/\(household)/invites")
        try #require(invite.status == 201, "\(invite.text)")
        let code = try #require(invite.json["code"] as? String)
        let joined = try await joiner.call("POST", "\(base)/households/join", json: #"{"code":"\#(code)"}"#)
        try #require(joined.status == 200, "\(joined.text)")
    }

    static func entries(_ member: Curl, _ base: String, _ household: String, _ list: String) async throws -> [[String: Any]] {
        let reply = try await member.call("GET", "\(base)/households/\(household)/lists/\(list)")
        try #require(reply.status == 200, "\(reply.status) \(reply.text)")
        return try #require(reply.json["entries"] as? [[String: Any]])
    }

    /// name → "quantity|note|completed", the fields the test's edits touch.
    static func summary(_ entries: [[String: Any]]) -> [String: String] {
        Dictionary(
            entries.map { entry in
                let quantity = (entry["quantity"] as? NSNumber)?.stringValue ?? "\(entry["quantity"] ?? "")"
                let note = entry["note"] as? String ?? ""
                let completed = (entry["completed"] as? Bool) == true
                return (entry["name"] as? String ?? "", "\(quantity)|\(note)|\(completed)")
            },
            uniquingKeysWith: { first, _ in first }
        )
    }
}
