import DocumentStore
import Foundation
import ReceiptModel
import Testing

@testable import ReceiptServer

/// The live feed is closed by default: a collection reaches clients only once its audience is
/// declared in `LiveScopes.declared`.
@Suite struct LiveScopeTests {
    /// Every collection name the sources declare: `static let collection = "…"` (and its
    /// `…Collection` siblings) on document types, and the members of `Households.Collections`.
    static func collectionsInSources() throws -> Set<String> {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        let declaration = try Regex(#"static (?:let|var) \w*[cC]ollection\w*(?:: String)? = "([a-z][a-z-]*)""#)
        let member = try Regex(#"public static let \w+ = "([a-z][a-z-]*)""#)
        var names = Set<String>()
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where file.pathExtension == "swift" && !file.path.contains("/receipts-bench/") {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: declaration) { names.insert(String(match.output[1].substring ?? "")) }
            // `enum Collections { … }` up to its index table.
            if let start = text.range(of: "public enum Collections {"), let end = text.range(of: "indexes:", range: start.upperBound..<text.endIndex)
            {
                for match in text[start.upperBound..<end.lowerBound].matches(of: member) { names.insert(String(match.output[1].substring ?? "")) }
            }
        }
        return names
    }

    @Test("every collection the sources declare has a declared live audience (nobody included)")
    func everyCollectionIsDeclared() throws {
        let found = try Self.collectionsInSources()
        // The scan must see the collections it is meant to: a broken pattern finds nothing.
        #expect(found.isSuperset(of: ["carts", "users", "sessions", "shopping-lists", "notification-settings", "presence"]))
        let undeclared = found.subtracting(LiveScopes.declared.keys).sorted()
        #expect(undeclared.isEmpty, "Declare who may see these collections live in LiveScopes.declared: \(undeclared)")
    }

    @Test("a collection nobody declared is sent to no one, whatever members its documents have")
    func undeclaredIsClosed() {
        let document: JSONValue = .object([
            "household": .string("h1"), "group": .string("g1"), "userId": .string("u1"), "participants": .array([.string("u2")]),
        ])
        let change = { (collection: String) in StoreChange(seq: 1, collection: collection, id: "x1", rev: 1, deleted: false, document: document) }
        #expect(LiveScopes.of(change("webhooks")).isEmpty)
        #expect(LiveScopes.of(change("users")).isEmpty)
        #expect(LiveScopes.of(change("carts")) == [.household("h1")])
        #expect(LiveScopes.of(change("expenses")) == [.group("g1")])
        #expect(LiveScopes.of(change("favourites")) == [.user("u1")])
    }

    @Test("scopes named by ids: a membership's household, a chat message's list, a payment outside a group")
    func scopesFromIds() {
        let membership = StoreChange(
            seq: 1,
            collection: "memberships",
            id: "u1|h9",
            rev: 2,
            deleted: true,
            document: .object(["userId": .string("u1")])
        )
        #expect(LiveScopes.of(membership) == [.user("u1"), .household("h9")])
        let message = StoreChange(
            seq: 2,
            collection: "list-chat",
            id: "l4|m1",
            rev: 2,
            deleted: true,
            document: .object(["household": .string("h1")])
        )
        #expect(LiveScopes.of(message) == [.list("l4"), .household("h1")])
        let payment = StoreChange(
            seq: 3,
            collection: "expense-payments",
            id: "p1",
            rev: 1,
            deleted: false,
            document: .object(["from": .string("u1"), "to": .string("u2")])
        )
        #expect(LiveScopes.of(payment) == [.user("u1"), .user("u2")])
        let expense = StoreChange(
            seq: 4,
            collection: "expenses",
            id: "e1",
            rev: 1,
            deleted: false,
            document: .object(["participants": .array([.string("u3")])])
        )
        #expect(LiveScopes.of(expense) == [.user("u3")])
    }
}
