import DocumentStore
import Foundation
import ReceiptModel
import Replication

/// A local store's side of replication with a household server: its replica id, where it
/// stopped reading the server, which of its carts the server has, what to send, and how to take
/// in an answer. Kept in the local store itself (collection `sync-state`), so a sync resumes
/// wherever it stopped, after a crash or with the server down.
public struct LocalReplica: Sendable {
    public static let collection = "sync-state"
    static let stateId = "local"

    /// What the local store remembers between syncs.
    public struct State: Codable, Sendable, Hashable {
        /// This store's replica id in every stamp it makes (`cli_…`).
        public var replica: String
        /// The household this store syncs with, once it has.
        public var household: String?
        /// The server's cursor after the last sync.
        public var cursor: String?
        /// Local cart id → its id in the household, for carts the server has.
        public var uploaded: [String: String]
        /// When the last sync finished.
        public var syncedAt: String?
        /// Lists deleted here since the last sync, for the server to delete too.
        public var deletedLists: [String]?
        /// The household's carts whose items were changed here since the last sync.
        public var changedCarts: [String]?
    }

    let records: Records
    let now: @Sendable () -> Date

    public init(records: Records, now: @escaping @Sendable () -> Date = Date.init) {
        self.records = records
        self.now = now
    }

    /// The stored state, made (with a new replica id) the first time.
    public func state() async throws -> State {
        if let stored = try await records.get(State.self, Self.collection, Self.stateId) { return stored.value }
        let fresh = State(
            replica: Identifiers.make("cli"),
            household: nil,
            cursor: nil,
            uploaded: [:],
            syncedAt: nil,
            deletedLists: nil,
            changedCarts: nil
        )
        do {
            try await records.put(fresh, Self.collection, Self.stateId, expectedRev: 0)
            return fresh
        } catch let error as StoreError where error.code == .conflict {
            return try await state()
        }
    }

    /// What to send to `household`: every list of it (or not yet of any household), and the
    /// receipts ingested here that the server does not have yet.
    public func outgoing(to household: String) async throws -> SyncRequest {
        let state = try await state()
        let lists = try await records.all(HouseholdList.self, DocumentQuery(collection: HouseholdList.collection)).map(\.value)
            .filter { $0.household.isEmpty || $0.household == household }
        var carts: [CartDocument] = []
        for try await stored in records.store.query(DocumentQuery(collection: Collections.carts, filters: [.equals("household", .null)]))
        where state.uploaded[stored.id] == nil {
            carts.append(try stored.document.decode(as: CartDocument.self))
        }
        var cartStates: [SyncedCart] = []
        for id in state.changedCarts ?? [] {
            guard let cart = try await records.get(CartDocument.self, Collections.carts, id, in: household)?.value else { continue }
            cartStates.append(try SyncedCart(cart))
        }
        return SyncRequest(
            cursor: state.household == household ? state.cursor : nil,
            lists: try lists.map { try SyncedList($0) },
            carts: carts,
            known: lists.map(\.id),
            removedLists: state.deletedLists,
            cartStates: cartStates.isEmpty ? nil : cartStates
        )
    }

    /// Remembers that a cart of the household was changed here, for the next sync to send.
    func changed(cart id: String) async throws {
        _ = try await state()
        _ = try await records.update(State.self, Self.collection, Self.stateId, ifMatch: nil, notFound: ShoppingLists.notFound) { state in
            if !(state.changedCarts ?? []).contains(id) { state.changedCarts = (state.changedCarts ?? []) + [id] }
        }
    }

    /// Remembers that a list which the server has was deleted here, so the next sync deletes it
    /// there too (a list never synced is simply gone).
    func forget(list id: String) async throws {
        _ = try await state()
        _ = try await records.update(State.self, Self.collection, Self.stateId, ifMatch: nil, notFound: ShoppingLists.notFound) { state in
            if !(state.deletedLists ?? []).contains(id) { state.deletedLists = (state.deletedLists ?? []) + [id] }
        }
    }

