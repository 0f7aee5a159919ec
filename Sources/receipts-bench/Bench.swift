import ArgumentParser
import Foundation
import ProcessBootstrap

@main
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "receipts-bench",
        abstract: "Benchmarks for receipts: figures go in README.md with this command.",
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
        // The same process settings as `receipts`, so the figures are what users get (without the
        // OpenMP guard, in-process OCR ran about twice as slow as the CLI it is compared with).
        if let warning = OpenMPGuard.ensureSingleThreadedOpenMP() {
            FileHandle.standardError.write(Data("receipts-bench: warning: \(warning)\n".utf8))
        }
        ProcessTuning.limitMallocArenas()
        await main(nil)
    }
}
