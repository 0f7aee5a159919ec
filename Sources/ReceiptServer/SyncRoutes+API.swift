import ReceiptModel

/// The OpenAPI description of `SyncRoutes`: its operations and the schemas only they use.
extension SyncRoutes {
    static var operations: [APIOperation] {
        [
            APIOperation(
                .post,
                "/api/v1/households/{householdId}/sync",
                id: "sync",
                tags: ["sync"],
                summary: "Replicate with an offline replica: send list states, new receipt carts and the last cursor; get what changed since",
                description:
                    "Lists merge per field by hybrid logical clock stamps (the later write wins; a deleted entry or list stays deleted); API edits are stamped by the server's clock, so both merge by the same rules. Idempotent: sending the same states or carts again changes nothing.",
                body: .json(.ref("SyncRequest")),
                responses: [.json(200, "What changed since the cursor, merged", .ref("SyncAnswer"))],
                errors: [413, 422]
            ),
            APIOperation(
                .get,
                "/api/v1/households/{householdId}/sync/lists/{listId}",
                id: "listState",
                tags: ["sync"],
                summary: "One list's replicated state (per-field stamps), for a replica that edits it offline and sends it back through sync",
                responses: [.json(200, "The list's state", .ref("SyncedList"), etag: true)]
            ),
            APIOperation(
                .get,
                "/api/v1/households/{householdId}/sync/carts/{cartId}",
                id: "cartState",
                tags: ["sync"],
                summary: "One cart's replicated state (its items as entries), for a replica that edits it offline and sends it back as cartStates",
                responses: [.json(200, "The cart's state", .ref("SyncedCart"), etag: true)]
            ),
        ]
    }

