import ReceiptModel

/// The OpenAPI description of `HouseholdRoutes`: its operations and the schemas only they use.
extension HouseholdRoutes {
    static var operations: [APIOperation] {
        [
            APIOperation(
                .get,
                "/api/v1/households",
                id: "listHouseholds",
                tags: ["households"],
                summary: "My households",
                responses: [.json(200, "Households", .ref("HouseholdList"))]
            ),
            APIOperation(
                .post,
                "/api/v1/households",
                id: "createHousehold",
                tags: ["households"],
                summary: "Create a household (I become its owner)",
                parameters: [.idempotencyKey],
                body: .json(.ref("Name")),
                responses: [.json(201, "Created", .ref("Household"), etag: true)]
            ),
            APIOperation(
                .post,
                "/api/v1/households/join",
                id: "joinHousehold",
                tags: ["households"],
                summary: "Join a household with an invitation code",
                parameters: [.idempotencyKey],
                body: .json(.ref("JoinCode")),
                responses: [.json(200, "Joined", .ref("Household"), etag: true)],
                errors: [404]
            ),
            APIOperation(
                .get,
                "/api/v1/households/{householdId}",
                id: "getHousehold",
                tags: ["households"],
                summary: "A household",
                responses: [.json(200, "Household", .ref("Household"), etag: true)]
            ),
            APIOperation(
                .patch,
                "/api/v1/households/{householdId}",
                id: "renameHousehold",
                tags: ["households"],
                summary: "Rename (owner only)",
                parameters: [.ifMatch],
                body: .json(.ref("Name")),
                responses: [.json(200, "Renamed", .ref("Household"), etag: true)],
                errors: [403]
            ),
            APIOperation(
                .post,
                "/api/v1/households/{householdId}/invites",
                id: "invite",
                tags: ["households"],
                summary: "Invite: a single-use code, valid 7 days",
                parameters: [.idempotencyKey],
                responses: [.json(201, "Invitation", .ref("Invite"))]
            ),
            APIOperation(
                .delete,
                "/api/v1/households/{householdId}/members/{userId}",
                id: "removeMember",
                tags: ["households"],
                summary: "Leave (my own id) or remove a member (owner only)",
                responses: [.empty(204, "Removed")],
                errors: [403]
            ),
        ]
    }

    static var schemas: [String: JSONSchema] {
        [
            "HouseholdList": .object(["households": .array(of: .ref("Household"))], required: ["households"]),
            "JoinCode": .object(["code": .string()], required: ["code"], additional: false),
            "Invite": .object(
                ["code": .string().described("Single use; give it to the person joining."), "householdId": .string(), "expiresAt": .string()],
                required: ["code", "householdId", "expiresAt"]
            ),
        ]
    }
}
