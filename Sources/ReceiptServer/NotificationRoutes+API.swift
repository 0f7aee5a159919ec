import ReceiptModel

/// The OpenAPI description of `NotificationRoutes`: its operations and the schemas only they use.
extension NotificationRoutes {
    static var operations: [APIOperation] {
        [
            APIOperation(
                .get,
                "/api/v1/notifications",
                id: "listNotifications",
                tags: ["notifications"],
                summary: "My notifications, newest first, with how many are unread",
                description: "New ones also arrive over the WebSocket /api/v1/live as events of type `notification`, to their user alone.",
                parameters: [
                    .query("before", "The `next` of the page read before.", schema: .string(pattern: "^[0-9]{1,19}$")),
                    .query("limit", "1 to 100, default 30.", schema: .integer(minimum: 1, maximum: 100)),
                ],
                responses: [.json(200, "A page of notifications", .ref("NotificationPage"))],
                errors: [400]
            ),
            APIOperation(
                .post,
                "/api/v1/notifications/read",
                id: "markAllNotificationsRead",
                tags: ["notifications"],
                summary: "Mark all my notifications read",
                responses: [.json(200, "How many were unread", .object(["marked": .integer()], required: ["marked"]))]
            ),
            APIOperation(
                .post,
                "/api/v1/notifications/{notificationId}/read",
                id: "markNotificationRead",
                tags: ["notifications"],
                summary: "Mark one of my notifications read",
                responses: [.json(200, "The notification", .ref("Notification"))]
            ),
            APIOperation(
                .get,
                "/api/v1/households/{householdId}/lists/{listId}/notification-setting",
                id: "getNotificationSetting",
                tags: ["notifications"],
                summary: "How much of this list's activity I hear about",
                responses: [.json(200, "The setting", .ref("NotificationSetting"))]
            ),
            APIOperation(
                .put,
                "/api/v1/households/{householdId}/lists/{listId}/notification-setting",
                id: "setNotificationSetting",
                tags: ["notifications"],
                summary: "Choose how much of this list's activity I hear about",
                description: "A change to a high-priority entry reaches every member whatever this says.",
                body: .json(.object(["level": .ref("NotificationLevel")], required: ["level"], additional: false)),
                responses: [.json(200, "The setting", .ref("NotificationSetting"))]
            ),
        ]
    }

    static var schemas: [String: JSONSchema] {
        [
            "NotificationLevel": .oneOf(["every", "whileShopping", "highPriority", "none"]).described(
                "Every change; only while I am shopping with the list; only high-priority entries; none."
            ),
            "NotificationSetting": .object(["listId": .string(), "level": .ref("NotificationLevel")], required: ["listId", "level"]),
            "Notification": .object(
                [
                    "id": .string(), "userId": .string(), "order": .string(),
                    "kind": .oneOf(["entryAdded", "entryChanged", "entryRemoved", "entryTicked", "shoppingStarted", "expenseAdded", "receiptRead"]),
                    "at": .string(), "actorId": .string().orNull, "actorName": .string().orNull, "householdId": .string().orNull,
                    "listId": .string().orNull, "groupId": .string().orNull, "title": .string(), "body": .string(),
                    "link": .string().orNull.described("The web page it is about."),
                    "highPriority": .boolean, "read": .boolean,
                ],
                required: ["id", "userId", "order", "kind", "at", "title", "body", "highPriority", "read"]
            ),
            "NotificationPage": .object(
                [
                    "notifications": .array(of: .ref("Notification")), "unread": .integer(),
                    "next": .string().orNull.described("Pass as `before` for older ones; absent on the last page."),
                ],
                required: ["notifications", "unread"]
            ),
        ]
    }
}
