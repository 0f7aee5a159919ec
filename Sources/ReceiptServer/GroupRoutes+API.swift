import ReceiptModel

/// The OpenAPI description of `GroupRoutes`: its operations and the schemas only they use.
extension GroupRoutes {
    static var operations: [APIOperation] {
        [
            APIOperation(
                .get,
                "/api/v1/friends",
                id: "listFriends",
                tags: ["expenses"],
                summary: "My friends, with what I owe each (per currency)",
                responses: [.json(200, "Friends", .ref("FriendCollection"))]
            ),
            APIOperation(
                .post,
                "/api/v1/friends",
                id: "addFriend",
                tags: ["expenses"],
                summary: "Add a friend by email (both ways)",
                parameters: [.idempotencyKey],
                body: .json(.ref("NewFriend")),
                responses: [.json(201, "Added", .ref("Friend"))],
                errors: [404]
            ),
            APIOperation(
                .put,
                "/api/v1/me/picture",
                id: "setPicture",
                tags: ["expenses"],
                summary: "Set my profile picture (the image is the body)",
                body: .image,
                responses: [.empty(204, "Stored")],
                errors: [413, 415, 422]
            ),
            APIOperation(
                .get,
                "/api/v1/users/{userId}/picture",
                id: "getPicture",
                tags: ["expenses"],
                summary: "A friend's (or my) profile picture",
                parameters: [.imageSize],
                responses: [.bytes(200, "The image", type: "image/*")],
                errors: [400]
            ),
            APIOperation(
                .get,
                "/api/v1/groups",
                id: "listGroups",
                tags: ["expenses"],
                summary: "My expense groups",
                responses: [.json(200, "Groups", .ref("GroupCollection"))]
            ),
            APIOperation(
                .post,
                "/api/v1/groups",
                id: "createGroup",
                tags: ["expenses"],
                summary: "Create a group with friends",
                parameters: [.idempotencyKey],
                body: .json(.ref("NewGroup")),
                responses: [.json(201, "Created", .ref("Group"), etag: true)]
            ),
            APIOperation(
                .get,
                "/api/v1/groups/{groupId}",
                id: "getGroup",
                tags: ["expenses"],
                summary: "A group",
                responses: [.json(200, "Group", .ref("Group"), etag: true)]
            ),
            APIOperation(
                .patch,
                "/api/v1/groups/{groupId}",
                id: "changeGroup",
                tags: ["expenses"],
                summary: "Rename a group or set its default split weights",
                parameters: [.ifMatch],
                body: .json(.ref("GroupChange")),
                responses: [.json(200, "Changed", .ref("Group"), etag: true)],
                errors: [409]
            ),
            APIOperation(
                .post,
                "/api/v1/groups/{groupId}/members",
                id: "addGroupMember",
                tags: ["expenses"],
                summary: "Add a friend to the group",
                parameters: [.idempotencyKey],
                body: .json(.ref("NewMember")),
                responses: [.json(200, "The group", .ref("Group"), etag: true)]
            ),
            APIOperation(
                .get,
                "/api/v1/groups/{groupId}/expenses",
                id: "listGroupExpenses",
                tags: ["expenses"],
                summary: "The group's expenses, newest first",
                responses: [.json(200, "Expenses", .ref("ExpenseCollection"))]
            ),
            APIOperation(
                .get,
                "/api/v1/groups/{groupId}/balances",
                id: "groupBalances",
                tags: ["expenses"],
                summary: "Who owes whom in the group, per currency, and settle-up suggestions",
                responses: [.json(200, "Balances", .ref("GroupBalances"))]
            ),
            APIOperation(
                .get,
                "/api/v1/groups/{groupId}/payments",
                id: "listGroupPayments",
                tags: ["expenses"],
                summary: "The group's recorded payments",
                responses: [.json(200, "Payments", .ref("PaymentCollection"))]
            ),
            APIOperation(
                .post,
                "/api/v1/groups/{groupId}/payments",
                id: "recordTransfer",
                tags: ["expenses"],
                summary: "Record money handed over (a settle-up suggestion or any amount)",
                parameters: [.idempotencyKey],
                body: .json(.ref("Transfer")),
                responses: [.json(201, "Recorded", .ref("Payment"))],
                errors: [403, 409]
            ),
            APIOperation(
                .delete,
                "/api/v1/groups/{groupId}/payments/{paymentId}",
                id: "reversePayment",
                tags: ["expenses"],
                summary: "Always refused: payments are permanent (payment.irreversible)",
                responses: [],
                errors: [409]
            ),
            APIOperation(
                .get,
                "/api/v1/groups/{groupId}/recurring",
                id: "listRecurring",
                tags: ["expenses"],
                summary: "Recurring expenses of the group",
                responses: [.json(200, "Recurring", .ref("RecurringCollection"))]
            ),
            APIOperation(
                .post,
                "/api/v1/groups/{groupId}/recurring",
                id: "createRecurring",
                tags: ["expenses"],
                summary: "Repeat an expense every week or month",
                parameters: [.idempotencyKey],
                body: .json(
                    .ref("NewRecurring"),
                    example: .object([
                        "every": .string("month"), "start": .string("2026-01-01"),
                        "expense": .object(["total": .string("12.30"), "merchant": .string("Rent")]),
                    ])
                ),
                responses: [.json(201, "Created", .ref("Recurring"))]
            ),
            APIOperation(
                .delete,
                "/api/v1/groups/{groupId}/recurring/{recurringId}",
                id: "stopRecurring",
                tags: ["expenses"],
                summary: "Stop a recurring expense (its creator); occurrences so far stay",
                responses: [.json(200, "Stopped", .ref("Recurring"))],
                errors: [403]
            ),
        ]
    }

