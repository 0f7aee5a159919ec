import ArgumentParser

@main
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "receipts-bench",
        abstract: "Benchmarks for receipts: figures go in README.md with this command.",
        subcommands: [
            OCRBench.self,
            StoreBench.self,
            CatalogBench.self,
            IngestBench.self,
        ]
    )
}
