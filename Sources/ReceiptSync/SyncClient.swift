import CurlHTTP
import DocumentStore
import Foundation
import Households
import Logging
import ReceiptModel

/// Why a sync did not happen, with a stable code: `sync.unreachable` (the server is down or the
/// network is: retry later, local edits are kept), `sync.rejected` (the server refused the
/// request; its problem code is in the message), `sync.household` (which household is unclear).
public struct SyncError: Error, Sendable, CodedError, CustomStringConvertible {
    public var errorCode: String
    public var message: String
    /// Whether trying again later may work (the server was unreachable or busy).
    public var isTransient: Bool

    public var description: String { "\(errorCode): \(message)" }
}

/// What one sync did.
public struct SyncReport: Codable, Sendable, Hashable {
    public var household: String
    public var sentLists: Int
    public var sentCarts: Int
    public var changedLists: Int
    public var changedCarts: Int
    public var removedLists: Int
    public var cursor: String?
}

/// Replicates a local store with a household server over its HTTP API (`POST
/// /api/v1/households/{id}/sync`), both ways: local list states and new receipt carts up, what
/// changed on the server down, merged by stamps on both sides so no edit is lost whichever side
/// made it. Safe to repeat and to interrupt: every step is idempotent.
public struct SyncClient: Sendable {
    let api: String
    let token: String
    let replica: LocalReplica
    let http: HTTPClient
    let logger: Logger

    /// Receipts are sent a few at a time: a request stays well under the server's body limit.
    static let cartBatchBytes = 2 << 20

    /// - Parameters:
    ///   - server: the server's address (`http://host:port`, with or without `/api/v1`).
    ///   - token: a session's bearer token; sent in the `Authorization` header only, never logged.
    public init(server: String, token: String, store: any DocumentStore, http: HTTPClient, logger: Logger) {
        var base = server.trimmingCharacters(in: .whitespaces)
        while base.hasSuffix("/") { base.removeLast() }
        if base.hasSuffix("/api/v1") { base.removeLast("/api/v1".count) }
        api = base + "/api/v1"
        self.token = token
        replica = LocalReplica(records: Records(store: store))
        self.http = http
        self.logger = logger
    }

    /// The household to sync with: the one given, else the one this store synced with before,
    /// else the caller's only household.
    public func household(_ given: String?) async throws -> String {
        if let given, !given.isEmpty { return given }
        if let known = try await replica.state().household { return known }
        let reply = try await call { try await http.get(api + "/households", headers: authorization) }
        let households = (try JSONValue(jsonData: reply.body)["households"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        guard households.count == 1 else {
            throw SyncError(
                errorCode: "sync.household",
                message: households.isEmpty
                    ? "Your account has no household on this server. Create or join one first."
                    : "Your account has \(households.count) households; choose one with --household (\(households.joined(separator: ", "))).",
                isTransient: false
            )
        }
        return households[0]
    }

    /// One round: send, receive, merge. Receipts go in batches, each answer merged as it comes.
    public func sync(household: String) async throws -> SyncReport {
        let outgoing = try await replica.outgoing(to: household)
        var report = SyncReport(
            household: household,
            sentLists: outgoing.lists?.count ?? 0,
            sentCarts: outgoing.carts?.count ?? 0,
            changedLists: 0,
            changedCarts: 0,
            removedLists: 0,
            cursor: nil
        )
        for (index, carts) in Self.batches(outgoing.carts ?? []).enumerated() {
            // Later batches start from the cursor the previous answer left.
            var cursor = outgoing.cursor
            if index > 0 { cursor = try await replica.state().cursor }
            let request = SyncRequest(
                cursor: cursor,
                lists: index == 0 ? outgoing.lists : nil,
                carts: carts,
                known: index == 0 ? outgoing.known : nil,
                removedLists: index == 0 ? outgoing.removedLists : nil,
                cartStates: index == 0 ? outgoing.cartStates : nil
            )
            let body = try JSONCoding.encoder.encode(request)
            let reply = try await call { try await http.post(api + "/households/\(household)/sync", json: body, headers: authorization) }
            let answer: SyncAnswer
            do {
                answer = try JSONCoding.decoder.decode(SyncAnswer.self, from: reply.body)
            } catch {
                throw SyncError(errorCode: "sync.rejected", message: "The server's answer is not a sync answer: \(error)", isTransient: false)
            }
            let changed = try await replica.apply(answer, from: household, sent: request)
            report.changedLists += changed.lists
            report.changedCarts += changed.carts
            report.removedLists += answer.removedLists.count
            report.cursor = answer.cursor
        }
        logger.info(
            "synced",
            metadata: [
                "household.id": "\(household)", "lists.sent": "\(report.sentLists)", "carts.sent": "\(report.sentCarts)",
                "lists.changed": "\(report.changedLists)", "carts.changed": "\(report.changedCarts)",
            ]
        )
        return report
    }

    private var authorization: [String: String] { ["Authorization": "Bearer \(token)"] }

    /// Carts in groups of about ``cartBatchBytes``; always at least one (possibly empty) group,
    /// so that lists go out even with no receipts to send.
    static func batches(_ carts: [CartDocument]) -> [[CartDocument]] {
        var groups: [[CartDocument]] = [[]]
        var bytes = 0
        for cart in carts {
            let size = (try? JSONCoding.encoder.encode(cart).count) ?? 0
            if bytes + size > cartBatchBytes, !(groups.last ?? []).isEmpty {
                groups.append([])
                bytes = 0
            }
            groups[groups.count - 1].append(cart)
            bytes += size
        }
        return groups
    }

    /// Runs a request, turning transport and status failures into ``SyncError``s that say what
    /// to do (the server's problem code and detail when it sent one).
    private func call(_ request: () async throws -> HTTPResponse) async throws -> HTTPResponse {
        do {
            return try await request()
        } catch let error as HTTPError {
            if error.code == .status, let status = error.status {
                let problem = error.body.flatMap { try? JSONValue(jsonData: $0) }
                let code = problem?["code"]?.stringValue ?? "http.\(status)"
                let detail = problem?["detail"]?.stringValue ?? "HTTP \(status)"
                let hint = status == 401 ? " Log in again and give the new token (--token-file or RECEIPTS_TOKEN)." : ""
                throw SyncError(
                    errorCode: "sync.rejected",
                    message: "The server refused the sync (\(code)): \(detail)\(hint)",
                    isTransient: error.isTransient
                )
            }
            throw SyncError(
                errorCode: "sync.unreachable",
                message: "Cannot reach the server at \(api): \(error.message). Local edits are kept; sync again later.",
                isTransient: true
            )
        }
    }
}
