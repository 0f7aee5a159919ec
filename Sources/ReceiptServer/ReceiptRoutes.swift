import Foundation
import Households
import HTTPTypes
import Hummingbird
import ReceiptModel
import ReceiptOCR

/// Receipt uploads (`POST /api/v1/households/{householdId}/receipts`), their jobs, and the images
/// served back with carts.
struct ReceiptRoutes {
    let services: HouseholdServices
    let configuration: ServerConfiguration
    let wake: JobSignal

    func add(to group: RouterGroup<APIContext>) {
        group.post("households/{householdId}/receipts") { request, context in
            try await upload(request, context)
        }
        group.get("jobs/{jobId}") { _, context in
            let job = try await services.jobs.job(try context.parameters.require("jobId"), for: try context.caller().user.id)
            return try JSONResponse.make(JobAnswer(job))
        }
        group.get("households/{householdId}/carts/{cartId}/image") { _, context in
            let (data, header) = try await image(context)
            return Self.imageResponse(data, contentType: header.format.mediaType)
        }
        group.get("households/{householdId}/carts/{cartId}/thumbnail") { _, context in
            let (data, _) = try await image(context)
            let key = "thumb320-" + Identifiers.sha256Hex(data)
            if let cached = try await services.store.getBlob(id: key) { return Self.imageResponse(cached, contentType: "image/jpeg") }
            let thumbnail = try await Self.offPool { try OCRImage(data: data).thumbnailJPEG(width: 320) }
            try await services.store.putBlob(id: key, data: thumbnail)
            return Self.imageResponse(thumbnail, contentType: "image/jpeg")
        }
    }

    private func upload(_ request: Request, _ context: APIContext) async throws -> Response {
        let householdId = try context.parameters.require("householdId")
        let user = try context.caller().user
        // Membership first: a stranger learns nothing, not even the size limit.
        try await services.directory.requireMember(householdId, userId: user.id)
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: configuration.maxUploadBytes)
        } catch {
            throw Problem(
                .contentTooLarge, OCRError.Code.imageTooLarge.rawValue,
                "The photo is larger than \(configuration.maxUploadBytes >> 20) MB. Send a smaller one (phones can share a reduced size).")
        }
        let data = Data(buffer: buffer)
        guard !data.isEmpty else {
            throw Problem(.badRequest, OCRError.Code.imageEmpty.rawValue, "The request has no image. Send the photo's bytes as the body (Content-Type: image/jpeg).")
        }
        // Checked by content, not by name or declared type: the header, then a full decode, so a
        // corrupt or cut-off photo is refused now rather than failing later in the worker.
        do {
            _ = try await Self.offPool { try OCRImage(data: data) }
        } catch let error as OCRError {
            let status: HTTPResponse.Status = error.code == .imageUnsupportedFormat ? .unsupportedMediaType : .unprocessableContent
            throw Problem(status, error.code.rawValue, error.message)
        }
        let fileName = request.uri.queryParameters.get("name")
        switch try await services.jobs.enqueue(image: data, fileName: fileName, household: householdId, by: user) {
        case .queued(let job):
            wake.signal()
            return try JSONResponse.make(JobAnswer(job), status: .accepted, headers: [.location: "/api/v1/jobs/\(job.id)"])
        case .existingCart(let cartId, let job):
            var answer = job.map(JobAnswer.init) ?? JobAnswer(id: nil, household: householdId, cartId: cartId)
            answer.status = "done"
            answer.cartId = cartId
            return try JSONResponse.make(answer, status: .ok, headers: [.location: "/api/v1/households/\(householdId)/carts/\(cartId)"])
        }
    }

    /// The photo behind a cart of the caller's household.
    private func image(_ context: APIContext) async throws -> (Data, ImageHeader) {
        let cart = try await services.carts.cart(
            try context.parameters.require("cartId"), in: try context.parameters.require("householdId"), for: try context.caller().user.id)
        guard let sha = cart.value.source.sha256 else {
            throw HouseholdError(.imageNotFound, "This cart was made by hand, not from a receipt photo.")
        }
        let data = try await services.jobs.image(sha256: sha)
        let header = try data.withUnsafeBytes { try ImageHeader.parse(Array($0.bindMemory(to: UInt8.self))) }
        return (data, header)
    }

    static func imageResponse(_ data: Data, contentType: String) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: contentType, .cacheControl: "private, max-age=86400", .contentLength: String(data.count)],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// Image decoding is CPU work: keep it off the threads that serve requests.
    static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
        }
    }
}

extension ImageFormat {
    var mediaType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .tiff: "image/tiff"
        case .bmp: "image/bmp"
        case .webp: "image/webp"
        case .gif: "image/gif"
        }
    }
}

/// A receipt job as the API shows it.
struct JobAnswer: Encodable {
    var id: String?
    var household: String
    var status: String
    var cartId: String?
    var error: ReceiptJob.Failure?
    var attempts: Int
    var createdAt: String?
    var updatedAt: String?

    init(_ job: ReceiptJob) {
        id = job.id
        household = job.household
        status = job.status.rawValue
        cartId = job.cartId
        error = job.error
        attempts = job.attempts
        createdAt = job.createdAt
        updatedAt = job.updatedAt
    }

    init(id: String?, household: String, cartId: String) {
        self.id = id
        self.household = household
        status = "done"
        self.cartId = cartId
        attempts = 0
    }
}
