import DocumentStore
import Foundation
import HTTPTypes
import HouseholdApp
import Households
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

/// The request context of the WebSocket upgrade route.
public struct LiveContext: WebSocketRequestContext, AuthenticatedContext {
    public var coreContext: CoreRequestContextStorage
    public let webSocket: WebSocketHandlerReference<LiveContext>
    public var principal: Principal?
    public var token: String?
    /// The connection, to answer a refused upgrade on it (``LiveUpgradeChannel``).
    let channelID: ObjectIdentifier

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        channelID = ObjectIdentifier(source.channel)
    }
}

/// `GET /api/v1/live` (WebSocket): the caller's live changes. `?since=SEQ` replays what a
/// reconnecting client missed. Authenticated like the API (bearer header or session cookie); a
/// browser's upgrade must come from this server's own pages (the `Origin` matches `Host`).
struct LiveRoutes {
    let services: HouseholdServices
    let hub: LiveHub

    func router() -> Router<LiveContext> {
        let router = Router(context: LiveContext.self)
        router.add(middleware: ProblemMiddleware())
        router.group("api/v1").add(middleware: AuthMiddleware<LiveContext>(accounts: services.accounts)).ws("live") { request, _ in
            if let origin = request.headers[.origin], let host = request.head.authority,
                URL(string: origin)?.host.map({ host == $0 || host.hasPrefix($0 + ":") }) != true
            {
                throw HouseholdError(.forbidden, "Live updates are only for this server's own pages.")
            }
            if let since = request.uri.queryParameters.get("since"), Int64(since) == nil {
                throw HouseholdError.invalid("since", "'since' is the sequence number of the last event you received.")
            }
            return .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            guard let principal = context.requestContext.principal else { return }
            let since = context.request.uri.queryParameters.get("since").flatMap { Int64($0) }
            try await LiveConnection(hub: hub, principal: principal, logger: context.logger).serve(inbound: inbound, outbound: outbound, since: since)
        }
        return router
    }

    /// `GET /api/v1/households/{id}/online`, on the API router.
    func addOnline(to household: RouterGroup<HouseholdContext>) {
        household.get("online", use: online)
    }

    @Sendable func online(_ request: Request, context: HouseholdContext) async throws -> OnlineAnswer {
        let online = try await hub.presence.online(in: context.household)
        return OnlineAnswer(household: context.household, count: online.count, online: online)
    }
}

struct OnlineAnswer: ResponseEncodable {
    var household: String
    var count: Int
    var online: [OnlineUser]
}

/// One client's socket: marks the user online, replays what they missed, then writes the hub's
/// events until either side ends it.
struct LiveConnection {
    let hub: LiveHub
    let principal: Principal
    let logger: Logger

    func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, since: Int64?) async throws {
        let subscription = try await hub.subscribe(userId: principal.user.id)
        let connection = Identifiers.make("ws")
        let households = subscription.scopes.compactMap(\.household).sorted()
        defer {
            Task { [hub, connection] in
                await hub.unsubscribe(subscription.id)
                await hub.presence.disconnect(connection, households: households)
                await hub.wake()
            }
        }
        try await hub.presence.connect(connection, user: principal.user, households: households)
        await hub.wake()
        if let since {
            guard let missed = try await hub.replay(since: since, upTo: subscription.from, scopes: subscription.scopes) else {
                try await outbound.write(.text(LiveEvent.reload("You missed too much to replay; reload, then connect again without 'since'.")))
                try await outbound.close(.normalClosure, reason: "reload")
                return
            }
            for (_, text) in missed { try await outbound.write(.text(text)) }
        }
        try await outbound.write(.text(LiveEvent.hello(seq: subscription.from, userId: principal.user.id)))
        let from = subscription.from
        try await withThrowingTaskGroup(of: Void.self) { group in
            // Reading the client's frames notices a close or a dropped connection; what it says is ignored.
            group.addTask {
                for try await _ in inbound {}
            }
            group.addTask {
                try await Self.write(subscription.stream, to: outbound, after: from)
            }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Writes the hub's events in order, each once; on overflow says where to resume and closes.
    static func write(_ stream: AsyncStream<LiveHub.Outgoing>, to outbound: WebSocketOutboundWriter, after start: Int64) async throws {
        var lastSent = start
        for await outgoing in stream {
            switch outgoing {
            case .event(let seq, let text):
                guard seq > lastSent else { continue }
                try await outbound.write(.text(text))
                lastSent = seq
            case .text(let text):
                try await outbound.write(.text(text))
            case .overflow:
                try await outbound.write(.text(LiveEvent.resume(since: lastSent)))
                try await outbound.close(.goingAway, reason: "too slow: reconnect with since=\(lastSent)")
                return
            }
        }
    }
}
