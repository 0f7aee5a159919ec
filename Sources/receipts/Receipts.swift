import ArgumentParser
import Foundation
import Logging
import ProcessBootstrap
import ReceiptPipeline

@main
struct Receipts: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "receipts",
        abstract: "Turn photos of shopping receipts into priced shopping carts.",
        discussion: """
            Results go to stdout (add --json for JSON or JSON Lines); logs and progress go to stderr.
            """,
        version: ReceiptsVersion.string,
        subcommands: [
            // Each command lives in Commands/<Name>Command.swift.
            IngestCommand.self,
            CartsCommand.self,
            ShowCommand.self,
            EnrichCommand.self,
            StatsCommand.self,
            OCRCommand.self,
            ExportCommand.self,
            ImportCommand.self,
            SearchCommand.self,
            CatalogCommand.self,
            EvalCommand.self,
            KeepCommand.self,
            CorrectCommand.self,
            GroupsCommand.self,
            ExpenseCommand.self,
            BalancesCommand.self,
            ListCommand.self,
            RecommendCommand.self,
            ItemCommand.self,
            SyncCommand.self,
            ServeCommand.self,
            WorkerCommand.self,
            OpenAPICommand.self,
        ]
    )

    static func main() async {
        ProcessStart.prepare(program: "receipts")
        await main(nil)
    }
}

enum ReceiptsVersion {
    static let string = "0.1.0"
}

/// Options every command takes. Commands include them with
/// `@OptionGroup var global: GlobalOptions` and call `global.makeLogger(label:)`
/// once at the start of `run()`.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: "Log level on stderr: trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .warning

    /// Configures logging (stderr only; stdout is for results) and returns the command's logger.
    func makeLogger(label: String = "receipts") -> Logger {
        LoggingBootstrap.bootstrapOnce(level: logLevel)
        var logger = Logger(label: label)
        logger.logLevel = logLevel
        return logger
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}

enum LoggingBootstrap {
    private static let once: Void = {
        LoggingSystem.bootstrap { label in StderrLogHandler(label: label) }
    }()

    static func bootstrapOnce(level: Logger.Level) {
        _ = once
    }
}
