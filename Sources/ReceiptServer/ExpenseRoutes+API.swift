import ReceiptModel

/// The OpenAPI description of `ExpenseRoutes`: its operations and the schemas only they use.
extension ExpenseRoutes {
    static var operations: [APIOperation] {
        [
            APIOperation(
                .get,
                "/api/v1/expenses",
                id: "listExpenses",
                tags: ["expenses"],
                summary: "Every expense I share, with my status on each",
                responses: [.json(200, "Expenses", .ref("ExpenseCollection"))]
            ),
            APIOperation(
                .post,
                "/api/v1/expenses",
                id: "addExpense",
                tags: ["expenses"],
                summary: "Add an expense (to a group, or personal between friends)",
                parameters: [.idempotencyKey],
                body: .json(
                    .ref("ExpenseInput"),
                    example: .object(["currency": .string("EUR"), "total": .string("12.30"), "merchant": .string("Bakery")])
                ),
                responses: [.json(201, "Added", .ref("Expense"), etag: true)],
                errors: [404]
            ),
            APIOperation(
                .get,
                "/api/v1/expenses/{expenseId}",
                id: "getExpense",
                tags: ["expenses"],
                summary: "An expense with its shares and payments",
                responses: [.json(200, "Expense", .ref("Expense"), etag: true)]
            ),
            APIOperation(
                .patch,
                "/api/v1/expenses/{expenseId}",
                id: "editExpense",
                tags: ["expenses"],
                summary: "Edit merchant, date, notes, payers or split (uploader only; never the total)",
                parameters: [.ifMatch],
                body: .json(.ref("ExpenseChange")),
                responses: [.json(200, "Edited", .ref("Expense"), etag: true)],
                errors: [403, 409, 422]
            ),
            APIOperation(
                .delete,
                "/api/v1/expenses/{expenseId}",
                id: "deleteExpense",
                tags: ["expenses"],
                summary: "Delete an expense without payments (uploader only)",
                parameters: [.ifMatch],
                responses: [.empty(204, "Deleted")],
                errors: [403, 409]
            ),
            APIOperation(
                .post,
                "/api/v1/expenses/{expenseId}/payments",
                id: "markSharePaid",
                tags: ["expenses"],
                summary: "Mark a member's share paid (uploader only; cannot be undone)",
                parameters: [.idempotencyKey],
                body: .json(.ref("MarkPaid")),
                responses: [.json(201, "The payments recorded", .ref("PaymentCollection"))],
                errors: [403]
            ),
            APIOperation(
                .delete,
                "/api/v1/expenses/{expenseId}/payments/{paymentId}",
                id: "reverseSharePayment",
                tags: ["expenses"],
                summary: "Always refused: payments are permanent (payment.irreversible)",
                responses: [],
                errors: [409]
            ),
            APIOperation(
                .get,
                "/api/v1/balances",
                id: "balances",
                tags: ["expenses"],
                summary: "What I owe each person or they owe me, per currency, over all groups",
                responses: [.json(200, "Balances", .ref("PersonBalances"))]
            ),
        ]
    }

    static var schemas: [String: JSONSchema] {
        [
            "ExpenseChange": .object(
                [
                    "merchant": .string().orNull, "date": .string(format: "date").orNull, "notes": .string().orNull,
                    "split": .ref("SplitInput").orNull, "payers": .map(of: .decimal, names: .memberId).minProperties(1).orNull,
                ],
                additional: false
            ).described("Uploader only. The total and the currency are fixed once added: sending either answers 409 expense.total-locked."),
            "MarkPaid": .object(["member": .string()], required: ["member"], additional: false),
            "PersonBalances": .object(
                [
                    "people": .array(
                        of: .object(
                            [
                                "userId": .string(), "displayName": .string(),
                                "amounts": .map(of: .string()).described("By currency: positive, you owe them; negative, they owe you."),
                            ],
                            required: ["userId", "displayName", "amounts"]
                        )
                    )
                ],
                required: ["people"]
            ),
        ]
    }
}