    static var schemas: [String: JSONSchema] {
        [
            "Stamp": .string(pattern: "^([0-9]{18}-[0-9]{6}-[A-Za-z0-9_.:]{1,64}|000000000000000000-000000-)$").described(
                "A hybrid logical clock reading: wall milliseconds, counter, replica id. Strings sort as the readings do."
            ),
            "Register": .object(
                ["value": .any.described("Any JSON value; null clears the field."), "at": .ref("Stamp")],
                required: ["value", "at"]
            ),
            "ReplicatedEntry": .object(
                [
                    "fields": .map(of: .ref("Register")).described(
                        "name, quantity, unit, note, priority (low, normal, high; absent is normal), completed, completedBy, addedBy, addedByUserId, addedOn, product, photo, bought."
                    ), "removed": .ref("Stamp").orNull.described("A tombstone: the entry stays deleted whatever later edits say."),
                ],
                required: ["fields"]
            ),
            "ReplicatedList": .object(
                [
                    "fields": .map(of: .ref("Register")).described("The list's own fields (name)."),
                    "entries": .map(of: .ref("ReplicatedEntry")).described("By entry id (e_…); a cart's items by item id."),
                ],
                required: ["fields", "entries"]
            ),
            "SyncedList": .object(
                [
                    "id": .string(pattern: "^l_[A-Za-z0-9]{1,64}$"), "household": .string().orNull, "createdBy": .string().orNull,
                    "createdAt": .string().orNull, "order": .array(of: .string()).orNull.described("Entry ids in the order the sender shows them."),
                    "state": .ref("ReplicatedList"),
                ],
                required: ["id", "state"]
            ),
            "SentList": .object(
                [
                    "id": .string(pattern: "^l_[A-Za-z0-9]{1,64}$"), "household": .string().orNull, "createdBy": .string().orNull,
                    "createdAt": .string().orNull, "order": .array(of: .string()).orNull.described("Entry ids in the order the sender shows them."),
                    "state": .ref("SentListState"),
                ],
                required: ["id", "state"]
            )
            .described("A list as a replica sends it: with its name, which a list new to the server needs."),
            "SentListState": .object(
                [
                    "fields": .map(of: .ref("Register")).requiring(
                        "name",
                        .object(
                            ["value": .name, "at": .ref("Stamp")],
                            required: ["value", "at"]
                        )
                    ).described("The list's own fields (name)."),
                    "entries": .map(of: .ref("SentEntry"), names: "^e_[A-Za-z0-9_]{0,64}$").described("By entry id (e_…)."),
                ],
                required: ["fields", "entries"]
            ),
            "SentEntry": JSONSchema.object(["fields": .map(of: .ref("Register")), "removed": .ref("Stamp").orNull], required: ["fields"])
                .following(.object(["fields": Self.completeEntry]), without: "removed")
                .described("An entry as a replica sends it: unless removed, complete (as `HouseholdList.entry(id:_:)` reads it)."),
            "SyncedCart": .object(
                [
                    "id": .string(), "order": .array(of: .string()).orNull.described("Item ids in the order the sender shows them."),
                    "state": .ref("ReplicatedList"),
                ],
                required: ["id", "state"]
            ),
            "SentCart": .object(
                [
                    "id": .string(), "order": .array(of: .string()).orNull.described("Item ids in the order the sender shows them."),
                    "state": .object(
                        [
                            "fields": .map(of: .ref("Register")).described("The cart's own fields (name)."),
                            "entries": .map(of: .ref("SentCartItem")).described("By item id."),
                        ],
                        required: ["fields", "entries"]
                    ),
                ],
                required: ["id", "state"]
            )
            .described("A cart as a replica sends it back: its items' fields as registers."),
            "SentCartItem": JSONSchema.object(["fields": .map(of: .ref("Register")), "removed": .ref("Stamp").orNull], required: ["fields"])
                .following(.object(["fields": Self.completeItem]), without: "removed")
                .described("A cart item as a replica sends it: unless removed, with its name, and each field of its type in the cart document."),
            "SyncRequest": .object(
                [
                    "cursor": .string(pattern: "^[0-9]{1,18}$").orNull.described("The cursor of the previous answer; omit the first time."),
                    "lists": .array(of: .ref("SentList")).orNull.described(
                        "States of the replica's lists, merged per field (later stamp wins, deletions win)."
                    ),
                    "carts": .array(
                        of: .object(
                            [
                                "id": .string(),
                                "source": .object(
                                    ["file": .string(), "sha256": .string(pattern: "^[0-9a-fA-F]{64}$")],
                                    required: ["file", "sha256"]
                                ),
                            ],
                            required: ["id", "source"]
                        ).described("A receipt cart document (cart-document.md) with source.sha256, the receipt image's hash.")
                    ).orNull.described("Receipts read on the replica; each is added once (its id in the household comes from the image)."),
                    "known": .array(of: .string()).orNull.described("Ids of the lists the replica holds, to learn which were deleted."),
                    "removedLists": .array(of: .string()).orNull.described(
                        "Lists the replica deleted: deleted here too (deletion wins over edits made meanwhile)."
                    ),
                    "cartStates": .array(of: .ref("SentCart")).orNull.described(
                        "The household's carts whose items the replica changed: merged like lists (items are the entries), then totals and completion settled."
                    ),
                ],
                additional: false
            ),
            "SyncAnswer": .object(
                [
                    "cursor": .string(), "lists": .array(of: .ref("SyncedList")), "removedLists": .array(of: .string()),
                    "carts": .array(of: .object().described("Cart documents changed since the cursor.")),
                    "uploaded": .array(of: .object(["localId": .string(), "id": .string()], required: ["localId", "id"])),
                ],
                required: ["cursor", "lists", "removedLists", "carts", "uploaded"]
            ),
        ]
    }
    /// The fields of a cart item that is not removed: its name, and the others of their types in
    /// the cart document (cart-document.md) within the limits of the item routes (null leaves one
    /// out); other names are ignored.
    private static var completeItem: JSONSchema {
        func register(_ value: JSONSchema) -> JSONSchema { .object(["value": value, "at": .ref("Stamp")], required: ["value", "at"]) }
        let text = JSONSchema.string().orNull
        let amount = JSONSchema.oneOf([JSONSchema.decimal, .number()]).orNull
        let product = JSONSchema.object(
            [
                "name": .string(), "barcode": text, "brand": text, "source": text, "score": JSONSchema.number().orNull, "picture": text,
                "caloriesPer100g": JSONSchema.number().orNull, "category": text,
            ],
            required: ["name"]
        )
        return .object(
            [
                "name": register(.lineName),
                "text": register(text), "quantity": register(JSONSchema.quantity.orNull),
                "unit": register(text), "unitPrice": register(amount), "price": register(amount), "discount": register(amount),
                "completed": register(JSONSchema.boolean.orNull), "completedBy": register(text), "addedByUser": register(text),
                "addedOn": register(text), "product": register(product.orNull), "confidence": register(JSONSchema.number().orNull),
            ],
            required: ["name"]
        )
    }

    /// The fields of an entry that is not removed: those a list entry needs, each of its type and
    /// within the limits the API's entry routes keep (null leaves out an optional one); other names
    /// are ignored.
    private static var completeEntry: JSONSchema {
        func register(_ value: JSONSchema) -> JSONSchema { .object(["value": value, "at": .ref("Stamp")], required: ["value", "at"]) }
        let text = JSONSchema.string().orNull
        let decimal = JSONSchema.oneOf([JSONSchema.decimal, .number()])
        let product = JSONSchema.object(
            [
                "name": .string(), "barcode": text, "brand": text, "source": text, "score": JSONSchema.number().orNull, "picture": text,
                "caloriesPer100g": JSONSchema.number().orNull, "category": text,
            ],
            required: ["name"]
        )
        let bought = JSONSchema.object(
            ["cartId": .string(), "itemName": .string(), "price": decimal.orNull, "currency": text, "merchant": text, "date": text],
            required: ["cartId", "itemName"]
        )
        return .object(
            [
                "name": register(.lineName),
                "quantity": register(.quantity), "completed": register(.boolean),
                "addedBy": register(.string()), "addedByUserId": register(.string()), "addedOn": register(.string()),
                "unit": register(.entryUnit.orNull), "note": register(.entryNote.orNull),
                "completedBy": register(text), "photo": register(text),
                "priority": register(JSONSchema.oneOf(["low", "normal", "high"]).orNull), "product": register(product.orNull),
                "bought": register(bought.orNull),
            ],
            required: ["name", "quantity", "completed", "addedBy", "addedByUserId", "addedOn"]
        )
    }
}
