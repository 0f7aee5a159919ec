import DocumentStore
import Foundation
import HummingbirdBcrypt
import Logging
import ReceiptModel
import Synchronization

/// A user account as stored. ``passwordHash`` never leaves the domain: clients get ``PublicUser``.
public struct UserAccount: Codable, Sendable, Hashable {
    public var id: String
    public var email: String
    public var displayName: String
    /// bcrypt, with its cost and salt inside.
    public var passwordHash: String
    public var createdAt: String
    /// The SHA-256 of the profile picture, stored as a blob.
    public var picture: String? = nil
    /// How the user wants money and dates shown, and the currency of new carts.
    public var preferences: AccountPreferences? = nil

    public var publicUser: PublicUser {
        PublicUser(id: id, email: email, displayName: displayName, createdAt: createdAt, preferences: preferences)
    }
}

/// What other members and the API see of a user.
public struct PublicUser: Codable, Sendable, Hashable {
    public var id: String
    public var email: String
    public var displayName: String
    public var createdAt: String
    /// Written only when the user chose some.
    public var preferences: AccountPreferences? = nil
}

/// One login: stored under the SHA-256 of its bearer token, so a leaked database holds no token.
public struct SessionRecord: Codable, Sendable, Hashable {
    /// The public id used to list and revoke sessions (not the token, not its hash).
    public var id: String
    public var userId: String
    public var createdAt: String
    public var expiresAt: String
    public var lastSeenAt: String
    public var userAgent: String?
    /// A hash of the CSRF token paired with this session's cookie.
    public var csrfHash: String?
}

/// Who is calling: the user and the session the request came with.
public struct Principal: Sendable, Hashable {
    public var user: PublicUser
    public var session: SessionRecord
}

/// The result of a login: the token is shown to the client once and never stored.
public struct LoginResult: Sendable {
    public var token: String
    /// For browsers: sent back in `X-CSRF-Token` on unsafe requests made with the cookie.
    public var csrfToken: String
    public var session: SessionRecord
    public var user: PublicUser
}

/// Sign-up, login, sessions. Passwords are bcrypt-hashed off the cooperative thread pool;
/// failed logins are throttled per account and per client address.
public struct AccountService: Sendable {
    public struct Settings: Sendable {
        /// bcrypt's log2 cost: 12 (about 0.25 s a hash here) in production; tests use less.
        public var bcryptCost: UInt8
        public var sessionLifetime: Duration
        public var minimumPasswordLength: Int

        public init(bcryptCost: UInt8 = 12, sessionLifetime: Duration = .seconds(30 * 24 * 3600), minimumPasswordLength: Int = 8) {
            self.bcryptCost = bcryptCost
            self.sessionLifetime = sessionLifetime
            self.minimumPasswordLength = minimumPasswordLength
        }
    }

    let records: Records
    public let settings: Settings
    let throttle: LoginThrottle
    let now: @Sendable () -> Date
    let logger: Logger
    let principals = PrincipalMemo()

    public init(
        records: Records,
        settings: Settings = Settings(),
        throttle: LoginThrottle = LoginThrottle(),
        now: @escaping @Sendable () -> Date = Date.init,
        logger: Logger
    ) {
        self.records = records
        self.settings = settings
        self.throttle = throttle
        self.now = now
        self.logger = logger
    }

    /// Creates an account. Emails are unique case-insensitively.
    /// - Throws: `request.invalid` (field `email`, `displayName` or `password`), `account.email-taken`.
    public func signUp(email: String, displayName: String, password: String) async throws -> PublicUser {
        let email = email.trimmingCharacters(in: .whitespacesAndNewlines)
        let name = displayName.trimmingCharacters(in: .whitespacesAndNewlines)
        try Self.validate(email: email)
        guard (1...80).contains(name.count) else { throw HouseholdError.invalid("displayName", "Give a display name of 1 to 80 characters.") }
        // Counted in Unicode scalars, as JSON Schema's minLength counts: a password the API
        // document calls long enough is never refused.
        guard password.unicodeScalars.count >= settings.minimumPasswordLength else {
            throw HouseholdError.invalid("password", "Choose a password of at least \(settings.minimumPasswordLength) characters.")
        }
        guard password.count <= 72 else { throw HouseholdError.invalid("password", "Choose a password of at most 72 characters.") }
        let hash = await Self.offPool { Bcrypt.hash(Self.bcryptInput(password), cost: settings.bcryptCost) }
        let user = UserAccount(
            id: Identifiers.make("u"),
            email: email,
            displayName: name,
            passwordHash: hash,
            createdAt: Instant.string(now())
        )
        do {
            try await records.store.putBatch([
                try records.write(["userId": user.id], Collections.userEmails, email.lowercased(), expectedRev: 0),
                try records.write(user, Collections.users, user.id, expectedRev: 0),
            ])
        } catch let error as StoreError where error.code == .conflict {
            throw HouseholdError(.emailTaken, "An account with this email exists already. Log in, or use another address.", field: "email")
        }
        logger.info("account created", metadata: ["user.id": "\(user.id)"])
        return user.publicUser
    }

