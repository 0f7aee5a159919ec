import ReceiptModel

/// The OpenAPI description of `AccountRoutes`: its operations and the schemas only they use.
extension AccountRoutes {
    static var operations: [APIOperation] {
        [
            APIOperation(
                .post,
                "/api/v1/accounts",
                id: "signUp",
                tags: ["accounts"],
                summary: "Sign up",
                body: .json(.ref("SignUp")),
                responses: [.json(201, "Created", .ref("User"))],
                errors: [409],
                isPublic: true
            ),
            APIOperation(
                .post,
                "/api/v1/sessions",
                id: "logIn",
                tags: ["accounts"],
                summary: "Log in",
                body: .json(.ref("Credentials")),
                responses: [.json(201, "Logged in; browsers also get the session and CSRF cookies", .ref("Login"))],
                errors: [401, 429],
                isPublic: true
            ),
            APIOperation(
                .get,
                "/api/v1/sessions",
                id: "listSessions",
                tags: ["accounts"],
                summary: "My open sessions",
                responses: [.json(200, "Sessions", .ref("SessionList"))]
            ),
            APIOperation(
                .delete,
                "/api/v1/sessions/current",
                id: "logOut",
                tags: ["accounts"],
                summary: "Log out",
                responses: [.empty(204, "Logged out")]
            ),
            APIOperation(
                .delete,
                "/api/v1/sessions/{sessionId}",
                id: "revokeSession",
                tags: ["accounts"],
                summary: "Revoke one of my sessions",
                responses: [.empty(204, "Revoked")]
            ),
            APIOperation(
                .get,
                "/api/v1/me",
                id: "me",
                tags: ["accounts"],
                summary: "Who I am and my households",
                responses: [.json(200, "Me", .ref("Me"))]
            ),
        ]
    }

    static var schemas: [String: JSONSchema] {
        [
            "SignUp": .object(
                [
                    "email": .string(maxLength: 254, format: "email"),
                    "displayName": .string(minLength: 1, maxLength: 80, pattern: JSONSchema.nonBlank),
                    "password": .string(minLength: 8, maxLength: 72),
                ],
                required: ["email", "displayName", "password"],
                additional: false
            ),
            "Credentials": .object(["email": .string(), "password": .string()], required: ["email", "password"], additional: false),
            "User": .object(
                [
                    "id": .string(), "email": .string(), "displayName": .string(), "createdAt": .string(),
                    "preferences": .object(["defaultCurrency": .string().orNull, "locale": .string().orNull]),
                ],
                required: ["id", "email", "displayName", "createdAt"]
            ),
            "Session": .object(
                [
                    "id": .string(), "createdAt": .string(), "expiresAt": .string(), "lastSeenAt": .string(), "userAgent": .string().orNull,
                    "current": .boolean,
                ],
                required: ["id", "createdAt", "expiresAt", "lastSeenAt", "current"]
            ),
            "Login": .object(
                [
                    "token": .string().described("Send as Authorization: Bearer <token>. Shown once; the server keeps only its hash."),
                    "csrfToken": .string().described("For cookie sessions: echo it in X-CSRF-Token on unsafe requests."), "session": .ref("Session"),
                    "user": .ref("User"),
                ],
                required: ["token", "csrfToken", "session", "user"]
            ),
            "SessionList": .object(["sessions": .array(of: .ref("Session"))], required: ["sessions"]),
            "Me": .object(["user": .ref("User"), "households": .array(of: .ref("Household"))], required: ["user", "households"]),
        ]
    }
}
