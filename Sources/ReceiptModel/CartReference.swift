/// A cart named by its id or the start of it (`receipts show 3f9c`): the one rule, and the one
/// wording of its failures, for every store a cart is looked up in by what a person typed.
public enum CartReference {
    /// The fewest characters a prefix may have: shorter ones match too much to be meant.
    public static let shortestPrefix = 4

    /// The cart whose id is `idOrPrefix` (case does not matter: ids are lowercase), else the only
    /// cart whose id starts with it.
    /// - Parameters:
    ///   - exact: the cart with this id, if any.
    ///   - startingWith: up to two carts whose id starts with this prefix.
    ///   - notFound: the caller's error (code `cart.not-found`) for a message saying what to do.
    public static func resolve<Cart: Sendable>(
        _ idOrPrefix: String,
        exact: (String) async throws -> Cart?,
        startingWith: (String) async throws -> [Cart],
        notFound: (String) -> any Error
    ) async throws -> Cart {
        let key = idOrPrefix.lowercased()
        if let cart = try await exact(key) { return cart }
        guard key.count >= shortestPrefix else {
            throw notFound("No cart \(idOrPrefix): give its full id or at least \(shortestPrefix) characters of it (receipts carts lists them).")
        }
        let found = try await startingWith(key)
        guard found.count == 1, let only = found.first else {
            throw notFound(
                found.isEmpty
                    ? "No cart \(idOrPrefix) in this store (receipts carts lists them)."
                    : "Several carts start with \(idOrPrefix): give more characters of the id (receipts carts lists them)."
            )
        }
        return only
    }
}
