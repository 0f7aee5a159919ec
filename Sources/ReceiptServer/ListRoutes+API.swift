import ReceiptModel

/// The OpenAPI description of `ListRoutes`: its operations and the schemas only they use.
extension ListRoutes {
    static var operations: [APIOperation] {
        [
            APIOperation(
                .get,
                "/api/v1/households/{householdId}/lists",
                id: "listLists",
                tags: ["lists"],
                summary: "Shopping lists, each entry with what it should cost",
                responses: [.json(200, "Lists", .ref("ListCollection"))]
            ),
            APIOperation(
                .post,
                "/api/v1/households/{householdId}/lists",
                id: "createList",
                tags: ["lists"],
                summary: "Create a list",
                parameters: [.idempotencyKey],
                body: .json(.ref("Name")),
                responses: [.json(201, "Created", .ref("List"), etag: true)]
            ),
            APIOperation(
                .get,
                "/api/v1/households/{householdId}/lists/{listId}",
                id: "getList",
                tags: ["lists"],
                summary: "A list, with planned against bought",
                responses: [.json(200, "List", .ref("List"), etag: true)]
            ),
            APIOperation(
                .patch,
                "/api/v1/households/{householdId}/lists/{listId}",
                id: "renameList",
                tags: ["lists"],
                summary: "Rename a list",
                parameters: [.ifMatch],
                body: .json(.ref("Name")),
                responses: [.json(200, "Renamed", .ref("List"), etag: true)]
            ),
            APIOperation(
                .delete,
                "/api/v1/households/{householdId}/lists/{listId}",
                id: "deleteList",
                tags: ["lists"],
                summary: "Delete a list",
                parameters: [.ifMatch],
                responses: [.empty(204, "Deleted")]
            ),
            APIOperation(
                .post,
                "/api/v1/households/{householdId}/lists/{listId}/entries",
                id: "addEntry",
                tags: ["lists"],
                summary: "Add an entry (matched to the catalog by barcode or name)",
                parameters: [.ifMatch, .idempotencyKey],
                body: .json(.ref("NewEntry")),
                responses: [.json(201, "Added", .ref("EntryResult"), etag: true)]
            ),
            APIOperation(
                .patch,
                "/api/v1/households/{householdId}/lists/{listId}/entries/{entryId}",
                id: "editEntry",
                tags: ["lists"],
                summary: "Edit an entry",
                parameters: [.ifMatch],
                body: .json(.ref("EntryChange")),
                responses: [.json(200, "Edited", .ref("EntryResult"), etag: true)]
            ),
            APIOperation(
                .delete,
                "/api/v1/households/{householdId}/lists/{listId}/entries/{entryId}",
                id: "deleteEntry",
                tags: ["lists"],
                summary: "Remove an entry",
                parameters: [.ifMatch],
                responses: [.json(200, "The list after", .ref("List"), etag: true)]
            ),
            APIOperation(
                .put,
                "/api/v1/households/{householdId}/lists/{listId}/entries/{entryId}/completed",
                id: "tickEntry",
                tags: ["lists"],
                summary: "Tick an entry (idempotent)",
                parameters: [.ifMatch],
                responses: [.json(200, "Ticked", .ref("EntryResult"), etag: true)]
            ),
            APIOperation(
                .delete,
                "/api/v1/households/{householdId}/lists/{listId}/entries/{entryId}/completed",
                id: "untickEntry",
                tags: ["lists"],
                summary: "Untick an entry",
                parameters: [.ifMatch],
                responses: [.json(200, "Unticked", .ref("EntryResult"), etag: true)]
            ),
            APIOperation(
                .put,
                "/api/v1/households/{householdId}/lists/{listId}/entries/{entryId}/photo",
                id: "setEntryPhoto",
                tags: ["lists"],
                summary: "Attach a photo to an entry (the image is the body)",
                body: .image,
                responses: [.json(200, "Attached", .ref("EntryResult"), etag: true)],
                errors: [413, 415, 422]
            ),
            APIOperation(
                .get,
                "/api/v1/households/{householdId}/lists/{listId}/entries/{entryId}/photo",
                id: "getEntryPhoto",
                tags: ["lists"],
                summary: "The entry's photo (?size=thumbnail for a 320 px JPEG)",
                parameters: [.imageSize],
                responses: [.bytes(200, "The image", type: "image/*")],
                errors: [400]
            ),
            APIOperation(
                .post,
                "/api/v1/households/{householdId}/lists/{listId}/share",
                id: "shareList",
                tags: ["lists"],
                summary: "Share the list beyond the household: a passcode (shown once; sharing again replaces it)",
                parameters: [.idempotencyKey],
                responses: [.json(201, "The list id and passcode", .ref("ListShare"))],
                errors: [403]
            ),
            APIOperation(
                .delete,
                "/api/v1/households/{householdId}/lists/{listId}/share",
                id: "unshareList",
                tags: ["lists"],
                summary: "Stop sharing: the passcode stops working and guests lose access",
                responses: [.empty(204, "Unshared")],
                errors: [403]
            ),
            APIOperation(
                .delete,
                "/api/v1/households/{householdId}/lists/{listId}/guests/{userId}",
                id: "removeListGuest",
                tags: ["lists"],
                summary: "A guest leaves, or a household member removes a guest",
                responses: [.empty(204, "Removed")],
                errors: [403]
            ),
            APIOperation(
                .get,
                "/api/v1/shared-lists",
                id: "sharedLists",
                tags: ["lists"],
                summary: "Lists of other households shared with me",
                responses: [.json(200, "Lists", .ref("ListCollection"))]
            ),
            APIOperation(
                .post,
                "/api/v1/shared-lists/join",
                id: "joinSharedList",
                tags: ["lists"],
                summary: "Join a shared list with its id and passcode (wrong passcodes are throttled)",
                parameters: [.idempotencyKey],
                body: .json(.ref("JoinList")),
                responses: [.json(200, "The list", .ref("List"), etag: true)],
                errors: [404, 429]
            ),
            APIOperation(
                .get,
                "/api/v1/households/{householdId}/lists/{listId}/changes",
                id: "listChanges",
                tags: ["lists"],
                summary: "The list's change log: who added, changed, ticked or removed what, old and new values",
                responses: [.json(200, "Change log, oldest first", .ref("ChangeLog"))]
            ),
            APIOperation(
                .get,
                "/api/v1/households/{householdId}/lists/{listId}/shopping",
                id: "listShoppers",
                tags: ["lists"],
                summary: "Who is shopping with this list now",
                responses: [.json(200, "Shoppers", .ref("Shopping"))]
            ),
            APIOperation(
                .put,
                "/api/v1/households/{householdId}/lists/{listId}/shopping",
                id: "startShopping",
                tags: ["lists"],
                summary: "I'm shopping with this list (for minutes, default 60; again extends it)",
                body: .json(.ref("StartShopping")),
                responses: [.json(200, "Shopping", .ref("ShoppingStatus"))]
            ),
            APIOperation(
                .delete,
                "/api/v1/households/{householdId}/lists/{listId}/shopping",
                id: "stopShopping",
                tags: ["lists"],
                summary: "I'm done shopping",
                responses: [.empty(204, "Stopped")]
            ),
        ]
    }

