import Households
import Logging
import ServiceLifecycle

/// Runs the notification feed reader (``NotificationFeed``) beside the live hub: it reads the
/// store's change feed every ``interval``, stores the notifications the changes make, and wakes
/// the hub so that they reach their users' pages at once.
struct NotificationFeedService: Service {
    let feed: NotificationFeed
    let hub: LiveHub
    var interval: Duration = .milliseconds(200)
    let logger: Logger

    func run() async throws {
        await withGracefulShutdownHandler {
            while !Task.isShuttingDownGracefully && !Task.isCancelled {
                do {
                    try await feed.catchUp(delivery: hub)
                } catch {
                    logger.warning("making notifications failed; retrying", metadata: ["error": "\(error)"])
                }
                try? await Task.sleep(for: interval)
            }
        } onGracefulShutdown: {
        }
    }
}

/// The live hub is the one way notifications reach people now: they are documents in the store,
/// so the hub's own feed reader sends each to its user's open pages (`type: notification`). A
/// push relay would be another ``NotificationDelivery``.
extension LiveHub: NotificationDelivery {
    public nonisolated func deliver(_ notifications: [UserNotification]) async {
        await wake()
    }
}
