import HTTPTypes
import Hummingbird
import WebApp

/// The installable, offline-first app: its manifest, its service worker (at the root, so that its
/// scope is the whole site) and the page the worker shows for a page it has not kept. Public:
/// the worker installs and precaches before anyone logs in.
struct OfflinePageRoutes {
    func add(to router: Router<APIContext>) {
        router.get("manifest.webmanifest", use: manifest)
        router.get("sw.js", use: serviceWorker)
        router.get("offline", use: fallback)
    }

    /// Logging out: what the app kept for offline use (pages, lists, queued changes) goes with
    /// the session, also in a browser whose script did not run.
    static func clearOfflineData(on response: inout Response) {
        response.headers[HTTPField.Name("Clear-Site-Data")!] = "\"cache\", \"storage\""
    }

    @Sendable func manifest(_ request: Request, context: APIContext) throws -> Response {
        try WebResponse.asset("manifest.webmanifest", request: request)
    }

    /// Never kept by the HTTP cache, so a new build's worker is found at the next page load.
    @Sendable func serviceWorker(_ request: Request, context: APIContext) throws -> Response {
        guard let worker = WebAssets.serviceWorker else { throw Problem.notFound }
        var headers: HTTPFields = [.contentType: worker.contentType, .eTag: worker.etag, .cacheControl: "no-cache"]
        WebResponse.addSecurityHeaders(&headers)
        if request.headers[.ifNoneMatch] == worker.etag { return Response(status: .notModified, headers: headers) }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: worker.data)))
    }

    @Sendable func fallback(_ request: Request, context: APIContext) throws -> Response {
        WebResponse.html(OfflinePages.fallback(), request: request)
    }
}
