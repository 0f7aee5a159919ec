import Foundation
import HTTPTypes
import ReceiptModel
import ReceiptTesting
import Testing

/// Invitation links (`/join/CODE`): shown beside the code, asking before joining, through login.
@Suite(.timeLimit(.minutes(5))) struct InviteLinkTests {
    @Test("an invitation link asks, then joins on the form's post with the session's CSRF token; logged out it goes through login")
    func joinByLink() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            func text(_ reply: Reply) -> String { String(decoding: reply.bytes, as: UTF8.self) }
            let (anna, annaAPI) = try await WebPageTests.browser(api, "Anna")
            let (bo, boAPI) = try await WebPageTests.browser(api, "Bo")
            let home = try await annaAPI.newHousehold("Sunny Flat")
            let invited = text(try await anna.post("/h/\(home)/invites", []))
            let codeStart = try #require(invited.range(of: "href=\"/join/"))
            let code = String(invited[codeStart.upperBound...].prefix { $0 != "\"" })
            #expect(invited.contains("data-testid=\"invite-code\">\(code)</p>"), "the link carries the code shown")

            // Logged out: the login page first, and back to the link after.
            let anonymous = try await api.call(.get, "/join/\(code)")
            #expect(anonymous.status == 303)
            #expect(anonymous.headers[.location] == "/login?next=/join/\(code)")

            // Opening it joins nothing yet: it asks.
            let asked = try await bo.get("/join/\(code)")
            #expect(asked.status == 200)
            #expect(text(asked).contains("data-testid=\"invited-household\">Sunny Flat<"))
            #expect(text(asked).contains("action=\"/join/\(code)\""))
            #expect(try await boAPI.call(.get, "/api/v1/households/\(home)").status == 404)

            #expect(try await bo.post("/join/\(code)", [], csrf: "forged").status == 403)
            let joined = try await bo.post("/join/\(code)", [])
            #expect(joined.status == 303)
            #expect(joined.headers[.location] == "/h/\(home)")
            #expect(try await boAPI.call(.get, "/api/v1/households/\(home)").status == 200)

            // Used up: a third person's visit is refused, and an unknown code too.
            let (cy, _) = try await WebPageTests.browser(api, "Cy")
            #expect(try await cy.get("/join/\(code)").status == 404)
            #expect(try await cy.post("/join/\(code)", []).status == 404)
            #expect(try await cy.get("/join/AAAA-BBBB-CCCC").status == 404)
        }
    }
}
