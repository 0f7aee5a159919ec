import Foundation
import ReceiptModel
import Synchronization

/// The documents this process wrote last, as it wrote them: an update of one of them starts from
/// here instead of reading and decoding it again (on a tick, that read and decode were a seventh
/// of the server's work). Nothing is trusted blindly: the write still names the revision it
/// started from, so a change made meanwhile by anyone else (another instance, another command, a
/// path that does not go through here) makes the write a conflict, and the update is done again
/// from the store, as for any writer that lost a race.
final class RecentWrites: Sendable {
    struct Entry: Sendable {
        var rev: Int
        /// As stored: the change log compares it with the new version.
        var document: JSONValue
        var value: any Sendable
    }

    private let entries = Mutex<[String: Entry]>([:])
    /// Enough for the documents being edited at a time on a busy household server, and little
    /// memory even for receipt carts with their OCR text (tens of KB each); when full it starts
    /// over (an update that misses only costs the read it would have made anyway).
    let capacity: Int

    init(capacity: Int = 256) { self.capacity = capacity }

    static func key(_ collection: String, _ id: String) -> String { collection + "\u{0}" + id }

    func entry(_ collection: String, _ id: String) -> Entry? {
        entries.withLock { $0[Self.key(collection, id)] }
    }

    func remember(_ collection: String, _ id: String, _ entry: Entry) {
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[Self.key(collection, id)] = entry
        }
    }

    func forget(_ collection: String, _ id: String) {
        _ = entries.withLock { $0.removeValue(forKey: Self.key(collection, id)) }
    }
}

/// Turns of this process's updates of one document: one at a time, the others wait. Two updates
/// that raced would both start from the same revision, one would lose, read the document again
/// and redo its change; waiting is cheaper, and the second then starts from the first's write.
final class DocumentTurns: Sendable {
    /// Documents being updated → the updates waiting for them, in order of arrival.
    private let waiting = Mutex<[String: [CheckedContinuation<Void, Never>]]>([:])

    /// Waits for the document's turn. Every call must be followed by `end`.
    func begin(_ collection: String, _ id: String) async {
        let key = RecentWrites.key(collection, id)
        let free = waiting.withLock { waiting in
            guard waiting[key] == nil else { return false }
            waiting[key] = []
            return true
        }
        if free { return }
        await withCheckedContinuation { (turn: CheckedContinuation<Void, Never>) in
            let freed = waiting.withLock { waiting in
                guard waiting[key] != nil else {
                    waiting[key] = []
                    return true
                }
                waiting[key]?.append(turn)
                return false
            }
            if freed { turn.resume() }
        }
    }

    /// Hands the document to the next waiting update, if any.
    func end(_ collection: String, _ id: String) {
        let key = RecentWrites.key(collection, id)
        let next = waiting.withLock { waiting -> CheckedContinuation<Void, Never>? in
            guard var queue = waiting[key], !queue.isEmpty else {
                waiting[key] = nil
                return nil
            }
            let next = queue.removeFirst()
            waiting[key] = queue
            return next
        }
        next?.resume()
    }
}
