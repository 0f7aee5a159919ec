import DocumentStore
import Foundation
import HTTPTypes
import HouseholdApp
import Households
import Logging
import ReceiptModel
import ReceiptOCR
import ReceiptPipeline
import ReceiptServer
import ReceiptTesting
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(5))) struct ReceiptUploadTests {
    static let photo = Fixtures.url("receipts/us-grocery-freshmart.png")

    /// Polls a job until it is done or failed.
    static func finished(_ api: API, job: String) async throws -> Reply {
        for _ in 0..<600 {
            let reply = try await api.call(.get, "/api/v1/jobs/\(job)")
            if let status = reply["status"]?.stringValue, status == "done" || status == "failed" { return reply }
            try await Task.sleep(for: .milliseconds(200))
        }
        Issue.record("job \(job) did not finish")
        return try await api.call(.get, "/api/v1/jobs/\(job)")
    }

    @Test("an uploaded photo becomes a cart of the household, with its image and thumbnail", arguments: TemporaryStores.engines)
    func uploadBecomesCart(engine: StoreEngine) async throws {
        try await ServerHarness.with(engine, workers: 1, over: .live) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let (carol, _) = try await api.newUser("Carol")
            let home = try await alice.newHousehold("Home")
            _ = try await carol.newHousehold("Elsewhere")
            let image = try Data(contentsOf: Self.photo)
            let upload = try await alice.call(
                .post,
                "/api/v1/households/\(home)/receipts?name=freshmart.png",
                data: image,
                headers: [.contentType: "image/png"]
            )
            #expect(upload.status == 202)
            let jobID = try #require(upload["id"]?.stringValue)
            #expect(upload.headers[.location] == "/api/v1/jobs/\(jobID)")
            #expect(try await carol.call(.get, "/api/v1/jobs/\(jobID)").status == 404)

            let job = try await Self.finished(alice, job: jobID)
            #expect(job["status"]?.stringValue == "done")
            let cartID = try #require(job["cartId"]?.stringValue)
            let cart = try await alice.call(.get, "/api/v1/households/\(home)/carts/\(cartID)")
            #expect(cart["household"]?.stringValue == home)
            #expect(cart["addedByUser"]?.stringValue == "Alice")
            #expect(cart["purchasedByUser"]?.stringValue == "Alice")
            #expect(cart["total"]?.stringValue == "43.48")
            #expect((cart["items"]?.arrayValue?.count ?? 0) >= 5)
            #expect(cart["items"]?.arrayValue?.allSatisfy { $0["id"]?.stringValue != nil } == true)

            let served = try await alice.call(.get, "/api/v1/households/\(home)/carts/\(cartID)/image")
            #expect(served.status == 200)
            #expect(served.headers[.contentType] == "image/png")
            #expect(served.bytes == image)
            let thumbnail = try await alice.call(.get, "/api/v1/households/\(home)/carts/\(cartID)/thumbnail")
            #expect(thumbnail.headers[.contentType] == "image/jpeg")
            let decoded = try OCRImage(data: thumbnail.bytes, limits: ImageLimits(minSide: 10))
            #expect(decoded.width == 320)
            #expect(try await carol.call(.get, "/api/v1/households/\(home)/carts/\(cartID)/image").status == 404)

            // The same photo again: the existing cart, no second job or cart.
            let again = try await alice.call(.post, "/api/v1/households/\(home)/receipts", data: image)
            #expect(again.status == 200)
            #expect(again["cartId"]?.stringValue == cartID)
            let list = try await alice.call(.get, "/api/v1/households/\(home)/carts")
            #expect(list["carts"]?.arrayValue?.count == 1)
        }
    }

    @Test("uploads are checked by content: not an image, empty, truncated")
    func badUploads() async throws {
        try await ServerHarness.with(.sqlite) { api, services in
            let (alice, _) = try await api.newUser("Alice")
            let home = try await alice.newHousehold("Home")
            let path = "/api/v1/households/\(home)/receipts"
            let text = try await alice.call(.post, path + "?name=receipt.jpg", data: Data("this is not a photo at all".utf8))
            #expect(text.status == 415)
            #expect(text.code == "image.unsupported-format")
            let empty = try await alice.call(.post, path, data: Data())
            #expect(empty.status == 400)
            #expect(empty.code == "image.empty")
            let photo = try Data(contentsOf: Fixtures.url("receipts/us-grocery-valuefoods--blur.jpg"))
            let cut = try await alice.call(.post, path, data: photo.prefix(photo.count / 2))
            #expect(cut.status == 422)
            #expect(cut.code == "image.truncated")
            #expect(try await services.store.count(collection: Collections.jobs) == 0)
        }
    }

    /// The installed reader, ignoring `RECEIPTS_NEURAL=off` (which `make test` sets for the other tests).
    static let neuralReader = NeuralReader.Configuration.installed(environment: [:])

    @Test(
        "a worker reads every upload with the neural reader process it started for the first",
        .enabled(if: RequiredTool.runs(available: ReceiptUploadTests.neuralReader != nil))
    )
    func aWorkerKeepsItsNeuralReader() async throws {
        let neuralReader = try #require(Self.neuralReader, "the neural reader is not installed: scripts/install-deps.sh installs it")
        try await TemporaryStores.with(.sqlite) { store, _ in
            let logger = ServerHarness.logger
            let services = HouseholdServices(store: store, bcryptCost: 4, logger: logger)
            try await services.prepare(logger: logger)
            let user = try await services.accounts.signUp(email: "n@example.org", displayName: "N", password: "long enough")
            let home = try await services.directory.create(name: "Home", by: user).value.id
            let ocr = try OCREnginePool(workers: 1, logger: logger)
            let neural = NeuralReaderPool(workers: 1, configuration: neuralReader, logger: logger)
            let worker = ReceiptJobWorker(
                services: services,
                ocr: ocr,
                matcher: nil,
                configuration: ServerConfiguration(workers: 1),
                signal: JobSignal(),
                reader: ReceiptReader(ocr: ocr, neural: neural),
                logger: logger
            )
            for photo in [Self.photo, Fixtures.url("receipts/my-gst-kedai.png")] {
                guard
                    case .queued = try await services.jobs.enqueue(
                        image: try Data(contentsOf: photo),
                        fileName: photo.lastPathComponent,
                        household: home,
                        by: user
                    )
                else {
                    Issue.record("not queued")
                    return
                }
                let job = try #require(try await services.jobs.claim(worker: "w", lease: .seconds(60)))
                await worker.process(job, worker: "w")
                #expect(try await services.jobs.job(job.value.id, for: user.id).status == .done)
            }
            // One process for both receipts: a reader started per upload would cost 1-4 s each.
            #expect(await neural.readers[0].launches == 1)
            await neural.stop()
            #expect(try await store.count(collection: Collections.carts) == 2)
        }
    }

    @Test("a job whose worker died is taken over after its lease and read into one cart", arguments: TemporaryStores.engines)
    func deadWorkersJobIsTakenOver(engine: StoreEngine) async throws {
        try await Self.withQueuedUpload(engine) { store, services, clock, user, home, job in
            let logger = ServerHarness.logger
            // A worker claims it for a minute and dies (never finishes).
            let dead = try #require(try await services.jobs.claim(worker: "dead", lease: .seconds(60)))
            #expect(dead.value.id == job.id)
            clock.advance(59)
            #expect(try await services.jobs.claim(worker: "early", lease: .seconds(60)) == nil)
            clock.advance(2)

            let configuration = ServerConfiguration(workers: 1, jobLease: .seconds(60), fastReading: true)
            let worker = try await ReceiptServerApp.worker(services: services, configuration: configuration, catalog: nil, logger: logger)
            let taken = try #require(try await services.jobs.claim(worker: "second", lease: .seconds(60)))
            #expect(taken.value.attempts == 2)
            await worker.process(taken, worker: "second")
            // The dead worker's late answer must not undo the job.
            try await services.jobs.fail(dead, code: "ocr.failed", message: "late", retryable: false)
            let done = try await services.jobs.job(job.id, for: user.id)
            #expect(done.status == .done)
            #expect(try await store.count(collection: Collections.carts) == 1)
            #expect(try await services.jobs.claim(worker: "third", lease: .seconds(60)) == nil)
        }
    }

    @Test("a slow worker's late reading of a job keeps what members changed in its cart", arguments: TemporaryStores.engines)
    func lateReadingKeepsMemberEdits(engine: StoreEngine) async throws {
        try await Self.withQueuedUpload(engine) { store, services, clock, user, home, job in
            let logger = ServerHarness.logger
            // A slow worker claims the job; its lease runs out and another worker reads it first.
            let slow = try #require(try await services.jobs.claim(worker: "slow", lease: .seconds(60)))
            clock.advance(61)
            let configuration = ServerConfiguration(workers: 1, jobLease: .seconds(60), fastReading: true)
            let worker = try await ReceiptServerApp.worker(services: services, configuration: configuration, catalog: nil, logger: logger)
            let taken = try #require(try await services.jobs.claim(worker: "fast", lease: .seconds(60)))
            await worker.process(taken, worker: "fast")
            let cartId = try #require(try await services.jobs.job(job.id, for: user.id).cartId)

            // A member renames the cart and an item before the slow worker is done.
            let read = try await services.carts.cart(cartId, in: home, for: user.id)
            let itemId = try #require(read.value.items.first?.id)
            _ = try await services.carts.update(cartId, in: home, name: "Saturday shop", keepDuplicate: nil, by: user.id, ifMatch: nil)
            _ = try await services.carts.editItem(itemId, of: cartId, in: home, ItemInput(name: "Plum tomatoes"), by: user, ifMatch: nil)
            let edited = try await services.carts.cart(cartId, in: home, for: user.id)

            await worker.process(slow, worker: "slow")
            let after = try await services.carts.cart(cartId, in: home, for: user.id)
            #expect(after.value.name == "Saturday shop")
            #expect(after.value.items.first { $0.id == itemId }?.name == "Plum tomatoes")
            #expect(after.rev == edited.rev)
            let done = try await services.jobs.job(job.id, for: user.id)
            #expect(done.status == .done)
            #expect(done.cartId == cartId)
            #expect(try await store.count(collection: Collections.carts) == 1)
        }
    }

    @Test("a slow worker's late reading does not bring back a cart a member deleted", arguments: TemporaryStores.engines)
    func lateReadingKeepsADeletedCartDeleted(engine: StoreEngine) async throws {
        try await Self.withQueuedUpload(engine) { store, services, clock, user, home, job in
            let slow = try #require(try await services.jobs.claim(worker: "slow", lease: .seconds(60)))
            clock.advance(61)
            let configuration = ServerConfiguration(workers: 1, jobLease: .seconds(60), fastReading: true)
            let worker = try await ReceiptServerApp.worker(
                services: services,
                configuration: configuration,
                catalog: nil,
                logger: ServerHarness.logger
            )
            let taken = try #require(try await services.jobs.claim(worker: "fast", lease: .seconds(60)))
            await worker.process(taken, worker: "fast")
            let cartId = try #require(try await services.jobs.job(job.id, for: user.id).cartId)
            try await services.carts.delete(cartId, in: home, by: user.id, ifMatch: nil)

            await worker.process(slow, worker: "slow")
            #expect(try await store.count(collection: Collections.carts) == 0)
            let done = try await services.jobs.job(job.id, for: user.id)
            #expect(done.status == .done)
            #expect(done.cartId == cartId)
        }
    }
}

