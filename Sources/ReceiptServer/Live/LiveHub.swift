import DocumentStore
import Foundation
import Households
import Hummingbird
import Logging
import ReceiptModel
import ServiceLifecycle

/// Live updates for one server instance: reads the store's change feed (which every instance
/// shares on PostgreSQL, so a change made through another instance arrives the same way) and
/// hands each change to the connected clients whose households, groups or own account it
/// concerns.
///
/// Delivery: every event carries the change's sequence number. A client that reconnects with
/// `since` first gets the changes it missed, read from the store up to where the live stream took
/// over, so nothing comes twice and nothing is lost; more than ``Settings/maximumReplay`` missed
/// changes answer `reload`. Each client has a bounded queue: one that does not keep up is sent
/// `resume` with the last sequence it was given and disconnected, so a slow phone never makes the
/// server hold more than ``Settings/queueLimit`` events for it.
public actor LiveHub: Service {
    public struct Settings: Sendable {
        /// How often the feed is read when nothing on this instance wrote (changes through another
        /// instance arrive within this).
        public var pollInterval: Duration
        public var queueLimit: Int
        public var maximumReplay: Int
        /// How long a connection counts as online without a heartbeat (a crashed instance's
        /// clients drop off after this).
        public var presenceLifetime: Duration

        public init(
            pollInterval: Duration = .milliseconds(100),
            queueLimit: Int = 1_000,
            maximumReplay: Int = 10_000,
            presenceLifetime: Duration = .seconds(90)
        ) {
            self.pollInterval = pollInterval
            self.queueLimit = queueLimit
            self.maximumReplay = maximumReplay
            self.presenceLifetime = presenceLifetime
        }
    }

    struct Subscriber {
        let userId: String
        var scopes: Set<LiveScope>
        let continuation: AsyncStream<Outgoing>.Continuation
    }

    /// What a connection's writer sends.
    enum Outgoing: Sendable {
        case event(seq: Int64, text: String)
        case text(String)
        /// The queue overflowed: send `resume` and close.
        case overflow
    }

    let store: any DocumentStore
    let presence: Presence
    let settings: Settings
    let logger: Logger
    /// Run with each presence heartbeat: ends what has expired (shopping statuses), so that
    /// clients hear of it.
    let housekeeping: @Sendable () async throws -> Void
    private var cursor: Int64 = -1
    /// Who was last announced online per household.
    private var lastAnnounced: [String: [OnlineUser]] = [:]
    private var subscribers: [Int: Subscriber] = [:]
    private var nextId = 0
    private var wakeUp: CheckedContinuation<Void, Never>?
    /// How long the feed reader sleeps when nothing wakes it.
    private var idleInterval: Duration = .zero
    private var pendingWake = false

    public init(
        store: any DocumentStore,
        settings: Settings = Settings(),
        housekeeping: @escaping @Sendable () async throws -> Void = {},
        logger: Logger
    ) {
        self.store = store
        self.housekeeping = housekeeping
        self.settings = settings
        self.logger = logger
        presence = Presence(store: store, lifetime: settings.presenceLifetime)
    }

    /// The connected clients (for metrics and the benchmark).
    public var connectionCount: Int { subscribers.count }

    /// Reads the feed until the service is shut down.
    public func run() async throws {
        try await start()
        let heartbeat = Task { [presence, logger, housekeeping, settings] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(max(1, settings.presenceLifetime.components.seconds / 3)))
                do {
                    try await presence.heartbeat()
                    try await housekeeping()
                } catch {
                    logger.warning("presence heartbeat failed", metadata: ["error": "\(error)"])
                }
            }
        }
        defer { heartbeat.cancel() }
        // On PostgreSQL every instance's writes are announced by NOTIFY: read at once, and poll
        // only as a fallback.
        let signals = store.changeSignals()
        let listener = signals.map { signals in
            Task { [weak self] in
                for await _ in signals { await self?.wake() }
            }
        }
        defer { listener?.cancel() }
        if signals != nil { idleInterval = max(settings.pollInterval, .seconds(1)) }
        await withGracefulShutdownHandler {
            while !Task.isShuttingDownGracefully && !Task.isCancelled {
                do {
                    try await poll()
                } catch {
                    logger.warning("reading the change feed failed; retrying", metadata: ["error": "\(error)"])
                }
                await sleep()
            }
        } onGracefulShutdown: {
            Task { await self.wake() }
        }
        for (_, subscriber) in subscribers { subscriber.continuation.finish() }
        subscribers.removeAll()
    }

    /// Starts from the store's current end (clients catch up with `since`).
    func start() async throws {
        if cursor < 0 { cursor = try await store.lastSequence() }
    }

    /// Reads the feed now rather than at the next tick (called after this instance's own writes).
    public func wake() {
        if let wakeUp {
            self.wakeUp = nil
            wakeUp.resume()
        } else {
            pendingWake = true
        }
    }

    private func sleep() async {
        if pendingWake {
            pendingWake = false
            return
        }
        let interval = idleInterval > .zero ? idleInterval : settings.pollInterval
        let timer = Task { [weak self] in
            guard (try? await Task.sleep(for: interval)) != nil else { return }
            await self?.wake()
        }
        await withCheckedContinuation { wakeUp = $0 }
        timer.cancel()
    }

    /// Hands every change since the cursor to the subscribers who may see it.
    func poll() async throws {
        try await start()
        // Nobody listening: nothing to hand out, and a subscriber who comes later catches up from
        // its own `since`. Skip to the end rather than read every change. What was announced
        // before is forgotten, so the next subscriber hears who is online afresh.
        if subscribers.isEmpty {
            let end = try await store.lastSequence()
            // Someone may have subscribed while the store answered, from the old cursor: then the
            // changes since it are theirs, read below.
            if subscribers.isEmpty {
                cursor = max(cursor, end)
                lastAnnounced.removeAll()
                return
            }
        }
        while true {
            let changes = try await store.changes(since: cursor, limit: 500)
            guard let last = changes.last else { return }
            // Presence is announced once per household and batch, not once per connection that
            // came or went: 500 phones connecting must not make 500 × 500 messages.
            var presenceChanged = Set<String>()
            for change in changes {
                if LiveScopes.membershipCollections.contains(change.collection), let user = Self.member(of: change) {
                    try await refreshScopes(of: user)
                }
                let scopes = LiveScopes.of(change)
                if !scopes.isEmpty {
                    // Written once, and only when somebody is to receive it.
                    var text: String?
                    for (id, subscriber) in subscribers where !subscriber.scopes.isDisjoint(with: scopes) {
                        let event = text ?? LiveEvent.change(change)
                        text = event
                        send(.event(seq: change.seq, text: event), to: id)
                    }
                }
                if change.collection == Presence.collection, let household = change.document?["household"]?.stringValue {
                    presenceChanged.insert(household)
                }
            }
            for household in presenceChanged.sorted() {
                // Heartbeats rewrite presence without changing who is online: say nothing then.
                let online = try await presence.online(in: household)
                if lastAnnounced[household] == online { continue }
                lastAnnounced[household] = online
                let text = LiveEvent.presence(household: household, online: online)
                for (id, subscriber) in subscribers where subscriber.scopes.contains(.household(household)) { send(.text(text), to: id) }
            }
            cursor = last.seq
            if changes.count < 500 { return }
        }
    }

    private func send(_ outgoing: Outgoing, to id: Int) {
        guard let subscriber = subscribers[id] else { return }
        // The queue holds `queueLimit` events and one slot more for the overflow marker: once the
        // events fill it, the marker goes in and the stream ends; the writer then sends `resume`
        // with the last sequence it delivered, and closes.
        if case .enqueued(let remaining) = subscriber.continuation.yield(outgoing), remaining > 1 { return }
        do {
            subscribers[id] = nil
            subscriber.continuation.yield(.overflow)
            subscriber.continuation.finish()
            logger.info("a slow live client was disconnected", metadata: ["user.id": "\(subscriber.userId)"])
        }
    }

    static func member(of change: StoreChange) -> String? {
        change.document?["userId"]?.stringValue ?? change.id.split(separator: "|").first.map(String.init)
    }

    private func refreshScopes(of userId: String) async throws {
        guard subscribers.values.contains(where: { $0.userId == userId }) else { return }
        let scopes = try await Self.scopes(of: userId, store: store)
        for (id, subscriber) in subscribers where subscriber.userId == userId { subscribers[id]?.scopes = scopes }
    }

    /// Everything a user may see: their households, their expense groups, the lists shared with
    /// them, and themselves.
    static func scopes(of userId: String, store: any DocumentStore) async throws -> Set<LiveScope> {
        var scopes: Set<LiveScope> = [.user(userId)]
        for try await link in store.query(DocumentQuery(collection: Collections.memberships, filters: [.equals("userId", userId)])) {
            if let household = link.document["householdId"]?.stringValue { scopes.insert(.household(household)) }
        }
        for try await link in store.query(DocumentQuery(collection: Collections.groupMemberships, filters: [.equals("userId", userId)])) {
            if let group = link.document["groupId"]?.stringValue { scopes.insert(.group(group)) }
        }
        for try await link in store.query(DocumentQuery(collection: Collections.listGuests, filters: [.equals("userId", userId)])) {
            if let list = link.document["listId"]?.stringValue { scopes.insert(.list(list)) }
        }
        return scopes
    }

    /// A new connection. Live changes after the hub's cursor go to its queue; the returned
    /// replay holds what it missed since `since` (up to that cursor), already filtered.
    /// - Returns: nil replay with a reason when `since` is too far behind (or ahead).
    func subscribe(userId: String) async throws -> (id: Int, scopes: Set<LiveScope>, from: Int64, stream: AsyncStream<Outgoing>) {
        try await start()
        let scopes = try await Self.scopes(of: userId, store: store)
        let (stream, continuation) = AsyncStream<Outgoing>.makeStream(bufferingPolicy: .bufferingOldest(settings.queueLimit + 1))
        nextId += 1
        subscribers[nextId] = Subscriber(userId: userId, scopes: scopes, continuation: continuation)
        return (nextId, scopes, cursor, stream)
    }

    func unsubscribe(_ id: Int) {
        subscribers.removeValue(forKey: id)?.continuation.finish()
    }

    /// What a client missed between `since` and `upTo`, as event texts in order.
    /// - Returns: nil when more than ``Settings/maximumReplay`` changes are missing, or `since`
    ///   is ahead of the store (a client of another store).
    nonisolated func replay(since: Int64, upTo: Int64, scopes: Set<LiveScope>) async throws -> [(Int64, String)]? {
        guard since <= upTo else { return nil }
        var events: [(Int64, String)] = []
        var position = since
        var read = 0
        while position < upTo {
            let changes = try await store.changes(since: position, limit: 500)
            guard let last = changes.last else { break }
            for change in changes where change.seq <= upTo {
                read += 1
                if read > settings.maximumReplay { return nil }
                if !LiveScopes.of(change).isDisjoint(with: scopes) { events.append((change.seq, LiveEvent.change(change))) }
            }
            position = last.seq
            if changes.count < 500 { break }
        }
        return events
    }
}

/// Wakes the hub after a request that may have written, so this instance's own changes go out at
/// once rather than at the next poll.
struct LiveWakeMiddleware<Context: RequestContext>: RouterMiddleware {
    let hub: LiveHub

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let response = try await next(request, context)
        if ![.get, .head, .options].contains(request.method) { await hub.wake() }
        return response
    }
}
