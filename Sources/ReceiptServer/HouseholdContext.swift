import Households
import Hummingbird

/// A caller who is a member of the household a route names, resolved once per request by
/// ``HouseholdMembershipMiddleware``.
struct HouseholdMembership: Sendable {
    let caller: Principal
    let household: String
}

/// The context of the routes under `households/{householdId}`: the caller and their household are
/// not optional, so handlers neither read the path parameter nor check membership again. (One
/// list's routes, which its guests reach too, have a ``ListContext`` instead.)
struct HouseholdContext: ChildRequestContext {
    var coreContext: CoreRequestContextStorage
    let caller: Principal
    /// The household's id, of which ``caller`` is a member.
    let household: String

    init(context: APIContext) throws {
        // Routes of this context sit behind the membership middleware, which sets it.
        guard let membership = context.membership else { throw HouseholdError.householdNotFound }
        coreContext = context.coreContext
        caller = membership.caller
        household = membership.household
    }

    /// Answers are written by the API's encoder (``APIResponseEncoder``).
    var responseEncoder: APIResponseEncoder { APIResponseEncoder() }

    /// As ``APIContext``: uploads are read by their routes with their own limits.
    var maxUploadSize: Int { 1 << 20 }
}

/// Resolves the caller's membership of `{householdId}`: another household's id answers 404
/// exactly like a missing one (``HouseholdError/householdNotFound``).
struct HouseholdMembershipMiddleware: RouterMiddleware {
    typealias Context = APIContext
    let directory: HouseholdDirectory

    func handle(_ request: Request, context: APIContext, next: (Request, APIContext) async throws -> Response) async throws -> Response {
        let household = try context.parameters.require("householdId")
        let caller = try context.caller()
        try await directory.requireMember(household, userId: caller.user.id)
        var context = context
        context.membership = HouseholdMembership(caller: caller, household: household)
        return try await next(request, context)
    }
}

extension RouterGroup<APIContext> {
    /// The routes under `households/{householdId}`, with a ``HouseholdContext``.
    func household(_ directory: HouseholdDirectory) -> RouterGroup<HouseholdContext> {
        group("households/{householdId}").add(middleware: HouseholdMembershipMiddleware(directory: directory)).group(context: HouseholdContext.self)
    }
}
