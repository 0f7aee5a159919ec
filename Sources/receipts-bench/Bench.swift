import ArgumentParser
import ProcessBootstrap

@main
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "receipts-bench",
        abstract: "Benchmarks for receipts: figures go in docs/MEASUREMENTS.md (headline ones in the README) with this command.",
        subcommands: [
            OCRBench.self,
            LiveBench.self,
            StoreBench.self,
            CatalogBench.self,
            RecommendBench.self,
            IngestBench.self,
            ProfileBench.self,
            ServerBench.self,
            AnchorServer.self,
        ]
    )

    static func main() async {
        ProcessStart.prepare(program: "receipts-bench")
        await main(nil)
    }
}
