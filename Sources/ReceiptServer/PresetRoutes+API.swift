import ReceiptModel

/// The OpenAPI description of `PresetRoutes`: its operations and the schemas only they use.
extension PresetRoutes {
    static var operations: [APIOperation] {
        [
            APIOperation(
                .get,
                "/api/v1/households/{householdId}/presets",
                id: "listPresets",
                tags: ["presets"],
                summary: "The household's presets (saved sets of entries), by name",
                responses: [.json(200, "Presets", .ref("PresetCollection"))]
            ),
            APIOperation(
                .post,
                "/api/v1/households/{householdId}/presets",
                id: "createPreset",
                tags: ["presets"],
                summary: "Save a preset; each entry is matched to the catalog by barcode or name",
                parameters: [.idempotencyKey],
                body: .json(.ref("NewPreset")),
                responses: [.json(201, "Created", .ref("Preset"), etag: true)],
                errors: [422]
            ),
            APIOperation(
                .get,
                "/api/v1/households/{householdId}/presets/{presetId}",
                id: "getPreset",
                tags: ["presets"],
                summary: "A preset",
                responses: [.json(200, "Preset", .ref("Preset"), etag: true)]
            ),
            APIOperation(
                .delete,
                "/api/v1/households/{householdId}/presets/{presetId}",
                id: "deletePreset",
                tags: ["presets"],
                summary: "Delete a preset",
                parameters: [.ifMatch],
                responses: [.empty(204, "Deleted")]
            ),
            APIOperation(
                .post,
                "/api/v1/households/{householdId}/presets/{presetId}/add",
                id: "addPresetToList",
                tags: ["presets"],
                summary: "Add a preset's entries to a list of the household at once, quantities scaled to the servings",
                description:
                    "Quantity × servings ÷ the preset's servings; a count (no unit) is rounded up to whole pieces, a measure to two decimals. "
                    + "Each entry's note is the preset's name. One change of the list (one revision).",
                body: .json(.ref("AddPreset")),
                responses: [.json(200, "The list with the new entries", .ref("List"), etag: true)]
            ),
        ]
    }

    static var schemas: [String: JSONSchema] {
        let item = JSONSchema.object(
            ["name": .string(), "quantity": .number(), "unit": .string().orNull, "product": .ref("Product").orNull],
            required: ["name", "quantity"]
        )
        return [
            "Preset": .object(
                [
                    "id": .string(), "rev": .integer(), "household": .string(), "name": .string(), "servings": .integer(minimum: 1),
                    "entries": .array(of: item), "source": .string().orNull.described("chomp-recipe:ID for a recipe's preset."),
                    "createdBy": .string(), "createdAt": .string(),
                ],
                required: ["id", "rev", "household", "name", "servings", "entries", "createdBy", "createdAt"]
            ),
            "PresetCollection": .object(["presets": .array(of: .ref("Preset"))], required: ["presets"]),
            "NewPreset": .object(
                [
                    "name": .name,
                    "servings": .integer(minimum: 1, maximum: 100).orNull.described("Default 1."),
                    "entries": .array(
                        of: .object(
                            [
                                "name": .lineName,
                                "quantity": .quantity.orNull,
                                "unit": .entryUnit.orNull, "barcode": .string().orNull,
                            ],
                            required: ["name"],
                            additional: false
                        )
                    ).itemCount(1...100),
                ],
                required: ["name", "entries"],
                additional: false
            ),
            "AddPreset": .object(
                ["listId": .string(), "servings": .integer(minimum: 1, maximum: 100).orNull.described("Default: the preset's.")],
                required: ["listId"],
                additional: false
            ),
        ]
    }
}
