import CurlHTTP
import Foundation
import Logging
import ReceiptModel

/// Where and how to reach the Chomp food API.
public struct ChompConfiguration: Sendable {
    public static let defaultBaseURL = "https://chompthis.com/api/v2"

    /// The API key (`CHOMP_API_KEY`); never logged.
    public var apiKey: String?
    /// `CHOMP_BASE_URL`, default ``defaultBaseURL``.
    public var baseURL: String
    /// `CHOMP_USER_ID`: sent on every call when set (Premium plans require it).
    public var userID: String?
    /// Items per page (the API allows 1–10).
    public var pageLimit: Int
    /// `name.php` paging stops after this many pages.
    public var maxPages: Int

    public init(apiKey: String?, baseURL: String = defaultBaseURL, userID: String? = nil, pageLimit: Int = 10, maxPages: Int = 3) {
        self.apiKey = apiKey.flatMap { $0.isEmpty ? nil : $0 }
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.userID = userID.flatMap { $0.isEmpty ? nil : $0 }
        self.pageLimit = min(10, max(1, pageLimit))
        self.maxPages = max(1, maxPages)
    }

    /// From `CHOMP_API_KEY`, `CHOMP_BASE_URL` and `CHOMP_USER_ID`; explicit values win over the environment.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment,
        apiKey: String? = nil,
        baseURL: String? = nil,
        userID: String? = nil
    ) -> ChompConfiguration {
        ChompConfiguration(
            apiKey: apiKey ?? environment["CHOMP_API_KEY"],
            baseURL: baseURL ?? environment["CHOMP_BASE_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultBaseURL,
            userID: userID ?? environment["CHOMP_USER_ID"]
        )
    }

    /// Whether calls can be made at all.
    public var isConfigured: Bool { apiKey != nil }
}

/// Filters of `search.php` (at least one; some cannot be used alone, see the API notes).
public struct ChompSearchFilters: Sendable {
    public var brand: String?
    public var category: String?
    public var keyword: String?
    public var ingredient: String?
    public var allergen: String?
    public var country: String?
    public var diet: String?

    public init(
        brand: String? = nil,
        category: String? = nil,
        keyword: String? = nil,
        ingredient: String? = nil,
        allergen: String? = nil,
        country: String? = nil,
        diet: String? = nil
    ) {
        self.brand = brand
        self.category = category
        self.keyword = keyword
        self.ingredient = ingredient
        self.allergen = allergen
        self.country = country
        self.diet = diet
    }

    var parameters: [(name: String, value: String)] {
        [
            ("brand", brand), ("category", category), ("keyword", keyword), ("ingredient", ingredient),
            ("allergen", allergen), ("country", country), ("diet", diet),
        ]
        .compactMap { name, value in value.map { (name, $0) } }
    }
}

/// A client of the Chomp branded-food API (`name.php`, `barcode.php`, `search.php`).
///
/// 404 means "no items" (an empty result, not an error); 401/403 throw `catalog.unauthorized`;
/// 400 throws `catalog.bad-request` naming the parameters sent and the server's explanation.
public struct ChompClient: Sendable {
    public let configuration: ChompConfiguration
    private let http: HTTPClient
    private let logger: Logger

    public init(configuration: ChompConfiguration, http: HTTPClient, logger: Logger) {
        self.configuration = configuration
        self.http = http
        self.logger = logger
    }

    /// Products whose name matches `name`, paging until a short page, a 404 or `maxPages`.
    public func name(_ name: String, maxPages: Int? = nil) async throws -> [ChompItem] {
        var items: [ChompItem] = []
        let pages = maxPages ?? configuration.maxPages
        for page in 1...max(1, pages) {
            let batch = try await call(
                "food/branded/name.php",
                [("name", name), ("limit", "\(configuration.pageLimit)"), ("page", "\(page)")]
            )
            items += batch
            if batch.count < configuration.pageLimit { break }
        }
        return items
    }

    /// The product(s) with this barcode; tries the other common form (with/without a leading 0) when none.
    public func barcode(_ code: String) async throws -> [ChompItem] {
        let items = try await call("food/branded/barcode.php", [("code", code)])
        if !items.isEmpty { return items }
        let alternative: String? =
            code.count == 12 ? "0" + code : (code.count == 13 && code.hasPrefix("0") ? String(code.dropFirst()) : nil)
        guard let alternative else { return [] }
        return try await call("food/branded/barcode.php", [("code", alternative)])
    }

    /// Products matching `filters`, paging like ``name(_:maxPages:)``.
    public func search(_ filters: ChompSearchFilters, maxPages: Int? = nil) async throws -> [ChompItem] {
        guard !filters.parameters.isEmpty else {
            throw CatalogError(.badRequest, "search.php needs at least one filter (brand, category, keyword, …)")
        }
        var items: [ChompItem] = []
        for page in 1...max(1, maxPages ?? configuration.maxPages) {
            let batch = try await call(
                "food/branded/search.php",
                filters.parameters + [("limit", "\(configuration.pageLimit)"), ("page", "\(page)")]
            )
            items += batch
            if batch.count < configuration.pageLimit { break }
        }
        return items
    }

    private func call(_ endpoint: String, _ parameters: [(name: String, value: String)]) async throws -> [ChompItem] {
        guard let key = configuration.apiKey else {
            throw CatalogError(.noKey, "no Chomp API key: configure an API key (search still works offline)")
        }
        var query: [(name: String, value: String)] = [("api_key", key)] + parameters
        if let user = configuration.userID { query.append(("user_id", user)) }
        let endpointName = endpoint.split(separator: "/").last.map(String.init) ?? endpoint
        let response: HTTPResponse
        do {
            response = try await http.get(configuration.baseURL + "/" + endpoint, query: query)
        } catch let error as HTTPError {
            let mapped = Self.map(error, endpoint: endpointName, sent: parameters.map(\.name))
            if mapped is EmptyResult { return [] }
            throw mapped
        }
        let items = try ChompResponse.decode(response.body, what: "the \(endpointName) response").items
        logger.debug("chomp", metadata: ["chomp.endpoint": "\(endpointName)", "chomp.items": "\(items.count)"])
        return items
    }

    static func map(_ error: HTTPError, endpoint: String, sent: [String]) -> Error {
        let serverSays = error.body.flatMap { try? JSONValue(jsonData: $0) }?["error"]?.stringValue
        let detail = serverSays.map { " The server said: \($0)" } ?? ""
        switch (error.code, error.status) {
        case (.status, 404?):
            return EmptyResult()
        case (.status, let status?) where status == 401 || status == 403:
            return CatalogError(
                .unauthorized,
                "Chomp refused the request to \(endpoint) (HTTP \(status)): the API key is wrong, the plan does not include this endpoint (name.php and search.php need Standard or Premium), a Premium plan needs CHOMP_USER_ID, or the quota is used up. Check CHOMP_API_KEY and the plan.\(detail)",
                underlying: error
            )
        case (.status, 400?):
            return CatalogError(
                .badRequest,
                "Chomp rejected a parameter of \(endpoint) (sent: \(sent.joined(separator: ", "))).\(detail)",
                underlying: error
            )
        case (.status, 429?):
            return CatalogError(
                .rateLimited,
                "Chomp kept answering 429 Too Many Requests after \(error.attempts) attempts; wait a minute or lower --rate.",
                underlying: error
            )
        default:
            return CatalogError(.http, "calling Chomp \(endpoint) failed: \(error.message)", underlying: error)
        }
    }

    struct EmptyResult: Error {}
}
