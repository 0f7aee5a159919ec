import Households
import ReceiptModel

/// The OpenAPI description of `ProfileRoutes`.
extension ProfileRoutes {
    static var operations: [APIOperation] {
        [
            APIOperation(
                .patch,
                "/api/v1/me",
                id: "updateProfile",
                tags: ["accounts"],
                summary: "Change your display name, default currency (of new carts) and locale (how pages show money and dates)",
                body: .json(
                    .object(
                        [
                            "displayName": .string(minLength: 1, maxLength: 80, pattern: JSONSchema.nonBlank).orNull.described(
                                "null or absent: unchanged"
                            ),
                            "defaultCurrency": .string(pattern: "^[A-Za-z]{3}$").orNull.described("null removes it"),
                            "locale": .oneOf(AccountPreferences.locales.map(\.tag)).orNull.described("null removes it"),
                        ],
                        additional: false
                    )
                ),
                responses: [.json(200, "You, changed", .ref("User"))]
            )
        ]
    }
}
