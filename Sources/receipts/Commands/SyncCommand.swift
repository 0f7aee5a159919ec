import ArgumentParser
import CurlHTTP
import DocumentStore
import Foundation
import Households
import Logging
import ReceiptModel
import ReceiptPipeline
import ReceiptSync

/// `receipts sync --server URL`: the local store and a household server, replicated both ways.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Replicate the local store's lists and receipts with a household server, both ways.",
        discussion: """
            Sends the local lists (receipts list …) and the receipts ingested here, and takes in \
            what the household changed on the server. Both sides merge by the same rules, so no \
            edit is lost: changes to different fields of an entry both stay, the later change of \
            the same field wins, a removed entry stays removed, and a receipt is added once.

            The token is a session token of your account (POST /api/v1/sessions): --token-file, \
            else $RECEIPTS_TOKEN. It is sent to the server only, never printed or logged.

            With --watch it syncs every --interval seconds until Ctrl-C; while the server cannot \
            be reached it says so once and keeps trying, and local edits go on meanwhile.

            Exit status: 0 synced (or --watch stopped), 1 the sync failed, 64 usage error.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var store: StoreOptions

    @Option(help: ArgumentHelp("The household server, e.g. https://receipts.example.org.", valueName: "url"))
    var server: String

    @Option(help: ArgumentHelp("The household to sync with (default: the one synced before, else your only one).", valueName: "id"))
    var household: String?

    @Option(help: ArgumentHelp("A file holding the session token (default: $RECEIPTS_TOKEN).", valueName: "path"))
    var tokenFile: String?

    @Flag(help: "Keep syncing every --interval seconds until Ctrl-C.")
    var watch = false

    @Option(help: "With --watch, seconds between syncs.")
    var interval: Double = 5

    @Flag(help: "Print each sync's report as one JSON line.")
    var json = false

    func validate() throws {
        guard interval > 0 else { throw ValidationError("--interval must be positive.") }
        guard server.lowercased().hasPrefix("http://") || server.lowercased().hasPrefix("https://") else {
            throw ValidationError("--server wants an http:// or https:// address, not \(server).")
        }
    }

    func run() async throws {
        let logger = global.makeLogger(label: "receipts.sync")
        let token = try readToken()
        let documentStore = try await store.open(logger: logger)
        for (collection, field) in [(HouseholdList.collection, "household"), (Collections.carts, "household")] {
            try await documentStore.ensureIndex(collection: collection, field: field)
        }
        // One attempt per request: --watch is the retry loop, and a single sync should fail fast.
        let http = HTTPClient(
            configuration: HTTPClientConfiguration(
                totalTimeout: .seconds(120),
                maxBodyBytes: 256 << 20,
                maxConcurrency: 1,
                retry: .none,
                requestsPerMinute: 0
            ),
            logger: logger
        )
        let client = SyncClient(server: server, token: token, store: documentStore, http: http, logger: logger)
        defer { Task { try? await documentStore.close() } }
        guard watch else {
            do {
                try report(try await client.sync(household: try await client.household(household)))
            } catch let error as SyncError {
                throw CLIError(code: error.errorCode, message: error.message)
            }
            return
        }
        let stop = StopSignal()
        let interrupts = InterruptHandler(message: "stopping after the sync in progress") { stop.stop() }
        defer { interrupts.cancel() }
        FileHandle.standardError.write(Data("receipts: syncing with \(server) every \(interval) s (Ctrl-C stops)\n".utf8))
        var unreachable = false
        while !stop.isStopped {
            do {
                try report(try await client.sync(household: try await client.household(household)))
                if unreachable { FileHandle.standardError.write(Data("receipts: the server is back; synced\n".utf8)) }
                unreachable = false
            } catch let error as SyncError where error.isTransient {
                // Said once per outage, not every interval.
                if !unreachable {
                    FileHandle.standardError.write(Data("receipts: \(error.message) [\(error.errorCode)] Retrying every \(interval) s.\n".utf8))
                }
                unreachable = true
            } catch let error as SyncError {
                throw CLIError(code: error.errorCode, message: error.message)
            }
            var waited = 0.0
            while waited < interval, !stop.isStopped {
                try? await Task.sleep(for: .milliseconds(100))
                waited += 0.1
            }
        }
    }

    /// One line per sync on stdout, written at once (not buffered): --watch runs for hours.
    private func report(_ report: SyncReport) throws {
        let line: String
        if json {
            line = try JSONCoding.line(report)
        } else {
            func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
            line =
                "synced with \(report.household): sent \(count(report.sentLists, "list")) and \(count(report.sentCarts, "receipt")); "
                + "\(count(report.changedLists, "list")) and \(count(report.changedCarts, "cart")) changed here"
                + (report.removedLists > 0 ? "; \(count(report.removedLists, "deleted list")) dropped" : "")
        }
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    private func readToken() throws -> String {
        let text: String?
        if let tokenFile {
            do {
                text = try String(contentsOfFile: tokenFile, encoding: .utf8)
            } catch {
                throw ValidationError("Cannot read the token file \(tokenFile): \(error.localizedDescription)")
            }
        } else {
            text = ProcessInfo.processInfo.environment["RECEIPTS_TOKEN"]
        }
        guard let token = text?.trimmingCharacters(in: .whitespacesAndNewlines), !token.isEmpty else {
            throw ValidationError("Give a session token: --token-file PATH, or set RECEIPTS_TOKEN (log in with POST /api/v1/sessions).")
        }
        return token
    }
}
