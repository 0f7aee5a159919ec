import CurlHTTP
import Foundation
import Logging
import ReceiptModel

/// A recipe from the Chomp Recipe API.
///
/// The Recipe API (`/recipe/search.php`, `/recipe/id.php`) needs a key of its own and its answer
/// is not published; this is the shape assumed, in Chomp's conventions (an `items` array, snake
/// case, nulls for unknowns), and served by `scripts/fake-chomp-server.py --recipes`:
/// `{"items": [{"id": 9001, "title": "Beef Tacos", "servings": 4, "categories": [...],
/// "ingredients": [{"name": "Flour Tortillas", "quantity": 8, "measurement_unit": null,
/// "original": "8 flour tortillas"}]}]}`.
public struct ChompRecipe: Sendable, Hashable {
    public struct Ingredient: Sendable, Hashable {
        public var name: String
        public var quantity: Decimal?
        public var unit: String?
    }

    public var id: String
    public var title: String
    public var servings: Int
    public var ingredients: [Ingredient]

    /// A recipe from one of the response's items; `nil` without an id or a title.
    init?(json: JSONValue) {
        let id = json["id"]?.intValue.map(String.init) ?? ChompItem.string(json["id"])
        guard let id, let title = ChompItem.string(json["title"]) else { return nil }
        self.id = id
        self.title = title
        servings = max(1, json["servings"]?.intValue ?? 1)
        ingredients = (json["ingredients"]?.arrayValue ?? []).compactMap { ingredient in
            guard let name = ChompItem.string(ingredient["name"]) else { return nil }
            return Ingredient(name: name, quantity: ingredient["quantity"]?.decimalValue, unit: ChompItem.string(ingredient["measurement_unit"]))
        }
    }
}

/// A client of the Chomp Recipe API: its own key (`CHOMP_RECIPE_API_KEY`), the food API's base
/// URL and error mapping (404 is "none found").
public struct ChompRecipeClient: Sendable {
    public let apiKey: String
    public let baseURL: String
    private let http: HTTPClient
    private let logger: Logger

    /// `nil` without a recipe key: the app then offers presets only.
    public init?(apiKey: String?, baseURL: String = ChompConfiguration.defaultBaseURL, http: HTTPClient, logger: Logger) {
        guard let apiKey, !apiKey.isEmpty else { return nil }
        self.apiKey = apiKey
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.http = http
        self.logger = logger
    }

    /// From `CHOMP_RECIPE_API_KEY` and `CHOMP_BASE_URL`.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment,
        http: HTTPClient,
        logger: Logger
    ) -> ChompRecipeClient? {
        ChompRecipeClient(
            apiKey: environment["CHOMP_RECIPE_API_KEY"],
            baseURL: environment["CHOMP_BASE_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? ChompConfiguration.defaultBaseURL,
            http: http,
            logger: logger
        )
    }

    /// Recipes whose title (or ingredients) match `title`, at most 10.
    public func search(_ title: String) async throws -> [ChompRecipe] {
        try await call("recipe/search.php", [("title", title), ("limit", "10"), ("page", "1")])
    }

    /// The recipe with this id, if any.
    public func recipe(id: String) async throws -> ChompRecipe? {
        try await call("recipe/id.php", [("id", id)]).first
    }

    private func call(_ endpoint: String, _ parameters: [(name: String, value: String)]) async throws -> [ChompRecipe] {
        let name = endpoint.split(separator: "/").last.map(String.init) ?? endpoint
        let response: HTTPResponse
        do {
            response = try await http.get(baseURL + "/" + endpoint, query: [("api_key", apiKey)] + parameters)
        } catch let error as HTTPError {
            let mapped = ChompClient.map(error, endpoint: "recipe/\(name)", sent: parameters.map(\.name))
            if mapped is ChompClient.EmptyResult { return [] }
            throw mapped
        }
        let json: JSONValue
        do {
            json = try JSONValue(jsonData: response.body)
        } catch {
            throw CatalogError(.decode, "the recipe \(name) response is not valid JSON (\(response.body.count) bytes)")
        }
        guard let items = json["items"]?.arrayValue else { throw CatalogError(.decode, "the recipe \(name) response has no \"items\" array") }
        let recipes = items.compactMap(ChompRecipe.init(json:))
        logger.debug("chomp recipes", metadata: ["chomp.endpoint": "recipe/\(name)", "chomp.items": "\(recipes.count)"])
        return recipes
    }
}
