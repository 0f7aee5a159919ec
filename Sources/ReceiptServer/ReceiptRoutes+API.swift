import ReceiptModel

/// The OpenAPI description of `ReceiptRoutes`: its operations and the schemas only they use.
extension ReceiptRoutes {
    static var operations: [APIOperation] {
        [
            APIOperation(
                .get,
                "/api/v1/households/{householdId}/carts/{cartId}/image",
                id: "cartImage",
                tags: ["receipts"],
                summary: "The receipt photo",
                responses: [.bytes(200, "The image as uploaded", type: "image/*")]
            ),
            APIOperation(
                .get,
                "/api/v1/households/{householdId}/carts/{cartId}/thumbnail",
                id: "cartThumbnail",
                tags: ["receipts"],
                summary: "A 320 px wide JPEG of the receipt photo",
                responses: [.bytes(200, "JPEG", type: "image/jpeg")]
            ),
            APIOperation(
                .post,
                "/api/v1/households/{householdId}/receipts",
                id: "uploadReceipt",
                tags: ["receipts"],
                summary: "Upload a receipt photo to be read into a cart",
                description: "The body is the image's bytes (JPEG, PNG, TIFF, WebP, BMP, GIF; at most 20 MB), checked by content, not name.",
                parameters: [.idempotencyKey, .query("name", "The photo's file name, kept with the cart")],
                body: APIRequestBody(content: [
                    "image/*": .string(minLength: 1, mediaType: "image/*"), "application/octet-stream": .string(minLength: 1),
                ]),
                responses: [
                    .json(202, "Queued: poll the job", .ref("Job")), .json(200, "This photo is already a cart of the household", .ref("Job")),
                ],
                errors: [413, 415]
            ),
            APIOperation(
                .get,
                "/api/v1/jobs/{jobId}",
                id: "getJob",
                tags: ["receipts"],
                summary: "A receipt job's status and, when done, its cart",
                responses: [.json(200, "Job", .ref("Job"))]
            ),
        ]
    }

    static var schemas: [String: JSONSchema] {
        [
            "Job": .object(
                [
                    "id": .string().orNull, "household": .string(), "status": .oneOf(["queued", "running", "done", "failed"]),
                    "cartId": .string().orNull, "error": .object(["code": .string(), "message": .string()]).orNull, "attempts": .integer(),
                    "createdAt": .string().orNull, "updatedAt": .string().orNull,
                ],
                required: ["household", "status", "attempts"]
            )
        ]
    }
}
