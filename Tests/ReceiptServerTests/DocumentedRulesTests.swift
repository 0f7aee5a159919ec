import Foundation
import HTTPTypes
import ReceiptModel
import ReceiptTesting
import Testing

/// Rules the OpenAPI document states and the server enforces alike, found by fuzzing the server
/// from its document (scripts/fuzz-api.sh): a client generated from the document sends nothing the
/// server refuses for its form, and the server refuses what the document calls invalid.
@Suite(.timeLimit(.minutes(5))) struct DocumentedRulesTests {
    static let memberId: JSONValue = .object(["type": .string("string"), "minLength": .number(1), "maxLength": .number(80)])

    @Test("the server refuses an empty member id and an empty payers map, and the document says both")
    func memberIdsAndPayers() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let unnamed = try await alice.call(
                .post,
                "/api/v1/expenses",
                json: #"{"currency":"EUR","total":"9.80","split":{"mode":"shares","weights":{"":1}}}"#
            )
            #expect(unnamed.status == 400)
            #expect(unnamed["field"]?.stringValue == "split")
            let nobody = try await alice.call(.post, "/api/v1/expenses", json: #"{"currency":"EUR","total":"9.80","payers":{}}"#)
            #expect(nobody.status == 422)
            #expect(nobody.code == "expense.payers-invalid")
            let unnamedPayer = try await alice.call(.post, "/api/v1/expenses", json: #"{"currency":"EUR","total":"9.80","paidBy":""}"#)
            #expect(unnamedPayer.status == 400)

            let schemas = try #require(try await alice.call(.get, "/api/v1/openapi.json")["components"]?["schemas"])
            for input in ["ExpenseInput", "RecurringExpenseInput"] {
                let payers = schemas[input]?["properties"]?["payers"]
                #expect(payers?["propertyNames"] == Self.memberId, "\(input)")
                #expect(payers?["minProperties"] == .number(1), "\(input)")
            }
            #expect(schemas["ExpenseChange"]?["properties"]?["payers"]?["minProperties"] == .number(1))
            // Each mode's map names members; the maps a mode does not read are not checked.
            let rules = schemas["SplitInput"]?["allOf"]?.arrayValue ?? []
            for (mode, map) in [("shares", "weights"), ("percentages", "percentages"), ("exact", "amounts")] {
                #expect(
                    rules.contains {
                        $0["if"]?["properties"]?["mode"]?["const"]?.stringValue == mode
                            && $0["then"]?["properties"]?[map]?["propertyNames"] == Self.memberId
                    },
                    "\(mode)"
                )
            }
            let paidBy = schemas["ExpenseInput"]?["allOf"]?.arrayValue?.compactMap { $0["then"]?["properties"]?["paidBy"] }.first
            #expect(paidBy?["minLength"] == .number(1))
        }
    }

    @Test("a picture's size is thumbnail or absent: another answers 400, not the original")
    func pictureSize() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            let (alice, aliceId) = try await api.newUser("Alice")
            let photo = try Data(contentsOf: ReceiptUploadTests.photo)
            #expect(try await alice.call(.put, "/api/v1/me/picture", data: photo, headers: [.contentType: "image/png"]).status == 204)
            let picture = "/api/v1/users/\(aliceId)/picture"
            #expect(try await alice.call(.get, picture).bytes == photo)
            #expect(try await alice.call(.get, "\(picture)?size=thumbnail").headers[.contentType] == "image/jpeg")
            for size in ["null", "large", "thumbnail&size=null"] {
                let refused = try await alice.call(.get, "\(picture)?size=\(size)")
                #expect(refused.status == 400, "\(size)")
                #expect(refused["field"]?.stringValue == "size", "\(size)")
            }
        }
    }

    @Test("a replica's entry that is not removed is complete: the server refuses one without a name, and the document says so")
    func syncedEntriesAreComplete() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let home = try await alice.newHousehold("Home")
            let stamp = "000000000000000001-000000-r1"
            func list(_ entry: String) -> String {
                #"{"lists":[{"id":"l_1","state":{"fields":{"name":{"value":"Weekly","at":"\#(stamp)"}},"entries":{"e_1":\#(entry)}}}]}"#
            }
            let nameless = try await alice.call(.post, "/api/v1/households/\(home)/sync", json: list(#"{"fields":{}}"#))
            #expect(nameless.status == 400)
            #expect(nameless["field"]?.stringValue == "lists.state.entries.e_1")
            let removed = try await alice.call(.post, "/api/v1/households/\(home)/sync", json: list(#"{"fields":{},"removed":"\#(stamp)"}"#))
            #expect(removed.status == 200)

            let schemas = try #require(try await alice.call(.get, "/api/v1/openapi.json")["components"]?["schemas"])
            let entries = schemas["SentListState"]?["properties"]?["entries"]?["additionalProperties"]
            #expect(entries?["$ref"]?.stringValue == "#/components/schemas/SentEntry")
            let complete = schemas["SentEntry"]?["allOf"]?.arrayValue?.first
            #expect(complete?["if"]?["properties"]?["removed"]?["type"]?.stringValue == "null")
            let required = complete?["then"]?["properties"]?["fields"]?["required"]?.arrayValue?.compactMap(\.stringValue)
            #expect(required == ["name", "quantity", "completed", "addedBy", "addedByUserId", "addedOn"])

            // A blank name is refused as through the entry routes, and the document says it.
            func register(_ value: String) -> String { #"{"value":\#(value),"at":"\#(stamp)"}"# }
            let blank = try await alice.call(
                .post,
                "/api/v1/households/\(home)/sync",
                json: list(
                    #"{"fields":{"name":\#(register(#"" ""#)),"quantity":\#(register("1")),"completed":\#(register("false")),"addedBy":\#(register(#""A""#)),"addedByUserId":\#(register(#""u""#)),"addedOn":\#(register(#""2026-11-26""#))}}"#
                )
            )
            #expect(blank.status == 400)
            let fields = complete?["then"]?["properties"]?["fields"]?["properties"]
            let name = fields?["name"]?["properties"]?["value"]
            #expect(name?["minLength"]?.intValue == 1)
            #expect(name?["maxLength"]?.intValue == 200)
            #expect(name?["pattern"]?.stringValue != nil)
            #expect(fields?["quantity"]?["properties"]?["value"]?["maximum"]?.intValue == 100_000)

            // Changes stamped a year ahead: well-formed, refused for the device's clock (422, which
            // the operation declares), not as a malformed request.
            let ahead = "\(Int64(Date().timeIntervalSince1970 * 1000) + 365 * 86_400_000)".leftPadded(to: 18) + "-000000-r1"
            let fast = try await alice.call(
                .post,
                "/api/v1/households/\(home)/sync",
                json: #"{"lists":[{"id":"l_2","state":{"fields":{"name":{"value":"Soon","at":"\#(ahead)"}},"entries":{}}}]}"#
            )
            #expect(fast.status == 422)
            #expect(fast["code"]?.stringValue == "sync.clock-ahead")
            let sync = try #require(try await alice.call(.get, "/api/v1/openapi.json")["paths"]?["/api/v1/households/{householdId}/sync"]?["post"])
            #expect(sync["responses"]?["422"] != nil)
        }
    }

    @Test("a preset's name is 1 to 100 characters, as for every named thing: the server refuses 101, and the document says 100")
    func presetNamesAreAtMostAHundredCharacters() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let home = try await alice.newHousehold("Home")
            func create(_ name: String) async throws -> Reply {
                try await alice.call(
                    .post,
                    "/api/v1/households/\(home)/presets",
                    json: #"{"name":"\#(name)","entries":[{"name":"Flour"}]}"#
                )
            }
            #expect(try await create(String(repeating: "p", count: 100)).status == 201)
            #expect(try await create(String(repeating: "p", count: 101)).status == 400)
            let schemas = try #require(try await alice.call(.get, "/api/v1/openapi.json")["components"]?["schemas"])
            #expect(schemas["NewPreset"]?["properties"]?["name"]?["maxLength"]?.intValue == 100)
        }
    }

    @Test("a cart item a replica sends back, unless removed, has a name: the server refuses a new one without, and the document says so")
    func syncedCartItemsHaveNames() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let home = try await alice.newHousehold("Home")
            let created = try await alice.call(.post, "/api/v1/households/\(home)/carts", json: #"{"name":"Market"}"#)
            let cart = try #require(created["id"]?.stringValue)
            let stamp = "000000000000000001-000000-r1"
            func send(_ item: String) async throws -> Reply {
                try await alice.call(
                    .post,
                    "/api/v1/households/\(home)/sync",
                    json: #"{"cartStates":[{"id":"\#(cart)","state":{"fields":{},"entries":{"i_new":\#(item)}}}]}"#
                )
            }
            let nameless = try await send(#"{"fields":{"price":{"value":"2.50","at":"\#(stamp)"}}}"#)
            #expect(nameless.status == 400)
            #expect(nameless["field"]?.stringValue == "cartStates.state.entries.i_new")
            let named = try await send(#"{"fields":{"name":{"value":"Pears","at":"\#(stamp)"},"price":{"value":"2.50","at":"\#(stamp)"}}}"#)
            #expect(named.status == 200)

            let schemas = try #require(try await alice.call(.get, "/api/v1/openapi.json")["components"]?["schemas"])
            let sync = schemas["SyncRequest"]?["properties"]?["cartStates"]
            let cartStates = String(decoding: try #require(sync).jsonData(), as: UTF8.self)
            #expect(cartStates.contains(##""#/components/schemas/SentCart""##))
            let items = schemas["SentCart"]?["properties"]?["state"]?["properties"]?["entries"]?["additionalProperties"]
            #expect(items?["$ref"]?.stringValue == "#/components/schemas/SentCartItem")
            let complete = schemas["SentCartItem"]?["allOf"]?.arrayValue?.first
            #expect(complete?["if"]?["properties"]?["removed"]?["type"]?.stringValue == "null")
            let fields = complete?["then"]?["properties"]?["fields"]
            #expect(fields?["required"]?.arrayValue?.compactMap(\.stringValue) == ["name"])
            #expect(fields?["properties"]?["name"]?["properties"]?["value"]?["maxLength"]?.intValue == 200)
        }
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}
