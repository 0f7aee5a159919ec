import HTTPTypes
import Hummingbird
import Synchronization

/// The router's paths and the methods each serves, read once the routes are all added.
final class RouteTable: Sendable {
    private let routes = Mutex<[(path: [RouterPath.Element], method: HTTPRequest.Method)]>([])

    func load<Context>(_ router: Router<Context>) {
        let table = router.routes.map { (path: $0.path.components, method: $0.method) }
        routes.withLock { $0 = table }
    }

    /// The methods served at `path`, sorted; empty when no route has this path. Where several
    /// route paths match (`households/join` and `households/{householdId}`), only the one the
    /// router itself would take counts: at each segment a literal beats a capture, which beats a
    /// wildcard.
    func methods(at path: String) -> [HTTPRequest.Method] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        let matching = routes.withLock { routes in routes.filter { Self.matches($0.path, segments) } }
        guard let best = matching.map({ Self.rank($0.path) }).min(by: { $0.lexicographicallyPrecedes($1) }) else { return [] }
        let methods = matching.filter { Self.rank($0.path) == best }.map(\.method)
        return Set(methods.map(\.rawValue)).sorted().compactMap { HTTPRequest.Method($0) }
    }

    /// How specific each element of a route path is, lower first (read from its description,
    /// the element's one public view of its kind: `{id}` a capture, `*` a wildcard, `**` the rest).
    private static func rank(_ route: [RouterPath.Element]) -> [Int] {
        route.map { element in
            let text = element.description
            if element == .recursiveWildcard { return 3 }
            if text.contains("{") { return 1 }
            if text.contains("*") { return 2 }
            return 0
        }
    }

    private static func matches(_ route: [RouterPath.Element], _ segments: [Substring]) -> Bool {
        var remaining = segments[...]
        for element in route {
            if element == .recursiveWildcard { return true }
            guard let segment = remaining.popFirst(), element ~= segment else { return false }
        }
        return remaining.isEmpty
    }
}

/// A known path asked with a method it does not serve answers `405 Method Not Allowed` with the
/// `Allow` header (RFC 9110 §15.5.6) rather than the router's 404, for every route at once.
struct MethodNotAllowedMiddleware<Context: RequestContext>: RouterMiddleware {
    let table: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound && context.endpointPath == "NotFound" {
            // Only the router's own miss ("NotFound" is the endpoint its not-found responder sets).
            let allowed = table.methods(at: request.uri.path)
            guard !allowed.isEmpty else { throw error }
            let allow = allowed.map(\.rawValue).joined(separator: ", ")
            throw Problem(
                .methodNotAllowed,
                "request.method-not-allowed",
                "\(request.method.rawValue) is not served here; this address answers \(allow).",
                headers: [.allow: allow]
            )
        }
    }
}
