import ReceiptModel

/// The OpenAPI description of `FavouriteRoutes`: its operations and the schemas only they use.
extension FavouriteRoutes {
    static var operations: [APIOperation] {
        [
            APIOperation(
                .get,
                "/api/v1/favourites",
                id: "listFavourites",
                tags: ["products"],
                summary: "Your starred products, by name",
                responses: [.json(200, "Your favourites", .ref("Favourites"))]
            ),
            APIOperation(
                .put,
                "/api/v1/favourites/{productId}",
                id: "starProduct",
                tags: ["products"],
                summary: "Star a catalog product (starring it again changes nothing)",
                responses: [.json(200, "The favourite", .ref("Favourite"))]
            ),
            APIOperation(
                .delete,
                "/api/v1/favourites/{productId}",
                id: "unstarProduct",
                tags: ["products"],
                summary: "Take the star away (favourite.not-found when there was none)",
                responses: [.empty(204, "Removed")]
            ),
        ]
    }

    static var schemas: [String: JSONSchema] {
        [
            "Favourite": .object(
                ["productId": .string(), "product": .ref("Product"), "addedAt": .string()],
                required: ["productId", "product", "addedAt"]
            ),
            "Favourites": .object(["favourites": .array(of: .ref("Favourite"))], required: ["favourites"]),
        ]
    }
}
