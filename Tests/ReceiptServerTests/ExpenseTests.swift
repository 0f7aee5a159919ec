import DocumentStore
import Foundation
import HTTPTypes
import Households
import ReceiptModel
import ReceiptTesting
import Testing

@Suite(.timeLimit(.minutes(5))) struct ExpenseTests {
    /// Alice, Bob and Carol as friends of Alice's, in one group; Dave is a stranger.
    struct Friends {
        var alice: API, bob: API, carol: API, dave: API
        var aliceId: String, bobId: String, carolId: String
        var group: String
    }

    static func friends(_ api: API) async throws -> Friends {
        let (alice, aliceId) = try await api.newUser("Alice")
        let (bob, bobId) = try await api.newUser("Bob")
        let (carol, carolId) = try await api.newUser("Carol")
        let (dave, _) = try await api.newUser("Dave")
        #expect(try await alice.call(.post, "/api/v1/friends", json: #"{"email":"BOB@example.org"}"#).status == 201)
        #expect(try await alice.call(.post, "/api/v1/friends", json: #"{"email":"carol@example.org"}"#).status == 201)
        // Dave is nobody's friend: he cannot be put in a group.
        let refused = try await alice.call(.post, "/api/v1/groups", json: #"{"name":"Flat","members":["\#(try await daveId(dave))"]}"#)
        #expect(refused.status == 409)
        #expect(refused.code == "group.not-friend")
        let group = try await alice.call(.post, "/api/v1/groups", json: #"{"name":"Flat","members":["\#(bobId)","\#(carolId)"],"currency":"USD"}"#)
        try #require(group.status == 201, "\(String(decoding: group.bytes, as: UTF8.self))")
        return Friends(
            alice: alice,
            bob: bob,
            carol: carol,
            dave: dave,
            aliceId: aliceId,
            bobId: bobId,
            carolId: carolId,
            group: try #require(group["id"]?.stringValue)
        )
    }

    static func daveId(_ dave: API) async throws -> String {
        try #require(try await dave.call(.get, "/api/v1/me")["user"]?["id"]?.stringValue)
    }

    @Test("a group's default weights: set, kept when the member is absent, cleared by null; a bad one names its field")
    func groupDefaultWeights() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            let f = try await Self.friends(api)
            let group = "/api/v1/groups/\(f.group)"
            let weighted = try await f.alice.call(.patch, group, json: #"{"defaultWeights":{"\#(f.bobId)":2,"\#(f.carolId)":1}}"#)
            #expect(weighted["defaultWeights"]?[f.bobId] == .number(2))
            let renamed = try await f.alice.call(.patch, group, json: #"{"name":"Home"}"#)
            #expect(renamed["name"]?.stringValue == "Home")
            #expect(renamed["defaultWeights"]?[f.bobId] == .number(2))
            let cleared = try await f.alice.call(.patch, group, json: #"{"defaultWeights":null}"#)
            #expect(cleared["defaultWeights"] == nil || cleared["defaultWeights"] == .null)
            let wrong = try await f.alice.call(.patch, group, json: #"{"defaultWeights":[1]}"#)
            #expect(wrong.status == 400)
            #expect(wrong["field"]?.stringValue == "defaultWeights")
            let unknown = try await f.alice.call(.post, "/api/v1/groups/\(f.group)/members", json: #"{"user":"x"}"#)
            #expect(unknown["detail"]?.stringValue == "Unknown field 'user'. Allowed: userId.")
        }
    }

    @Test("a receipt photo split by item: shares, marking paid, refusals, balances and settle-up as worked out by hand")
    func receiptSplitByItem() async throws {
        try await ServerHarness.with(.sqlite, workers: 1, over: .live) { api, _ in
            let f = try await Self.friends(api)
            let home = try await f.alice.newHousehold("Home")
            let image = try Data(contentsOf: ReceiptUploadTests.photo)
            let upload = try await f.alice.call(.post, "/api/v1/households/\(home)/receipts", data: image, headers: [.contentType: "image/png"])
            let job = try await ReceiptUploadTests.finished(f.alice, job: try #require(upload["id"]?.stringValue))
            let cartId = try #require(job["cartId"]?.stringValue)
            let cart = try await f.alice.call(.get, "/api/v1/households/\(home)/carts/\(cartId)")
            #expect(cart["total"]?.stringValue == "43.48")
            let items = try #require(cart["items"]?.arrayValue)
            // Every priced line to all three, Carol with a double part: 43.48 / 4 = 10.87 exactly,
            // tax spread with the lines. (Lines' own amounts are checked by the Expenses property tests.)
            let assignments = items.indices.filter { (items[$0]["price"]?.stringValue).map { !$0.hasPrefix("-") } ?? false }
                .map { #""\#($0)":{"\#(f.aliceId)":1,"\#(f.bobId)":1,"\#(f.carolId)":2}"# }.joined(separator: ",")
            let added = try await f.alice.call(
                .post,
                "/api/v1/expenses",
                json: """
                    {"group":"\(f.group)","receipt":{"household":"\(home)","cart":"\(cartId)"},"split":{"mode":"byItem","items":{\(assignments)}}}
                    """
            )
            try #require(added.status == 201, "\(String(decoding: added.bytes, as: UTF8.self))")
            let expenseId = try #require(added["id"]?.stringValue)
            #expect(added["total"]?.stringValue == "43.48")
            #expect(added["currency"]?.stringValue == "USD")
            #expect(added["status"]?.stringValue == "uploaded-by-me")
            #expect((added["split"]?["lines"]?.arrayValue?.count ?? 0) >= 5)
            #expect(
                added["split"]?["extras"]?.arrayValue?.contains { $0["kind"]?.stringValue == "tax" && $0["amount"]?.stringValue == "1.21" } == true
            )
            #expect(
                added["shares"]
                    == .object([
                        f.aliceId: .string("10.87"), f.bobId: .string("10.87"), f.carolId: .string("21.74"),
                    ])
            )
            // Bob and Carol see it (from other households: the lines travel with the expense); Dave does not.
            #expect(try await f.bob.call(.get, "/api/v1/expenses/\(expenseId)")["status"]?.stringValue == "to-pay")
            #expect(try await f.dave.call(.get, "/api/v1/expenses/\(expenseId)").status == 404)
            #expect(try await f.dave.call(.get, "/api/v1/groups/\(f.group)/balances").status == 404)
            #expect(try await f.bob.call(.get, "/api/v1/households/\(home)/carts/\(cartId)").status == 404)

            // Only the uploader edits; nobody changes the total.
            let bobEdits = try await f.bob.call(.patch, "/api/v1/expenses/\(expenseId)", json: #"{"notes":"mine now"}"#)
            #expect(bobEdits.status == 403)
            #expect(bobEdits.code == "expense.not-uploader")
            let bobRaises = try await f.bob.call(.patch, "/api/v1/expenses/\(expenseId)", json: #"{"total":"50.00"}"#)
            #expect(bobRaises.status == 403)
            let aliceRaises = try await f.alice.call(.patch, "/api/v1/expenses/\(expenseId)", json: #"{"total":"50.00"}"#)
            #expect(aliceRaises.status == 409)
            #expect(aliceRaises.code == "expense.total-locked")
            let notes = try await f.alice.call(.patch, "/api/v1/expenses/\(expenseId)", json: #"{"notes":"Saturday shop"}"#)
            #expect(notes["notes"]?.stringValue == "Saturday shop")

            // Bob pays Alice; Alice marks it. Nobody else marks, and nothing reverses it.
            #expect(
                try await f.bob.call(.post, "/api/v1/expenses/\(expenseId)/payments", json: #"{"member":"\#(f.bobId)"}"#).code
                    == "expense.not-uploader"
            )
            let marked = try await f.alice.call(.post, "/api/v1/expenses/\(expenseId)/payments", json: #"{"member":"\#(f.bobId)"}"#)
            #expect(marked.status == 201)
            let payment = try #require(marked["payments"]?.arrayValue?.first)
            #expect(payment["from"]?.stringValue == f.bobId)
            #expect(payment["to"]?.stringValue == f.aliceId)
            #expect(payment["amount"]?.stringValue == "10.87")
            let paymentId = try #require(payment["id"]?.stringValue)
            let again = try await f.alice.call(.post, "/api/v1/expenses/\(expenseId)/payments", json: #"{"member":"\#(f.bobId)"}"#)
            #expect(again.status == 409)
            #expect(again.code == "expense.share-paid")
            let reversal = try await f.alice.call(.delete, "/api/v1/expenses/\(expenseId)/payments/\(paymentId)")
            #expect(reversal.status == 409)
            #expect(reversal.code == "payment.irreversible")
            #expect(try await f.alice.call(.delete, "/api/v1/groups/\(f.group)/payments/\(paymentId)").code == "payment.irreversible")
            let deleting = try await f.alice.call(.delete, "/api/v1/expenses/\(expenseId)")
            #expect(deleting.status == 409)
            #expect(deleting.code == "expense.has-payments")
            // A split that would change Bob's paid share is refused; one that keeps it is taken.
            let reshuffle = try await f.alice.call(
                .patch,
                "/api/v1/expenses/\(expenseId)",
                json: """
                    {"split":{"mode":"shares","weights":{"\(f.aliceId)":1,"\(f.bobId)":2,"\(f.carolId)":1}}}
                    """
            )
            #expect(reshuffle.status == 409)
            #expect(reshuffle.code == "expense.share-paid")
            let keepsBob = try await f.alice.call(
                .patch,
                "/api/v1/expenses/\(expenseId)",
                json: """
                    {"split":{"mode":"exact","amounts":{"\(f.aliceId)":"0.00","\(f.bobId)":"10.87","\(f.carolId)":"32.61"}}}
                    """
            )
            #expect(keepsBob.status == 200)
            #expect(keepsBob["shares"]?[f.carolId]?.stringValue == "32.61")
            #expect(try await f.bob.call(.get, "/api/v1/expenses/\(expenseId)")["status"]?.stringValue == "paid")
            #expect(try await f.carol.call(.get, "/api/v1/expenses/\(expenseId)")["status"]?.stringValue == "to-pay")

            // A second expense in another currency: Bob paid 30.00 EUR for all three, evenly.
            let dinner = try await f.bob.call(
                .post,
                "/api/v1/expenses",
                json: #"{"group":"\#(f.group)","merchant":"Trattoria","currency":"EUR","total":"30.00"}"#
            )
            #expect(dinner.status == 201)
            #expect(dinner["shares"]?[f.aliceId]?.stringValue == "10.00")

            // By hand: USD, Carol owes Alice 32.61 (Bob paid his 10.87); EUR, Alice and Carol owe Bob 10.00 each.
            let balances = try await f.alice.call(.get, "/api/v1/groups/\(f.group)/balances")
            #expect(balances["currencies"] == .array([.string("EUR"), .string("USD")]))
            let suggestions = Set(
                (balances["suggestions"]?.arrayValue ?? []).map {
                    [$0["from"]?.stringValue ?? "", $0["to"]?.stringValue ?? "", $0["amount"]?.stringValue ?? "", $0["currency"]?.stringValue ?? ""]
                }
            )
            #expect(
                suggestions == [
                    [f.carolId, f.aliceId, "32.61", "USD"], [f.aliceId, f.bobId, "10.00", "EUR"], [f.carolId, f.bobId, "10.00", "EUR"],
                ]
            )
            let mine = try await f.alice.call(.get, "/api/v1/balances")
            let byPerson = Dictionary(
                uniqueKeysWithValues: (mine["people"]?.arrayValue ?? []).map { ($0["userId"]?.stringValue ?? "", $0["amounts"] ?? .null) }
            )
            #expect(byPerson[f.bobId] == .object(["EUR": .string("10.00")]))
            #expect(byPerson[f.carolId] == .object(["USD": .string("-32.61")]))
            let friends = try await f.alice.call(.get, "/api/v1/friends")
            #expect(friends["friends"]?.arrayValue?.first { $0["id"]?.stringValue == f.carolId }?["balance"] == .object(["USD": .string("-32.61")]))

            // Settling up: Carol records the suggested transfer; the USD side is even.
            let settled = try await f.carol.call(
                .post,
                "/api/v1/groups/\(f.group)/payments",
                json: """
                    {"from":"\(f.carolId)","to":"\(f.aliceId)","amount":"32.61","currency":"USD"}
                    """
            )
            #expect(settled.status == 201)
            // Someone outside the group is a conflict with the group's state, not malformed input.
            let outsider = try await f.carol.call(
                .post,
                "/api/v1/groups/\(f.group)/payments",
                json: """
                    {"from":"\(f.carolId)","to":"u_nobody","amount":"1.00","currency":"USD"}
                    """
            )
            #expect(outsider.status == 409)
            #expect(outsider.code == "group.not-member")
            let toSelf = try await f.carol.call(
                .post,
                "/api/v1/groups/\(f.group)/payments",
                json: """
                    {"from":"\(f.carolId)","to":"\(f.carolId)","amount":"1.00","currency":"USD"}
                    """
            )
            #expect(toSelf.status == 422)
            #expect(toSelf.code == "payment.to-self")
            let after = try await f.alice.call(.get, "/api/v1/groups/\(f.group)/balances")
            #expect(after["suggestions"]?.arrayValue?.allSatisfy { $0["currency"]?.stringValue == "EUR" } == true)
            #expect(after["suggestions"]?.arrayValue?.count == 2)
        }
    }

    @Test("the uploader may ask for less than the receipt; personal expenses, recurring ones, deleting", arguments: TemporaryStores.engines)
    func totalsPersonalRecurring(engine: StoreEngine) async throws {
        try await ServerHarness.with(engine) { api, _ in
            let f = try await Self.friends(api)
            // A hand-made cart as the receipt: 12.00 + 8.00.
            let home = try await f.alice.newHousehold("Home")
            let cart = try await f.alice.call(.post, "/api/v1/households/\(home)/carts", json: #"{"name":"Market","currency":"EUR"}"#)
            let cartId = try #require(cart["id"]?.stringValue)
            _ = try await f.alice.call(.post, "/api/v1/households/\(home)/carts/\(cartId)/items", json: #"{"name":"Cheese","price":"12.00"}"#)
            _ = try await f.alice.call(.post, "/api/v1/households/\(home)/carts/\(cartId)/items", json: #"{"name":"Wine","price":"8.00"}"#)
            // Asking for 15.00 instead of 20.00: cheese for Bob, wine for Carol, scaled: 9.00 and 6.00.
            let less = try await f.alice.call(
                .post,
                "/api/v1/expenses",
                json: """
                    {"group":"\(f.group)","total":"15.00","receipt":{"household":"\(home)","cart":"\(cartId)"},
                     "split":{"mode":"byItem","items":{"0":{"\(f.bobId)":1},"1":{"\(f.carolId)":1}}}}
                    """
            )
            try #require(less.status == 201, "\(String(decoding: less.bytes, as: UTF8.self))")
            #expect(less["receipt"]?["total"]?.stringValue == "20.00")
            #expect(less["shares"]?[f.bobId]?.stringValue == "9.00")
            #expect(less["shares"]?[f.carolId]?.stringValue == "6.00")
            // Someone else's cart cannot be split: Bob is not in Alice's household.
            let foreign = try await f.bob.call(
                .post,
                "/api/v1/expenses",
                json: #"{"group":"\#(f.group)","receipt":{"household":"\#(home)","cart":"\#(cartId)"}}"#
            )
            #expect(foreign.status == 404)
            // A line nobody was given is refused with the line named.
            let unassigned = try await f.alice.call(
                .post,
                "/api/v1/expenses",
                json: """
                    {"group":"\(f.group)","receipt":{"household":"\(home)","cart":"\(cartId)"},"split":{"mode":"byItem","items":{"0":{"\(f.bobId)":1}}}}
                    """
            )
            #expect(unassigned.status == 422)
            #expect(unassigned.code == "expense.item-unassigned")

            // A personal expense between friends, outside any group: two payers (card and cash).
            let personal = try await f.alice.call(
                .post,
                "/api/v1/expenses",
                json: """
                    {"merchant":"Cinema","currency":"EUR","total":"24.00","payers":{"\(f.aliceId)":"20.00","\(f.bobId)":"4.00"},
                     "split":{"mode":"evenly","members":["\(f.aliceId)","\(f.bobId)"]}}
                    """
            )
            try #require(personal.status == 201, "\(String(decoding: personal.bytes, as: UTF8.self))")
            #expect(
                try await f.bob.call(.get, "/api/v1/expenses")["expenses"]?.arrayValue?.contains { $0["merchant"]?.stringValue == "Cinema" } == true
            )
            #expect(try await f.carol.call(.get, "/api/v1/expenses/\(try #require(personal["id"]?.stringValue))").status == 404)
            let bobOwes = try await f.bob.call(.get, "/api/v1/balances")
            let toAlice = bobOwes["people"]?.arrayValue?.first { $0["userId"]?.stringValue == f.aliceId }
            // Group: Bob owes Alice 9.00; cinema: Bob's share 12.00 less his 4.00 = 8.00.
            #expect(toAlice?["amounts"] == .object(["EUR": .string("17.00")]))

            // Deleting: the uploader, without payments; the record leaves the lists.
            let lessId = try #require(less["id"]?.stringValue)
            #expect(try await f.bob.call(.delete, "/api/v1/expenses/\(lessId)").code == "expense.not-uploader")
            #expect(try await f.alice.call(.delete, "/api/v1/expenses/\(lessId)").status == 204)
            #expect(try await f.alice.call(.get, "/api/v1/expenses/\(lessId)").status == 404)

            // Rent every month from three months ago: the occurrences appear once, however often read.
            let start = Calendar(identifier: .gregorian).date(byAdding: .month, value: -2, to: Date())!
            let day = String(ISO8601DateFormatter().string(from: start).prefix(10))
            let rent = try await f.alice.call(
                .post,
                "/api/v1/groups/\(f.group)/recurring",
                json: """
                    {"every":"month","start":"\(day)","expense":{"merchant":"Rent","currency":"EUR","total":"900.00"}}
                    """
            )
            try #require(rent.status == 201, "\(String(decoding: rent.bytes, as: UTF8.self))")
            for _ in 0..<2 {
                let listed = try await f.bob.call(.get, "/api/v1/groups/\(f.group)/expenses")
                let rents = listed["expenses"]?.arrayValue?.filter { $0["merchant"]?.stringValue == "Rent" } ?? []
                #expect(rents.count == 3)
                #expect(rents.first?["shares"]?[f.bobId]?.stringValue == "300.00")
            }
            let stopped = try await f.bob.call(.delete, "/api/v1/groups/\(f.group)/recurring/\(try #require(rent["id"]?.stringValue))")
            #expect(stopped.code == "expense.not-uploader")
        }
    }
}
