import ArgumentParser
import Foundation
import ReceiptServer

/// `receipts openapi` (hidden): prints the OpenAPI document `receipts serve` answers at
/// /api/v1/openapi.json, for tools that want it without a running server.
struct OpenAPICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi",
        abstract: "Print the household server's OpenAPI 3.1 document (JSON).",
        shouldDisplay: false
    )

    func run() throws {
        FileHandle.standardOutput.write(ReceiptServerApp.openAPIDocument)
        FileHandle.standardOutput.write(Data("\n".utf8))
    }
}
