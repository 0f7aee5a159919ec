import DocumentStore
import Foundation
import HTTPTypes
import Households
import ReceiptModel
import ReceiptTesting
import Testing

@Suite(.timeLimit(.minutes(5))) struct ListTests {
    @Test("a request body read into a type refuses other members and names the field at fault, in the words of JSONBody")
    func typedBodies() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let home = try await alice.newHousehold("Home")
            let lists = "/api/v1/households/\(home)/lists"
            let path = "\(lists)/\(try #require(try await alice.call(.post, lists, json: #"{"name":"Weekend"}"#)["id"]?.stringValue))"
            let refusals: [(String, String, String, String)] = [
                (lists, #"{}"#, "name", "'name' is required."),
                (lists, #"{"name":null}"#, "name", "'name' is required."),
                (lists, #"{"name":7}"#, "name", "'name' must be a string."),
                (lists, #"{"name":"A","extra":1}"#, "extra", "Unknown field 'extra'. Allowed: name."),
                ("\(path)/entries", #"{"name":"Milk","quantity":"lots"}"#, "quantity", "'quantity' must be a number."),
                ("\(path)/entries", #"{"name":"Milk","barcode":5}"#, "barcode", "'barcode' must be a string."),
                ("\(path)/entries", #"{"quantity":2}"#, "name", "'name' is required."),
                ("\(path)/entries", #"{"nam":"Milk"}"#, "nam", "Unknown field 'nam'. Allowed: barcode, name, note, priority, quantity, unit."),
            ]
            for (target, json, field, detail) in refusals {
                let reply = try await alice.call(.post, target, json: json)
                #expect(reply.status == 400, "\(json)")
                #expect(reply["field"]?.stringValue == field, "\(json)")
                #expect(reply["detail"]?.stringValue == detail, "\(json)")
            }
            let milk = try await alice.call(.post, "\(path)/entries", json: #"{"name":"Milk","quantity":"2","unit":"l","note":"fresh"}"#)
            #expect(milk["entry"]?["quantity"] == .number(2))
            let entry = "\(path)/entries/\(try #require(milk["entry"]?["id"]?.stringValue))"
            // An absent member is unchanged, a null one removed.
            let edited = try await alice.call(.patch, entry, json: #"{"note":null}"#)
            #expect(edited["entry"]?["unit"]?.stringValue == "l")
            #expect(edited["entry"]?["note"] == nil || edited["entry"]?["note"] == .null)
            let wrong = try await alice.call(.patch, entry, json: #"{"completed":"yes"}"#)
            #expect(wrong["field"]?.stringValue == "completed")
            #expect(wrong["detail"]?.stringValue == "'completed' must be true or false.")
            let shopping = try await alice.call(.put, "\(path)/shopping", json: #"{"minutes":true}"#)
            #expect(shopping["detail"]?.stringValue == "'minutes' must be a number.")
        }
    }

    @Test("lists: entries added, edited, ticked, removed; photos; privacy", arguments: TemporaryStores.engines)
    func listLifecycle(engine: StoreEngine) async throws {
        try await ServerHarness.with(engine, catalog: true, over: .live) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let (bob, _) = try await api.newUser("Bob")
            let (carol, _) = try await api.newUser("Carol")
            let home = try await alice.newHousehold("Home")
            try await alice.invite(bob, to: home)
            _ = try await carol.newHousehold("Elsewhere")
            let lists = "/api/v1/households/\(home)/lists"
            let created = try await alice.call(.post, lists, json: #"{"name":"Weekend"}"#)
            #expect(created.status == 201)
            let listID = try #require(created["id"]?.stringValue)
            let path = "\(lists)/\(listID)"
            let milk = try await bob.call(.post, "\(path)/entries", json: #"{"name":"whole milk","quantity":2,"note":"the big one"}"#)
            #expect(milk.status == 201)
            #expect(milk["entry"]?["addedBy"]?.stringValue == "Bob")
            #expect(milk["entry"]?["product"]?["name"]?.stringValue == "Whole Milk, 1 Gallon")
            #expect(milk["entry"]?["product"]?["source"]?.stringValue == "catalog")
            let milkID = try #require(milk["entry"]?["id"]?.stringValue)
            // A barcode the catalog does not know adds nothing and names the field.
            let unknown = try await bob.call(.post, "\(path)/entries", json: #"{"name":"mystery","barcode":"0000000000017"}"#)
            #expect(unknown.status == 422)
            #expect(unknown.code == "product.not-found")
            #expect(unknown["field"]?.stringValue == "barcode")
            let tea = try await alice.call(.post, "\(path)/entries", json: #"{"name":"jasmine tea","unit":"box"}"#)
            let teaID = try #require(tea["entry"]?["id"]?.stringValue)

            let edited = try await alice.call(.patch, "\(path)/entries/\(milkID)", json: #"{"quantity":3,"note":null}"#)
            #expect(edited["entry"]?["quantity"] == .number(3))
            #expect(edited["entry"]?["note"] == nil || edited["entry"]?["note"] == .null)
            let ticked = try await bob.call(.put, "\(path)/entries/\(teaID)/completed")
            #expect(ticked["entry"]?["completed"] == .bool(true))
            #expect(ticked["entry"]?["completedBy"]?.stringValue == "Bob")
            let again = try await bob.call(.put, "\(path)/entries/\(teaID)/completed")
            #expect(again.etag == ticked.etag)

            let photo = try Data(contentsOf: Fixtures.url("receipts/us-cafe-beanleaf.png"))
            #expect(try await alice.call(.put, "\(path)/entries/\(milkID)/photo", data: photo, headers: [.contentType: "image/png"]).status == 200)
            #expect(try await bob.call(.get, "\(path)/entries/\(milkID)/photo").bytes == photo)
            #expect(try await bob.call(.get, "\(path)/entries/\(milkID)/photo?size=thumbnail").headers[.contentType] == "image/jpeg")
            #expect(try await carol.call(.get, "\(path)/entries/\(milkID)/photo").status == 404)
            #expect(try await carol.call(.get, path).status == 404)
            #expect(try await carol.call(.post, "\(path)/entries", json: #"{"name":"x"}"#).status == 404)
            #expect(try await alice.call(.put, "\(path)/entries/\(milkID)/photo", data: Data("text".utf8)).status == 415)

            let renamed = try await bob.call(.patch, path, json: #"{"name":"Saturday"}"#, headers: [.ifMatch: try #require(ticked.etag)])
            #expect(renamed.status == 412)
            let removed = try await alice.call(.delete, "\(path)/entries/\(teaID)")
            #expect(removed["entries"]?.arrayValue?.count == 1)
            let all = try await bob.call(.get, lists)
            #expect(all["lists"]?.arrayValue?.count == 1)
            #expect(try await alice.call(.delete, path).status == 204)
            #expect(try await alice.call(.get, path).status == 404)
        }
    }

    @Test("a receipt ticks the list entries it bought, with the price paid; the list shows planned against bought")
    func receiptsCloseTheLoop() async throws {
        try await ServerHarness.with(.sqlite, workers: 1) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let home = try await alice.newHousehold("Home")
            let list = try await alice.call(.post, "/api/v1/households/\(home)/lists", json: #"{"name":"Groceries"}"#)
            let path = "/api/v1/households/\(home)/lists/\(try #require(list["id"]?.stringValue))"
            var ids: [String: String] = [:]
            for name in ["whole milk", "eggs", "bananas", "caviar"] {
                let entry = try await alice.call(.post, "\(path)/entries", json: #"{"name":"\#(name)"}"#)
                ids[name] = entry["entry"]?["id"]?.stringValue
            }
            let upload = try await alice.call(
                .post,
                "/api/v1/households/\(home)/receipts",
                data: try Data(contentsOf: ReceiptUploadTests.photo),
                headers: [.contentType: "image/png"]
            )
            let job = try await ReceiptUploadTests.finished(alice, job: try #require(upload["id"]?.stringValue))
            let cartID = try #require(job["cartId"]?.stringValue)

            let after = try await alice.call(.get, path)
            let entries = try #require(after["entries"]?.arrayValue)
            func entry(_ name: String) -> JSONValue? { entries.first { $0["id"]?.stringValue == ids[name] } }
            #expect(entry("whole milk")?["completed"] == .bool(true))
            #expect(entry("whole milk")?["bought"]?["cartId"]?.stringValue == cartID)
            #expect(entry("whole milk")?["bought"]?["price"]?.stringValue == "3.49")
            #expect(entry("eggs")?["bought"]?["price"]?.stringValue == "2.89")
            #expect(entry("bananas")?["completed"] == .bool(true))
            #expect(entry("caviar")?["completed"] == .bool(false))
            #expect(after["comparison"]?["notBought"] == .array([.string(try #require(ids["caviar"]))]))
            let unplanned = after["comparison"]?["boughtNotPlanned"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
            #expect(unplanned.contains { $0.uppercased().contains("YOGURT") })
            #expect(!unplanned.contains { $0.uppercased().contains("WHOLE MILK") })

            // The next list is priced from that receipt.
            let next = try await alice.call(.post, "\(path)/entries", json: #"{"name":"whole milk","quantity":2}"#)
            #expect(next["entry"]?["estimate"]?["unitPrice"]?.stringValue == "3.49")
            #expect(next["entry"]?["estimate"]?["price"]?.stringValue == "6.98")
            #expect(next["entry"]?["estimate"]?["history"]?["lastMerchant"]?.stringValue != nil)
        }
    }

    @Test("product search: picture, calories and what this household paid")
    func productSearch() async throws {
        try await ServerHarness.with(.sqlite, workers: 1, catalog: true) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let (carol, _) = try await api.newUser("Carol")
            let home = try await alice.newHousehold("Home")
            let upload = try await alice.call(
                .post,
                "/api/v1/households/\(home)/receipts",
                data: try Data(contentsOf: ReceiptUploadTests.photo),
                headers: [.contentType: "image/png"]
            )
            _ = try await ReceiptUploadTests.finished(alice, job: try #require(upload["id"]?.stringValue))
            let found = try await alice.call(.get, "/api/v1/products?q=whole%20milk&household=\(home)")
            #expect(found.status == 200)
            let first = try #require(found["results"]?.arrayValue?.first)
            #expect(first["name"]?.stringValue == "Whole Milk, 1 Gallon")
            #expect(first["caloriesPer100g"]?.decimalValue != nil)
            #expect(first["pricesPaid"]?.arrayValue?.first?["price"]?.stringValue == "3.49")
            let anonymous = try await alice.call(.get, "/api/v1/products?q=whole%20milk")
            #expect(anonymous["results"]?.arrayValue?.first?["pricesPaid"]?.arrayValue == [])
            #expect(try await carol.call(.get, "/api/v1/products?q=milk&household=\(home)").status == 404)
            #expect(try await alice.call(.get, "/api/v1/products?q=m").code == "request.invalid")
        }
    }
}
