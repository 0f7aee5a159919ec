import Foundation
import Hummingbird
import Logging
import ReceiptModel

/// One log line per request: method, path (never the query or headers, which could carry
/// secrets), status and duration. Counts and latencies go to swift-metrics through
/// `RequestMetricsMiddleware`.
struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        let response = try await next(request, context)
        context.logger.info(
            "request",
            metadata: [
                "http.method": "\(request.method)", "http.path": "\(request.uri.path)", "http.status": "\(response.status.code)",
                "http.duration_ms": "\(Int((ContinuousClock.now - started).seconds * 1000))",
            ]
        )
        return response
    }
}
