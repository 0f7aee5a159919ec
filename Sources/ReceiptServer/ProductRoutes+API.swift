import ReceiptModel

/// The OpenAPI description of `ProductRoutes`: its operations and the schemas only they use.
extension ProductRoutes {
    static var operations: [APIOperation] {
        [
            APIOperation(
                .get,
                "/api/v1/products",
                id: "searchProducts",
                tags: ["products"],
                summary: "Search the product catalog by name",
                parameters: [
                    .query(
                        "q",
                        "At least 2 characters besides spaces and tabs around them",
                        schema: .string(pattern: #"[^ \t][\s\S]*[^ \t]"#),
                        required: true
                    ), .query("household", "A household of yours: adds what it paid"),
                    .query("limit", schema: .integer(minimum: 1, maximum: 50).defaulting(to: 10)),
                ],
                responses: [.json(200, "Ranked products", .ref("ProductResults"))],
                errors: [400, 404]
            )
        ]
    }

    static var schemas: [String: JSONSchema] {
        [
            "ProductResults": .object(
                [
                    "query": .string(),
                    "results": .array(
                        of: .object(
                            [
                                "barcode": .string().orNull, "name": .string(), "brand": .string().orNull, "picture": .string().orNull,
                                "caloriesPer100g": .number().orNull, "score": .number(),
                                "pricesPaid": .array(
                                    of: .object([
                                        "price": .string(), "date": .string().orNull, "merchant": .string().orNull, "cartID": .string().orNull,
                                    ])
                                ),
                            ],
                            required: ["name", "score", "pricesPaid"]
                        )
                    ),
                ],
                required: ["query", "results"]
            )
        ]
    }
}
