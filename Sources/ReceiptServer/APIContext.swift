import Households
import Hummingbird
import Logging
import NIOCore

/// The request context of every route: the caller once authenticated, and the client's address
/// (for login throttling).
public struct APIContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Set by ``AuthMiddleware`` on authenticated routes.
    public var principal: Principal?
    /// The bearer token or session cookie the caller came with (to log out that session).
    public var token: String?
    public let remoteAddress: String?
    /// Set by ``HouseholdMembershipMiddleware`` on routes under `households/{householdId}`.
    var membership: HouseholdMembership?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress
    }

    /// The caller; routes behind ``AuthMiddleware`` always have one.
    func caller() throws -> Principal {
        guard let principal else { throw HouseholdError(.unauthenticated, "Log in first.") }
        return principal
    }

    /// Uploads are read by the receipt route itself with its own limit; JSON bodies stay small.
    public var maxUploadSize: Int { 1 << 20 }
}
