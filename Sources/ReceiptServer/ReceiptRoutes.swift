import Foundation
import HTTPTypes
import HouseholdApp
import Households
import Hummingbird
import ReceiptModel
import ReceiptOCR

/// Receipt uploads (`POST /api/v1/households/{householdId}/receipts`), their jobs, and the images
/// served back with carts.
struct ReceiptRoutes {
    let services: HouseholdServices
    let configuration: ServerConfiguration
    let wake: JobSignal

    func add(to group: RouterGroup<APIContext>, household: RouterGroup<HouseholdContext>) {
        group.get("jobs/{jobId}", use: job)
        // The household context has checked membership: a stranger learns nothing, not even the size limit.
        household.post("receipts", use: upload)
        household.get("carts/{cartId}/image", use: image)
        household.get("carts/{cartId}/thumbnail", use: thumbnail)
    }

    @Sendable func job(_ request: Request, context: APIContext) async throws -> JobAnswer {
        let job = try await services.jobs.job(try context.parameters.require("jobId"), for: try context.caller().user.id)
        return JobAnswer(job)
    }

    @Sendable func image(_ request: Request, context: HouseholdContext) async throws -> Response {
        try await UploadedImage.respond(try await photo(context), thumbnail: false, store: services.store)
    }

    @Sendable func thumbnail(_ request: Request, context: HouseholdContext) async throws -> Response {
        try await UploadedImage.respond(try await photo(context), thumbnail: true, store: services.store)
    }

    @Sendable func upload(_ request: Request, context: HouseholdContext) async throws -> EditedResponse<JobAnswer> {
        let householdId = context.household
        let user = context.caller.user
        let data = try await UploadedImage.read(request, limit: configuration.maxUploadBytes)
        let fileName = request.uri.queryParameters.get("name")
        let purchaser = request.uri.queryParameters.get("purchasedBy")
        switch try await services.jobs.enqueue(image: data, fileName: fileName, household: householdId, by: user, purchaser: purchaser) {
        case .queued(let job):
            wake.signal()
            return EditedResponse(status: .accepted, headers: [.location: "/api/v1/jobs/\(job.id)"], response: JobAnswer(job))
        case .existingCart(let cartId, let job):
            var answer = job.map(JobAnswer.init) ?? JobAnswer(id: nil, household: householdId, cartId: cartId)
            answer.status = .done
            answer.cartId = cartId
            // Already read: the answer points at the cart.
            return EditedResponse(headers: [.location: "/api/v1/households/\(householdId)/carts/\(cartId)"], response: answer)
        }
    }

    /// The photo behind a cart of the caller's household.
    private func photo(_ context: HouseholdContext) async throws -> Data {
        let cart = try await services.carts.cart(try context.parameters.require("cartId"), in: context.household, for: context.caller.user.id)
        guard let sha = cart.value.source.sha256 else {
            throw HouseholdError(.imageNotFound, "This cart was made by hand, not from a receipt photo.")
        }
        return try await services.jobs.image(sha256: sha)
    }
}

/// A receipt job as the API shows it.
struct JobAnswer: ResponseEncodable {
    var id: String?
    var household: String
    var status: ReceiptJob.Status
    var cartId: String?
    var error: ReceiptJob.Failure?
    var attempts: Int
    var createdAt: String?
    var updatedAt: String?

    init(_ job: ReceiptJob) {
        id = job.id
        household = job.household
        status = job.status
        cartId = job.cartId
        error = job.error
        attempts = job.attempts
        createdAt = job.createdAt
        updatedAt = job.updatedAt
    }

    init(id: String?, household: String, cartId: String) {
        self.id = id
        self.household = household
        status = .done
        self.cartId = cartId
        attempts = 0
    }
}