extension ReceiptUploadTests {
    /// A household with one member and one uploaded photo waiting to be read, over `engine`.
    static func withQueuedUpload(
        _ engine: StoreEngine,
        _ body: @escaping @Sendable (any DocumentStore, HouseholdServices, TestClock, PublicUser, String, ReceiptJob) async throws -> Void
    ) async throws {
        try await TemporaryStores.with(engine) { store, _ in
            let logger = ServerHarness.logger
            // A clock the test moves, so that leases expire when the test says, not when a loaded
            // machine happens to get there.
            let clock = TestClock()
            let services = HouseholdServices(store: store, bcryptCost: 4, now: { clock.now }, logger: logger)
            try await services.prepare(logger: logger)
            let user = try await services.accounts.signUp(email: "w@example.org", displayName: "W", password: "long enough")
            let home = try await services.directory.create(name: "Home", by: user).value.id
            guard
                case .queued(let job) = try await services.jobs.enqueue(
                    image: try Data(contentsOf: photo),
                    fileName: "a.png",
                    household: home,
                    by: user
                )
            else {
                Issue.record("not queued")
                return
            }
            try await body(store, services, clock, user, home, job)
        }
    }
}

/// A settable clock for lease and expiry tests.
final class TestClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_790_000_000))

    var now: Date { current.withLock { $0 } }

    func advance(_ seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

@Suite(.timeLimit(.minutes(5))) struct DuplicateReceiptTests {
    @Test("a second photo of the same receipt is flagged, left out of spending, and counts once kept")
    func secondPhotoIsFlagged() async throws {
        try await ServerHarness.with(.sqlite, workers: 1) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let home = try await alice.newHousehold("Home")
            let original = try Data(contentsOf: ReceiptUploadTests.photo)
            // The same pixels encoded again: another file, the same receipt.
            let copy = try OCRImage(data: original).pngData()
            #expect(copy != original)
            var carts: [String] = []
            for image in [original, copy] {
                let upload = try await alice.call(.post, "/api/v1/households/\(home)/receipts", data: image, headers: [.contentType: "image/png"])
                let job = try await ReceiptUploadTests.finished(alice, job: try #require(upload["id"]?.stringValue))
                carts.append(try #require(job["cartId"]?.stringValue))
            }
            #expect(carts[0] != carts[1])
            let list = try await alice.call(.get, "/api/v1/households/\(home)/carts")
            let flagged = list["carts"]?.arrayValue?.first { $0["id"]?.stringValue == carts[1] }
            #expect(flagged?["possibleDuplicateOf"]?.stringValue == carts[0])
            let date = try #require(flagged?["date"]?.stringValue)
            let stats = try await alice.call(.get, "/api/v1/households/\(home)/stats?asOf=\(date)")
            #expect(stats["skippedDuplicates"] == .number(1))
            #expect(stats["currencies"]?.arrayValue?.first?["carts"] == .number(1))

            let kept = try await alice.call(.patch, "/api/v1/households/\(home)/carts/\(carts[1])", json: #"{"duplicateKept":true}"#)
            #expect(kept.status == 200)
            let after = try await alice.call(.get, "/api/v1/households/\(home)/stats?asOf=\(date)")
            #expect(after["skippedDuplicates"] == .number(0))
            #expect(after["currencies"]?.arrayValue?.first?["carts"] == .number(2))
        }
    }
}
