import Foundation
import Hummingbird
import Logging

/// One log line per request: method, path (never the query or headers, which could carry
/// secrets), status and duration; and the counts behind `/metrics`.
struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            metrics.recordRequest(status: 500, seconds: (ContinuousClock.now - started).seconds)
            throw error
        }
        let seconds = (ContinuousClock.now - started).seconds
        metrics.recordRequest(status: response.status.code, seconds: seconds)
        context.logger.info(
            "request",
            metadata: [
                "http.method": "\(request.method)", "http.path": "\(request.uri.path)", "http.status": "\(response.status.code)",
                "http.duration_ms": "\(Int(seconds * 1000))",
            ])
        return response
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
