import DocumentStore
import Foundation
import HouseholdApp
import ReceiptModel
import ReceiptServer
import ReceiptTesting
import Replication
import Testing

@testable import Households

/// An update starts from this process's own last write of the document (`RecentWrites`): these
/// check that a copy gone stale through another writer never loses that writer's change.
@Suite struct RecentWritesTests {
    @Test("two servers on one store: each sees the other's ticks and edits, none is lost", arguments: TemporaryStores.engines)
    func anotherWritersChangesAreKept(engine: StoreEngine) async throws {
        try await TemporaryStores.with(engine) { store, _ in
            let one = HouseholdServices(store: store, bcryptCost: 4, logger: ServerHarness.logger)
            let other = HouseholdServices(store: store, bcryptCost: 4, logger: ServerHarness.logger)
            try await one.prepare(logger: ServerHarness.logger)
            let user = try await one.accounts.signUp(email: "r@example.org", displayName: "R", password: "long enough")
            let home = try await one.directory.create(name: "Home", by: user).value.id
            let cart = try await one.carts.create(in: home, name: "Shop", currency: "EUR", by: user).value.id
            let (_, milk) = try await one.carts.addItem(to: cart, in: home, ItemInput(name: "Milk", price: Amount("1.19")), by: user, ifMatch: nil)
            let (_, eggs) = try await one.carts.addItem(to: cart, in: home, ItemInput(name: "Eggs", price: Amount("2.49")), by: user, ifMatch: nil)
            let milkId = try #require(milk.id)
            let eggsId = try #require(eggs.id)

            // One ticks milk; the other unticks it; one ticks it again: its remembered copy says
            // "already ticked", but the store says otherwise, and the store wins.
            _ = try await one.carts.tick(milkId, of: cart, in: home, completed: true, by: user, ifMatch: nil)
            _ = try await other.carts.tick(milkId, of: cart, in: home, completed: false, by: user, ifMatch: nil)
            _ = try await one.carts.tick(milkId, of: cart, in: home, completed: true, by: user, ifMatch: nil)
            #expect(try await other.carts.cart(cart, in: home, for: user.id).value.items.first { $0.id == milkId }?.completed == true)

            // The other renames an item; one ticks another item from its remembered copy, which
            // lacks the rename: the write conflicts, is redone from the store, and keeps both.
            _ = try await other.carts.editItem(eggsId, of: cart, in: home, ItemInput(name: "Free-range eggs"), by: user, ifMatch: nil)
            _ = try await one.carts.tick(eggsId, of: cart, in: home, completed: true, by: user, ifMatch: nil)
            let stored = try await other.carts.cart(cart, in: home, for: user.id)
            let storedEggs = try #require(stored.value.items.first { $0.id == eggsId })
            #expect(storedEggs.name == "Free-range eggs")
            #expect(storedEggs.completed == true)
            #expect(stored.value.items.first { $0.id == milkId }?.completed == true)

            // The other adds an item; one edits it at once: the remembered copy lacks it, the
            // store has it, and the store's version is the one the edit is made on.
            let (_, bread) = try await other.carts.addItem(to: cart, in: home, ItemInput(name: "Bread"), by: user, ifMatch: nil)
            let (_, edited) = try await one.carts.editItem(
                try #require(bread.id),
                of: cart,
                in: home,
                ItemInput(name: "Rye bread"),
                by: user,
                ifMatch: nil
            )
            #expect(edited.name == "Rye bread")

            // An If-Match naming the revision one remembers, when the store has moved on, is stale.
            let remembered = try await one.carts.tick(milkId, of: cart, in: home, completed: false, by: user, ifMatch: nil).0.rev
            _ = try await other.carts.tick(milkId, of: cart, in: home, completed: true, by: user, ifMatch: nil)
            await #expect(throws: HouseholdError.self) {
                try await one.carts.tick(eggsId, of: cart, in: home, completed: false, by: user, ifMatch: remembered)
            }
            #expect(try await other.carts.cart(cart, in: home, for: user.id).value.items.first { $0.id == eggsId }?.completed == true)
        }
    }
}

extension RecentWritesTests {
    @Test("thirty members tick thirty items of one cart at once: every tick lands, none is refused")
    func concurrentTicksOfOneCart() async throws {
        try await TemporaryStores.with(.sqlite) { store, _ in
            let services = HouseholdServices(store: store, bcryptCost: 4, logger: ServerHarness.logger)
            try await services.prepare(logger: ServerHarness.logger)
            let user = try await services.accounts.signUp(email: "t@example.org", displayName: "T", password: "long enough")
            let home = try await services.directory.create(name: "Home", by: user).value.id
            let cart = try await services.carts.create(in: home, name: "Party", currency: "EUR", by: user).value.id
            var ids: [String] = []
            for n in 0..<30 {
                let (_, item) = try await services.carts.addItem(to: cart, in: home, ItemInput(name: "Item \(n)"), by: user, ifMatch: nil)
                ids.append(try #require(item.id))
            }
            // Without turns, thirty writers starting from one revision retry until some give up.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for id in ids {
                    group.addTask { _ = try await services.carts.tick(id, of: cart, in: home, completed: true, by: user, ifMatch: nil) }
                }
                try await group.waitForAll()
            }
            let stored = try await services.carts.cart(cart, in: home, for: user.id)
            #expect(stored.value.items.filter { !$0.completed }.isEmpty)
            #expect(stored.value.completed)
            #expect(stored.rev == 1 + 30 + 30)

            // Two instances untick them all at once, each half: their remembered copies go stale
            // under each other's writes, every write names its revision, and nothing is lost.
            // Between instances only the store orders writes, so a loser may be told to try again
            // (409), as a client would.
            let other = HouseholdServices(store: store, bcryptCost: 4, logger: ServerHarness.logger)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (n, id) in ids.enumerated() {
                    let instance = n % 2 == 0 ? services : other
                    group.addTask {
                        for _ in 0..<50 {
                            do {
                                _ = try await instance.carts.tick(id, of: cart, in: home, completed: false, by: user, ifMatch: nil)
                                return
                            } catch let error as HouseholdError where error.code == .conflict {
                                continue
                            }
                        }
                        Issue.record("untick of \(id) kept conflicting")
                    }
                }
                try await group.waitForAll()
            }
            let after = try await other.carts.cart(cart, in: home, for: user.id)
            #expect(after.value.items.filter(\.completed).map(\.name) == [])
            #expect(after.rev == 1 + 30 + 30 + 30)
        }
    }
}

