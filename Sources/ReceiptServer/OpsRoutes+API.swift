import ReceiptModel

/// The OpenAPI description of `OpsRoutes`: its operations and the schemas only they use.
extension OpsRoutes {
    static var operations: [APIOperation] {
        [
            APIOperation(
                .get,
                "/healthz",
                id: "health",
                tags: ["ops"],
                summary: "Liveness",
                responses: [.json(200, "Running", .ref("Status"))],
                isPublic: true
            ),
            APIOperation(
                .get,
                "/readyz",
                id: "ready",
                tags: ["ops"],
                summary: "Readiness: the store answers",
                responses: [.json(200, "Ready", .ref("Status")), .json(503, "Store unavailable", .ref("Status"))],
                isPublic: true
            ),
            APIOperation(
                .get,
                "/metrics",
                id: "metrics",
                tags: ["ops"],
                summary: "Request and job metrics (Prometheus text format)",
                responses: [APIResponse(status: 200, description: "Metrics", schema: .string(), contentType: "text/plain")],
                isPublic: true
            ),
            APIOperation(
                .get,
                "/api/v1/openapi.json",
                id: "openapi",
                tags: ["ops"],
                summary: "This document",
                responses: [.json(200, "OpenAPI 3.1", .object())],
                isPublic: true
            ),
        ]
    }

    static var schemas: [String: JSONSchema] {
        [
            "Status": .object(["status": .string()], required: ["status"])
        ]
    }
}
