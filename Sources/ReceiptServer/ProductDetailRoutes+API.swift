import ReceiptModel

/// The OpenAPI description of `ProductDetailRoutes`: its operations and the schemas only they use.
extension ProductDetailRoutes {
    static var operations: [APIOperation] {
        let base = "/api/v1/households/{householdId}"
        let reviewBody = JSONSchema.object(
            ["rating": .integer(minimum: 1, maximum: 5), "comment": .string().orNull.described("Up to 2,000 characters; null removes it.")],
            additional: false
        )
        return [
            APIOperation(
                .get,
                "/api/v1/categories",
                id: "listCategories",
                tags: ["products"],
                summary: "The catalog's categories, with how many products each has",
                responses: [.json(200, "Categories by name", .ref("Categories"))]
            ),
            APIOperation(
                .get,
                "/api/v1/categories/{category}",
                id: "browseCategory",
                tags: ["products"],
                summary: "The catalog products of one category (case does not matter), by name",
                responses: [.json(200, "The category's products", .ref("CategoryProducts"))]
            ),
            APIOperation(
                .get,
                "\(base)/products/{productId}",
                id: "getProduct",
                tags: ["products"],
                summary: "One product as the household sees it",
                description:
                    "The catalog's facts (picture, brand, calories and nutrients per 100 g, barcode), where the household bought it with "
                    + "every price by date and the last and lowest at each merchant, per currency, the cheapest merchant per currency, "
                    + "its members' reviews and whether the caller starred it. A product never bought has no merchants.",
                responses: [.json(200, "The product", .ref("ProductDetail"))]
            ),
            APIOperation(
                .get,
                "\(base)/products/{productId}/reviews",
                id: "listProductReviews",
                tags: ["products"],
                summary: "The household's reviews of a product, newest first, with their average",
                responses: [.json(200, "The reviews", .ref("ProductReviews"))]
            ),
            APIOperation(
                .post,
                "\(base)/products/{productId}/reviews",
                id: "reviewProduct",
                tags: ["products"],
                summary: "Rate a product 1 to 5 with an optional comment (once per member and product: review.exists)",
                parameters: [.idempotencyKey],
                body: .json(reviewBody),
                responses: [.json(201, "The review", .ref("ProductReview"), etag: true)],
                errors: [409]
            ),
            APIOperation(
                .patch,
                "\(base)/reviews/{reviewId}",
                id: "editProductReview",
                tags: ["products"],
                summary: "Change your review (only its author may: review.not-author)",
                parameters: [.ifMatch],
                body: .json(reviewBody),
                responses: [.json(200, "The review", .ref("ProductReview"), etag: true)],
                errors: [403]
            ),
            APIOperation(
                .delete,
                "\(base)/reviews/{reviewId}",
                id: "deleteProductReview",
                tags: ["products"],
                summary: "Delete your review (only its author may: review.not-author)",
                parameters: [.ifMatch],
                responses: [.empty(204, "Deleted")],
                errors: [403]
            ),
        ]
    }

    static var schemas: [String: JSONSchema] {
        let summary = JSONSchema.object(
            [
                "id": .string(), "barcode": .string().orNull, "name": .string(), "brand": .string().orNull, "category": .string(),
                "picture": .string().orNull,
            ],
            required: ["id", "name", "category"]
        )
        let point = JSONSchema.object(
            ["date": .string(format: "date"), "price": .decimal, "cartId": .string().orNull],
            required: ["date", "price"]
        )
        let merchant = JSONSchema.object(
            ["merchant": .string(), "currency": .string().orNull, "points": .array(of: point), "last": point, "lowest": point],
            required: ["merchant", "points", "last", "lowest"]
        )
        let review = JSONSchema.object(
            [
                "id": .string(), "productId": .string(), "authorId": .string(), "authorName": .string(),
                "rating": .integer(minimum: 1, maximum: 5), "comment": .string().orNull, "createdAt": .string(), "updatedAt": .string(),
            ],
            required: ["id", "productId", "authorId", "authorName", "rating", "createdAt", "updatedAt"]
        )
        let reviews = JSONSchema.object(
            ["count": .integer(minimum: 0), "average": .number().orNull, "reviews": .array(of: .ref("ProductReview"))],
            required: ["count", "reviews"]
        )
        return [
            "ProductSummary": summary,
            "ProductReview": review,
            "ProductReviews": reviews,
            "Categories": .object(
                ["categories": .array(of: .object(["name": .string(), "products": .integer(minimum: 1)], required: ["name", "products"]))],
                required: ["categories"]
            ),
            "CategoryProducts": .object(
                ["category": .string(), "products": .array(of: .ref("ProductSummary"))],
                required: ["category", "products"]
            ),
            "ProductDetail": .object(
                [
                    "product": .ref("ProductSummary"), "caloriesPer100g": .number().orNull,
                    "nutrients": .array(
                        of: .object(["name": .string(), "per100g": .number().orNull, "unit": .string().orNull], required: ["name"])
                    ),
                    "favourite": .boolean, "merchants": .array(of: merchant), "cheapest": .array(of: merchant),
                    "purchases": .integer(minimum: 0), "reviews": .ref("ProductReviews"),
                ],
                required: ["product", "nutrients", "favourite", "merchants", "cheapest", "purchases", "reviews"]
            ),
        ]
    }
}
