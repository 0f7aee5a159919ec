import DocumentStore
import Foundation
import HTTPTypes
import Households
import Hummingbird
import ReceiptModel
import ReceiptOCR

/// Photos sent as a request body (receipts, list-entry photos) and served back.
enum UploadedImage {
    /// Reads the body as an image, checked by content (header, then a full decode), not by name or
    /// declared type: a corrupt or cut-off photo is refused now, not later in a worker.
    static func read(_ request: Request, limit: Int) async throws -> Data {
        var request = request
        let buffer = try await request.collectBody(
            upTo: limit,
            orRefuse: Problem(
                .contentTooLarge,
                OCRError.Code.imageTooLarge.rawValue,
                "The photo is larger than \(limit >> 20) MB. Send a smaller one (phones can share a reduced size)."
            )
        )
        let data = Data(buffer: buffer)
        guard !data.isEmpty else {
            throw Problem(
                .badRequest,
                OCRError.Code.imageEmpty.rawValue,
                "The request has no image. Send the photo's bytes as the body (Content-Type: image/jpeg)."
            )
        }
        try await check(data)
        return data
    }

    /// Checks that the bytes are a whole image this server can read (415 for another format,
    /// 422 for a corrupt or cut-off one).
    static func check(_ data: Data) async throws {
        do {
            _ = try await offPool { try OCRImage(data: data) }
        } catch let error as OCRError {
            let status: HTTPResponse.Status = error.code == .imageUnsupportedFormat ? .unsupportedMediaType : .unprocessableContent
            throw Problem(status, error.code.rawValue, error.message)
        }
    }

    /// The image as the request asks for it: as stored, or its thumbnail with `?size=thumbnail`
    /// (another size is refused, not answered with the original: a client asking for one would not
    /// get what it asked for).
    static func respond(_ data: Data, as request: Request, store: any DocumentStore) async throws -> Response {
        let sizes = request.uri.queryParameters.getAll("size")
        guard sizes.allSatisfy({ $0 == "thumbnail" }) else {
            throw Problem.badRequest("size", "'size' is 'thumbnail' for a 320 px wide JPEG, or absent for the image as stored.")
        }
        return try await respond(data, thumbnail: !sizes.isEmpty, store: store)
    }

    /// The image as stored, or a 320 px wide JPEG of it (made once, then kept as a blob).
    static func respond(_ data: Data, thumbnail: Bool, store: any DocumentStore) async throws -> Response {
        guard thumbnail else {
            let header = try data.withUnsafeBytes { try ImageHeader.parse(Array($0.bindMemory(to: UInt8.self))) }
            return response(data, contentType: header.format.mediaType)
        }
        let key = "thumb320-" + Hashing.sha256Hex(data)
        if let cached = try await store.getBlob(id: key) { return response(cached, contentType: "image/jpeg") }
        let small = try await offPool { try OCRImage(data: data).thumbnailJPEG(width: 320) }
        try await store.putBlob(id: key, data: small)
        return response(small, contentType: "image/jpeg")
    }

    static func response(_ data: Data, contentType: String) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: contentType, .cacheControl: "private, max-age=86400", .contentLength: String(data.count)],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
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