    static var schemas: [String: JSONSchema] {
        [
            "Product": .object([
                "barcode": .string().orNull, "name": .string(), "brand": .string().orNull, "source": .string().orNull, "score": .number().orNull,
                "picture": .string().orNull, "caloriesPer100g": .number().orNull, "category": .string(),
            ]),
            "Estimate": .object(
                [
                    "currency": .string().orNull, "unitPrice": .money, "price": .money,
                    "history": .object([
                        "lastPrice": .money, "lastMerchant": .string().orNull, "lastDate": .string().orNull, "lowest": .money, "median": .money,
                        "purchases": .integer(),
                    ]),
                ],
                required: ["unitPrice", "price", "history"]
            ).described("From the last purchase, in its currency."),
            "Entry": .object(
                [
                    "id": .string(), "name": .string(), "quantity": .number(), "unit": .string().orNull, "note": .string().orNull,
                    "priority": .ref("Priority"), "completed": .boolean, "completedBy": .string().orNull, "addedBy": .string(), "addedOn": .string(),
                    "product": .ref("Product").orNull, "hasPhoto": .boolean,
                    "bought": .object([
                        "cartId": .string(), "itemName": .string(), "price": .money, "currency": .string().orNull, "merchant": .string().orNull,
                        "date": .string().orNull,
                    ]).orNull.described("The receipt that showed it bought."), "estimate": .ref("Estimate").orNull,
                ],
                required: ["id", "name", "quantity", "priority", "completed", "addedBy", "addedOn", "hasPhoto"]
            ),
            "List": .object(
                [
                    "id": .string(), "rev": .integer(), "household": .string(), "name": .string(), "createdBy": .string(), "createdAt": .string(),
                    "entries": .array(of: .ref("Entry")).described(
                        "Open entries first, then by priority (high first), then the most recently changed first."
                    ),
                    "estimatedTotals": .array(of: .object(["currency": .string().orNull, "amount": .money])).described(
                        "Open entries' estimated cost, per currency."
                    ),
                    "comparison": .object([
                        "bought": .array(of: .string()), "notBought": .array(of: .string()),
                        "boughtNotPlanned": .array(
                            of: .object(["cartId": .string(), "name": .string(), "price": .money, "currency": .string().orNull])
                        ),
                    ]).orNull.described("Planned against bought (single list only)."),
                ],
                required: ["id", "rev", "household", "name", "createdBy", "createdAt", "entries", "estimatedTotals"]
            ),
            "ListCollection": .object(["lists": .array(of: .ref("List"))], required: ["lists"]),
            "NewEntry": .object(
                [
                    "name": .lineName,
                    "quantity": .quantity.orNull,
                    "unit": .entryUnit.orNull, "note": .entryNote.orNull,
                    "priority": .ref("Priority").orNull.described("Default normal."),
                    "barcode": .string().orNull.described("A catalog product's barcode (else the name is matched)."),
                ],
                required: ["name"],
                additional: false
            ),
            "EntryChange": .object(
                [
                    "name": .lineName,
                    "quantity": .quantity.orNull,
                    "unit": .entryUnit.orNull, "note": .entryNote.orNull,
                    "priority": .ref("Priority").orNull.described("Null leaves it as it is."), "completed": .boolean.orNull,
                ],
                additional: false
            ),
            "Priority": .oneOf(["low", "normal", "high"]).described("How much an entry matters; shown in its colour."),
            "EntryResult": .object(["list": .object(["id": .string(), "rev": .integer()]), "entry": .ref("Entry")], required: ["list", "entry"]),
            "ShoppingStatus": .object(
                ["household": .string(), "listId": .string(), "userId": .string(), "displayName": .string(), "since": .string(), "until": .string()],
                required: ["household", "listId", "userId", "displayName", "since", "until"]
            ),
            "Shopping": .object(["shopping": .array(of: .ref("ShoppingStatus"))], required: ["shopping"]),
            "StartShopping": .object(["minutes": .integer(minimum: 1, maximum: 720).orNull.described("Default 60.")], additional: false),
            "ListShare": .object(
                ["listId": .string(), "household": .string(), "passcode": .string().described("Shown once; stored hashed.")],
                required: ["listId", "household", "passcode"]
            ),
            "JoinList": .object(["listId": .string(), "passcode": .string()], required: ["listId", "passcode"], additional: false),
        ]
    }
}
