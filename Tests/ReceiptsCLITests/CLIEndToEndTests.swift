import ChildProcesses
import Foundation
import ReceiptTesting
import Testing

/// Runs the built `receipts` binary (`.build/debug/receipts`; `swift build --build-tests` builds it).
struct CLI {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let binary = root.appendingPathComponent(".build/debug/receipts")
    static let receipts = root.appendingPathComponent("Fixtures/receipts")

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    static func start(_ arguments: [String], output: URL, errors: URL) throws -> ChildProcess {
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"
        environment.removeValue(forKey: "RECEIPTS_STORE")
        environment.removeValue(forKey: "CHOMP_API_KEY")
        return try ChildProcess(
            executable: binary,
            arguments: arguments,
            environment: environment,
            directory: root,
            standardOutput: .file(output),
            standardError: .file(errors)
        )
    }

    static func run(_ arguments: [String], in folder: URL) async throws -> Result {
        let output = folder.appendingPathComponent("out-\(UUID().uuidString).txt")
        let errors = folder.appendingPathComponent("err-\(UUID().uuidString).txt")
        let status = try await start(arguments, output: output, errors: errors).finished()
        return Result(
            status: status,
            stdout: try String(contentsOf: output, encoding: .utf8),
            stderr: try String(contentsOf: errors, encoding: .utf8)
        )
    }

    static func json(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
}

final class Workspace {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("receipts-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }

    var store: String { url.appendingPathComponent("store.sqlite").path }

    /// Copies fixture images into `folder` (created under the workspace).
    func images(_ names: [String], into folder: String) throws -> URL {
        let target = url.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        for name in names {
            try FileManager.default.copyItem(at: CLI.receipts.appendingPathComponent(name), to: target.appendingPathComponent(name))
        }
        return target
    }

    func carts() async throws -> [[String: Any]] {
        let result = try await CLI.run(["carts", "--store", store, "--json"], in: url)
        #expect(result.status == 0, "\(result.stderr)")
        return try result.lines.map(CLI.json)
    }

    func collection(_ name: String) async throws -> [[String: Any]] {
        let result = try await CLI.run(["export", "--store", store, "--collection", name], in: url)
        #expect(result.status == 0, "\(result.stderr)")
        return try result.lines.map(CLI.json).compactMap { $0["document"] as? [String: Any] }
    }
}

func sha256(of url: URL) async throws -> String {
    let data = try await ChildProcess.output(of: URL(fileURLWithPath: "/usr/bin/sha256sum"), [url.path]).stdout
    return String(String(decoding: data, as: UTF8.self).prefix(64))
}

let smallFixtures = ["us-cafe-beanleaf.png", "us-restaurant-tip.png", "my-gst-kedai.png"]

@Suite(.serialized, .timeLimit(.minutes(5))) struct IngestEndToEndTests {
    @Test func ingestPrintsCartsAsJSONLinesAndAReRunDuplicatesNothing() async throws {
        let work = try Workspace()
        let folder = try work.images(smallFixtures, into: "photos")
        let first = try await CLI.run(["ingest", folder.path, "--store", work.store, "--json", "--jobs", "2", "--user", "ann"], in: work.url)
        #expect(first.status == 0, "\(first.stderr)")
        let lines = first.lines
        #expect(lines.count == 3)
        var ids = Set<String>()
        for line in lines {
            let cart = try CLI.json(line)
            let id = try #require(cart["id"] as? String)
            ids.insert(id)
            #expect(cart["addedByUser"] as? String == "ann")
            #expect(cart["type"] as? String == "cart")
            #expect(cart["completed"] as? Bool == true)
            let source = try #require(cart["source"] as? [String: Any])
            let file = try #require(source["file"] as? String)
            #expect(id == (try await sha256(of: URL(fileURLWithPath: file))))
            #expect(cart["total"] is String || cart["total"] is NSNull)
        }
        #expect(ids.count == 3)
        let tip = try #require(
            lines.map(CLI.json).first {
                ($0["source"] as? [String: Any])?["file"] as? String == folder.appendingPathComponent("us-restaurant-tip.png").path
            }
        )
        #expect((tip["merchant"] as? [String: Any])?["name"] as? String == "THE COPPER KETTLE")
        #expect(tip["total"] as? String == "90.21")

        let again = try await CLI.run(["ingest", folder.path, "--store", work.store, "--json"], in: work.url)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.lines.isEmpty)
        #expect(try await work.carts().count == 3)

