import Foundation
import Logging

/// N engines, one per worker, each with its own serial queue. `recognize` lends
/// a free engine to each call (waiting when all are busy), so N images run at
/// once; the result for an image is the same as a serial run on one engine.
public final class OCREnginePool: Sendable {
    public let engines: [OCREngine]
    private let lender: Lender<OCREngine>

    /// - Parameter workers: number of engines (at most the core count is useful).
    /// - Throws: `OCRError` from engine creation (`ocr.model-missing`, `ocr.init-failed`).
    public init(workers: Int, configuration: OCRConfiguration = OCRConfiguration(), logger: Logger) throws {
        let count = max(1, workers)
        var engines: [OCREngine] = []
        for _ in 0..<count { engines.append(try OCREngine(configuration: configuration, logger: logger)) }
        self.engines = engines
        self.lender = Lender(engines)
    }

    public var workers: Int { engines.count }

    /// Runs `body` with an engine that no other call uses meanwhile.
    public func withEngine<T: Sendable>(_ body: @Sendable (OCREngine) async throws -> T) async throws -> T {
        let engine = await lender.acquire()
        do {
            let result = try await body(engine)
            await lender.release(engine)
            return result
        } catch {
            await lender.release(engine)
            throw error
        }
    }

    public func recognize(contentsOf url: URL, preprocessing: PreprocessingOptions? = nil) async throws -> OCRPage {
        try await withEngine { try await $0.recognize(contentsOf: url, preprocessing: preprocessing) }
    }

    public func recognize(data: Data, preprocessing: PreprocessingOptions? = nil) async throws -> OCRPage {
        try await withEngine { try await $0.recognize(data: data, preprocessing: preprocessing) }
    }

    public func recognize(_ image: OCRImage, preprocessing: PreprocessingOptions? = nil) async throws -> OCRPage {
        try await withEngine { try await $0.recognize(image, preprocessing: preprocessing) }
    }

    /// Recognises all files, at most `workers` at once; results in input order.
    public func recognizeAll(
        _ urls: [URL], preprocessing: PreprocessingOptions? = nil
    ) async -> [Result<OCRPage, OCRError>] {
        await withTaskGroup(of: (Int, Result<OCRPage, OCRError>).self) { group in
            for (index, url) in urls.enumerated() {
                group.addTask {
                    do {
                        return (index, .success(try await self.recognize(contentsOf: url, preprocessing: preprocessing)))
                    } catch let error as OCRError {
                        return (index, .failure(error))
                    } catch {
                        return (index, .failure(OCRError(.failed, "\(error)")))
                    }
                }
            }
            var results = [Result<OCRPage, OCRError>?](repeating: nil, count: urls.count)
            for await (index, result) in group { results[index] = result }
            return results.map { $0 ?? .failure(OCRError(.failed, "no result")) }
        }
    }
}

/// Hands out free resources (engines, reader processes); callers wait (FIFO) when every one is busy.
actor Lender<Resource: Sendable> {
    private var free: [Resource]
    private var waiting: [CheckedContinuation<Resource, Never>] = []

    init(_ resources: [Resource]) { free = resources }

    func acquire() async -> Resource {
        if let resource = free.popLast() { return resource }
        return await withCheckedContinuation { waiting.append($0) }
    }

    func release(_ resource: Resource) {
        if waiting.isEmpty {
            free.append(resource)
        } else {
            waiting.removeFirst().resume(returning: resource)
        }
    }
}
