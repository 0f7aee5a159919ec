import ReceiptModel

/// The OpenAPI description of `RecipeRoutes`: its operations and the schemas only they use.
extension RecipeRoutes {
    static var operations: [APIOperation] {
        [
            APIOperation(
                .get,
                "/api/v1/households/{householdId}/recipes",
                id: "searchRecipes",
                tags: ["presets"],
                summary: "Search recipes (Chomp Recipe API; 503 recipes.unavailable without a recipe key or when it cannot be reached)",
                parameters: [
                    .query("q", "At least 2 characters", schema: .string(minLength: 2, maxLength: 100, pattern: "\\S.*\\S"), required: true)
                ],
                responses: [.json(200, "Recipes", .ref("RecipeResults"))],
                errors: [400, 422, 503]
            ),
            APIOperation(
                .post,
                "/api/v1/households/{householdId}/recipes/{recipeId}/preset",
                id: "saveRecipeAsPreset",
                tags: ["presets"],
                summary: "Save a recipe as a preset: its ingredients become entries matched to catalog products, for its servings",
                responses: [.json(201, "The preset", .ref("Preset"), etag: true)],
                errors: [422, 503]
            ),
        ]
    }

    static var schemas: [String: JSONSchema] {
        [
            "RecipeResults": .object(
                [
                    "query": .string(),
                    "recipes": .array(
                        of: .object(
                            [
                                "id": .string(), "title": .string(), "servings": .integer(minimum: 1),
                                "ingredients": .array(
                                    of: .object(["name": .string(), "quantity": .number().orNull, "unit": .string().orNull], required: ["name"])
                                ),
                            ],
                            required: ["id", "title", "servings", "ingredients"]
                        )
                    ),
                ],
                required: ["query", "recipes"]
            )
        ]
    }
}
