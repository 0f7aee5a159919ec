import ReceiptModel

/// The OpenAPI description of `LiveRoutes`: its operations and the schemas only they use.
extension LiveRoutes {
    static var operations: [APIOperation] {
        [
            APIOperation(
                .get,
                "/api/v1/households/{householdId}/online",
                id: "householdOnline",
                tags: ["households"],
                summary: "Who of the household is online now (live connections, on every server instance)",
                responses: [.json(200, "Online members", .ref("Online"))]
            )
        ]
    }

    static var schemas: [String: JSONSchema] {
        [
            "Online": .object(
                [
                    "household": .string(), "count": .integer(),
                    "online": .array(of: .object(["userId": .string(), "displayName": .string()], required: ["userId", "displayName"])),
                ],
                required: ["household", "count", "online"]
            )
        ]
    }
}