        // `show` takes an id prefix.
        let id = try #require(tip["id"] as? String)
        let shown = try await CLI.run(["show", String(id.prefix(8)), "--store", work.store, "--json"], in: work.url)
        #expect(shown.status == 0)
        #expect((try CLI.json(shown.stdout.replacingOccurrences(of: "\n", with: " ")))["id"] as? String == id)
    }

    @Test func brokenAndNonImageFilesAreRecordedAndTheRestIngested() async throws {
        let work = try Workspace()
        let folder = try work.images(["us-cafe-beanleaf.png", "us-restaurant-tip.png"], into: "mixed")
        let jpeg = try Data(contentsOf: CLI.receipts.appendingPathComponent("us-cafe-beanleaf--table.jpg"))
        try jpeg.prefix(300).write(to: folder.appendingPathComponent("truncated.jpg"))
        try Data("not a picture at all".utf8).write(to: folder.appendingPathComponent("fake.png"))
        try Data("milk\neggs\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try Data("x".utf8).write(to: folder.appendingPathComponent(".hidden.png"))
        let result = try await CLI.run(["ingest", folder.path, "--store", work.store], in: work.url)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(try await work.carts().count == 2)
        let failures = try await work.collection("failures")
        let files = failures.compactMap { ($0["source"] as? [String: Any])?["file"] as? String }.map { URL(fileURLWithPath: $0).lastPathComponent }
        #expect(files.sorted() == ["fake.png", "truncated.jpg"])
        for failure in failures {
            let code = try #require(failure["error"] as? String)
            #expect(code.hasPrefix("image."), "\(code)")
            #expect(!((failure["message"] as? String) ?? "").isEmpty)
        }
        #expect(result.stderr.contains("fake.png"))
        #expect(result.stderr.contains("truncated.jpg"))
    }

    /// A batch long enough that it is still going when a test stops it after the first cart,
    /// however slowly a loaded machine lets the test wake up to do so.
    static let longBatch = [
        "us-cafe-beanleaf.png", "us-restaurant-tip.png", "my-gst-kedai.png", "de-supermarkt-frischmarkt.png",
        "us-grocery-valuefoods.png", "us-grocery-freshmart.png", "us-cafe-beanleaf--table.jpg", "us-grocery-freshmart--table.jpg",
        "us-grocery-valuefoods--shadow.jpg", "it-alimentari-rossi--shadow.jpg", "es-cafeteria-esquina--table.jpg",
        "us-diner-harbor--photo.jpg",
    ]

    @Test func anIngestKilledMidRunResumes() async throws {
        let work = try Workspace()
        let names = Self.longBatch
        let folder = try work.images(names, into: "batch")
        let output = work.url.appendingPathComponent("killed.out")
        let process = try CLI.start(
            ["ingest", folder.path, "--store", work.store, "--json", "--jobs", "1"],
            output: output,
            errors: work.url.appendingPathComponent("killed.err")
        )
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, !process.hasExited {
            if (try? String(contentsOf: output, encoding: .utf8))?.contains("\n") == true { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        process.kill()
        let before = try await work.carts().count
        #expect(before >= 1)
        #expect(before < names.count)

        let rerun = try await CLI.run(["ingest", folder.path, "--store", work.store, "--json"], in: work.url)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(rerun.lines.count == names.count - before)
        let carts = try await work.carts()
        #expect(carts.count == names.count)
        #expect(Set(carts.compactMap { $0["id"] as? String }).count == names.count)
    }

    @Test func fastIngestReadsEachPhotoOnceAndKeepsTheOldName() async throws {
        let work = try Workspace()
        let folder = try work.images(["us-restaurant-tip.png"], into: "photos")
        let fast = try await CLI.run(["ingest", folder.path, "--store", work.store, "--json", "--fast"], in: work.url)
        #expect(fast.status == 0, "\(fast.stderr)")
        let cart = try CLI.json(try #require(fast.lines.first))
        #expect(cart["total"] as? String == "90.21")
        #expect(!fast.stderr.contains("neural reader read"))
        // `--no-reread`, its name before `--fast`, still works.
        let old = try await CLI.run(["ingest", folder.path, "--store", work.store, "--no-reread", "--force"], in: work.url)
        #expect(old.status == 0, "\(old.stderr)")
        #expect(old.stderr.contains("1 stored"))
    }

    @Test func aMissingFolderIsAUsageError() async throws {
        let work = try Workspace()
        let result = try await CLI.run(["ingest", work.url.appendingPathComponent("nope").path, "--store", work.store], in: work.url)
        #expect(result.status == 2 || result.status == 64, "\(result.status) \(result.stderr)")
    }

    @Test func anUnknownPreprocessingStageIsAUsageErrorThatListsTheStages() async throws {
        let work = try Workspace()
        let image = CLI.receipts.appendingPathComponent("us-cafe-beanleaf.png").path
        for arguments in [["ocr", image, "--stages", "default,bogus"], ["eval", work.url.path, "--stages", "bogus"]] {
            let result = try await CLI.run(arguments, in: work.url)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("thicken"), "\(arguments): \(result.stderr)")
        }
        let known = try await CLI.run(["ocr", image, "--stages", "none,tall"], in: work.url)
        #expect(known.status == 0, "\(known.stderr)")
        #expect(known.stdout.contains("BEAN & LEAF CAFE"))
    }

    @Test func ctrlCFinishesTheReceiptsInFlightAndAReRunResumes() async throws {
        let work = try Workspace()
        let names = Self.longBatch
        let folder = try work.images(names, into: "batch")
        let output = work.url.appendingPathComponent("interrupted.out")
        let errors = work.url.appendingPathComponent("interrupted.err")
        let process = try CLI.start(["ingest", folder.path, "--store", work.store, "--json", "--jobs", "1"], output: output, errors: errors)
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, !process.hasExited {
            if (try? String(contentsOf: output, encoding: .utf8))?.contains("\n") == true { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        kill(process.pid, SIGINT)
        let status = await process.finished()
        let stderr = try String(contentsOf: errors, encoding: .utf8)
        // Stopped early, said so, and every cart it printed is in the store, whole.
        #expect(status == 130, "\(stderr)")
        #expect(stderr.contains("interrupted: run again to resume"), "\(stderr)")
        let printed = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").map { try CLI.json(String($0)) }
        let stored = try await work.carts()
        #expect(printed.count >= 1)
        #expect(stored.count == printed.count)
        #expect(stored.count < names.count)
        #expect(Set(stored.compactMap { $0["id"] as? String }) == Set(printed.compactMap { $0["id"] as? String }))

        let rerun = try await CLI.run(["ingest", folder.path, "--store", work.store, "--json"], in: work.url)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(rerun.lines.count == names.count - stored.count)
        #expect(try await work.carts().count == names.count)
    }

    @Test func watchIngestsPhotosThatAppearOnceTheyStopGrowing() async throws {
        let work = try Workspace()
        let inbox = work.url.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        let output = work.url.appendingPathComponent("watch.out")
        let errors = work.url.appendingPathComponent("watch.err")
        let process = try CLI.start(
            ["ingest", inbox.path, "--store", work.store, "--json", "--watch", "--interval", "1", "--jobs", "1"],
            output: output,
            errors: errors
        )
        func printed() -> [String] {
            ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        func waitFor(_ count: Int) async throws {
            let deadline = Date().addingTimeInterval(90)
            while Date() < deadline, printed().count < count, !process.hasExited {
                try await Task.sleep(for: .milliseconds(100))
            }
        }

        // A photo still being written (half of it now, the rest later) must not be read early.
        let photo = try Data(contentsOf: CLI.receipts.appendingPathComponent("us-cafe-beanleaf.png"))
        let partial = inbox.appendingPathComponent("phone-sync.png")
        try photo.prefix(photo.count / 2).write(to: partial)
        try await Task.sleep(for: .milliseconds(100))
        let handle = try FileHandle(forWritingTo: partial)
        try handle.seekToEnd()
        try handle.write(contentsOf: photo.dropFirst(photo.count / 2))
        try handle.close()
        try await waitFor(1)
        #expect(printed().count == 1)

        // A second photo copied in later is picked up too; nothing is read twice.
        try FileManager.default.copyItem(
            at: CLI.receipts.appendingPathComponent("us-restaurant-tip.png"),
            to: inbox.appendingPathComponent("later.png")
        )
        try await waitFor(2)
        // A bounded wait, not a signal: a look at the folder that finds nothing new prints nothing,
        // so a photo read twice can only be watched for, here for one more --interval.
        try await Task.sleep(for: .seconds(1))
        kill(process.pid, SIGINT)
        let status = await process.finished()
        let stderr = try String(contentsOf: errors, encoding: .utf8)
        #expect(status == 0, "\(stderr)")
        let lines = printed()
        #expect(lines.count == 2, "\(stderr)")
        let failures = try await work.collection("failures")
        #expect(failures.isEmpty, "the half-written photo was read before it was complete: \(failures)")
        let carts = try await work.carts()
        #expect(carts.count == 2)
        #expect(
            Set(carts.compactMap { ($0["source"] as? [String: Any])?["file"] as? String }.map { URL(fileURLWithPath: $0).lastPathComponent })
                == ["phone-sync.png", "later.png"]
        )
    }
}

@Suite(.serialized) struct StatsAndEnrichEndToEndTests {
    static let milk = #"{"barcode":"0071230000016","name":"Whole Milk, 1 Gallon"}"#
    static let bananas = #"{"barcode":"0200000040116","name":"Bananas"}"#

    static func cart(
        _ n: Int,
        _ date: String,
        _ total: String,
        user: String = "ann",
        merchant: String = "FRESH MART",
        currency: String? = "USD",
        items: String = "[]",
        extra: String = ""
    ) -> String {
        let currencyMember = currency.map { #","currency":"\#($0)""# } ?? ""
        return
            #"{"id":"\#(id(n))","type":"cart","name":"c\#(n)","addedByUser":"\#(user)","addedOn":"2025-01-02T00:00:00Z","completed":true,"merchant":{"name":"\#(merchant)"},"date":"\#(date)","total":"\#(total)","totalPrice":"\#(total)"\#(currencyMember),"items":\#(items),"source":{"file":"c\#(n).jpg"}\#(extra)}"#
    }

    static func id(_ n: Int) -> String { String(format: "%064x", n) }

    /// Imports JSON Lines `lines` into the workspace's `carts`.
    static func importCarts(_ lines: [String], into work: Workspace) async throws {
        let file = work.url.appendingPathComponent("carts-\(UUID().uuidString).jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        let imported = try await CLI.run(["import", file.path, "--collection", "carts", "--store", work.store], in: work.url)
        #expect(imported.status == 0, "\(imported.stderr)")
    }

    /// Known carts around the 2024/2025 year edge; as of 2025-01-02 (a Thursday) the full months
    /// are 2024-10..12 and the full ISO weeks start 2024-12-09, 12-16 and 12-23.
    static func knownStore() async throws -> Workspace {
        let work = try Workspace()
        let lines = [
            cart(1, "2024-09-30", "10.00"),
            cart(2, "2024-10-01", "20.00", items: #"[{"name":"WHOLE MILK","quantity":1,"price":"3.49","product":\#(milk)}]"#),
            cart(3, "2024-11-30", "30.00", merchant: "VALUE FOODS"),
            cart(4, "2024-12-15", "40.00"),
            cart(5, "2024-12-16", "50.00", items: #"[{"name":"MILK GAL","quantity":2,"price":"6.58","product":\#(milk)}]"#),
            cart(
                6,
                "2024-12-29",
                "60.00",
                items: #"[{"name":"BANANAS","quantity":2,"unit":"lb","unitPrice":"0.59","price":"1.18","product":\#(bananas)}]"#
            ),
            cart(7, "2024-12-30", "70.00"),
            cart(8, "2025-01-01", "80.00"),
            cart(9, "2024-12-20", "5.00", user: "bob", merchant: "VALUE FOODS"),
        ]
        try await importCarts(lines, into: work)
        return work
    }

    @Test func statsGivesExactFiguresPerCurrencyAtTheYearEdge() async throws {
        let work = try await Self.knownStore()
        // Other currencies, one without a currency, and a second photo of cart 6 flagged as its duplicate.
        try await Self.importCarts(
            [
                Self.cart(10, "2024-12-24", "100.00", merchant: "LE MARCHE", currency: "EUR"),
                Self.cart(11, "2024-11-20", "250.00", merchant: "PASAR", currency: "MYR"),
                Self.cart(12, "2024-12-27", "9.00", currency: nil),
                Self.cart(13, "2024-12-29", "60.00", extra: #","possibleDuplicateOf":"\#(Self.id(6))""#),
            ],
            into: work
        )

        let ann = try CLI.json(
            try await CLI.run(["stats", "--store", work.store, "--as-of", "2025-01-02", "--user", "ann", "--json"], in: work.url).stdout
        )
        #expect(ann["carts"] as? Int == 11)
        #expect(ann["skippedDuplicates"] as? Int == 1)
        #expect(ann["total"] == nil && ann["averageMonthly"] == nil)
        let currencies = try #require(ann["currencies"] as? [[String: Any]])
        #expect(currencies.map { $0["currency"] as? String ?? "null" } == ["USD", "EUR", "MYR", "null"])
        #expect(currencies.map { $0["total"] as? String ?? "" } == ["360.00", "100.00", "250.00", "9.00"])
        #expect(currencies.last?["currency"] is NSNull)
        let usd = currencies[0]
        #expect(usd["averageMonthly"] as? String == "90.00")  // (20 + 30 + 220) / 3
        #expect(usd["averageWeekly"] as? String == "50.00")  // (40 + 50 + 60) / 3; the duplicate of cart 6 is left out
        #expect((usd["lastWeek"] as? [String: Any])?["total"] as? String == "60.00")
        #expect(usd["carts"] as? Int == 8)
        let months = (usd["months"] as? [[String: Any]])?.compactMap { $0["label"] as? String }
        #expect(months == ["2024-10", "2024-11", "2024-12"])
        let weeks = (usd["weeks"] as? [[String: Any]])?.compactMap { $0["start"] as? String }
        #expect(weeks == ["2024-12-09", "2024-12-16", "2024-12-23"])
        #expect((currencies[1]["lastWeek"] as? [String: Any])?["total"] as? String == "100.00")
        #expect(currencies[2]["averageMonthly"] as? String == "83.33")  // 250 / 3

        let all = try CLI.json(try await CLI.run(["stats", "--store", work.store, "--as-of", "2025-01-02", "--json"], in: work.url).stdout)
        let allUSD = try #require((all["currencies"] as? [[String: Any]])?.first)
        #expect(allUSD["averageMonthly"] as? String == "91.67")  // (20 + 30 + 225) / 3
        #expect(allUSD["averageWeekly"] as? String == "51.67")  // (40 + 55 + 60) / 3
        let merchants = (allUSD["perMerchant"] as? [[String: Any]])?.map { "\($0["merchant"] ?? "")=\($0["total"] ?? "")" }
        #expect(merchants == ["FRESH MART=330.00", "VALUE FOODS=35.00"])

        // Month edge: as of 2025-03-01 the full months are Dec, Jan, Feb.
        let march = try CLI.json(try await CLI.run(["stats", "--store", work.store, "--as-of", "2025-03-01", "--json"], in: work.url).stdout)
        #expect((march["currencies"] as? [[String: Any]])?.first?["averageMonthly"] as? String == "101.67")  // (225 + 80 + 0) / 3

        let text = try await CLI.run(["stats", "--store", work.store, "--as-of", "2025-01-02", "--user", "ann"], in: work.url)
        #expect(text.status == 0, "\(text.stderr)")
        for line in [
            "  purchases: 11 in 4 currencies", "  purchases: 8, total USD 360.00", "  purchases: 1, total EUR 100.00",
            "  purchases: 1, total MYR 250.00", "??? (currency unknown)", "  purchases: 1, total ??? 9.00",
            "  last week (2024-12-23 to 2024-12-29): USD 60.00", "    2024-12  USD     220.00  4 carts",
            "(1 possible duplicate carts left out)",
        ] {
            #expect(text.lines.contains(line), "missing \(line) in:\n\(text.stdout)")
        }
        #expect(!text.stdout.contains("719.00"), "a total across currencies: \(text.stdout)")  // 360 + 100 + 250 + 9

        // --period lists every month of the period, empty ones as 0, with what they add up to.
        let year = try await CLI.run(["stats", "--store", work.store, "--as-of", "2025-01-02", "--period", "12m"], in: work.url)
        #expect(year.status == 0, "\(year.stderr)")
        for line in [
            "  Per month, last 12 months (Jan–Dec 2024):", "    total EUR 100.00, average per month EUR 8.33",
            "    2024-01  EUR       0.00  0 carts", "    2024-12  EUR     100.00  1 carts",
        ] {
            #expect(year.lines.contains(line), "missing \(line) in:\n\(year.stdout)")
        }
        #expect(try await CLI.run(["stats", "--store", work.store, "--period", "5y"], in: work.url).status != 0)
    }

    @Test func enrichPricesAListFromWhatWasPaid() async throws {
        let work = try await Self.knownStore()
        let list = work.url.appendingPathComponent("list.txt")
        try Data("2 milk\nbananas\ncaviar and truffles\n".utf8).write(to: list)
        let result = try await CLI.run(["enrich", list.path, "--store", work.store, "--json", "--save"], in: work.url)
        #expect(result.status == 0, "\(result.stderr)")
        let document = try CLI.json(result.stdout)
        let items = try #require(document["items"] as? [[String: Any]])
        #expect(items.count == 3)
        let milk = try #require(items[0]["history"] as? [String: Any])
        #expect(milk["lastPrice"] as? String == "3.29")
        #expect(milk["lastMerchant"] as? String == "FRESH MART")
        #expect(milk["lastDate"] as? String == "2024-12-16")
        #expect(milk["lowest"] as? String == "3.29")
        #expect(milk["median"] as? String == "3.39")
        #expect(milk["purchases"] as? Int == 2)
        #expect(items[0]["price"] as? String == "6.58")
        #expect(items[1]["price"] as? String == "0.59")
        #expect(items[2]["history"] is NSNull)
        #expect(document["totalPrice"] as? String == "7.17")
        #expect(document["completed"] as? Bool == false)
        let lists = try await work.collection("lists")
        #expect(lists.count == 1)
        #expect(lists.first?["completed"] as? Bool == false)
    }

    @Test func searchShowsWhatWasPaidForEachProduct() async throws {
        let work = try await Self.knownStore()
        let result = try await CLI.run(["search", "whole milk gallon", "--store", work.store, "--limit", "3", "--json"], in: work.url)
        #expect(result.status == 0, "\(result.stderr)")
        let outcome = try CLI.json(result.stdout)
        let results = try #require(outcome["results"] as? [[String: Any]])
        let milk = try #require(results.first { $0["barcode"] as? String == "0071230000016" })
        let paid = try #require(milk["pricesPaid"] as? [[String: Any]])
        // Newest first, unit prices: 6.58 for 2 is 3.29 each.
        #expect(paid.compactMap { $0["price"] as? String } == ["3.29", "3.49"])
        #expect(paid.first?["date"] as? String == "2024-12-16")
        #expect(paid.first?["merchant"] as? String == "FRESH MART")
        let others = results.filter { $0["barcode"] as? String != "0071230000016" }
        #expect(others.allSatisfy { ($0["pricesPaid"] as? [Any])?.isEmpty ?? true })
    }
}
