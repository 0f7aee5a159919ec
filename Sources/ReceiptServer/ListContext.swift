import Households
import Hummingbird

/// The context of the routes under `households/{householdId}/lists/{listId}`. Those serve the
/// household's members and the guests the list is shared with, so no middleware checks
/// membership: the domain decides who may do what (a guest reads and changes entries and may
/// leave; renaming, deleting and sharing are the members'), and answers a stranger 404.
struct ListContext: ChildRequestContext {
    var coreContext: CoreRequestContextStorage
    let caller: Principal
    /// The household the path names (the list's, if the caller may see it at all).
    let household: String
    let list: String

    init(context: APIContext) throws {
        coreContext = context.coreContext
        caller = try context.caller()
        household = try context.parameters.require("householdId")
        list = try context.parameters.require("listId")
    }

    /// Answers are written by the API's encoder (``APIResponseEncoder``).
    var responseEncoder: APIResponseEncoder { APIResponseEncoder() }

    /// As ``APIContext``: uploads are read by their routes with their own limits.
    var maxUploadSize: Int { 1 << 20 }
}

extension RouterGroup<APIContext> {
    /// The routes under `households/{householdId}/lists/{listId}`, with a ``ListContext``.
    func list() -> RouterGroup<ListContext> {
        group("households/{householdId}/lists/{listId}", context: ListContext.self)
    }
}
