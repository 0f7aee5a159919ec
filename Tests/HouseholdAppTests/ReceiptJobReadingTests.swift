import DocumentStore
import Foundation
import HouseholdApp
import Households
import ReceiptModel
import ReceiptOCR
import ReceiptPipeline
import ReceiptTesting
import Testing

@Suite(.timeLimit(.minutes(5))) struct ReceiptJobReadingTests {
    static let photo = Fixtures.url("receipts/us-grocery-freshmart.png")

    /// Reads the one queued job with Tesseract only (no neural reader).
    static func readQueuedJob(_ h: Household) async throws -> ReceiptJobReading.Outcome {
        let job = try #require(try await h.services.jobs.claim(worker: "w", lease: .seconds(60)))
        let ocr = try OCREnginePool(workers: 1, logger: Household.logger)
        let reading = ReceiptJobReading(
            services: h.services,
            reader: ReceiptReader(ocr: ocr, rereadWhenUnsure: false),
            matcher: nil,
            rereadWhenUnsure: false,
            logger: Household.logger
        )
        return await reading.read(job)
    }

    @Test("an uploaded receipt's cart names the uploader as its purchaser")
    func uploaderBoughtIt() async throws {
        try await Household.with { h in
            _ = try await h.services.jobs.enqueue(image: try Data(contentsOf: Self.photo), fileName: "a.png", household: h.home, by: h.user)
            guard case .done(let cartId) = try await Self.readQueuedJob(h) else {
                Issue.record("not read")
                return
            }
            let cart = try await h.services.carts.cart(cartId, in: h.home, for: h.user.id)
            #expect(cart.value.purchasedByUser == "Alice")
            #expect(cart.value.addedByUserId == h.user.id)
            #expect(cart.rev == 1)
            // Stored through the write path: the change log has its creation.
            #expect(try await h.services.carts.changes(of: cartId, in: h.home, for: h.user.id).map(\.action) == [.created])
        }
    }

    @Test("an uploader may name another member as the purchaser, and only a member")
    func anotherMemberBoughtIt() async throws {
        try await Household.with { h in
            let bob = try await h.services.accounts.signUp(email: "b@example.org", displayName: "Bob", password: "long enough")
            let code = try await h.services.directory.invite(to: h.home, by: h.user.id).code
            _ = try await h.services.directory.join(code: code, user: bob)
            let stranger = try await h.services.accounts.signUp(email: "c@example.org", displayName: "Carol", password: "long enough")
            let image = try Data(contentsOf: Self.photo)
            await #expect(throws: HouseholdError.self) {
                try await h.services.jobs.enqueue(image: image, fileName: "a.png", household: h.home, by: h.user, purchaser: stranger.id)
            }
            _ = try await h.services.jobs.enqueue(image: image, fileName: "a.png", household: h.home, by: h.user, purchaser: bob.id)
            guard case .done(let cartId) = try await Self.readQueuedJob(h) else {
                Issue.record("not read")
                return
            }
            #expect(try await h.services.carts.cart(cartId, in: h.home, for: h.user.id).value.purchasedByUser == "Bob")
        }
    }
}
