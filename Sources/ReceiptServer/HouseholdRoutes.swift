import Foundation
import HouseholdApp
import Households
import Hummingbird

/// `/api/v1/households` and their members and invitations.
struct HouseholdRoutes {
    let services: HouseholdServices

    func add(to group: RouterGroup<APIContext>) {
        group.get("households") { _, context in
            let households = try await services.directory.households(of: try context.caller().user.id)
            return try JSONResponse.make(HouseholdCollection(households: households.map { HouseholdAnswer($0.value, rev: $0.rev) }))
        }
        group.post("households") { request, context in
            let body = try await JSONBody.read(request, context: context, allowed: ["name"])
            let household = try await services.directory.create(name: try body.requiredString("name"), by: try context.caller().user)
            try await services.adoptHouseholdlessCarts(logger: context.logger)
            return try JSONResponse.make(
                HouseholdAnswer(household.value, rev: household.rev), status: .created, etag: household.rev,
                headers: [.location: "/api/v1/households/\(household.value.id)"])
        }
        group.post("households/join") { request, context in
            let body = try await JSONBody.read(request, context: context, allowed: ["code"])
            let household = try await services.directory.join(code: try body.requiredString("code"), user: try context.caller().user)
            return try JSONResponse.make(HouseholdAnswer(household.value, rev: household.rev), etag: household.rev)
        }
        group.get("households/{householdId}") { _, context in
            let household = try await services.directory.household(try context.parameters.require("householdId"), for: try context.caller().user.id)
            return try JSONResponse.make(HouseholdAnswer(household.value, rev: household.rev), etag: household.rev)
        }
        group.patch("households/{householdId}") { request, context in
            let body = try await JSONBody.read(request, context: context, allowed: ["name"])
            let household = try await services.directory.rename(
                try context.parameters.require("householdId"), to: try body.requiredString("name"), by: try context.caller().user.id,
                ifMatch: try ETag.ifMatch(request))
            return try JSONResponse.make(HouseholdAnswer(household.value, rev: household.rev), etag: household.rev)
        }
        group.post("households/{householdId}/invites") { _, context in
            let invite = try await services.directory.invite(to: try context.parameters.require("householdId"), by: try context.caller().user.id)
            return try JSONResponse.make(invite, status: .created)
        }
        group.delete("households/{householdId}/members/{userId}") { _, context in
            let caller = try context.caller().user.id
            let householdId = try context.parameters.require("householdId")
            let member = try context.parameters.require("userId")
            if member == caller {
                try await services.directory.leave(householdId, userId: caller)
            } else {
                try await services.directory.remove(member: member, from: householdId, by: caller)
            }
            return JSONResponse.noContent()
        }
    }
}

struct HouseholdAnswer: Encodable {
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

struct HouseholdCollection: Encodable {
    var households: [HouseholdAnswer]
}
