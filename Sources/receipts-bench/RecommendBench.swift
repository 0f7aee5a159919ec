import ArgumentParser
import Foundation
import ReceiptTesting
import Recommendations

/// `receipts-bench recommend`: the recommenders' offline evaluation on generated household
/// histories (`HistoryGenerator`'s model): hide each household's last cart, give one of its
/// products as the list's first entry, and report hit rate at 5 against most-popular baselines.
struct RecommendBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recommend",
        abstract: "Recommendations: hit rate at 5 on generated households against most-popular baselines."
    )

    @Option(help: "Generated households.")
    var households: Int = 2_000

    @Option(help: "The generator's seed.")
    var seed: UInt64 = 30

    @Option(help: "Days of history per household.")
    var days: Int = 120

    @Flag(help: "Print one JSON object.")
    var json = false

    func run() async throws {
        var random = SeededGenerator(seed: seed)
        var model = HistoryGenerator.Model()
        model.days = days
        let start = ContinuousClock.now
        let report = OfflineEvaluation.run(households: households, generator: HistoryGenerator(model: model), using: &random)
        let elapsed = ContinuousClock.now - start
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
            return
        }
        func percent(_ rate: Double) -> String { String(format: "%5.1f%%", rate * 100) }
        print("households evaluated      \(report.households) (seed \(seed), \(days) days each, \(elapsed))")
        print("hit rate at \(OfflineEvaluation.cutoff):")
        print("  recommenders (ranked)   \(percent(report.recommenders))")
        print("  bought together alone   \(percent(report.boughtTogether))")
        print("  due again alone         \(percent(report.dueAgain))")
        print("  household most bought   \(percent(report.householdPopular))  (baseline)")
        print("  overall most bought     \(percent(report.overallPopular))  (baseline)")
    }
}
