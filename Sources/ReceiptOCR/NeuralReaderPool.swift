import Foundation
import Logging

/// One neural reader process per worker, like ``OCREnginePool``'s engines: with `--jobs 2`
/// two receipts are read at once instead of queueing for one process. Each process is started
/// on its first request, so a run that never asks (`--fast`) starts none.
public final class NeuralReaderPool: Sendable {
    public let readers: [NeuralReader]
    private let lender: Lender<NeuralReader>

    public init(workers: Int, configuration: NeuralReader.Configuration, logger: Logger) {
        readers = (0..<max(1, workers)).map { _ in NeuralReader(configuration: configuration, logger: logger) }
        lender = Lender(readers)
    }

    /// The installed reader (``NeuralReader/Configuration/installed(environment:)``) with
    /// `workers` processes, or nil when it is not installed or turned off.
    public static func installed(workers: Int, logger: Logger) -> NeuralReaderPool? {
        NeuralReader.Configuration.installed().map { NeuralReaderPool(workers: workers, configuration: $0, logger: logger) }
    }

    /// Reads the image with a reader no other call uses meanwhile.
    public func read(contentsOf url: URL) async throws -> OCRPage {
        let reader = await lender.acquire()
        do {
            let page = try await reader.read(contentsOf: url)
            await lender.release(reader)
            return page
        } catch {
            await lender.release(reader)
            throw error
        }
    }

    /// Ends every process (each is started again when needed).
    public func stop() async {
        for reader in readers { await reader.stop() }
    }
}
