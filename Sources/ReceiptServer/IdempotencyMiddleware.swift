import DocumentStore
import Foundation
import HTTPTypes
import Households
import Hummingbird
import ReceiptModel

/// `Idempotency-Key` on POST: the first request with a key runs and its response is kept; a retry
/// with the same key (the phone lost the answer, not the request) gets the same response and
/// creates nothing twice. A retry that arrives while the first is still running answers 409.
/// Keys are per user and kept for a day. The same key with another path or another body is a
/// client's mistake, not a retry: it answers 422 (request.idempotency-key-reused) instead of
/// replaying an answer to a request that was not made.
struct IdempotencyMiddleware: RouterMiddleware {
    typealias Context = APIContext
    static let header = HTTPField.Name("Idempotency-Key")!
    let store: any DocumentStore
    /// The largest body a keyed request may have (the upload limit): the body is read here to be
    /// part of the request's fingerprint.
    let maxBodyBytes: Int

    struct Record: Codable, Sendable {
        var state: String
        var fingerprint: String
        var status: Int?
        var body: String?
        var contentType: String?
        var etag: String?
        var location: String?
        var createdAt: String
    }

    func handle(_ incoming: Request, context: APIContext, next: (Request, APIContext) async throws -> Response) async throws -> Response {
        guard incoming.method == .post, let key = incoming.headers[Self.header], let principal = context.principal else {
            return try await next(incoming, context)
        }
        var request = incoming
        let requestBody = try await request.collectBody(
            upTo: maxBodyBytes,
            orRefuse: Problem(.contentTooLarge, "request.too-large", "The request body is larger than \(maxBodyBytes >> 20) MB.")
        )
        guard (1...255).contains(key.count) else { throw Problem.badRequest("Idempotency-Key", "Idempotency-Key must be 1 to 255 characters.") }
        let id = Hashing.sha256Hex(principal.user.id + "\n" + key)
        let fingerprint = request.method.rawValue + " " + request.uri.path + " " + Hashing.sha256Hex(Data(buffer: requestBody))
        let now = Date()
        if let stored = try await store.get(collection: Collections.idempotency, id: id) {
            let record = try stored.document.decode(as: Record.self)
            let fresh = (ISO8601DateFormatter().date(from: record.createdAt).map { now.timeIntervalSince($0) < 86_400 }) ?? false
            if fresh {
                guard record.fingerprint == fingerprint else {
                    throw Problem(
                        .unprocessableContent,
                        "request.idempotency-key-reused",
                        "This Idempotency-Key was used for another request (another address or body). Use a new key for each new request."
                    )
                }
                return try replay(record)
            }
            try await store.delete(collection: Collections.idempotency, id: id)
        }
        let pending = Record(state: "pending", fingerprint: fingerprint, createdAt: ISO8601DateFormatter().string(from: now))
        do {
            try await store.put(collection: Collections.idempotency, id: id, document: try JSONValue(encoding: pending), expectedRev: 0)
        } catch let error as StoreError where error.code == .conflict {
            guard let stored = try await store.get(collection: Collections.idempotency, id: id) else { throw error }
            return try replay(try stored.document.decode(as: Record.self))
        }
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            // A refused request changed nothing: let the client retry it with the same key.
            _ = try? await store.delete(collection: Collections.idempotency, id: id)
            throw error
        }
        guard response.status.code < 500 else {
            _ = try? await store.delete(collection: Collections.idempotency, id: id)
            return response
        }
        let collector = BodyCollector()
        try await response.body.write(CollectingWriter(collector: collector))
        let body = collector.buffer
        var done = pending
        done.state = "done"
        done.status = response.status.code
        done.body = String(buffer: body)
        done.contentType = response.headers[.contentType]
        done.etag = response.headers[.eTag]
        done.location = response.headers[.location]
        try await store.put(collection: Collections.idempotency, id: id, document: try JSONValue(encoding: done), expectedRev: nil)
        var replayed = response
        replayed.body = .init(byteBuffer: body)
        return replayed
    }

    private func replay(_ record: Record) throws -> Response {
        guard record.state == "done", let status = record.status else {
            throw Problem(.conflict, "request.in-progress", "A request with this Idempotency-Key is still being handled. Retry in a moment.")
        }
        var headers = HTTPFields()
        if let contentType = record.contentType { headers[.contentType] = contentType }
        if let etag = record.etag { headers[.eTag] = etag }
        if let location = record.location { headers[.location] = location }
        headers[HTTPField.Name("Idempotent-Replayed")!] = "true"
        return Response(status: .init(code: status), headers: headers, body: .init(byteBuffer: ByteBuffer(string: record.body ?? "")))
    }
}

/// Gathers a response body in memory (the API's JSON answers are small).
final class BodyCollector: @unchecked Sendable {
    // Written only by the one writer during `ResponseBody.write`, read after it returns.
    var buffer = ByteBuffer()
}

struct CollectingWriter: ResponseBodyWriter {
    let collector: BodyCollector

    mutating func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        collector.buffer.writeBuffer(&buffer)
    }

    mutating func write(contentsOf buffers: some Sequence<ByteBuffer>) async throws {
        for buffer in buffers { try await write(buffer) }
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
