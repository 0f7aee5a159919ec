import Hummingbird

/// Writes the API's answers: a handler returns a `ResponseEncodable` answer type and the context's
/// encoder turns it into JSON, through the package's own tree and writer (a third of the time
/// Foundation's encoder took), as Hummingbird's `JSONEncoder` would with its own.
public struct APIResponseEncoder: ResponseEncoder {
    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
        Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: try JSONResponse.bytes(value))))
    }
}

extension ResponseEncodable {
    /// This answer with the revision it shows as its ETag (`If-Match` sends it back), and a status
    /// and `Location` when it is a new resource.
    func tagged(_ rev: Int, status: HTTPResponse.Status? = nil, location: String? = nil) -> EditedResponse<Self> {
        var headers: HTTPFields = [.eTag: ETag.header(rev)]
        if let location { headers[.location] = location }
        return EditedResponse(status: status, headers: headers, response: self)
    }

    /// This answer as a new resource's (201), at `location` when it has an address of its own.
    func created(at location: String? = nil) -> EditedResponse<Self> {
        var headers: HTTPFields = [:]
        if let location { headers[.location] = location }
        return EditedResponse(status: .created, headers: headers, response: self)
    }
}
