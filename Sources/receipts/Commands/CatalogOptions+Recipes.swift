import Catalog
import CurlHTTP
import Foundation
import Logging

extension CatalogOptions {
    /// The Chomp Recipe API client when `CHOMP_RECIPE_API_KEY` is set (its own key; the base URL
    /// is the food API's, --chomp-url or `CHOMP_BASE_URL`); `nil` offers presets only.
    func recipeClient(logger: Logger, environment: [String: String] = ProcessInfo.processInfo.environment) -> ChompRecipeClient? {
        guard let key = environment["CHOMP_RECIPE_API_KEY"], !key.isEmpty else { return nil }
        let http = HTTPClient(
            configuration: HTTPClientConfiguration(userAgent: "receipts/\(ReceiptsVersion.string)", requestsPerMinute: rate, burst: 5),
            logger: logger
        )
        let base = chompURL ?? environment["CHOMP_BASE_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? ChompConfiguration.defaultBaseURL
        return ChompRecipeClient(apiKey: key, baseURL: base, http: http, logger: logger)
    }
}
