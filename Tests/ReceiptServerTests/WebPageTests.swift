import Foundation
import HTTPTypes
import ReceiptModel
import ReceiptTesting
import Testing

/// The web app's pages over a live server: sessions, membership, CSRF on forms, escaping, headers.
/// (Flows in a real browser are in Tests/web, run by scripts/web-tests.sh.)
@Suite struct WebPageTests {
    /// A browser of `name`: its cookies, and the CSRF token its forms carry.
    struct Browser {
        let api: API
        let cookie: String
        let csrf: String

        func get(_ path: String) async throws -> Reply {
            try await api.as(nil).call(.get, path, headers: [.cookie: cookie])
        }

        func post(_ path: String, _ fields: [(String, String)], csrf token: String? = nil, origin: String? = nil) async throws -> Reply {
            var all = fields
            all.append(("_csrf", token ?? csrf))
            let body = all.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }.joined(separator: "&")
            var headers: HTTPFields = [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"]
            if let origin { headers[.origin] = origin }
            return try await api.as(nil).call(.post, path, data: Data(body.utf8), headers: headers)
        }
    }

    static func browser(_ api: API, _ name: String) async throws -> (Browser, API) {
        let (user, _) = try await api.newUser(name)
        let login = try await api.call(
            .post,
            "/api/v1/sessions",
            json: #"{"email":"\#(name.lowercased())@example.org","password":"correct horse battery"}"#
        )
        let token = try #require(login["token"]?.stringValue)
        let csrf = try #require(login["csrfToken"]?.stringValue)
        return (Browser(api: api, cookie: "receipts_session=\(token); receipts_csrf=\(csrf)", csrf: csrf), user)
    }

    @Test("without a session a page sends the browser to the login page, and back after")
    func loginRequired() async throws {
        try await ServerHarness.with(.sqlite, over: .live) { api, _ in
            let reply = try await api.call(.get, "/h/h_123/carts/c_1")
            #expect(reply.status == 303)
            #expect(reply.headers[.location] == "/login?next=/h/h_123/carts/c_1")
            let login = try await api.call(.get, "/login")
            #expect(login.status == 200)
            #expect(login.headers[.contentSecurityPolicy]?.contains("default-src 'self'") == true)
            #expect(String(decoding: login.bytes, as: UTF8.self).contains("name=\"password\""))
        }
    }

