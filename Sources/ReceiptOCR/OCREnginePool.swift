import Foundation
import Logging
import Synchronization

/// N engines, one per worker, each with its own serial queue. `recognize` lends
/// a free engine to each call (waiting when all are busy), so N images run at
/// once; the result for an image is the same as a serial run on one engine.
///
/// A receipt in another language is read again with that language's model: `withLanguages(_:)`
/// gives a pool of the same size and configuration for another language set, made on first
/// use and kept, so English receipts never load another model.
public final class OCREnginePool: Sendable {
    public let engines: [OCREngine]
    public let configuration: OCRConfiguration
    private let lender: Lender<OCREngine>
    private let logger: Logger
    /// The pools of other language sets, or why one could not be made (asked once).
    private let variants = Mutex<[[String]: Result<OCREnginePool, OCRError>]>([:])

    /// The engines are made at once, one thread each (loading a model takes about 50 ms of CPU).
    /// - Parameter workers: number of engines (at most the core count is useful).
    /// - Throws: `OCRError` from engine creation (`ocr.model-missing`, `ocr.init-failed`); the
    ///   engines that were made are freed.
    public init(workers: Int, configuration: OCRConfiguration = OCRConfiguration(), logger: Logger) throws {
        let engines = try Self.makeAtOnce(max(1, workers)) { _ in try OCREngine(configuration: configuration, logger: logger) }
        self.engines = engines
        self.configuration = configuration
        self.lender = Lender(engines)
        self.logger = logger
    }

    /// A pool made on a thread of its own, so that a caller can go on with its own start (open a
    /// store, load a catalog) meanwhile without blocking a thread of Swift's cooperative pool:
    /// `ingest` starts this first and awaits it when it needs the engines.
    public static func make(workers: Int, configuration: OCRConfiguration = OCRConfiguration(), logger: Logger) async throws -> OCREnginePool {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { try OCREnginePool(workers: workers, configuration: configuration, logger: logger) })
            }
        }
    }

    /// `count` values made by `make` on `count` threads at once, in index order. When any call
    /// throws, the first error (by index) is thrown once all have returned, and the values
    /// made are released.
    static func makeAtOnce<Value: Sendable>(_ count: Int, _ make: @Sendable (Int) throws -> Value) throws -> [Value] {
        guard count > 1 else { return try (0..<count).map(make) }
        let results = Mutex<[Result<Value, any Error>?]>(Array(repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = Result { try make(index) }
            results.withLock { $0[index] = result }
        }
        return try results.withLock { made in try made.compactMap { $0 }.map { try $0.get() } }
    }

    public var workers: Int { engines.count }

    /// The pool reading with `languages` (Tesseract codes, e.g. `["eng", "fra"]`) and otherwise
    /// this pool's configuration: this pool itself for its own languages, else one made on the
    /// first call and kept. A language set that cannot be loaded fails the same way each time
    /// without trying again.
    /// - Throws: `OCRError` `ocr.model-missing` (the language's package is not installed) or
    ///   `ocr.init-failed`.
    public func withLanguages(_ languages: [String]) throws -> OCREnginePool {
        if languages == configuration.languages { return self }
        // Made under the lock: two receipts asking at once must not load the model twice.
        let result: Result<OCREnginePool, OCRError> = variants.withLock { cache in
            if let cached = cache[languages] { return cached }
            var configuration = self.configuration
            configuration.languages = languages
            let made: Result<OCREnginePool, OCRError>
            do {
                made = .success(try OCREnginePool(workers: workers, configuration: configuration, logger: logger))
                logger.debug("OCR pool for other languages ready", metadata: ["ocr.languages": "\(languages)"])
            } catch let error as OCRError {
                // A recovered fault: receipts in that language are read with the base model.
                logger.info("cannot read with \(languages.joined(separator: "+")): \(error.message)")
                made = .failure(error)
            } catch {
                made = .failure(OCRError(.initFailed, "\(error)"))
            }
            cache[languages] = made
            return made
        }
        return try result.get()
    }

    /// The language sets `withLanguages(_:)` has made pools for (not those that failed).
    public var loadedLanguageSets: [[String]] {
        variants.withLock { cache in cache.compactMap { entry in (try? entry.value.get()) != nil ? entry.key : nil } }
    }

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

    /// The script of the text in an image file (``OCREngine/detectScript(contentsOf:)``).
    public func detectScript(contentsOf url: URL) async throws -> DetectedScript? {
        try await withEngine { try await $0.detectScript(contentsOf: url) }
    }

    /// The script of the text in encoded image bytes.
    public func detectScript(data: Data) async throws -> DetectedScript? {
        try await withEngine { try await $0.detectScript(data: data) }
    }

    /// Recognises all files, at most `workers` at once; results in input order.
    public func recognizeAll(
        _ urls: [URL],
        preprocessing: PreprocessingOptions? = nil
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
