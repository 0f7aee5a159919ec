import Foundation
import Hummingbird
import ReceiptModel

/// The OpenAPI 3.1 document, built once from the route groups' descriptions and served at
/// `/api/v1/openapi.json` (and printed by `receipts openapi`).
enum OpenAPIDocument {
    /// Every operation the server answers, from each route group's `+API` file.
    static var operations: [APIOperation] {
        OpsRoutes.operations + AccountRoutes.operations + HouseholdRoutes.operations + CartRoutes.operations
            + CorrectionRoutes.operations + ReceiptRoutes.operations + StatsRoutes.operations + ListRoutes.operations
            + SyncRoutes.operations + ProductRoutes.operations + ExpenseRoutes.operations + GroupRoutes.operations
            + LiveRoutes.operations + NotificationRoutes.operations + ChatRoutes.operations + ProductDetailRoutes.operations
            + FavouriteRoutes.operations + ProfileRoutes.operations
            + RecommendationRoutes.operations + PresetRoutes.operations + RecipeRoutes.operations
    }

    /// Every named schema, from the same files.
    static var schemas: [String: JSONSchema] {
        let groups: [[String: JSONSchema]] = [
            sharedSchemas, OpsRoutes.schemas, AccountRoutes.schemas, HouseholdRoutes.schemas, CartRoutes.schemas, ReceiptRoutes.schemas,
            StatsRoutes.schemas, ListRoutes.schemas, SyncRoutes.schemas, ProductRoutes.schemas, ExpenseRoutes.schemas,
            GroupRoutes.schemas, LiveRoutes.schemas, NotificationRoutes.schemas, ChatRoutes.schemas, ProductDetailRoutes.schemas,
            FavouriteRoutes.schemas,
            RecommendationRoutes.schemas, PresetRoutes.schemas, RecipeRoutes.schemas,
        ]
        return groups.reduce(into: [:]) { all, group in all.merge(group) { first, _ in first } }
    }

    /// The document's JSON, compact with sorted keys.
    static let data: Data = Data(JSONWriter.bytes(document))

    static func response() -> Response {
        Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static var document: JSONValue {
        var paths: [String: JSONValue] = [:]
        for operation in operations {
            var item = paths[operation.path]?.objectValue ?? [:]
            item[operation.method.rawValue.lowercased()] = operation.json
            paths[operation.path] = .object(item)
        }
        return .object([
            "openapi": .string("3.1.0"),
            "info": .object([
                "title": .string("receipts household server"), "version": .string("0.1.0"),
                "description": .string(
                    "Accounts, households, carts and items, receipt uploads, shopping lists, group expenses. Errors are application/problem+json with a stable code. "
                        + "Live changes stream over the WebSocket GET /api/v1/live (?since=SEQ to resume), described in docs/API.md (Live updates): WebSockets are outside OpenAPI. "
                        + "Unsafe requests made with the session cookie need the X-CSRF-Token header; programs use Authorization: Bearer."
                ),
            ]),
            "servers": .array([.object(["url": .string("/")])]),
            "security": .array([.object(["bearer": .array([])]), .object(["cookie": .array([])])]),
            "paths": .object(paths),
            "components": .object([
                "schemas": .object(schemas.mapValues { .object($0.json) }),
                "responses": .object(problemResponses),
                "parameters": .object(sharedParameters),
                "securitySchemes": .object([
                    "bearer": .object(["type": .string("http"), "scheme": .string("bearer")]),
                    "cookie": .object(["type": .string("apiKey"), "in": .string("cookie"), "name": .string("receipts_session")]),
                ]),
            ]),
        ])
    }

    /// An entity tag as the server gives it out: a revision in quotes, `"7"`.
    static let etagSchema = JSONSchema.string(pattern: #"^"[0-9]+"$"#).examples([#""1""#])

    /// `#/components/responses/STATUS`: the problems every operation may answer.
    static var problemResponses: [String: JSONValue] {
        let meanings: KeyValuePairs<Int, String> = [
            400: "Bad input: the problem's field names what to fix.",
            401: "Not logged in, or the session expired (auth.required).",
            403: "Not allowed (household.forbidden, or auth.csrf for a cookie request without X-CSRF-Token).",
            404: "No such resource in your households: another household's id answers exactly like a missing one.",
            409: "Conflict (account.email-taken, request.in-progress).",
            412: "If-Match named a stale revision (request.stale): reload and retry.",
            413: "The body is too large.",
            415: "Not an image (image.unsupported-format).",
            422:
                "The image is corrupt, truncated, too small or too large in pixels (image.*), the Idempotency-Key was used for another request (request.idempotency-key-reused), or the body breaks a rule between its values that no schema states (expense.*: payers that do not add up to the total, an amount finer than the currency's minor unit; sync.clock-ahead: changes stamped more than a day ahead of the server's clock).",
            405: "This address does not answer this method (request.method-not-allowed); Allow lists the ones it does.",
            429: "Too many failed logins (auth.throttled); see Retry-After.",
            503: "A service this needs is not configured here (recipes.unavailable: no Chomp Recipe API key).",
        ]
        var responses: [String: JSONValue] = [:]
        for (status, meaning) in meanings {
            responses[String(status)] = .object([
                "description": .string(meaning),
                "content": .object(["application/problem+json": .object(["schema": .object(JSONSchema.ref("Problem").json)])]),
            ])
        }
        responses["405"]?["headers"] = .object([
            "Allow": .object(["schema": .object(JSONSchema.string().json), "description": .string("The methods this address answers.")])
        ])
        responses["429"]?["headers"] = .object([
            "Retry-After": .object(["schema": .object(JSONSchema.integer().json), "description": .string("Seconds to wait.")])
        ])
        return responses
    }

    static var sharedParameters: [String: JSONValue] {
        [
            "IfMatch": .object([
                "name": .string("If-Match"), "in": .string("header"), "required": .bool(false),
                // What `ETag.ifMatch` reads: an ETag this server gave out (weak or not), `*`, or nothing (matches no revision).
                "schema": .object(JSONSchema.string(pattern: #"^[ \t]*(\*|(W/)?"[0-9]+")?[ \t]*$"#).examples([#""1""#]).json),
                "description": .string("The ETag you read; a stale one answers 412 and changes nothing."),
            ]),
            "IdempotencyKey": .object([
                "name": .string("Idempotency-Key"), "in": .string("header"), "required": .bool(false),
                "schema": .object(JSONSchema.string(minLength: 1, maxLength: 255).json),
                "description": .string("A retried POST with the same key creates nothing twice and gets the first answer."),
            ]),
        ]
    }
}
