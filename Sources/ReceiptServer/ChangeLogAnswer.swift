import Foundation
import Households
import Hummingbird
import ReceiptModel

/// A change log with the authors' names.
struct ChangeLogAnswer: ResponseEncodable {
    struct Entry: Encodable {
        var rev: Int
        var at: String
        var userId: String
        var displayName: String
        var action: ChangeLogEntry.Action
        var changes: [ChangeLogEntry.FieldChange]
    }

    var changes: [Entry]

    init(_ log: [ChangeLogEntry], accounts: AccountService) async throws {
        let users = try await accounts.users(log.map(\.userId))
        changes = log.map {
            Entry(
                rev: $0.revision,
                at: $0.at,
                userId: $0.userId,
                displayName: users[$0.userId]?.displayName ?? $0.userId,
                action: $0.action,
                changes: $0.changes
            )
        }
    }
}
