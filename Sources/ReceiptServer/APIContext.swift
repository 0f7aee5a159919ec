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
    /// Set by ``HouseholdMembershipMiddleware`` on routes under `households/{householdId}`.
    var membership: HouseholdMembership?
    /// Set by ``WebPageMiddleware`` on the pages behind the login.
    var webSession: WebSession?
    /// Set by ``HouseholdPageMiddleware`` on a household's pages.
    var pageHousehold: Household?
    /// Set by ``ListPlaceMiddleware`` on a list's forms (a member's or a guest's).
    var listPlace: ListPlace?
    /// Kept to find the client's address when a route asks: reading it takes the channel's lock
    /// and formats the address, which most requests never need.
    private let channel: any Channel

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    /// The client's IP address, for login throttling.
    public var remoteAddress: String? { channel.remoteAddress?.ipAddress }

    /// The caller; routes behind ``AuthMiddleware`` always have one.
    func caller() throws -> Principal {
        guard let principal else { throw HouseholdError(.unauthenticated, "Log in first.") }
        return principal
    }

    /// Answers are written by the API's encoder (``APIResponseEncoder``).
    public var responseEncoder: APIResponseEncoder { APIResponseEncoder() }

    /// Uploads are read by the receipt route itself with its own limit; JSON bodies stay small.
    public var maxUploadSize: Int { 1 << 20 }
}
