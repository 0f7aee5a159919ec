import Expenses
import Foundation
import Households
import ReceiptModel
import SharedExpenses
import Testing
import WebApp

/// The pages' views on their own: what each shows to whom, and that every field is labelled.
@Suite struct PageTests {
    /// The domain's records as the store keeps them (their initializers are the domain's own).
    static func decode<T: Decodable>(_ json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    static let household: Household = try! decode(#"{"id":"h_1","name":"Home","ownerId":"u_a","createdAt":"2026-01-01T00:00:00Z","members":[]}"#)
    static let frame = PageFrame(
        title: "t",
        user: try! decode(#"{"id":"u_a","email":"a@example.org","displayName":"Anna","createdAt":"2026-01-01T00:00:00Z"}"#),
        household: household,
        csrf: "tok"
    )

    static func list(shared: Bool) throws -> HouseholdList {
        let sharing = shared ? #","sharing":{"passcodeHash":"x","rotatedAt":"2026-01-01T00:00:00Z"},"guests":["u_g"]"# : ""
        return try decode(
            """
            {"id":"l_1","household":"h_1","name":"Weekly","createdBy":"u_a","createdAt":"2026-01-01T00:00:00Z"\(sharing),
             "entries":[{"id":"e_1","name":"Milk","quantity":2,"completed":true,"addedBy":"Anna","addedByUserId":"u_a","addedOn":"2026-01-01T00:00:00Z",
                         "bought":{"cartId":"c_1","itemName":"MILK","price":"1.99","merchant":"FreshMart"}}]}
            """
        )
    }

    /// Every input, select and textarea but hidden ones has a label naming its id.
    static func expectLabelled(_ html: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let fields = html.matches(of: /<(?:input|select|textarea)\b([^>]*)>/).map { String($0.output.1) }.filter { !$0.contains("type=\"hidden\"") }
        for field in fields {
            let id = field.firstMatch(of: /id="([^"]+)"/).map { String($0.output.1) }
            #expect(id.map { html.contains("for=\"\($0)\"") } == true, "unlabelled field: \(field)", sourceLocation: sourceLocation)
        }
    }

    @Test("a list not shared offers to share it; no passcode is shown")
    func notShared() throws {
        let page = ListPages.detail(
            Self.frame,
            household: Self.household,
            list: try Self.list(shared: false),
            estimates: [:],
            query: nil,
            results: [],
            shoppers: []
        )
        .rendered
        #expect(page.contains("action=\"/h/h_1/lists/l_1/share\""))
        #expect(page.contains("Share this list"))
        #expect(!page.contains("share-passcode"))
        #expect(!page.contains("Stop sharing"))
    }

    @Test("a passcode just made is shown with the list id; guests can be removed; sharing can stop or rotate")
    func shared() throws {
        let guest: PublicUser = try Self.decode(#"{"id":"u_g","email":"g@example.org","displayName":"<Gus>","createdAt":"2026-01-01T00:00:00Z"}"#)
        let share: ListShare = try Self.decode(#"{"listId":"l_1","household":"h_1","passcode":"ABCD-2345"}"#)
        let page = ListPages.detail(
            Self.frame,
            household: Self.household,
            list: try Self.list(shared: true),
            estimates: [:],
            query: nil,
            results: [],
            shoppers: [],
            sharing: ListSharing(guests: [guest], fresh: share)
        ).rendered
        #expect(page.contains("data-testid=\"share-passcode\">ABCD-2345<"))
        #expect(page.contains("data-testid=\"share-list-id\">l_1<"))
        #expect(page.contains("action=\"/h/h_1/lists/l_1/guests/u_g/remove\""))
        #expect(page.contains("&lt;Gus&gt;") && !page.contains("<Gus>"))
        #expect(page.contains("action=\"/h/h_1/lists/l_1/unshare\"") && page.contains("New passcode"))
        // The passcode stays outside the live region, so a live refresh keeps it on screen.
        let live = try #require(page.range(of: "<div id=\"sharing\" data-live>"))
        #expect(page.range(of: "share-passcode")!.lowerBound < live.lowerBound)
        Self.expectLabelled(page)
    }

    @Test("a guest's page posts under /shared-lists, offers leaving, and shows none of the household's purchases")
    func guestPage() throws {
        let page = SharedListPages.guest(Self.frame, list: try Self.list(shared: true)).rendered
        #expect(page.contains("action=\"/shared-lists/l_1/entries/e_1/tick\""))
        #expect(page.contains("action=\"/shared-lists/l_1/entries/e_1/quantity\""))
        #expect(page.contains("action=\"/shared-lists/l_1/entries\""))
        #expect(page.contains("action=\"/shared-lists/l_1/leave\""))
        #expect(!page.contains("1.99") && !page.contains("FreshMart"))
        #expect(!page.contains("product-search") && !page.contains("/h/h_1/lists/l_1"))
        Self.expectLabelled(page)
    }

    @Test("the join page fills in a list id from a link and labels both fields; the lists page links to it")
    func joinPage() throws {
        let page = SharedListPages.join(Self.frame, listId: "l_\"1", joined: [try Self.list(shared: true)]).rendered
        #expect(page.contains("value=\"l_&quot;1\""))
        #expect(page.contains("href=\"/shared-lists/l_1\""))
        Self.expectLabelled(page)
        let lists = ListPages.index(Self.frame, household: Self.household, lists: [], shared: [try Self.list(shared: true)]).rendered
        #expect(lists.contains("href=\"/shared-lists\""))
        #expect(lists.contains("id=\"shared-lists\" data-live"))
    }

    @Test("a cart's items can be edited and removed, and the cart renamed and deleted, by plain forms")
    func cartForms() {
        var item = CartItem(name: "Milk", quantity: 2, price: Amount(Decimal(string: "3.49")!, scale: 2), completed: false)
        item.id = "i_1"
        let cart = CartDocument(
            id: "c_1",
            name: "Weekly",
            addedByUser: "Anna",
            addedOn: "2026-01-01T00:00:00Z",
            items: [item],
            source: DocumentSource(file: "manual")
        )
        let page = CartPages.detail(Self.frame, household: Self.household, cart: cart).rendered
        #expect(page.contains("action=\"/h/h_1/carts/c_1/items/i_1/edit\""))
        #expect(page.contains("id=\"item-i_1-price\" name=\"price\" inputmode=\"decimal\" value=\"3.49\""))
        #expect(page.contains("action=\"/h/h_1/carts/c_1/items/i_1/delete\""))
        #expect(page.contains("action=\"/h/h_1/carts/c_1/rename\"") && page.contains("action=\"/h/h_1/carts/c_1/delete\""))
        Self.expectLabelled(page)
    }

    @Test("the add-expense form splits evenly, by shares, percentages or amounts, with a labelled part per member")
    func splitForm() throws {
        let group: ExpenseGroup = try Self.decode(
            #"{"id":"g_1","name":"Flat","createdBy":"u_a","createdAt":"2026-01-01T00:00:00Z","members":["u_a","u_b"],"currency":"EUR"}"#
        )
        let balances: GroupBalances = try Self.decode(#"{"currencies":[],"members":[],"pairs":[],"suggestions":[]}"#)
        let page = GroupPages.group(Self.frame, group: group, names: ["u_b": "Bo"], balances: balances, expenses: [], receipts: [], me: "u_a")
            .rendered
        for mode in ["evenly", "shares", "percentages", "exact"] { #expect(page.contains("<option value=\"\(mode)\"")) }
        #expect(page.contains("name=\"part.u_a\"") && page.contains("name=\"part.u_b\""))
        Self.expectLabelled(page)
    }

    @Test("a friend's row counts the shared expenses to pay, paid and uploaded by the caller")
    func friendMarks() throws {
        let friend: Friend = try Self.decode(#"{"id":"u_b","displayName":"Bo","email":"bo@example.org","since":"2026-01-01","hasPicture":false}"#)
        let page = GroupPages.index(
            Self.frame,
            friends: [FriendStanding(friend: friend, balances: [:], statuses: [.toPay: 2, .uploadedByMe: 1])],
            groups: [],
            names: [:]
        ).rendered
        #expect(page.contains(">2 to pay<") && page.contains(">1 uploaded by me<") && !page.contains(" paid<"))
    }
}
