import Foundation
import HTTPTypes
import ReceiptModel

/// One route as the OpenAPI document describes it. Each route group lists its operations beside
/// its routes (`CartRoutes.operations` in `CartRoutes+API.swift`); `OpenAPIDocument` builds the
/// document from them, and a test checks that the router serves exactly the operations described.
struct APIOperation: Sendable {
    let method: HTTPRequest.Method
    /// The full path with `{parameters}`, as the router matches it.
    let path: String
    let id: String
    let tags: [String]
    let summary: String
    var description: String?
    /// Query and header parameters; the path's own are described from `path`.
    var parameters: [APIParameter]
    var body: APIRequestBody?
    var responses: [APIResponse]
    /// Error statuses answered with a problem (`#/components/responses/STATUS`) beyond those every
    /// operation of its kind answers, which `json` adds: 401 behind a session, 404 for a path with
    /// ids (another household's answers as a missing one), 400 for a body, and the If-Match and
    /// Idempotency-Key checks'.
    var errors: [Int]
    /// Answered without a session (sign up, log in, ops).
    var isPublic: Bool

    init(
        _ method: HTTPRequest.Method,
        _ path: String,
        id: String,
        tags: [String],
        summary: String,
        description: String? = nil,
        parameters: [APIParameter] = [],
        body: APIRequestBody? = nil,
        responses: [APIResponse],
        errors: [Int] = [],
        isPublic: Bool = false
    ) {
        self.method = method
        self.path = path
        self.id = id
        self.tags = tags
        self.summary = summary
        self.description = description
        self.parameters = parameters
        self.body = body
        self.responses = responses
        self.errors = errors
        self.isPublic = isPublic
    }

    /// The path's `{parameters}`, in their order.
    var pathParameters: [APIParameter] {
        path.split(separator: "/").filter { $0.hasPrefix("{") && $0.hasSuffix("}") }.map { .path(String($0.dropFirst().dropLast())) }
    }

    var json: JSONValue {
        var answers: [String: JSONValue] = [:]
        for response in responses { answers[String(response.status)] = response.json }
        let parameters = pathParameters + parameters
        var errors = errors
        if !isPublic { errors.append(401) }
        if !pathParameters.isEmpty { errors.append(404) }
        // A body that breaks its schema (`JSONBody`, `UploadedImage`).
        if body != nil { errors.append(400) }
        // `ETag.ifMatch`'s answers: a malformed If-Match, a stale one.
        if parameters.contains(where: { $0.isIfMatch }) { errors += [400, 412] }
        // The Idempotency-Key middleware's own answers: a malformed key, one in use, one reused.
        if parameters.contains(where: { $0.isIdempotencyKey }) { errors += [400, 409, 422] }
        for status in errors where answers[String(status)] == nil {
            answers[String(status)] = .object(["$ref": .string("#/components/responses/\(status)")])
        }
        var json: [String: JSONValue] = [
            "summary": .string(summary), "operationId": .string(id), "tags": .array(tags.map { .string($0) }), "responses": .object(answers),
        ]
        json["description"] = description.map { .string($0) }
        if !parameters.isEmpty { json["parameters"] = .array(parameters.map(\.json)) }
        json["requestBody"] = body?.json
        if isPublic { json["security"] = .array([]) }
        return .object(json)
    }
}

/// A path, query or header parameter, or a reference to a shared one.
struct APIParameter: Sendable {
    let json: JSONValue

    var isIdempotencyKey: Bool { self.json["$ref"]?.stringValue == Self.idempotencyKey.json["$ref"]?.stringValue }
    var isIfMatch: Bool { self.json["$ref"]?.stringValue == Self.ifMatch.json["$ref"]?.stringValue }

    /// A path segment's id (`APIOperation.pathParameters`).
    static func path(_ name: String) -> APIParameter {
        APIParameter(
            json: .object([
                "name": .string(name), "in": .string("path"), "required": .bool(true), "schema": .object(JSONSchema.string().json),
            ])
        )
    }

    static func query(_ name: String, _ description: String? = nil, schema: JSONSchema = .string(), required: Bool = false) -> APIParameter {
        var json: [String: JSONValue] = [
            "name": .string(name), "in": .string("query"), "required": .bool(required), "schema": .object(schema.json),
        ]
        json["description"] = description.map { .string($0) }
        return APIParameter(json: .object(json))
    }

    private static func shared(_ name: String) -> APIParameter {
        APIParameter(json: .object(["$ref": .string("#/components/parameters/\(name)")]))
    }

    /// `If-Match`: the ETag read; a stale one answers 412.
    static let ifMatch = shared("IfMatch")
    /// `Idempotency-Key` of a POST that creates something.
    static let idempotencyKey = shared("IdempotencyKey")

    /// `?size=thumbnail` of an image answered by `UploadedImage.respond(_:as:store:)`.
    static let imageSize = query("size", "thumbnail for a 320 px wide JPEG", schema: .oneOf(["thumbnail"]))
}

/// A request body: its media types and their schemas.
struct APIRequestBody: Sendable {
    var required = true
    var content: KeyValuePairs<String, JSONSchema>
    /// A body the server takes, for a body whose rules go beyond its schema (amounts that must add
    /// up): clients and fuzzers start from it rather than from one pieced together of the members' examples.
    var example: JSONValue?

    static func json(_ schema: JSONSchema, required: Bool = true, example: JSONValue? = nil) -> APIRequestBody {
        APIRequestBody(required: required, content: ["application/json": schema], example: example)
    }

    /// An image's bytes as the body.
    static let image = APIRequestBody(content: ["image/*": .string(minLength: 1, mediaType: "image/*")])

    var json: JSONValue {
        var types: [String: JSONValue] = [:]
        for (type, schema) in content {
            types[type] = .object(["schema": .object(schema.json)])
            types[type]?["example"] = example
        }
        return .object(["required": .bool(required), "content": .object(types)])
    }
}

/// A success answer: its status, what it means, and its body.
struct APIResponse: Sendable {
    let status: Int
    let description: String
    var schema: JSONSchema?
    var contentType = "application/json"
    /// Sends the resource's revision as `ETag`.
    var etag = false

    static func json(_ status: Int, _ description: String, _ schema: JSONSchema, etag: Bool = false) -> APIResponse {
        APIResponse(status: status, description: description, schema: schema, etag: etag)
    }

    /// No body (204).
    static func empty(_ status: Int, _ description: String) -> APIResponse { APIResponse(status: status, description: description) }

    /// An image (or other bytes) of this media type.
    static func bytes(_ status: Int, _ description: String, type: String) -> APIResponse {
        APIResponse(status: status, description: description, schema: .string(mediaType: type), contentType: type)
    }

    var json: JSONValue {
        var json: [String: JSONValue] = ["description": .string(description)]
        if let schema { json["content"] = .object([contentType: .object(["schema": .object(schema.json)])]) }
        if etag {
            json["headers"] = .object([
                "ETag": .object([
                    "description": .string("The resource's revision; send it back in If-Match."),
                    "schema": .object(OpenAPIDocument.etagSchema.json),
                ])
            ])
        }
        return .object(json)
    }
}
