import DocumentStore
import Foundation
import Households
import Logging
import Replication
import SharedExpenses

/// The domain services over one store, and the flows that join them with the receipt pipeline:
/// what the server's routes, its receipt worker and the web pages call.
public struct HouseholdServices: Sendable {
    public let store: any DocumentStore
    /// The typed reads and writes every service below shares (see ``Records``).
    public let records: Records
    public let accounts: AccountService
    public let directory: HouseholdDirectory
    public let carts: CartEditor
    public let jobs: ReceiptJobQueue
    public let lists: ShoppingLists
    public let friends: FriendDirectory
    public let ledger: ExpenseLedger
    /// Two-way replication with offline replicas (`receipts sync`).
    public let sync: HouseholdSync
    /// What a list will cost and what its receipts showed.
    public let pricing: ListPricing
    /// A member's correction of what the reader got wrong.
    public let corrections: CartCorrections
    /// Members' ratings of products, and each user's starred products.
    public let reviews: ProductReviews
    public let favourites: Favourites
    /// Each user's notifications and per-list settings, and the feed reader that makes them.
    public let notifications: UserNotifications
    public let notificationFeed: NotificationFeed
    /// The chat room of each list.
    public let chat: ListChat
    /// Saved sets of entries added to a list at once ("Taco night").
    public let presets: Presets

    public init(store base: any DocumentStore, bcryptCost: UInt8 = 12, now: @escaping @Sendable () -> Date = Date.init, logger: Logger) {
        // Every request reads its session, its user and its membership: those come from memory,
        // as does the store's last sequence number that keys the cached pages.
        let store = CachingDocumentStore(base, caching: [Collections.sessions, Collections.users, Collections.memberships])
        self.store = store
        // One `Records` for every service: this process's updates of a document take turns
        // whichever service makes them (an API tick and a sync of the same cart).
        let records = Records(store: store)
        self.records = records
        accounts = AccountService(records: records, settings: .init(bcryptCost: bcryptCost), now: now, logger: logger)
        directory = HouseholdDirectory(records: records, now: now, logger: logger)
        // One clock for the process: every stamp it makes is later than the ones before.
        let clock = SharedHybridClock(replica: Identifiers.make("srv"), now: now)
        carts = CartEditor(records: records, directory: directory, now: now, clock: clock)
        jobs = ReceiptJobQueue(records: records, directory: directory, now: now, logger: logger)
        lists = ShoppingLists(records: records, directory: directory, now: now, clock: clock, logger: logger)
        presets = Presets(records: records, directory: directory, lists: lists, now: now)
        sync = HouseholdSync(records: records, directory: directory, lists: lists, now: now, logger: logger)
        let friends = FriendDirectory(records: records, now: now, logger: logger)
        self.friends = friends
        let carts = carts
        pricing = ListPricing(store: store, directory: directory)
        corrections = CartCorrections(store: store, carts: carts)
        reviews = ProductReviews(records: records, directory: directory, now: now)
        favourites = Favourites(records: records, now: now)
        notifications = UserNotifications(records: records, lists: lists)
        notificationFeed = NotificationFeed(records: records, center: notifications, now: now, logger: logger)
        chat = ListChat(records: records, lists: lists, now: now)
        ledger = ExpenseLedger(
            records: records,
            groups: ExpenseGroups(records: records, rule: .friendsOf(friends), now: now),
            cart: { household, cartId, userId in
                // Only a cart of one of the caller's households can be split.
                guard let household else { throw HouseholdError.cartNotFound }
                return try await carts.cart(cartId, in: household, for: userId).value
            },
            now: now,
            logger: logger
        )
    }

    /// Creates the indexes the domain's queries use, and gives carts that were ingested before the
    /// store was served a household: the oldest one, so no cart is left without one.
    public func prepare(logger: Logger) async throws {
        for (collection, field) in Collections.indexes {
            try await store.ensureIndex(collection: collection, field: field)
        }
        try await adoptHouseholdlessCarts(logger: logger)
        try await notificationFeed.start()
    }

    /// Carts without a household (from `receipts ingest` on a personal store) join the household
    /// created first. Runs at start and after a household is created.
    public func adoptHouseholdlessCarts(logger: Logger) async throws {
        var households: [(createdAt: String, id: String)] = []
        for try await stored in store.query(DocumentQuery(collection: Collections.households)) {
            households.append((stored.document["createdAt"]?.stringValue ?? "", stored.id))
        }
        guard let household = households.min(by: { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) })?.id else { return }
        let (adopted, unreadable) = try await carts.adoptCartsWithoutHousehold(into: household)
        if adopted > 0 {
            logger.info("carts without a household joined the oldest one", metadata: ["carts": "\(adopted)", "household.id": "\(household)"])
        }
        if unreadable > 0 { logger.warning("documents without a household that are not carts were left alone", metadata: ["carts": "\(unreadable)"]) }
    }
}
