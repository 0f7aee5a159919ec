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
                responses: [.json(200, "Households", .ref("HouseholdList"))],
                errors: [401]
            ),
            APIOperation(
                .post,
                "/api/v1/households",
                id: "createHousehold",
                tags: ["households"],
                summary: "Create a household (I become its owner)",
                parameters: [.idempotencyKey],
                body: .json(.ref("Name")),
                responses: [.json(201, "Created", .ref("Household"), etag: true)],
                errors: [401]
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
                errors: .behindSession()
            ),
            APIOperation(
                .get,
                "/api/v1/households/{householdId}",
                id: "getHousehold",
                tags: ["households"],
                summary: "A household",
                parameters: [.householdId],
                responses: [.json(200, "Household", .ref("Household"), etag: true)],
                errors: .behindSession()
            ),
            APIOperation(
                .patch,
                "/api/v1/households/{householdId}",
                id: "renameHousehold",
                tags: ["households"],
                summary: "Rename (owner only)",
                parameters: [.householdId, .ifMatch],
                body: .json(.ref("Name")),
                responses: [.json(200, "Renamed", .ref("Household"), etag: true)],
                errors: .behindSession(400, 403, 412)
            ),
            APIOperation(
                .post,
                "/api/v1/households/{householdId}/invites",
                id: "invite",
                tags: ["households"],
                summary: "Invite: a single-use code, valid 7 days",
                parameters: [.householdId, .idempotencyKey],
                responses: [.json(201, "Invitation", .ref("Invite"))],
                errors: .behindSession()
            ),
            APIOperation(
                .delete,
                "/api/v1/households/{householdId}/members/{userId}",
                id: "removeMember",
                tags: ["households"],
                summary: "Leave (my own id) or remove a member (owner only)",
                parameters: [.householdId, .userId],
                responses: [.empty(204, "Removed")],
                errors: .behindSession(403)
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
