import Foundation
import HouseholdApp
import Households
import Hummingbird
import WebApp

/// Lists shared beyond the household: members share, rotate the passcode, stop sharing and remove
/// guests on the list's page; anyone logged in joins at `/shared-lists` and then uses the list at
/// `/shared-lists/{listId}` as a guest. Every check is the domain's (`SharedLists.swift`): these
/// routes only find the list and render.
struct SharedListPageRoutes {
    let services: HouseholdServices
    let listPages: ListPageRoutes

    var lists: ShoppingLists { services.lists }

    func add(to households: RouterGroup<HouseholdPageContext>, pages guests: RouterGroup<PageContext>) {
        households.post("lists/{listId}/share", use: share)
        households.get("lists/{listId}/share", use: sharedList)
        households.post("lists/{listId}/unshare", use: unshare)
        households.post("lists/{listId}/guests/{userId}/remove", use: removeGuest)
        guests.get("shared-lists", use: joinPage)
        guests.post("shared-lists/join", use: join)
        guests.get("shared-lists/{listId}", use: guestList)
        guests.post("shared-lists/{listId}/leave", use: leave)
    }

    // MARK: Members

    /// Sharing again rotates the passcode. The page answers the post itself, as the passcode is
    /// shown only this once (it is stored hashed).
    @Sendable func share(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        let listId = try context.parameters.require("listId")
        _ = try await WebForm.read(request, session: session, accounts: services.accounts)
        let share = try await lists.share(listId, in: household.id, by: session.user.id)
        let list = try await lists.list(listId, in: household.id, for: session.user.id).value
        return WebResponse.html(try await listPages.detail(list, request: request, session: session, household: household, fresh: share))
    }

    /// The page above stays at the post's address: a reload, or the script's live check, asks for
    /// it again and gets the list page.
    @Sendable func sharedList(_ request: Request, context: HouseholdPageContext) throws -> Response {
        WebResponse.redirect("/h/\(context.household.id)/lists/\(try context.parameters.require("listId"))")
    }

    @Sendable func unshare(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        let listId = try context.parameters.require("listId")
        _ = try await WebForm.read(request, session: session, accounts: services.accounts)
        try await lists.unshare(listId, in: household.id, by: session.user.id)
        return WebResponse.redirect("/h/\(household.id)/lists/\(listId)")
    }

    @Sendable func removeGuest(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        let listId = try context.parameters.require("listId")
        _ = try await WebForm.read(request, session: session, accounts: services.accounts)
        try await lists.removeGuest(try context.parameters.require("userId"), from: listId, in: household.id, by: session.user.id)
        return WebResponse.redirect("/h/\(household.id)/lists/\(listId)")
    }

    // MARK: Guests

    @Sendable func joinPage(_ request: Request, context: PageContext) async throws -> Response {
        WebResponse.html(try await joinForm(context.session, listId: request.query("list")), request: request)
    }

    /// A wrong passcode shows the form again with why (and, after several, how long to wait).
    @Sendable func join(_ request: Request, context: PageContext) async throws -> Response {
        let session = context.session
        let form = try await WebForm.read(ShareJoinForm.self, request, session: session, accounts: services.accounts)
        do {
            let list = try await lists.join(form.listId ?? "", passcode: form.passcode, user: session.user, address: context.remoteAddress)
            // A member joining their own household's list just goes to it.
            let guest = (list.value.guests ?? []).contains(session.user.id)
            return WebResponse.redirect(guest ? "/shared-lists/\(list.value.id)" : "/h/\(list.value.household)/lists/\(list.value.id)")
        } catch let error as HouseholdError where [.shareInvalid, .throttled, .invalidInput].contains(error.code) {
            return WebResponse.html(try await joinForm(session, listId: form.listId, error: error.message), status: Problem(error).status)
        }
    }

    @Sendable func guestList(_ request: Request, context: PageContext) async throws -> Response {
        let place = try await guestPlace(context.session, listId: try context.parameters.require("listId"))
        let list = try await lists.list(place.listId, in: place.householdId, for: place.session.user.id).value
        let chat = try await SocialPageRoutes.chatSection(
            services: services,
            session: place.session,
            listId: list.id,
            householdId: list.household,
            base: place.page
        )
        return WebResponse.html(SharedListPages.guest(try await frame(place.session, list.name), list: list, chat: chat), request: request)
    }

    @Sendable func leave(_ request: Request, context: PageContext) async throws -> Response {
        let place = try await guestPlace(context.session, listId: try context.parameters.require("listId"))
        _ = try await WebForm.read(request, session: place.session, accounts: services.accounts)
        try await lists.removeGuest(place.session.user.id, from: place.listId, in: place.householdId, by: place.session.user.id)
        let home = try await services.directory.households(of: place.session.user.id).first.map { "/h/\($0.value.id)/lists" }
        return WebResponse.redirect(home ?? "/shared-lists")
    }

    /// A list the caller joined as a guest; any other id (their own household's lists included,
    /// which have their own pages) is not found.
    func guestPlace(_ session: WebSession, listId: String) async throws -> ListPlace {
        guard let list = try await lists.sharedWith(session.user.id).first(where: { $0.value.id == listId }) else {
            throw HouseholdError(.listNotFound, "No such list, or it is no longer shared with you.")
        }
        return ListPlace(session: session, listId: listId, householdId: list.value.household, page: "/shared-lists/\(listId)")
    }

    /// ``guestPlace(_:listId:)`` as a list's forms reach it.
    func guestPlace(_ request: Request, _ context: APIContext) async throws -> ListPlace {
        try await guestPlace(WebSession.current(request, context), listId: try context.parameters.require("listId"))
    }

    /// The form that joins a shared list, with the lists the caller joined before.
    private func joinForm(_ session: WebSession, listId: String?, error: String? = nil) async throws -> HTML {
        var frame = try await frame(session, "Join a shared list")
        frame.error = error
        return SharedListPages.join(frame, listId: listId, joined: try await lists.sharedWith(session.user.id).map(\.value))
    }

    private func frame(_ session: WebSession, _ title: String) async throws -> PageFrame {
        try await session.frame(title, section: .lists, outsideHousehold: services.directory)
    }
}

/// Joining a shared list: its id and passcode.
struct ShareJoinForm: PageForm {
    var listId: String?
    var passcode: String

    init(_ form: WebForm) {
        listId = form["listId"]
        passcode = form["passcode"] ?? ""
    }
}