    /// Checks the password and opens a session.
    /// - Parameter address: the client's address, for throttling.
    /// - Throws: `auth.throttled` (with a retry delay), `auth.invalid-credentials`.
    public func logIn(email: String, password: String, address: String?, userAgent: String?) async throws -> LoginResult {
        let key = email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let keys = ["account:" + key] + (address.map { ["address:" + $0] } ?? [])
        if let wait = await throttle.delay(for: keys, now: now()) {
            throw HouseholdError(
                .throttled,
                "Too many failed logins. Wait \(wait) seconds and try again.",
                retryAfterSeconds: wait
            )
        }
        let account = try await account(emailKey: key)
        // Without an account, still spend a bcrypt check so timing does not tell which emails exist.
        let stored = account?.passwordHash
        let matches = await Self.offPool { Bcrypt.verify(Self.bcryptInput(password), hash: stored ?? Self.decoyHash) }
        guard let account, matches else {
            await throttle.recordFailure(for: keys, now: now())
            logger.info("failed login", metadata: ["client.address": "\(address ?? "-")"])
            throw HouseholdError(.invalidCredentials, "Wrong email or password.")
        }
        await throttle.reset(["account:" + key])
        let token = Identifiers.token()
        let csrf = Identifiers.token()
        let instant = now()
        let session = SessionRecord(
            id: Identifiers.make("s"),
            userId: account.id,
            createdAt: Instant.string(instant),
            expiresAt: Instant.string(instant.addingTimeInterval(settings.sessionLifetime.seconds)),
            lastSeenAt: Instant.string(instant),
            userAgent: userAgent.map { String($0.prefix(200)) },
            csrfHash: Hashing.sha256Hex(csrf)
        )
        try await records.put(session, Collections.sessions, Hashing.sha256Hex(token), expectedRev: 0)
        return LoginResult(token: token, csrfToken: csrf, session: session, user: account.publicUser)
    }

    /// The caller behind a bearer token.
    /// - Throws: `auth.required` when the token is unknown, revoked or expired.
    public func authenticate(token: String) async throws -> Principal {
        let key = Hashing.sha256Hex(token)
        let failure = HouseholdError(.unauthenticated, "Log in first: the session is missing, expired or was logged out.")
        guard let session = try await records.store.get(collection: Collections.sessions, id: key) else { throw failure }
        let userId = session.document["userId"]?.stringValue ?? ""
        guard let user = try await records.store.get(collection: Collections.users, id: userId) else { throw failure }
        let instant = now()
        // The same revisions of the session and the user as last time: the decoded caller, its
        // expiry and last-seen time as they were, without decoding and parsing dates again.
        let known =
            try principals.entry(for: key, sessionRev: session.rev, userRev: user.rev)
            ?? {
                let record = try session.document.decode(as: SessionRecord.self)
                let entry = PrincipalMemo.Entry(
                    sessionRev: session.rev,
                    userRev: user.rev,
                    principal: Principal(user: try user.document.decode(as: UserAccount.self).publicUser, session: record),
                    expires: Instant.date(record.expiresAt) ?? .distantPast,
                    lastSeen: Instant.date(record.lastSeenAt) ?? .distantPast
                )
                principals.store(entry, for: key)
                return entry
            }()
        guard known.expires > instant else { throw failure }
        // Refresh "last seen" at most every five minutes, so reads do not turn into writes.
        if instant.timeIntervalSince(known.lastSeen) > 300 {
            var record = known.principal.session
            record.lastSeenAt = Instant.string(instant)
            _ = try? await records.put(record, Collections.sessions, key, expectedRev: session.rev)
        }
        return known.principal
    }

