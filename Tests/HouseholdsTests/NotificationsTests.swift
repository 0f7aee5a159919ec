import DocumentStore
import Foundation
import Households
import ReceiptTesting
import Testing

/// Notifications made from the change feed: who gets which, the settings, Sharecart's
/// high-priority rule, and that nobody reads another's.
@Suite struct NotificationsTests {
    /// The bed with Bo in Ana's household, Cy in a household of his own, a list, and the feed.
    struct Scene {
        let bed: HouseholdTestBed
        let cy: PublicUser
        let list: String
        let center: UserNotifications
        let feed: NotificationFeed

        static func with(_ body: (Scene) async throws -> Void) async throws {
            try await HouseholdTestBed.with { bed in
                let code = try await bed.directory.invite(to: bed.household, by: bed.ana.id)
                _ = try await bed.directory.join(code: code.code, user: bed.bo)
                let cy = try await bed.accounts.signUp(email: "cy@example.com", displayName: "Cy", password: "staple battery")
                _ = try await bed.directory.create(name: "Elsewhere", by: cy)
                let list = try await bed.lists.create(in: bed.household, name: "Weekly", by: bed.ana).value.id
                let center = UserNotifications(records: bed.records, lists: bed.lists)
                let feed = NotificationFeed(records: bed.records, center: center, logger: TemporaryStores.logger)
                try await feed.start()
                try await body(Scene(bed: bed, cy: cy, list: list, center: center, feed: feed))
            }
        }

        @discardableResult
        func add(_ name: String, by user: PublicUser, priority: EntryPriority? = nil) async throws -> HouseholdList.Entry {
            try await bed.lists.addEntry(to: list, in: bed.household, EntryInput(name: name, priority: priority), by: user, ifMatch: nil).1
        }

        /// The notifications the feed makes now, as (user, title) pairs.
        func made() async throws -> [UserNotification] { try await feed.catchUp() }
    }

    @Test("an entry another member adds, ticks or removes notifies the other members, never its author, never another household")
    func membersHearOfEachOther() async throws {
        try await Scene.with { scene in
            let bed = scene.bed
            let start = try await bed.store.lastSequence()
            let milk = try await scene.add("Milk", by: bed.ana)
            var made = try await scene.made()
            #expect(made.map(\.userId) == [bed.bo.id])
            #expect(made.first?.kind == .entryAdded)
            #expect(made.first?.title == "Ana added Milk in Weekly")
            #expect(made.first?.link == "/h/\(bed.household)/lists/\(scene.list)")

            _ = try await bed.lists.editEntry(milk.id, of: scene.list, in: bed.household, EntryInput(completed: true), by: bed.bo, ifMatch: nil)
            made = try await scene.made()
            #expect(made.map(\.userId) == [bed.ana.id])
            #expect(made.first?.kind == .entryTicked)

            _ = try await bed.lists.deleteEntry(milk.id, of: scene.list, in: bed.household, by: bed.bo.id, ifMatch: nil)
            #expect(try await scene.made().map(\.kind) == [.entryRemoved])
            #expect(try await scene.made().isEmpty)
            // Read again from an older cursor (another instance, a restart): each made once.
            try await bed.store.put(
                collection: "notification-feed",
                id: "cursor",
                document: .object(["seq": .number(Decimal(start))]),
                expectedRev: nil
            )
            let again = NotificationFeed(records: bed.records, center: scene.center, logger: TemporaryStores.logger)
            #expect(try await again.catchUp().isEmpty)
            #expect(try await scene.center.page(for: scene.cy.id).notifications.isEmpty)
            #expect(try await scene.center.page(for: bed.ana.id).notifications.count == 2)
        }
    }

    @Test("settings per list: none and high priority only keep quiet, but a high-priority entry reaches everyone")
    func highPriorityReachesEveryone() async throws {
        try await Scene.with { scene in
            let bed = scene.bed
            try await scene.center.setLevel(.none, of: scene.list, in: bed.household, for: bed.bo.id)
            #expect(try await scene.center.level(of: scene.list, in: bed.household, for: bed.bo.id) == NotificationLevel.none)
            let bread = try await scene.add("Bread", by: bed.ana)
            #expect(try await scene.made().isEmpty)
            try await scene.add("Eggs", by: bed.ana, priority: .high)
            let made = try await scene.made()
            #expect(made.map(\.userId) == [bed.bo.id])
            #expect(made.first?.highPriority == true)

            try await scene.center.setLevel(.highPriority, of: scene.list, in: bed.household, for: bed.bo.id)
            _ = try await bed.lists.editEntry(bread.id, of: scene.list, in: bed.household, EntryInput(note: "rye"), by: bed.ana, ifMatch: nil)
            #expect(try await scene.made().isEmpty)
            // Made high: that change is about a high-priority entry.
            _ = try await bed.lists.editEntry(bread.id, of: scene.list, in: bed.household, EntryInput(priority: .high), by: bed.ana, ifMatch: nil)
            #expect(try await scene.made().map(\.highPriority) == [true])
        }
    }

