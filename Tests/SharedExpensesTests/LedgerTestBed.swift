import DocumentStore
import Foundation
import Households
import ReceiptModel
import ReceiptTesting
import SharedExpenses

/// The ledger over a temporary SQLite store: three accounts, Ana, Bo and Cy; Ana and Bo are
/// friends, Cy is nobody's. Carts come from a fixed table, as the server's lookup would answer them.
struct LedgerTestBed {
    let friends: FriendDirectory
    let ledger: ExpenseLedger
    let ana: PublicUser
    let bo: PublicUser
    let cy: PublicUser

    var groups: ExpenseGroups { ledger.groups }
    var payments: ExpensePayments { ledger.payments }
    var recurring: RecurringExpenses { RecurringExpenses(ledger: ledger) }

    static func with(
        carts: [String: CartDocument] = [:],
        now: @escaping @Sendable () -> Date = Date.init,
        _ body: (LedgerTestBed) async throws -> Void
    ) async throws {
        try await TemporaryStores.with(.sqlite) { store, _ in
            let logger = TemporaryStores.logger
            let records = Records(store: store)
            let accounts = AccountService(records: records, settings: .init(bcryptCost: 4), now: now, logger: logger)
            let ana = try await accounts.signUp(email: "ana@example.com", displayName: "Ana", password: "correct horse")
            let bo = try await accounts.signUp(email: "bo@example.com", displayName: "Bo", password: "battery staple")
            let cy = try await accounts.signUp(email: "cy@example.com", displayName: "Cy", password: "tr0ub4dor&3")
            let friends = FriendDirectory(records: records, now: now, logger: logger)
            _ = try await friends.add(email: "bo@example.com", by: ana)
            let ledger = ExpenseLedger(
                records: records,
                groups: ExpenseGroups(records: records, rule: .friendsOf(friends), now: now),
                cart: { _, id, _ in
                    guard let cart = carts[id] else { throw HouseholdError.cartNotFound }
                    return cart
                },
                now: now,
                logger: logger
            )
            try await body(LedgerTestBed(friends: friends, ledger: ledger, ana: ana, bo: bo, cy: cy))
        }
    }
}

/// A clock tests move by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var instant: Date

    init(_ day: String) { instant = ISO8601DateFormatter().date(from: day + "T12:00:00Z")! }

    var now: Date { lock.withLock { instant } }

    func advance(days: Int) { lock.withLock { instant += TimeInterval(days * 86_400) } }
}
