import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import Synchronization

/// The HTTP/1 server with the live WebSocket upgrade, whose refused upgrades are answered like
/// every other request: hummingbird-websocket answers an upgrade its router declines with a bare
/// `400` and no body (`writeFailedUpgrade`), so a client could not tell a missing token from a bad
/// `since`. Here the WebSocket router's own answer to the refused request (the problem document
/// `ProblemMiddleware` makes: 401, 403 or 400 with a code) is kept per connection and written.
struct LiveUpgradeChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value
    let upgrade: HTTP1WebSocketUpgradeChannel
    let refusals: Refusals

    static func builder(webSocketRouter: Router<LiveContext>, configuration: HTTP1WebSocketUpgradeChannel.Configuration) -> HTTPServerBuilder {
        let refusals = Refusals()
        let webSocketResponder = RecordingResponder(inner: webSocketRouter.buildResponder(), refusals: refusals)
        return HTTPServerBuilder { responder in
            LiveUpgradeChannel(
                upgrade: HTTP1WebSocketUpgradeChannel(responder: responder, webSocketResponder: webSocketResponder, configuration: configuration),
                refusals: refusals
            )
        }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        upgrade.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        // The outcome of the upgrade is internal to the package; read through reflection, and
        // anything unexpected is left to the package as before.
        guard let outcome = Mirror(reflecting: value).descendant("upgradeResult") as? EventLoopFuture<HTTP1WebSocketUpgradeChannel.UpgradeResult>,
            case .failedUpgrade(let http1, let logger)? = try? await outcome.get(),
            let refusal = refusals.take(ObjectIdentifier(value.channel))
        else {
            return await upgrade.handle(value: value, logger: logger)
        }
        do {
            try await http1.executeThenClose { _, outbound in
                var fields = refusal.headers
                fields[.connection] = "close"
                fields[.contentLength] = String(refusal.body.readableBytes)
                try await outbound.write(.head(HTTPResponse(status: refusal.status, headerFields: fields)))
                if refusal.body.readableBytes > 0 { try await outbound.write(.body(refusal.body)) }
                try await outbound.write(.end(nil))
            }
        } catch {
            logger.trace("could not answer a refused WebSocket upgrade", metadata: ["error": "\(error)"])
        }
    }

    /// The WebSocket router's answers that refused an upgrade, by connection, until written.
    final class Refusals: Sendable {
        struct Answer: Sendable {
            var status: HTTPResponse.Status
            var headers: HTTPFields
            var body: ByteBuffer
        }

        private let answers = Mutex<[ObjectIdentifier: Answer]>([:])

        func record(_ answer: Answer, for channel: ObjectIdentifier) { answers.withLock { $0[channel] = answer } }
        func take(_ channel: ObjectIdentifier) -> Answer? { answers.withLock { $0.removeValue(forKey: channel) } }
    }

    /// The WebSocket router, keeping what it answers when it refuses an upgrade.
    struct RecordingResponder<Inner: HTTPResponder<LiveContext>>: HTTPResponder {
        let inner: Inner
        let refusals: Refusals

        func respond(to request: Request, context: LiveContext) async throws -> Response {
            var response = try await inner.respond(to: request, context: context)
            guard response.status != .ok else { return response }
            let body = CollectedBody()
            try await response.body.write(body)
            refusals.record(.init(status: response.status, headers: response.headers, body: body.buffer), for: context.channelID)
            response.body = .init(byteBuffer: body.buffer)
            return response
        }
    }
}

/// A response body gathered in memory (problem documents are small).
private final class CollectedBody: ResponseBodyWriter {
    var buffer = ByteBuffer()
    func write(_ part: ByteBuffer) async throws { buffer.writeImmutableBuffer(part) }
    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