    @Test("only while I am shopping: quiet until I say I am shopping; the others hear that I started")
    func whileShopping() async throws {
        try await Scene.with { scene in
            let bed = scene.bed
            try await scene.center.setLevel(.whileShopping, of: scene.list, in: bed.household, for: bed.bo.id)
            try await scene.add("Tea", by: bed.ana)
            #expect(try await scene.made().isEmpty)
            _ = try await bed.lists.startShopping(scene.list, in: bed.household, by: bed.bo, minutes: 30)
            let started = try await scene.made()
            #expect(started.map(\.userId) == [bed.ana.id])
            #expect(started.first?.kind == .shoppingStarted)
            try await scene.add("Jam", by: bed.ana)
            #expect(try await scene.made().map(\.userId) == [bed.bo.id])
        }
    }

    @Test("a guest of a shared list hears of it too, with the shared list's page as the link")
    func guestsHear() async throws {
        try await Scene.with { scene in
            let bed = scene.bed
            let share = try await bed.lists.share(scene.list, in: bed.household, by: bed.ana.id)
            _ = try await bed.lists.join(scene.list, passcode: share.passcode, user: scene.cy, address: nil)
            try await scene.add("Rice", by: bed.ana)
            let made = try await scene.made()
            #expect(Set(made.map(\.userId)) == [bed.bo.id, scene.cy.id])
            #expect(made.first { $0.userId == scene.cy.id }?.link == "/shared-lists/\(scene.list)")
        }
    }

    @Test("a receipt read tells the household's members; a failed one tells nobody")
    func receiptRead() async throws {
        try await Scene.with { scene in
            let bed = scene.bed
            _ = try await bed.jobs.enqueue(image: Data([1, 2, 3]), fileName: "shop.jpg", household: bed.household, by: bed.bo)
            let claimed = try #require(try await bed.jobs.claim(worker: "w", lease: .seconds(60)))
            #expect(try await scene.made().isEmpty)
            try await bed.jobs.complete(claimed, cartId: "c_missing")
            let made = try await scene.made()
            #expect(Set(made.map(\.userId)) == [bed.ana.id, bed.bo.id])
            #expect(made.allSatisfy { $0.kind == .receiptRead && $0.link == "/h/\(bed.household)/carts/c_missing" })
            #expect(try await scene.center.page(for: scene.cy.id).notifications.isEmpty)
        }
    }

    @Test("pages newest first with a cursor and the unread count; marking read is for the owner alone")
    func pagingAndReading() async throws {
        try await Scene.with { scene in
            let bed = scene.bed
            for name in ["A", "B", "C"] {
                try await scene.add(name, by: bed.ana)
                _ = try await scene.made()
            }
            let first = try await scene.center.page(for: bed.bo.id, limit: 2)
            #expect(first.notifications.map(\.title) == ["Ana added C in Weekly", "Ana added B in Weekly"])
            #expect(first.unread == 3)
            let cursor: String = try #require(first.next)
            let rest = try await scene.center.page(for: bed.bo.id, before: cursor, limit: 2)
            #expect(rest.notifications.map(\.title) == ["Ana added A in Weekly"])
            #expect(rest.next == nil)

            let newest = try #require(first.notifications.first)
            await #expect(throws: HouseholdError.self) { try await scene.center.markRead(newest.id, by: bed.ana.id) }
            await #expect(throws: HouseholdError.self) { try await scene.center.markRead("\(bed.ana.id).nothing", by: bed.ana.id) }
            try await scene.center.markRead(newest.id, by: bed.bo.id)
            #expect(try await scene.center.unreadCount(for: bed.bo.id) == 2)
            #expect(try await scene.center.markAllRead(by: bed.bo.id) == 2)
            #expect(try await scene.center.unreadCount(for: bed.bo.id) == 0)
            // Another household's list: answered like a missing one.
            await #expect(throws: HouseholdError.self) { try await scene.center.level(of: scene.list, in: bed.household, for: scene.cy.id) }
        }
    }
}
