import Foundation
import HouseholdApp
import Households
import Hummingbird

/// `/api/v1/households` and their members and invitations.
struct HouseholdRoutes {
    let services: HouseholdServices

    func add(to group: RouterGroup<APIContext>, household: RouterGroup<HouseholdContext>) {
        group.get("households", use: list)
        group.post("households", use: create)
        group.post("households/join", use: join)
        household.get("", use: show)
        household.patch("", use: rename)
        household.post("invites", use: invite)
        household.delete("members/{userId}", use: removeMember)
    }

    @Sendable func list(_ request: Request, context: APIContext) async throws -> HouseholdCollection {
        let households = try await services.directory.households(of: try context.caller().user.id)
        return HouseholdCollection(households: households.map { HouseholdAnswer($0.value, rev: $0.rev) })
    }

    @Sendable func create(_ request: Request, context: APIContext) async throws -> EditedResponse<HouseholdAnswer> {
        let body = try await JSONBody.read(request, context: context, allowed: ["name"])
        let household = try await services.directory.create(name: try body.requiredString("name"), by: try context.caller().user)
        try await services.adoptHouseholdlessCarts(logger: context.logger)
        return HouseholdAnswer(household.value, rev: household.rev).tagged(
            household.rev,
            status: .created,
            location: "/api/v1/households/\(household.value.id)"
        )
    }

    @Sendable func join(_ request: Request, context: APIContext) async throws -> EditedResponse<HouseholdAnswer> {
        let body = try await JSONBody.read(request, context: context, allowed: ["code"])
        let household = try await services.directory.join(code: try body.requiredString("code"), user: try context.caller().user)
        return HouseholdAnswer(household.value, rev: household.rev).tagged(household.rev)
    }

    @Sendable func show(_ request: Request, context: HouseholdContext) async throws -> EditedResponse<HouseholdAnswer> {
        let household = try await services.directory.household(context.household, for: context.caller.user.id)
        return HouseholdAnswer(household.value, rev: household.rev).tagged(household.rev)
    }

    @Sendable func rename(_ request: Request, context: HouseholdContext) async throws -> EditedResponse<HouseholdAnswer> {
        let body = try await JSONBody.read(request, context: context, allowed: ["name"])
        let household = try await services.directory.rename(
            context.household,
            to: try body.requiredString("name"),
            by: context.caller.user.id,
            ifMatch: try ETag.ifMatch(request)
        )
        return HouseholdAnswer(household.value, rev: household.rev).tagged(household.rev)
    }

    @Sendable func invite(_ request: Request, context: HouseholdContext) async throws -> EditedResponse<InviteCode> {
        let invite = try await services.directory.invite(to: context.household, by: context.caller.user.id)
        return invite.created()
    }

    /// A member leaves, or the owner removes another member.
    @Sendable func removeMember(_ request: Request, context: HouseholdContext) async throws -> HTTPResponse.Status {
        let caller = context.caller.user.id
        let member = try context.parameters.require("userId")
        if member == caller {
            try await services.directory.leave(context.household, userId: caller)
        } else {
            try await services.directory.remove(member: member, from: context.household, by: caller)
        }
        return .noContent
    }
}

struct HouseholdAnswer: ResponseEncodable {
    var id: String
    var rev: Int
    var name: String
    var ownerId: String
    var createdAt: String
    var members: [Household.Member]

    init(_ household: Household, rev: Int) {
        id = household.id
        self.rev = rev
        name = household.name
        ownerId = household.ownerId
        createdAt = household.createdAt
        members = household.members
    }
}

struct HouseholdCollection: ResponseEncodable {
    var households: [HouseholdAnswer]
}