    /// Takes in the server's answer: its lists merged into the local ones (edits made here
    /// meanwhile are kept: merging is by stamps, never by replacing), deleted lists dropped,
    /// the household's carts stored, and local receipts the server now has replaced by its copy.
    /// - Returns: how many lists and carts changed here.
    @discardableResult
    /// - Parameter sent: what was sent in the request this answers (its cart changes are done).
    public func apply(_ answer: SyncAnswer, from household: String, sent: SyncRequest? = nil) async throws -> (lists: Int, carts: Int) {
        var listsChanged = 0
        for synced in answer.lists where synced.household == household {
            if try await records.get(HouseholdList.self, HouseholdList.collection, synced.id) != nil {
                let (_, changed) = try await records.update(
                    HouseholdList.self,
                    HouseholdList.collection,
                    synced.id,
                    ifMatch: nil,
                    notFound: ShoppingLists.notFound
                ) { list -> Bool in
                    let before = list
                    list.household = household
                    try list.merge(synced.state, order: synced.order)
                    return list != before
                }
                if changed { listsChanged += 1 }
            } else {
                var list = HouseholdList(
                    id: synced.id,
                    household: household,
                    name: "",
                    createdBy: synced.createdBy ?? "",
                    createdAt: synced.createdAt ?? Instant.string(now()),
                    entries: []
                )
                try list.merge(synced.state, order: synced.order)
                try await records.put(list, HouseholdList.collection, list.id, expectedRev: nil)
                listsChanged += 1
            }
        }
        for id in answer.removedLists {
            if try await records.store.delete(collection: HouseholdList.collection, id: id) { listsChanged += 1 }
        }
        var cartsChanged = 0
        for cart in answer.carts where cart.household == household {
            guard try await records.store.exists(collection: Collections.carts, id: cart.id) else {
                try await records.put(cart, Collections.carts, cart.id, expectedRev: 0)
                cartsChanged += 1
                continue
            }
            // Through the read-change-write loop: an item edit made here while the answer was on
            // its way is merged in (or redone from the store), never overwritten.
            let (_, changed) = try await records.update(CartDocument.self, Collections.carts, cart.id, ifMatch: nil, notFound: .cartNotFound) {
                local in
                var merged = cart
                if local.stamps != nil {
                    // Item changes made here meanwhile are merged in, never overwritten.
                    try merged.merge(try local.replicated(), order: cart.items.compactMap(\.id))
                    CartEditor.settle(&merged, by: merged.purchasedByUser ?? merged.addedByUser, now: now())
                }
                // Revisions differ between stores; the contents say whether anything changed.
                merged.rev = local.rev
                defer { local = merged }
                return local != merged
            }
            if changed { cartsChanged += 1 }
        }
        var state = try await state()
        let sentCarts = Set((sent?.cartStates ?? []).map(\.id))
        state.changedCarts = state.changedCarts?.filter { !sentCarts.contains($0) }
        if state.changedCarts?.isEmpty == true { state.changedCarts = nil }
        // The server answers a deletion it made as a removed list: no need to send it again.
        state.deletedLists = state.deletedLists?.filter { !answer.removedLists.contains($0) }
        if state.deletedLists?.isEmpty == true { state.deletedLists = nil }
        for upload in answer.uploaded {
            state.uploaded[upload.localId] = upload.id
            // The household's copy is here now (or comes with the next answer): the personal one
            // would count the receipt twice.
            if upload.localId != upload.id, try await records.store.exists(collection: Collections.carts, id: upload.id) {
                try await records.store.delete(collection: Collections.carts, id: upload.localId)
            }
        }
        state.household = household
        state.cursor = answer.cursor
        state.syncedAt = Instant.string(now())
        try await records.put(state, Self.collection, Self.stateId, expectedRev: nil)
        return (listsChanged, cartsChanged)
    }
}
