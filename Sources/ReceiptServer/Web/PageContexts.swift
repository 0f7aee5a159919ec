import Households
import Hummingbird

/// The context of the web app's pages behind the login: the session ``WebPageMiddleware`` found.
struct PageContext: ChildRequestContext {
    var coreContext: CoreRequestContextStorage
    let session: WebSession
    /// The caller's address, for the domain's throttles (a shared list's passcode).
    let remoteAddress: String?

    init(context: APIContext) throws {
        // Routes of this context sit behind the page middleware, which sets it.
        guard let session = context.webSession else { throw HouseholdError(.unauthenticated, "Log in first.") }
        coreContext = context.coreContext
        self.session = session
        remoteAddress = context.remoteAddress
    }

    /// As ``APIContext``: uploads are read by their routes with their own limits.
    var maxUploadSize: Int { 1 << 20 }
}

/// The context of a household's pages (`/h/{householdId}/…`): the session and the household, of
/// which ``HouseholdPageMiddleware`` found the caller a member.
struct HouseholdPageContext: ChildRequestContext {
    var coreContext: CoreRequestContextStorage
    let session: WebSession
    let household: Household

    init(context: APIContext) throws {
        guard let session = context.webSession, let household = context.pageHousehold else { throw HouseholdError.householdNotFound }
        coreContext = context.coreContext
        self.session = session
        self.household = household
    }

    var maxUploadSize: Int { 1 << 20 }
}

/// Reads `{householdId}`'s household once for its pages: another household's id is a 404 page,
/// exactly like one that does not exist.
struct HouseholdPageMiddleware: RouterMiddleware {
    typealias Context = APIContext
    let directory: HouseholdDirectory

    func handle(_ request: Request, context: APIContext, next: (Request, APIContext) async throws -> Response) async throws -> Response {
        let session = try WebSession.current(request, context)
        let household = try await directory.household(try context.parameters.require("householdId"), for: session.user.id)
        var context = context
        context.pageHousehold = household.value
        return try await next(request, context)
    }
}

/// The context of a list's forms, for members (`h/{householdId}/lists/{listId}`) and guests
/// (`shared-lists/{listId}`) alike: the list as ``ListPlaceMiddleware`` found it for the caller.
/// The domain checks again that the caller may change it.
struct ListPageContext: ChildRequestContext {
    var coreContext: CoreRequestContextStorage
    let place: ListPlace

    init(context: APIContext) throws {
        guard let place = context.listPlace else { throw HouseholdError(.listNotFound, "No such list.") }
        coreContext = context.coreContext
        self.place = place
    }

    var session: WebSession { place.session }
    var maxUploadSize: Int { 1 << 20 }
}

/// Finds the list of a list's forms once, as `resolve` finds it for the caller (a member's list of
/// their household, or a list shared with a guest); any other is a 404 page.
struct ListPlaceMiddleware: RouterMiddleware {
    typealias Context = APIContext
    let resolve: @Sendable (Request, APIContext) async throws -> ListPlace

    func handle(_ request: Request, context: APIContext, next: (Request, APIContext) async throws -> Response) async throws -> Response {
        var context = context
        context.listPlace = try await resolve(request, context)
        return try await next(request, context)
    }
}

extension RouterGroup<APIContext> {
    /// The pages behind the login, with a ``PageContext``.
    func pages() -> RouterGroup<PageContext> { group(context: PageContext.self) }

    /// The pages under `h/{householdId}`, with a ``HouseholdPageContext``.
    func householdPages(_ directory: HouseholdDirectory) -> RouterGroup<HouseholdPageContext> {
        group("h/{householdId}").add(middleware: HouseholdPageMiddleware(directory: directory)).group(context: HouseholdPageContext.self)
    }

    /// A list's forms under `path`, with a ``ListPageContext`` of the list `resolve` finds.
    func listForms(_ path: RouterPath, resolve: @escaping @Sendable (Request, APIContext) async throws -> ListPlace) -> RouterGroup<ListPageContext> {
        group(path).add(middleware: ListPlaceMiddleware(resolve: resolve)).group(context: ListPageContext.self)
    }
}
