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

    func add(to pages: RouterGroup<APIContext>) {
        addMemberRoutes(to: pages)
        addGuestRoutes(to: pages)
    }

    private func addMemberRoutes(to pages: RouterGroup<APIContext>) {
        let lists = services.lists
        // Sharing again rotates the passcode. The page answers the post itself, as the passcode
        // is shown only this once (it is stored hashed).
        pages.page(.post, "h/{householdId}/lists/{listId}/share", services: services) { request, context, session, household in
            let listId = try context.parameters.require("listId")
            _ = try await WebForm.read(request, session: session, accounts: services.accounts)
            let share = try await lists.share(listId, in: household.id, by: session.user.id)
            let list = try await lists.list(listId, in: household.id, for: session.user.id).value
            return WebResponse.html(try await listPages.detail(list, request: request, session: session, household: household, fresh: share))
        }
        // The page above stays at the post's address: a reload, or the script's live check, asks
        // for it again and gets the list page.
        pages.page(.get, "h/{householdId}/lists/{listId}/share", services: services) { _, context, _, household in
            WebResponse.redirect("/h/\(household.id)/lists/\(try context.parameters.require("listId"))")
        }
        pages.page(.post, "h/{householdId}/lists/{listId}/unshare", services: services) { request, context, session, household in
            let listId = try context.parameters.require("listId")
            _ = try await WebForm.read(request, session: session, accounts: services.accounts)
            try await lists.unshare(listId, in: household.id, by: session.user.id)
            return WebResponse.redirect("/h/\(household.id)/lists/\(listId)")
        }
        pages.page(.post, "h/{householdId}/lists/{listId}/guests/{userId}/remove", services: services) { request, context, session, household in
            let listId = try context.parameters.require("listId")
            _ = try await WebForm.read(request, session: session, accounts: services.accounts)
            try await lists.removeGuest(try context.parameters.require("userId"), from: listId, in: household.id, by: session.user.id)
            return WebResponse.redirect("/h/\(household.id)/lists/\(listId)")
        }
    }

    private func addGuestRoutes(to pages: RouterGroup<APIContext>) {
        let lists = services.lists
        pages.get("shared-lists") { request, context in
            let session = try WebSession.current(request, context)
            let page = SharedListPages.join(
                try await frame(session, "Join a shared list"),
                listId: request.query("list"),
                joined: try await lists.sharedWith(session.user.id).map(\.value)
            )
            return WebResponse.html(page, request: request)
        }
        // A wrong passcode shows the form again with why (and, after several, how long to wait).
        pages.post("shared-lists/join") { request, context in
            let session = try WebSession.current(request, context)
            let form = try await WebForm.read(request, session: session, accounts: services.accounts)
            do {
                let list = try await lists.join(
                    form["listId"] ?? "",
                    passcode: form["passcode"] ?? "",
                    user: session.user,
                    address: context.remoteAddress
                )
                // A member joining their own household's list just goes to it.
                let guest = (list.value.guests ?? []).contains(session.user.id)
                return WebResponse.redirect(guest ? "/shared-lists/\(list.value.id)" : "/h/\(list.value.household)/lists/\(list.value.id)")
            } catch let error as HouseholdError where [.shareInvalid, .throttled, .invalidInput].contains(error.code) {
                var frame = try await frame(session, "Join a shared list")
                frame.error = error.message
                let page = SharedListPages.join(frame, listId: form["listId"], joined: try await lists.sharedWith(session.user.id).map(\.value))
                return WebResponse.html(page, status: Problem(error).status)
            }
        }
        pages.get("shared-lists/{listId}") { request, context in
            let place = try await guestPlace(request, context)
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
        listPages.addEntryRoutes(to: pages, under: "shared-lists/{listId}", resolve: guestPlace)
        pages.post("shared-lists/{listId}/leave") { request, context in
            let place = try await guestPlace(request, context)
            _ = try await WebForm.read(request, session: place.session, accounts: services.accounts)
            try await lists.removeGuest(place.session.user.id, from: place.listId, in: place.householdId, by: place.session.user.id)
            let home = try await services.directory.households(of: place.session.user.id).first.map { "/h/\($0.value.id)/lists" }
            return WebResponse.redirect(home ?? "/shared-lists")
        }
    }

    /// A list the caller joined as a guest; any other id (their own household's lists included,
    /// which have their own pages) is not found.
    func guestPlace(_ request: Request, _ context: APIContext) async throws -> ListPlace {
        let session = try WebSession.current(request, context)
        let listId = try context.parameters.require("listId")
        guard let list = try await services.lists.sharedWith(session.user.id).first(where: { $0.value.id == listId }) else {
            throw HouseholdError(.listNotFound, "No such list, or it is no longer shared with you.")
        }
        return ListPlace(session: session, listId: listId, householdId: list.value.household, page: "/shared-lists/\(listId)")
    }

    private func frame(_ session: WebSession, _ title: String) async throws -> PageFrame {
        try await session.frame(title, section: .lists, outsideHousehold: services.directory)
    }
}
