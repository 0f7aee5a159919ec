import DocumentStore
import Foundation
import Households
import Logging
import ReceiptTesting

/// A household domain over a temporary SQLite store, without HTTP: two accounts, Ana (who owns a
/// household) and Bo (in none), and the services the tests call.
struct HouseholdTestBed {
    let store: any DocumentStore
    /// The one `Records` every service of the bed shares, as `HouseholdServices` builds it.
    let records: Records
    let accounts: AccountService
    let directory: HouseholdDirectory
    let carts: CartEditor
    let lists: ShoppingLists
    let jobs: ReceiptJobQueue
    let ana: PublicUser
    let bo: PublicUser
    let household: String

    /// Runs `body` with a fresh bed, then closes and removes the store.
    static func with(now: @escaping @Sendable () -> Date = Date.init, _ body: (HouseholdTestBed) async throws -> Void) async throws {
        try await TemporaryStores.with(.sqlite) { store, _ in
            let logger = TemporaryStores.logger
            let records = Records(store: store)
            let accounts = AccountService(records: records, settings: .init(bcryptCost: 4), now: now, logger: logger)
            let directory = HouseholdDirectory(records: records, now: now, logger: logger)
            let ana = try await accounts.signUp(email: "ana@example.com", displayName: "Ana", password: "correct horse")
            let bo = try await accounts.signUp(email: "bo@example.com", displayName: "Bo", password: "battery staple")
            let household = try await directory.create(name: "Flat", by: ana).value.id
            try await body(
                HouseholdTestBed(
                    store: store,
                    records: records,
                    accounts: accounts,
                    directory: directory,
                    carts: CartEditor(records: records, directory: directory, now: now),
                    lists: ShoppingLists(records: records, directory: directory, now: now, logger: logger),
                    jobs: ReceiptJobQueue(records: records, directory: directory, now: now, logger: logger),
                    ana: ana,
                    bo: bo,
                    household: household
                )
            )
        }
    }
}

/// A clock tests move by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var instant = Date(timeIntervalSince1970: 1_790_000_000)

    var now: Date { lock.withLock { instant } }

    func advance(seconds: TimeInterval) { lock.withLock { instant += seconds } }
}
