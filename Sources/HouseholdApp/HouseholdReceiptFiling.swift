import Households
import Logging
import ReceiptModel
import ReceiptPipeline

/// `receipts ingest --household`: each cart read goes into the household the way an uploaded
/// receipt's does (``ReceiptJobReading``): bought and added by a member, stored through the
/// household's write path with its change log, and the list entries it bought ticked.
public struct HouseholdReceiptFiling: ReceiptCartFiling {
    let services: HouseholdServices
    let member: Household.Member
    let logger: Logger

    /// - Parameter member: a member's user id or display name; `nil` for the household's owner.
    /// - Throws: ``HouseholdError/householdNotFound`` or a `household.member-unknown` invalid value.
    public init(services: HouseholdServices, household householdId: String, member: String?, logger: Logger) async throws {
        guard let household = try await services.directory.household(householdId) else { throw HouseholdError.householdNotFound }
        let wanted = member ?? household.ownerId
        guard let found = household.members.first(where: { $0.userId == wanted || $0.displayName == wanted }) else {
            let names = household.members.map(\.displayName).joined(separator: ", ")
            throw HouseholdError.invalid("member", "No member '\(wanted)' in household '\(household.name)'. Its members: \(names).")
        }
        self.services = services
        self.member = found
        self.logger = logger
    }

    public func file(_ cart: CartDocument, replacing: Bool) async throws -> CartDocument {
        var cart = cart
        cart.markBought(byUserId: member.userId, purchaser: member.displayName)
        let (stored, created) = try await services.carts.fileReceiptCart(cart, by: member.userId, replacing: replacing)
        await services.tickEntriesBought(by: stored.value, created: created, logger: logger)
        var result = stored.value
        result.rev = stored.rev
        return result
    }
}

extension HouseholdServices {
    /// A receipt closes the loop: the open list entries its newly stored cart shows bought are
    /// ticked (an upload's reading and `ingest --household` alike). A failure here costs only the
    /// ticks, never the cart; a second reading (`created` false) ticks nothing, as a member may
    /// have unticked an entry since.
    func tickEntriesBought(by cart: CartDocument, created: Bool, logger: Logger) async {
        guard created else { return }
        do {
            try await lists.tickBought(by: cart)
        } catch {
            logger.warning("could not tick the list entries this receipt bought", metadata: ["error": "\(error)"])
        }
    }
}

extension CartDocument {
    /// A receipt's cart as a member's purchase: added by them, bought by `purchaser`, items with ids.
    mutating func markBought(byUserId userId: String, purchaser: String) {
        addedByUserId = userId
        purchasedByUser = purchaser
        assignItemIDs()
    }
}