@Suite struct PatchEncodingTests {
    @Test("a cart's JSON patched from its previous version equals its full encoding, whatever changed")
    func patchedEqualsFull() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            var cart = CartDocument(
                id: "c_1",
                name: "Shop",
                addedByUser: "A",
                addedOn: "2026-11-24T09:00:00.000Z",
                completed: false,
                currency: "EUR",
                source: DocumentSource(file: "hand-made"),
                extra: ["stamps": .object(["fields": .object(["name": .string("0001-000000-srv_a")])])]
            )
            for n in 0..<Int.random(in: 0...6, using: &generator) {
                var item = CartItem(
                    name: "Item \(n)",
                    quantity: 1,
                    price: Amount("\(n).49"),
                    completed: false,
                    addedByUser: "A",
                    addedOn: "2026-11-24T09:00:00.000Z"
                )
                item.id = "i_\(n)"
                cart.items.append(item)
            }
            let old = cart
            let previous = try JSONValue(encoding: old)
            // Some of: tick, rename, reprice, remove, add, reorder, rename the cart.
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                switch Int.random(in: 0..<7, using: &generator) {
                case 0 where !cart.items.isEmpty: cart.items[Int.random(in: 0..<cart.items.count)].completed.toggle()
                case 1 where !cart.items.isEmpty: cart.items[Int.random(in: 0..<cart.items.count)].name += " (big)"
                case 2 where !cart.items.isEmpty: cart.items[Int.random(in: 0..<cart.items.count)].price = Amount("9.99")
                case 3 where !cart.items.isEmpty: cart.items.remove(at: Int.random(in: 0..<cart.items.count))
                case 4:
                    var item = CartItem(name: "New", quantity: 2, price: nil, completed: false, addedByUser: "B", addedOn: "2026-11-24T10:00:00.000Z")
                    item.id = "i_new\(cart.items.count)"
                    cart.items.append(item)
                case 5: cart.items.reverse()
                default:
                    cart.name = "Saturday"
                    cart.totalPrice = Amount("12.00")
                }
            }
            let patched = try #require(try cart.json(patching: previous, of: old))
            #expect(patched == (try JSONValue(encoding: cart)))
        }
    }
    @Test("an API tick and a sync of the same cart take turns: the services share one Records", arguments: TemporaryStores.engines)
    func tickAndSyncTakeTurns(engine: StoreEngine) async throws {
        try await TemporaryStores.with(engine) { store, _ in
            let services = HouseholdServices(store: store, bcryptCost: 4, logger: ServerHarness.logger)
            try await services.prepare(logger: ServerHarness.logger)
            let user = try await services.accounts.signUp(email: "t@example.org", displayName: "T", password: "long enough")
            let home = try await services.directory.create(name: "Home", by: user).value.id
            let cart = try await services.carts.create(in: home, name: "Shop", currency: "EUR", by: user).value.id
            let (_, milk) = try await services.carts.addItem(to: cart, in: home, ItemInput(name: "Milk"), by: user, ifMatch: nil)
            let (added, bread) = try await services.carts.addItem(to: cart, in: home, ItemInput(name: "Bread"), by: user, ifMatch: nil)
            let milkId = try #require(milk.id)
            let breadId = try #require(bread.id)

            // A replica renames bread offline.
            let pulled = try await services.sync.sync(SyncRequest(cursor: nil, lists: nil, carts: nil, known: nil), in: home, by: user)
            var laptop = try SyncedCart(try #require(pulled.carts.first { $0.id == cart }))
            var clock = HybridClock(replica: "cli_laptop")
            laptop.state.set(entry: breadId, "name", .string("Rye bread"), at: clock.observe(try #require(laptop.state.newestStamp), now: Date()))

            // While an update of the cart is under way (its turn held through the cart editor's
            // records), neither the API's tick nor the sync may write: both wait for the turn. With a
            // `Records` of its own, the sync went ahead and the two raced into conflict retries.
            await services.carts.records.turns.begin(Collections.carts, cart)
            let tick = Task { try await services.carts.tick(milkId, of: cart, in: home, completed: true, by: user, ifMatch: nil) }
            let sync = Task {
                try await services.sync.sync(
                    SyncRequest(cursor: pulled.cursor, lists: nil, carts: nil, known: nil, cartStates: [laptop]),
                    in: home,
                    by: user
                )
            }
            try await Task.sleep(for: .milliseconds(300))
            #expect(try await store.revision(collection: Collections.carts, id: cart) == added.rev)
            services.carts.records.turns.end(Collections.carts, cart)
            _ = try await tick.value
            _ = try await sync.value

            let stored = try await services.carts.cart(cart, in: home, for: user.id)
            #expect(stored.rev == added.rev + 2)
            #expect(stored.value.items.first { $0.id == milkId }?.completed == true)
            #expect(stored.value.items.first { $0.id == breadId }?.name == "Rye bread")
        }
    }
}
