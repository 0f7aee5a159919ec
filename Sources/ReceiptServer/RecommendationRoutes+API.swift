import ReceiptModel

/// The OpenAPI description of `RecommendationRoutes`: its operation and the schemas only it uses.
extension RecommendationRoutes {
    static var operations: [APIOperation] {
        [
            APIOperation(
                .get,
                "/api/v1/households/{householdId}/recommendations",
                id: "recommend",
                tags: ["recommendations"],
                summary: "What goes with a product or a list, what is due again, and catalog neighbours of a product never bought",
                description:
                    "product (a catalog product id: its barcode or name-… id, or one the household's carts name) and/or list (a list of the household). "
                    + "A product is answered with boughtTogether and, when the household never bought it, related; a list with boughtTogether "
                    + "(from its entries) and dueAgain; both with the product's boughtTogether and related and the list's dueAgain; neither with "
                    + "what the household is due to buy again now. A product or list of another household answers 404 like a missing one.",
                parameters: [
                    .query("product", "A product id"), .query("list", "A list id"),
                    .query("limit", schema: .integer(minimum: 1, maximum: 20).defaulting(to: 5)),
                ],
                responses: [.json(200, "Suggestions, each with why", .ref("Recommendations"))],
                errors: [400]
            )
        ]
    }

    static var schemas: [String: JSONSchema] {
        let suggestion = JSONSchema.object(
            [
                "productId": .string(), "name": .string(), "kind": .oneOf(["bought-together", "due-again", "related", "popular"]),
                "score": .number(),
                "explanation": .string().described("A few words: \"often bought with milk\", \"you buy this about every 9 days\"."),
                "because": .string().described("The product it was found from."),
                "confidence": .number().described("Bought together: share of the carts with `because` that hold it."),
                "support": .number().described("Bought together: share of all carts that hold both."),
                "everyDays": .integer().described("Due again: the median days between purchases."),
                "lastBoughtDaysAgo": .integer(), "product": .ref("Product").orNull,
            ],
            required: ["productId", "name", "kind", "score", "explanation"]
        )
        return [
            "Recommendations": .object(
                [
                    "product": .string(), "list": .string(), "boughtTogether": .array(of: suggestion), "dueAgain": .array(of: suggestion),
                    "related": .array(of: suggestion),
                ],
                required: ["boughtTogether", "dueAgain", "related"]
            )
        ]
    }
}
