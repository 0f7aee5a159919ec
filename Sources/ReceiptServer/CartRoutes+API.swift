import ReceiptModel

/// The OpenAPI description of `CartRoutes`: its operations and the schemas only they use.
extension CartRoutes {
    static var operations: [APIOperation] {
        [
            APIOperation(
                .get,
                "/api/v1/households/{householdId}/carts",
                id: "listCarts",
                tags: ["carts"],
                summary: "Carts: open first, then newest first",
                parameters: [
                    .query("cursor", "The nextCursor of the previous page (opaque)", schema: .string(minLength: 4, pattern: "^[A-Za-z0-9_-]+$")),
                    .query("limit", schema: .integer(minimum: 1, maximum: 200).defaulting(to: 50)),
                ],
                responses: [.json(200, "A page of carts", .ref("CartPage"))],
                errors: [400]
            ),
            APIOperation(
                .post,
                "/api/v1/households/{householdId}/carts",
                id: "createCart",
                tags: ["carts"],
                summary: "Create a cart",
                parameters: [.idempotencyKey],
                body: .json(.ref("NewCart")),
                responses: [.json(201, "Created", .ref("Cart"), etag: true)]
            ),
            APIOperation(
                .get,
                "/api/v1/households/{householdId}/carts/{cartId}",
                id: "getCart",
                tags: ["carts"],
                summary: "A cart with its items",
                responses: [.json(200, "Cart", .ref("Cart"), etag: true)]
            ),
            APIOperation(
                .patch,
                "/api/v1/households/{householdId}/carts/{cartId}",
                id: "updateCart",
                tags: ["carts"],
                summary: "Rename a cart, or keep one flagged as a possible duplicate",
                parameters: [.ifMatch],
                body: .json(.ref("CartChange")),
                responses: [.json(200, "Updated", .ref("Cart"), etag: true)]
            ),
            APIOperation(
                .delete,
                "/api/v1/households/{householdId}/carts/{cartId}",
                id: "deleteCart",
                tags: ["carts"],
                summary: "Delete a cart",
                parameters: [.ifMatch],
                responses: [.empty(204, "Deleted")]
            ),
            APIOperation(
                .post,
                "/api/v1/households/{householdId}/carts/{cartId}/items",
                id: "addItem",
                tags: ["carts"],
                summary: "Add an item",
                parameters: [.ifMatch, .idempotencyKey],
                body: .json(.ref("NewItem")),
                responses: [.json(201, "Added", .ref("ItemResult"), etag: true)]
            ),
            APIOperation(
                .patch,
                "/api/v1/households/{householdId}/carts/{cartId}/items/{itemId}",
                id: "editItem",
                tags: ["carts"],
                summary: "Edit an item (name, quantity, price, completed)",
                parameters: [.ifMatch],
                body: .json(.ref("ItemChange")),
                responses: [.json(200, "Edited", .ref("ItemResult"), etag: true)]
            ),
            APIOperation(
                .delete,
                "/api/v1/households/{householdId}/carts/{cartId}/items/{itemId}",
                id: "deleteItem",
                tags: ["carts"],
                summary: "Delete an item",
                parameters: [.ifMatch],
                responses: [.json(200, "The cart after", .ref("Cart"), etag: true)]
            ),
            APIOperation(
                .put,
                "/api/v1/households/{householdId}/carts/{cartId}/items/{itemId}/completed",
                id: "tickItem",
                tags: ["carts"],
                summary: "Tick an item (idempotent); the cart completes when all are",
                parameters: [.ifMatch],
                responses: [.json(200, "Ticked", .ref("ItemResult"), etag: true)]
            ),
            APIOperation(
                .delete,
                "/api/v1/households/{householdId}/carts/{cartId}/items/{itemId}/completed",
                id: "untickItem",
                tags: ["carts"],
                summary: "Untick an item",
                parameters: [.ifMatch],
                responses: [.json(200, "Unticked", .ref("ItemResult"), etag: true)]
            ),
            APIOperation(
                .get,
                "/api/v1/households/{householdId}/carts/{cartId}/changes",
                id: "cartChanges",
                tags: ["carts"],
                summary: "The cart's change log: who added, changed, ticked or removed what, old and new values",
                responses: [.json(200, "Change log, oldest first", .ref("ChangeLog"))]
            ),
        ]
    }

    static var schemas: [String: JSONSchema] {
        [
            "NewCart": .object(
                ["name": .name, "currency": .string(pattern: "^[A-Za-z]{3}$").orNull],
                required: ["name"],
                additional: false
            ),
            "CartSummary": .object(
                [
                    "id": .string(), "rev": .integer(), "name": .string(), "addedByUser": .string(), "addedOn": .string(), "totalPrice": .money,
                    "currency": .string().orNull, "completed": .boolean, "purchasedByUser": .string().orNull, "merchant": .string().orNull,
                    "date": .string().orNull, "itemCount": .integer(), "needsReview": .boolean, "fromReceipt": .boolean,
                    "possibleDuplicateOf": .string().orNull.described(
                        "Another photo of this receipt made that cart; left out of spending until kept."
                    ),
                ],
                required: ["id", "rev", "name", "addedByUser", "addedOn", "completed", "itemCount", "needsReview", "fromReceipt"]
            ),
            "CartPage": .object(
                [
                    "carts": .array(of: .ref("CartSummary")),
                    "nextCursor": .string().orNull.described("Pass as ?cursor= for the next page; absent on the last."),
                ],
                required: ["carts"]
            ),
            "CartChange": .object(
                [
                    "name": .name.orNull.described("null or absent: unchanged."),
                    "duplicateKept": JSONSchema.boolean.orNull.described(
                        "true: this flagged cart is a purchase of its own; it counts in spending. null or absent: unchanged."
                    ),
                ],
                additional: false
            ),
            "NewItem": .object(
                [
                    "name": .lineName,
                    "quantity": .quantity.orNull,
                    "price": .amount,
                ],
                required: ["name"],
                additional: false
            ),
            "ItemChange": .object(
                [
                    "name": .lineName,
                    "quantity": .quantity.orNull,
                    "price": .amount, "completed": .boolean.orNull,
                ],
                additional: false
            ),
            "ItemResult": .object(
                [
                    "cart": .object(
                        ["id": .string(), "rev": .integer(), "totalPrice": .money, "completed": .boolean, "purchasedByUser": .string().orNull],
                        required: ["id", "rev", "completed"]
                    ), "item": .ref("Item"),
                ],
                required: ["cart", "item"]
            ),
        ]
    }
}
