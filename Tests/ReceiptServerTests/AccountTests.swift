import DocumentStore
import Foundation
import HTTPTypes
import Households
import ReceiptModel
import ReceiptTesting
import Testing

@Suite struct AccountTests {
    @Test("sign up, log in, list and revoke sessions, log out", arguments: TemporaryStores.engines)
    func accountsAndSessions(engine: StoreEngine) async throws {
        try await ServerHarness.with(engine, over: .live) { api, services in
            let (anna, annaID) = try await api.newUser("Anna")
            let again = try await api.call(
                .post,
                "/api/v1/accounts",
                json: #"{"email":"ANNA@Example.org","displayName":"A2","password":"another password"}"#
            )
            #expect(again.status == 409)
            #expect(again.code == "account.email-taken")
            #expect(again.headers[.contentType] == "application/problem+json")

            let me = try await anna.call(.get, "/api/v1/me")
            #expect(me.status == 200)
            #expect(me["user"]?["id"]?.stringValue == annaID)
            #expect(me["user"]?["passwordHash"] == nil)

            // A second login on another phone, then the first session is revoked from the second.
            let second = try await api.call(.post, "/api/v1/sessions", json: #"{"email":"anna@example.org","password":"correct horse battery"}"#)
            let phone = api.as(second["token"]?.stringValue)
            let sessions = try await phone.call(.get, "/api/v1/sessions")
            let listed = try #require(sessions["sessions"]?.arrayValue)
            #expect(listed.count == 2)
            let first = try #require(listed.first { $0["current"] == .bool(false) }?["id"]?.stringValue)
            #expect(try await phone.call(.delete, "/api/v1/sessions/\(first)").status == 204)
            let revoked = try await anna.call(.get, "/api/v1/me")
            #expect(revoked.status == 401)
            #expect(revoked.code == "auth.required")

            // Only hashes are stored: no document holds the token.
            let token = try #require(phone.token)
            for try await stored in services.store.query(DocumentQuery(collection: Collections.sessions)) {
                let text = String(decoding: try stored.document.jsonData(), as: UTF8.self)
                #expect(!text.contains(token))
                #expect(stored.id != token)
            }
            let user = try #require(try await services.store.get(collection: Collections.users, id: annaID))
            #expect(user.document["passwordHash"]?.stringValue?.hasPrefix("$2") == true)

            #expect(try await phone.call(.delete, "/api/v1/sessions/current").status == 204)
            #expect(try await phone.call(.get, "/api/v1/me").status == 401)
        }
    }

    @Test("bad sign-ups name the field; wrong passwords are refused without saying which part")
    func badInput() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            let cases: [(String, String)] = [
                (#"{"email":"nope","displayName":"A","password":"long enough"}"#, "email"),
                (#"{"email":"a@b.org","displayName":"","password":"long enough"}"#, "displayName"),
                (#"{"email":"a@b.org","displayName":"A","password":"short"}"#, "password"),
                (#"{"email":"a@b.org","displayName":"A","password":12345678}"#, "password"),
                (#"{"email":"a@b.org","displayName":"A","password":"long enough","admin":true}"#, "admin"),
            ]
            for (body, field) in cases {
                let reply = try await api.call(.post, "/api/v1/accounts", json: body)
                #expect(reply.status == 400, "\(body)")
                #expect(reply.code == "request.invalid")
                #expect(reply["field"]?.stringValue == field, "\(body)")
            }
            #expect(try await api.call(.post, "/api/v1/accounts", json: "{not json").status == 400)
            #expect(try await api.call(.post, "/api/v1/accounts", json: "[1,2]").status == 400)
            let beyondDecimal = try await api.call(
                .post,
                "/api/v1/accounts",
                json: #"{"email":"a@b.org","displayName":"A","password":"long enough","x":1e400}"#
            )
            #expect(beyondDecimal.status == 400)
            #expect(beyondDecimal["detail"]?.stringValue?.contains("Send such a value as a string") == true)
            // Eight Unicode scalars, as JSON Schema counts, though fewer characters as people see them.
            let combining = try await api.call(
                .post,
                "/api/v1/accounts",
                json: #"{"email":"c@b.org","displayName":"C","password":"e\u0301e\u0301e\u0301e\u0301"}"#
            )
            #expect(combining.status == 201)
            let huge = #"{"email":"a@b.org","displayName":""# + String(repeating: "x", count: 2 << 20) + #"","password":"long enough"}"#
            #expect(try await api.call(.post, "/api/v1/accounts", json: huge).status == 413)

            _ = try await api.newUser("Ben")
            let wrong = try await api.call(.post, "/api/v1/sessions", json: #"{"email":"ben@example.org","password":"wrong password"}"#)
            #expect(wrong.status == 401)
            #expect(wrong.code == "auth.invalid-credentials")
            let nobody = try await api.call(.post, "/api/v1/sessions", json: #"{"email":"nobody@example.org","password":"wrong password"}"#)
            #expect(nobody.code == "auth.invalid-credentials")
            #expect(String(decoding: wrong.bytes, as: UTF8.self).contains("wrong password") == false)
        }
    }

    @Test("failed logins are throttled per account, with Retry-After, even for the right password")
    func throttling() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            _ = try await api.newUser("Cleo")
            for _ in 0..<5 {
                let reply = try await api.call(.post, "/api/v1/sessions", json: #"{"email":"cleo@example.org","password":"guess guess"}"#)
                #expect(reply.status == 401)
            }
            let blocked = try await api.call(.post, "/api/v1/sessions", json: #"{"email":"CLEO@example.org","password":"correct horse battery"}"#)
            #expect(blocked.status == 429)
            #expect(blocked.code == "auth.throttled")
            #expect(Int(blocked.headers[.retryAfter] ?? "") ?? 0 > 0)
        }
    }

    @Test("a cookie session needs the CSRF token on unsafe requests")
    func cookieAndCSRF() async throws {
        try await ServerHarness.with(.sqlite) { api, _ in
            _ = try await api.newUser("Dora")
            let login = try await api.call(.post, "/api/v1/sessions", json: #"{"email":"dora@example.org","password":"correct horse battery"}"#)
            let cookies = login.headers[values: .setCookie]
            #expect(cookies.contains { $0.hasPrefix("receipts_session=") && $0.contains("HttpOnly") && $0.contains("SameSite=Lax") })
            let session = try #require(login["token"]?.stringValue)
            let csrf = try #require(login["csrfToken"]?.stringValue)
            let cookie: HTTPFields = [.cookie: "receipts_session=\(session); receipts_csrf=\(csrf)"]
            #expect(try await api.call(.get, "/api/v1/me", headers: cookie).status == 200)
            let forged = try await api.call(.post, "/api/v1/households", json: #"{"name":"Forged"}"#, headers: cookie)
            #expect(forged.status == 403)
            #expect(forged.code == "auth.csrf")
            var withToken = cookie
            withToken[.init("X-CSRF-Token")!] = csrf
            #expect(try await api.call(.post, "/api/v1/households", json: #"{"name":"Home"}"#, headers: withToken).status == 201)
            let households = try await api.call(.get, "/api/v1/households", headers: cookie)
            #expect(households["households"]?.arrayValue?.count == 1)
        }
    }
}

@Suite struct SessionExpiryTests {
    @Test("a session ends when its lifetime is over; an invitation when it expires")
    func expiry() async throws {
        try await TemporaryStores.with(.sqlite) { store, _ in
            let clock = TestClock()
            let records = Records(store: store)
            let accounts = AccountService(
                records: records,
                settings: .init(bcryptCost: 4, sessionLifetime: .seconds(3600)),
                now: { clock.now },
                logger: ServerHarness.logger
            )
            let directory = HouseholdDirectory(records: records, now: { clock.now }, logger: ServerHarness.logger)
            let user = try await accounts.signUp(email: "e@example.org", displayName: "E", password: "long enough")
            let login = try await accounts.logIn(email: "e@example.org", password: "long enough", address: "127.0.0.1", userAgent: nil)
            #expect(try await accounts.authenticate(token: login.token).user.id == user.id)
            let household = try await directory.create(name: "Home", by: user).value.id
            let invite = try await directory.invite(to: household, by: user.id, validFor: .seconds(60))
            clock.advance(3601)
            await #expect { try await accounts.authenticate(token: login.token) } throws: {
                ($0 as? HouseholdError)?.code == .unauthenticated
            }
            #expect(try await accounts.sessions(of: user.id).isEmpty)
            let other = try await accounts.signUp(email: "f@example.org", displayName: "F", password: "long enough")
            await #expect { try await directory.join(code: invite.code, user: other) } throws: {
                ($0 as? HouseholdError)?.code == .inviteInvalid
            }
        }
    }
}

@Suite struct PasswordLengthTests {
    @Test("a password's length counts characters: 72 letters outside ASCII sign up and log in, and every one of them counts")
    func lengthInCharacters() async throws {
        try await TemporaryStores.with(.sqlite) { store, _ in
            let accounts = AccountService(records: Records(store: store), settings: .init(bcryptCost: 4), logger: ServerHarness.logger)
            // 72 characters, 144 bytes: bcrypt alone would read only the first 36.
            let password = String(repeating: "é", count: 71) + "a"
            _ = try await accounts.signUp(email: "g@example.org", displayName: "G", password: password)
            _ = try await accounts.logIn(email: "g@example.org", password: password, address: "127.0.0.1", userAgent: nil)
            let samePrefix = String(repeating: "é", count: 71) + "b"
            await #expect { try await accounts.logIn(email: "g@example.org", password: samePrefix, address: "127.0.0.1", userAgent: nil) } throws: {
                ($0 as? HouseholdError)?.code == .invalidCredentials
            }
            await #expect {
                try await accounts.signUp(email: "h@example.org", displayName: "H", password: String(repeating: "é", count: 73))
            } throws: {
                ($0 as? HouseholdError)?.field == "password"
            }
        }
    }
}