    @Test("a member sees the household's pages; another household's id is a 404 page")
    func membership() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            let (anna, annaAPI) = try await Self.browser(api, "Anna")
            let (bo, boAPI) = try await Self.browser(api, "Bo")
            let home = try await annaAPI.newHousehold("Home")
            let other = try await boAPI.newHousehold("Other")
            let page = try await anna.get("/h/\(home)")
            #expect(page.status == 200)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.headers[.eTag] != nil)
            for path in ["/h/\(other)", "/h/\(other)/spend", "/h/\(other)/lists", "/h/\(other)/upload"] {
                let foreign = try await anna.get(path)
                #expect(foreign.status == 404, "\(path)")
                let text = String(decoding: foreign.bytes, as: UTF8.self)
                #expect(text.contains("Not found"))
                // The page speaks to a person: the household, never the API's routes.
                #expect(text.contains("No such household"), "\(path)")
                #expect(!text.contains("/api/v1") && !text.contains("GET "), "\(path)")
            }
            // The API's problem document may point a program at the route that lists households.
            let problem = try await annaAPI.call(.get, "/api/v1/households/\(other)")
            #expect(problem.code == "household.not-found")
            #expect(problem["detail"]?.stringValue?.contains("GET /api/v1/households") == true)
            let again = try await bo.get("/h/\(other)")
            #expect(again.status == 200)
            // The same page with its ETag costs a 304.
            let cached = try await anna.api.as(nil).call(.get, "/h/\(home)", headers: [.cookie: anna.cookie, .ifNoneMatch: page.etag ?? ""])
            #expect(cached.status == 304)
        }
    }

    @Test("a form post needs the session's CSRF token and this site's origin")
    func csrf() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            let (anna, annaAPI) = try await Self.browser(api, "Anna")
            let home = try await annaAPI.newHousehold("Home")
            let forged = try await anna.post("/h/\(home)/carts", [("name", "Forged")], csrf: "not-the-token")
            #expect(forged.status == 403)
            let crossSite = try await anna.post("/h/\(home)/carts", [("name", "Cross")], origin: "https://evil.example")
            #expect(crossSite.status == 403)
            let made = try await anna.post("/h/\(home)/carts", [("name", "<b>Weekly</b> & more")])
            #expect(made.status == 303)
            let cartPath = try #require(made.headers[.location])
            let page = String(decoding: try await anna.get(cartPath).bytes, as: UTF8.self)
            #expect(page.contains("&lt;b&gt;Weekly&lt;/b&gt; &amp; more"))
            #expect(!page.contains("<b>Weekly"))
            let carts = try await annaAPI.call(.get, "/api/v1/households/\(home)/carts")
            #expect(carts["carts"]?.arrayValue?.count == 1)
        }
    }

    @Test("adding and ticking items through the forms uses the cart domain: the cart completes")
    func itemsByForm() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            let (anna, annaAPI) = try await Self.browser(api, "Anna")
            let home = try await annaAPI.newHousehold("Home")
            let cartPath = try #require(try await anna.post("/h/\(home)/carts", [("name", "Shop")]).headers[.location])
            #expect(try await anna.post(cartPath + "/items", [("name", "Milk"), ("quantity", "2"), ("price", "3.49")]).status == 303)
            #expect(try await anna.post(cartPath + "/items", [("name", "Milk"), ("price", "three")]).status == 400)
            let cartId = String(cartPath.split(separator: "/").last ?? "")
            let cart = try await annaAPI.call(.get, "/api/v1/households/\(home)/carts/\(cartId)")
            let itemId = try #require(cart["items"]?.arrayValue?.first?["id"]?.stringValue)
            #expect(try await anna.post(cartPath + "/items/\(itemId)/tick", [("completed", "1")]).status == 303)
            let after = try await annaAPI.call(.get, "/api/v1/households/\(home)/carts/\(cartId)")
            #expect(after["completed"] == .bool(true))
            #expect(after["totalPrice"]?.stringValue == "3.49")
            let page = String(decoding: try await anna.get(cartPath).bytes, as: UTF8.self)
            #expect(page.contains("data-testid=\"cart-completed\""))
        }
    }

    @Test("a cart's item edited and removed, the cart renamed and deleted, through the forms")
    func cartEditsByForm() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            let (anna, annaAPI) = try await Self.browser(api, "Anna")
            let home = try await annaAPI.newHousehold("Home")
            let cartPath = try #require(try await anna.post("/h/\(home)/carts", [("name", "Shop")]).headers[.location])
            let cartId = String(cartPath.split(separator: "/").last ?? "")
            let apiPath = "/api/v1/households/\(home)/carts/\(cartId)"
            #expect(try await anna.post(cartPath + "/items", [("name", "Milk"), ("price", "3.49")]).status == 303)
            #expect(try await anna.post(cartPath + "/items", [("name", "Eggs")]).status == 303)
            let itemId = try #require(try await annaAPI.call(.get, apiPath)["items"]?.arrayValue?.first?["id"]?.stringValue)
            #expect(
                try await anna.post(cartPath + "/items/\(itemId)/edit", [("name", "Oat milk"), ("quantity", "2"), ("price", "4.10")]).status == 303
            )
            var item = try await annaAPI.call(.get, apiPath)["items"]?.arrayValue?.first
            #expect(item?["name"]?.stringValue == "Oat milk" && item?["price"]?.stringValue == "4.10")
            // An emptied price field takes the price away.
            #expect(try await anna.post(cartPath + "/items/\(itemId)/edit", [("name", "Oat milk"), ("quantity", "2"), ("price", "")]).status == 303)
            item = try await annaAPI.call(.get, apiPath)["items"]?.arrayValue?.first
            #expect(item?["price"] == nil || item?["price"] == .null)
            #expect(try await anna.post(cartPath + "/items/\(itemId)/delete", []).status == 303)
            #expect(try await annaAPI.call(.get, apiPath)["items"]?.arrayValue?.count == 1)
            #expect(try await anna.post(cartPath + "/rename", [("name", "Renamed")]).status == 303)
            #expect(try await annaAPI.call(.get, apiPath)["name"]?.stringValue == "Renamed")
            #expect(try await anna.post(cartPath + "/delete", []).headers[.location] == "/h/\(home)")
            #expect(try await annaAPI.call(.get, apiPath).status == 404)
        }
    }

    @Test("a list shared through the pages: the passcode shown once, wrong ones refused then throttled, guest pages for guests only")
    func sharedListPages() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            func text(_ reply: Reply) -> String { String(decoding: reply.bytes, as: UTF8.self) }
            let (anna, annaAPI) = try await Self.browser(api, "Anna")
            let (cleo, _) = try await Self.browser(api, "Cleo")
            let (dan, _) = try await Self.browser(api, "Dan")
            let home = try await annaAPI.newHousehold("Home")
            let listPath = try #require(try await anna.post("/h/\(home)/lists", [("name", "Weekly")]).headers[.location])
            let listId = String(listPath.split(separator: "/").last ?? "")
            #expect(try await anna.post(listPath + "/entries", [("name", "Milk")]).status == 303)
            let shared = try await anna.post(listPath + "/share", [])
            #expect(shared.status == 200)
            let passcode = String(try #require(text(shared).firstMatch(of: /data-testid="share-passcode">([^<]+)</)?.output.1))
            #expect(!text(try await anna.get(listPath)).contains(passcode), "shown once")
            // Only the household's members share; to anyone else the list's household pages do not exist.
            #expect(try await cleo.post(listPath + "/share", []).status == 404)
            let wrong = try await cleo.post("/shared-lists/join", [("listId", listId), ("passcode", "NOPE-NOPE")])
            #expect(wrong.status == 404)
            #expect(text(wrong).contains("No shared list with this id and passcode"))
            #expect(try await cleo.get("/shared-lists/\(listId)").status == 404)
            let joined = try await cleo.post("/shared-lists/join", [("listId", listId), ("passcode", passcode.lowercased())])
            #expect(joined.headers[.location] == "/shared-lists/\(listId)")
            let page = try await cleo.get("/shared-lists/\(listId)")
            #expect(page.status == 200 && text(page).contains("Milk"))
            #expect(try await cleo.post("/shared-lists/\(listId)/entries", [("name", "Eggs")]).status == 303)
            #expect(try await cleo.get(listPath).status == 404)
            let annaPage = text(try await anna.get(listPath))
            #expect(annaPage.contains("Eggs") && annaPage.contains("Cleo"))
            // Dan did not join: the guest pages and forms are not found for him.
            #expect(try await dan.get("/shared-lists/\(listId)").status == 404)
            #expect(try await dan.post("/shared-lists/\(listId)/entries", [("name", "Ham")]).status == 404)
            // Cleo leaves; the list is no longer hers.
            #expect(try await cleo.post("/shared-lists/\(listId)/leave", []).status == 303)
            #expect(try await cleo.get("/shared-lists/\(listId)").status == 404)
            // Guessing is throttled: after five wrong passcodes the form says how long to wait.
            var last = wrong
            for _ in 0..<6 { last = try await dan.post("/shared-lists/join", [("listId", listId), ("passcode", "GUESS-GUESS")]) }
            #expect(last.status == 429)
            #expect(text(last).contains("Too many wrong passcodes"))
        }
    }

    @Test("the assets are served with validators")
    func assets() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            for (name, type) in [("app.css", "text/css"), ("app.js", "text/javascript"), ("icon.svg", "image/svg+xml")] {
                let reply = try await api.call(.get, "/assets/\(name)")
                #expect(reply.status == 200)
                #expect(reply.headers[.contentType]?.hasPrefix(type) == true)
                let again = try await api.call(.get, "/assets/\(name)", headers: [.ifNoneMatch: reply.etag ?? ""])
                #expect(again.status == 304)
            }
            #expect(try await api.call(.get, "/assets/nope.js").status == 404)
        }
    }
}