    /// Whether `csrfToken` belongs to the session.
    public func checkCSRF(_ csrfToken: String?, principal: Principal) -> Bool {
        guard let csrfToken, let expected = principal.session.csrfHash else { return false }
        return Hashing.sha256Hex(csrfToken) == expected
    }

    /// Ends the session of this token (logging out twice is fine).
    public func logOut(token: String) async throws {
        try await records.store.delete(collection: Collections.sessions, id: Hashing.sha256Hex(token))
    }

    /// The user's open sessions, newest first.
    public func sessions(of userId: String) async throws -> [SessionRecord] {
        try await sessionDocuments(of: userId).map(\.1).sorted { $0.createdAt > $1.createdAt }
    }

    /// Ends one of the user's sessions by its public id.
    /// - Throws: `session.not-found`, also for another user's session.
    public func revoke(sessionId: String, of userId: String) async throws {
        guard let (key, _) = try await sessionDocuments(of: userId).first(where: { $0.1.id == sessionId }) else {
            throw HouseholdError(.sessionNotFound, "No such session of yours.")
        }
        try await records.store.delete(collection: Collections.sessions, id: key)
    }

    /// Public profiles of several users (unknown ids are left out).
    public func users(_ ids: [String]) async throws -> [String: PublicUser] {
        var result: [String: PublicUser] = [:]
        for id in Set(ids) {
            if let user = try await records.get(UserAccount.self, Collections.users, id) { result[id] = user.value.publicUser }
        }
        return result
    }

    private func sessionDocuments(of userId: String) async throws -> [(String, SessionRecord)] {
        var result: [(String, SessionRecord)] = []
        let query = DocumentQuery(collection: Collections.sessions, filters: [.equals("userId", userId)])
        for try await stored in records.store.query(query) {
            let session = try stored.document.decode(as: SessionRecord.self)
            if let expires = Instant.date(session.expiresAt), expires > now() { result.append((stored.id, session)) }
        }
        return result
    }

    private func account(emailKey: String) async throws -> UserAccount? {
        guard let link = try await records.store.get(collection: Collections.userEmails, id: emailKey),
            let userId = link.document["userId"]?.stringValue
        else { return nil }
        return try await records.get(UserAccount.self, Collections.users, userId)?.value
    }

    static func validate(email: String) throws {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.count <= 254, parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
            !email.contains(where: { $0.isWhitespace })
        else { throw HouseholdError.invalid("email", "Give an email address like anna@example.org.") }
    }

    /// What bcrypt hashes: the password itself, or when it is longer than the 72 bytes bcrypt reads
    /// (72 characters outside ASCII can be 288), its SHA-256 in hex, so no part of it is ignored.
    /// Passwords of at most 72 bytes, the only ones accepted before, hash as they always did.
    static func bcryptInput(_ password: String) -> String {
        password.utf8.count <= 72 ? password : Hashing.sha256Hex(password)
    }

    /// A bcrypt hash of a random string, checked against when the email has no account.
    static let decoyHash = Bcrypt.hash(Identifiers.token(), cost: 12)

    /// Runs CPU-heavy work (bcrypt) on a global queue rather than a cooperative-pool thread.
    static func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }
}

/// Callers already decoded, by session key, valid while the session's and the user's stored
/// revisions are the ones they were decoded from (a logout deletes the session, a rename raises
/// the user's revision). Bounded: when full, it starts again.
final class PrincipalMemo: Sendable {
    struct Entry: Sendable {
        var sessionRev: Int
        var userRev: Int
        var principal: Principal
        var expires: Date
        var lastSeen: Date
    }

    private let entries = Mutex<[String: Entry]>([:])
    private let capacity = 10_000

    func entry(for key: String, sessionRev: Int, userRev: Int) -> Entry? {
        entries.withLock { entries in
            guard let entry = entries[key], entry.sessionRev == sessionRev, entry.userRev == userRev else { return nil }
            return entry
        }
    }

    func store(_ entry: Entry, for key: String) {
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = entry
        }
    }
}
