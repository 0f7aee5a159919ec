import ArgumentParser
import Foundation
import GRDB
import Hummingbird

/// `receipts-bench anchor-server`: the bare framework the household server is measured against,
/// in a process of its own as `receipts serve` is, so that wrk loads both the same way in one run.
///
/// - `hello`: one Hummingbird 2 route answering `hello`: the most any route can do here.
/// - `one-row`: Hummingbird 2 with a GRDB `DatabasePool` on a WAL SQLite file (the settings the
///   embedded store uses), one route reading one row by id and answering its JSON as is: the
///   least a route that reads a stored document can do.
///
/// Prints `PORT n` on its first line once it listens, as `receipts serve` does.
struct AnchorServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "anchor-server",
        abstract: "A bare Hummingbird route (hello, or one SQLite row through GRDB) for `server` to compare with.",
        shouldDisplay: false
    )

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case hello
        case oneRow = "one-row"
    }

    @Option(help: "hello or one-row.")
    var kind: Kind = .hello

    @Option(help: "The SQLite file of one-row (made and seeded when missing).")
    var database: String?

    @Option(help: "Rows seeded for one-row.")
    var rows = 50

    func run() async throws {
        let router = Router()
        switch kind {
        case .hello:
            router.get("hello") { _, _ in "hello" }
        case .oneRow:
            guard let database else { throw ValidationError("one-row needs --database PATH") }
            let pool = try Self.openPool(path: database, rows: rows)
            router.get("rows/{id}") { _, context -> Response in
                let id = try context.parameters.require("id", as: Int.self)
                let json = try await pool.read { db in
                    try String.fetchOne(db, sql: "SELECT document FROM documents WHERE id = ?", arguments: [id])
                }
                guard let json else { throw HTTPError(.notFound) }
                return Response(
                    status: .ok,
                    headers: [.contentType: "application/json"],
                    body: .init(byteBuffer: ByteBuffer(string: json))
                )
            }
        }
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "anchor"),
            onServerRunning: { channel in
                FileHandle.standardOutput.write(Data("PORT \(channel.localAddress?.port ?? 0)\n".utf8))
            }
        )
        try await app.runService()
    }

    /// The embedded store's connection settings (WAL, synchronous NORMAL), and `rows` documents the
    /// size of a ten-item cart.
    static func openPool(path: String, rows: Int) throws -> DatabasePool {
        var config = Configuration()
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        let pool = try DatabasePool(path: path, configuration: config)
        try pool.write { db in
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS documents (id INTEGER PRIMARY KEY, document TEXT NOT NULL)")
            for id in 0..<rows {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO documents (id, document) VALUES (?, ?)",
                    arguments: [id, Self.cartLikeDocument(id)]
                )
            }
        }
        return pool
    }

    /// About the JSON of a hand-made cart with ten items, as `GET …/carts/{id}` answers it.
    static func cartLikeDocument(_ id: Int) -> String {
        let items = (0..<10).map { index in
            #"{"id":"it_\#(id)_\#(index)","name":"Item \#(index)","quantity":"1","price":"\#(index + 1).49","completed":false,"#
                + #""addedByUserId":"u_bench","addedAt":"2026-11-25T10:00:00Z","product":null}"#
        }
        return #"{"id":"c_\#(id)","name":"Cart \#(id)","currency":"USD","household":"h_bench","completed":false,"#
            + #""totalPrice":"59.90","purchasedByUser":null,"items":[\#(items.joined(separator: ","))]}"#
    }
}
