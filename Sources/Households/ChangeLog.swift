import DocumentStore
import Foundation
import ReceiptModel

/// One write to a cart or a list as its change log shows it: who, when, and each field's old and
/// new value (items and entries by their id, with their name). Written in the same batch as the
/// change itself, so the log never misses a revision nor holds one that did not happen.
public struct ChangeLogEntry: Codable, Sendable, Hashable {
    public static let collection = "change-log"

    public enum Action: String, Codable, Sendable {
        case created, changed, deleted
    }

    public struct FieldChange: Codable, Sendable, Hashable {
        /// `name`, `total`, or for an item `items.completed` (with ``item``) and `items` for one
        /// added (``new``) or removed (``old``).
        public var field: String
        public var item: String?
        public var itemName: String?
        public var old: JSONValue?
        public var new: JSONValue?
    }

    public var household: String
    public var collection: String
    public var documentId: String
    /// The document's revision this change made (not `rev`: the store sets that on every document).
    public var revision: Int
    public var at: String
    public var userId: String
    public var action: Action
    public var changes: [FieldChange]

    static func id(collection: String, document: String, rev: Int) -> String { "\(collection)|\(document)|\(rev)" }

    /// Fields that change on every write or say nothing to people.
    static let ignored: Set<String> = ["rev", "id", "ocrText", "updatedAt", "stamps"]

    /// The differences between two versions of a document (nil for created or deleted).
    static func differences(_ before: JSONValue?, _ after: JSONValue?) -> [FieldChange] {
        let old = before?.objectValue ?? [:]
        let new = after?.objectValue ?? [:]
        // The fields that differ, in name order, without a sorted set of every name: a change
        // touches few of a document's fields.
        var fields: [String] = []
        for (field, value) in new where !ignored.contains(field) && old[field] != value { fields.append(field) }
        for field in old.keys where new[field] == nil && !ignored.contains(field) { fields.append(field) }
        var changes: [FieldChange] = []
        for field in fields.sorted() {
            if let oldList = old[field]?.arrayValue ?? (old[field] == nil ? [] : nil),
                let newList = new[field]?.arrayValue ?? (new[field] == nil ? [] : nil),
                oldList.allSatisfy({ $0["id"]?.stringValue != nil }), newList.allSatisfy({ $0["id"]?.stringValue != nil })
            {
                changes += elementChanges(field, oldList, newList)
            } else {
                changes.append(FieldChange(field: field, old: old[field], new: new[field]))
            }
        }
        return changes
    }

    /// Items or entries compared by id: added, removed, and each changed field.
    static func elementChanges(_ field: String, _ old: [JSONValue], _ new: [JSONValue]) -> [FieldChange] {
        if let changes = placeByPlaceChanges(field, old, new) { return changes }
        let before = Dictionary(old.compactMap { value in value["id"]?.stringValue.map { ($0, value) } }, uniquingKeysWith: { a, _ in a })
        let after = Dictionary(new.compactMap { value in value["id"]?.stringValue.map { ($0, value) } }, uniquingKeysWith: { a, _ in a })
        var changes: [FieldChange] = []
        for element in new {
            guard let id = element["id"]?.stringValue else { continue }
            let name = element["name"]?.stringValue
            guard let previous = before[id] else {
                changes.append(FieldChange(field: field, item: id, itemName: name, new: element))
                continue
            }
            // Most items are untouched by a change: one comparison instead of field by field.
            if previous == element { continue }
            changes += fieldChanges(field, id, name, previous, element)
        }
        for element in old {
            guard let id = element["id"]?.stringValue, after[id] == nil else { continue }
            changes.append(FieldChange(field: field, item: id, itemName: element["name"]?.stringValue, old: element))
        }
        return changes
    }

    /// The changes of elements that kept their places (a tick: the same items in the same order,
    /// one of them changed), compared place by place without a dictionary of each side; the same
    /// changes as by id. Nil when the ids differ anywhere or repeat.
    static func placeByPlaceChanges(_ field: String, _ old: [JSONValue], _ new: [JSONValue]) -> [FieldChange]? {
        guard old.count == new.count else { return nil }
        var ids = Set<String>(minimumCapacity: new.count)
        for (previous, element) in zip(old, new) {
            guard let id = element["id"]?.stringValue, previous["id"]?.stringValue == id, ids.insert(id).inserted else { return nil }
        }
        var changes: [FieldChange] = []
        for (previous, element) in zip(old, new) where previous != element {
            changes += fieldChanges(field, element["id"]?.stringValue, element["name"]?.stringValue, previous, element)
        }
        return changes
    }

    /// Each changed field of one element, named `field.member`.
    private static func fieldChanges(_ field: String, _ id: String?, _ name: String?, _ previous: JSONValue, _ element: JSONValue) -> [FieldChange] {
        differences(previous, element).map { change in
            FieldChange(field: "\(field).\(change.field)", item: id, itemName: name, old: change.old, new: change.new)
        }
    }
}

/// Who is writing, for the change log.
package struct ChangeAuthor: Sendable {
    var userId: String
    var now: Date
}

extension Records {
    /// The log entry of a write, as a write of its own for the same batch.
    func logWrite(
        collection: String,
        id: String,
        rev: Int,
        household: String,
        action: ChangeLogEntry.Action,
        before: JSONValue?,
        after: JSONValue?,
        by author: ChangeAuthor
    ) throws -> DocumentWrite {
        let entry = ChangeLogEntry(
            household: household,
            collection: collection,
            documentId: id,
            revision: rev,
            at: Instant.string(author.now),
            userId: author.userId,
            action: action,
            changes: action == .changed ? ChangeLogEntry.differences(before, after) : []
        )
        return try write(entry, ChangeLogEntry.collection, ChangeLogEntry.id(collection: collection, document: id, rev: rev), expectedRev: nil)
    }

    /// The log of one cart or list of the household, oldest first.
    func log(collection: String, id: String, household: String) async throws -> [ChangeLogEntry] {
        try await all(ChangeLogEntry.self, DocumentQuery(collection: ChangeLogEntry.collection, filters: [.equals("documentId", id)]))
            .map(\.value).filter { $0.household == household && $0.collection == collection }.sorted { $0.revision < $1.revision }
    }
}
