import ReceiptModel

/// Schemas several route groups refer to.
extension OpenAPIDocument {
    static var sharedSchemas: [String: JSONSchema] {
        [
            "Problem": .object(
                [
                    "type": .string(), "title": .string(), "status": .integer(),
                    "code": .string().described("A stable code such as request.invalid, auth.required, household.not-found, request.stale."),
                    "detail": .string(), "field": .string().described("The request field at fault, for request.invalid."),
                ],
                required: ["type", "title", "status", "code", "detail"]
            ),
            "Member": .object(
                ["userId": .string(), "displayName": .string(), "role": .oneOf(["owner", "member"]), "joinedAt": .string()],
                required: ["userId", "displayName", "role", "joinedAt"]
            ),
            "Household": .object(
                [
                    "id": .string(), "rev": .integer(), "name": .string(), "ownerId": .string(), "createdAt": .string(),
                    "members": .array(of: .ref("Member")),
                ],
                required: ["id", "rev", "name", "ownerId", "createdAt", "members"]
            ),
            "Name": .object(["name": .name], required: ["name"], additional: false),
            "Item": .object(
                [
                    "id": .string(), "name": .string(), "quantity": .number().orNull, "price": .money, "unitPrice": .money, "completed": .boolean,
                    "completedBy": .string().orNull, "addedByUser": .string().orNull, "addedOn": .string().orNull, "product": .object().orNull,
                ],
                required: ["name", "completed"],
                additional: true
            ).described("A cart item (cart-document.md), with its id."),
            "Cart": .object(
                [
                    "id": .string(), "rev": .integer(), "name": .string(), "household": .string(), "addedByUser": .string(), "addedOn": .string(),
                    "completed": .boolean, "purchasedByUser": .string().orNull, "currency": .string().orNull, "total": .money, "totalPrice": .money,
                    "items": .array(of: .ref("Item")),
                    "language": .string().orNull.described(
                        "ISO 639-1 code of the language the receipt is printed in, when a reading recognised one other than English."
                    ), "warnings": .array(of: .string()),
                ],
                required: ["id", "rev", "name", "items", "completed"],
                additional: true
            ).described("The cart document of cart-document.md, without ocrText."),
            "ExpenseInput": expenseInput.requiring(anyOf: [["currency", "total"], ["receipt"], ["group", "total"]])
                .requiring(["receipt"], when: "split", is: byItem)
                .described(
                    "An expense as added. Amounts are decimal strings of the currency. Give the currency and the total, a receipt (the currency and total of its cart), or a group with a currency and the total."
                ),
            "RecurringExpenseInput": expenseInput.requiring(anyOf: [["total"], ["receipt"]])
                .requiring(["receipt"], when: "split", is: byItem)
                .described("The expense each occurrence adds, in the path's group. Give the total, or a receipt (its cart's)."),
            "SplitInput": .object(
                [
                    "mode": .oneOf(["evenly", "shares", "percentages", "exact", "byItem"]),
                    "members": .array(of: .memberId).described("evenly: the members to split among (user ids)."),
                    "weights": .map(of: .integer(minimum: 0, maximum: 1_000_000)), "percentages": .map(of: .number(minimum: 0, maximum: 100)),
                    "amounts": .map(of: .decimal),
                    "items": .map(of: .map(of: .integer(minimum: 0, maximum: 1_000_000))).described(
                        "byItem: receipt line index (as a string) to members and their weights on it."
                    ),
                ],
                required: ["mode"],
                additional: false
            )
            .requiring(["weights"], when: "mode", is: .constant("shares"))
            .requiring(["percentages"], when: "mode", is: .constant("percentages"))
            .requiring(["amounts"], when: "mode", is: .constant("exact"))
            .requiring(["items"], when: "mode", is: .constant("byItem"))
            // The map the mode reads names members, each 1 to 80 characters; the others are ignored.
            .following(.keys(of: "weights", .memberId), when: "mode", is: .constant("shares"))
            .following(.keys(of: "percentages", .memberId), when: "mode", is: .constant("percentages"))
            .following(.keys(of: "amounts", .memberId), when: "mode", is: .constant("exact"))
            .following(.keys(ofEach: "items", .memberId), when: "mode", is: .constant("byItem")),
            "Payment": .object(
                [
                    "id": .string(), "group": .string().orNull, "expenseId": .string().orNull, "from": .string(), "to": .string(), "amount": .money,
                    "currency": .string(), "recordedBy": .string(), "recordedAt": .string(),
                ],
                required: ["id", "from", "to", "amount", "currency", "recordedBy", "recordedAt"]
            ),
            "PaymentCollection": .object(["payments": .array(of: .ref("Payment"))], required: ["payments"]),
            "Expense": .object(
                [
                    "id": .string(), "rev": .integer(), "group": .string().orNull, "createdBy": .string(), "createdAt": .string(),
                    "merchant": .string().orNull, "date": .string().orNull, "notes": .string().orNull, "currency": .string(), "total": .money,
                    "receipt": .object().orNull, "payers": .map(of: .string()), "split": .object(["mode": .string()], required: ["mode"]),
                    "shares": .map(of: .string()).described("Each member's share; they sum exactly to the total."),
                    "payments": .array(of: .ref("Payment")), "status": .oneOf(["uploaded-by-me", "paid", "to-pay"]), "recurringId": .string().orNull,
                ],
                required: ["id", "rev", "createdBy", "createdAt", "currency", "total", "payers", "split", "shares", "payments", "status"]
            ),
            "ExpenseCollection": .object(["expenses": .array(of: .ref("Expense"))], required: ["expenses"]),
            "ChangeLog": .object(
                [
                    "changes": .array(
                        of: .object(
                            [
                                "rev": .integer(), "at": .string(), "userId": .string(), "displayName": .string(),
                                "action": .oneOf(["created", "changed", "deleted"]),
                                "changes": .array(
                                    of: .object(
                                        ["field": .string(), "item": .string().orNull, "itemName": .string().orNull, "old": .any, "new": .any],
                                        required: ["field"]
                                    )
                                ),
                            ],
                            required: ["rev", "at", "userId", "displayName", "action", "changes"]
                        )
                    )
                ],
                required: ["changes"]
            ),
        ]
    }

    /// An expense as added: the currency and the total come from the request, the receipt's cart or
    /// the group, so which of them are needed depends on the route.
    private static var expenseInput: JSONSchema {
        .object(
            [
                "group": .string().orNull.described("A group of yours; without one, a personal expense between friends."),
                "merchant": .string(maxLength: 200).orNull, "date": .string(format: "date").orNull, "notes": .string(maxLength: 2000).orNull,
                "currency": .string(pattern: "^[A-Za-z]{3}$").orNull,
                "total": JSONSchema.amount.described("Defaults to the receipt's total; may differ from it when adding, never after."),
                "paidBy": .string().orNull.described("One payer of the whole total (default: you)."),
                "payers": .map(of: .decimal, names: .memberId).minProperties(1).orNull.described(
                    "Several payers: user id to amount paid; they add up to the total."
                ),
                "receipt": .object(["household": .string().orNull, "cart": .string()], required: ["cart"], additional: false).orNull.described(
                    "A cart of one of your households."
                ), "split": .ref("SplitInput").orNull,
            ],
            additional: false
        )
        // paidBy counts only without payers: then it names a member.
        .following(.object(["paidBy": JSONSchema.memberId.orNull]), without: "payers")
    }

    /// A split by receipt item, which needs the receipt.
    private static let byItem = JSONSchema.object(["mode": .constant("byItem")], required: ["mode"])
}