    static var schemas: [String: JSONSchema] {
        [
            "Transfer": .object(
                [
                    "from": .string(), "to": .string(),
                    "amount": .string(pattern: #"^([1-9][0-9]{0,6}(\.[0-9]{1,4})?|0\.[0-9]{0,3}[1-9])$"#).described("More than zero."),
                    "currency": .string(pattern: "^[A-Za-z]{3}$"),
                ],
                required: ["from", "to", "amount", "currency"],
                additional: false
            ),
            "Friend": .object(
                [
                    "id": .string(), "displayName": .string(), "email": .string(), "since": .string(), "hasPicture": .boolean,
                    "balance": .map(of: .string()).described("By currency: positive, you owe them; negative, they owe you."),
                ],
                required: ["id", "displayName", "email", "since", "hasPicture", "balance"]
            ),
            "FriendCollection": .object(["friends": .array(of: .ref("Friend"))], required: ["friends"]),
            "NewFriend": .object(["email": .string()], required: ["email"], additional: false),
            "Group": .object(
                [
                    "id": .string(), "rev": .integer(), "name": .string(), "createdBy": .string(), "createdAt": .string(),
                    "members": .array(of: .object(["id": .string(), "displayName": .string()], required: ["id", "displayName"])),
                    "defaultWeights": .map(of: .integer()).orNull, "currency": .string().orNull,
                ],
                required: ["id", "rev", "name", "createdBy", "createdAt", "members"]
            ),
            "GroupCollection": .object(["groups": .array(of: .ref("Group"))], required: ["groups"]),
            "NewGroup": .object(
                [
                    "name": .name,
                    "members": .array(of: .string(minLength: 1, maxLength: 80)).orNull.described("Friends' user ids."),
                    "defaultWeights": .map(of: .integer(minimum: 0, maximum: 1_000_000)).orNull, "currency": .string(pattern: "^[A-Za-z]{3}$").orNull,
                ],
                required: ["name"],
                additional: false
            ),
            "GroupChange": .object(
                [
                    "name": .name.orNull.described("null or absent: unchanged."),
                    "defaultWeights": .map(of: .integer(minimum: 0, maximum: 1_000_000)).orNull,
                ],
                additional: false
            ),
            "NewMember": .object(["userId": .string(minLength: 1, maxLength: 80)], required: ["userId"], additional: false),
            "GroupBalances": .object(
                [
                    "currencies": .array(of: .string()),
                    "members": .array(of: .object(["member": .string(), "currency": .string(), "amount": .money])),
                    "pairs": .array(of: .object(["debtor": .string(), "creditor": .string(), "currency": .string(), "amount": .money])),
                    "suggestions": .array(of: .object(["from": .string(), "to": .string(), "currency": .string(), "amount": .money])),
                ],
                required: ["currencies", "members", "pairs", "suggestions"]
            ),
            "Recurring": .object(
                [
                    "id": .string(), "group": .string(), "createdBy": .string(), "createdAt": .string(), "every": .oneOf(["week", "month"]),
                    "start": .string(), "template": .object(), "stoppedAt": .string().orNull,
                ],
                required: ["id", "group", "every", "start", "template"]
            ),
            "RecurringCollection": .object(["recurring": .array(of: .ref("Recurring"))], required: ["recurring"]),
            "NewRecurring": .object(
                ["every": .oneOf(["week", "month"]), "start": .string(format: "date"), "expense": .ref("RecurringExpenseInput")],
                required: ["every", "start", "expense"],
                additional: false
            ),
        ]
    }
}
