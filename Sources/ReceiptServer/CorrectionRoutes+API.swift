import ReceiptModel

/// The OpenAPI description of `CorrectionRoutes`: its operations and the schemas only they use.
extension CorrectionRoutes {
    static var operations: [APIOperation] {
        [
            APIOperation(
                .patch,
                "/api/v1/households/{householdId}/carts/{cartId}/receipt",
                id: "correctReceipt",
                tags: ["receipts"],
                summary: "Correct what the reader got wrong (the review page's save); corrected fields are marked verified",
                parameters: [.ifMatch],
                body: .json(
                    .object(
                        [
                            "merchant": .string(pattern: JSONSchema.nonBlank),
                            "date": .string(pattern: "^(19[0-9]{2}|2[01][0-9]{2}|2200)-", format: "date").described("A day from 1900 to 2200."),
                            "total": .amount,
                            "items": .map(
                                of: .object(
                                    [
                                        "name": .string(), "price": .amount,
                                        "barcode": .string().described("Teaches the household's matcher this line's product."),
                                    ],
                                    additional: false
                                )
                            ).described("By item id."),
                        ],
                        additional: false
                    )
                ),
                responses: [.json(200, "The corrected cart", .ref("Cart"), etag: true)],
                errors: [422]
            )
        ]
    }
}
