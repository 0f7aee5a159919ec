import Foundation
import ReceiptTesting
import Synchronization
import Testing

@testable import ReceiptOCR

/// The pool's engines are made at once, one thread each, and a failure leaves nothing behind.
@Suite(.timeLimit(.minutes(2)))
struct EnginePoolStartTests {
    /// Counts the instances alive, to see that values made before a failure are released.
    final class Made: Sendable {
        static let alive = Atomic<Int>(0)
        let index: Int
        init(_ index: Int) {
            self.index = index
            Self.alive.add(1, ordering: .relaxed)
        }
        deinit { Self.alive.subtract(1, ordering: .relaxed) }
    }

    struct Refused: Error, Equatable { var index: Int }

    @Test(.enabled(if: ProcessInfo.processInfo.activeProcessorCount > 1, "one core runs them one after the other"))
    func valuesAreMadeAtOnceAndComeInIndexOrder() throws {
        // Each call waits (at most 10 s) for the other to have started: made one after the
        // other, the first would wait in vain and say so.
        let started = Atomic<Int>(0)
        let sawTheOther = Mutex<[Bool]>([])
        let made = try OCREnginePool.makeAtOnce(2) { index in
            started.add(1, ordering: .relaxed)
            let deadline = Date().addingTimeInterval(10)
            while started.load(ordering: .relaxed) < 2, Date() < deadline { usleep(1000) }
            let other = started.load(ordering: .relaxed) == 2
            sawTheOther.withLock { $0.append(other) }
            return index * 10
        }
        #expect(made == [0, 10])
        #expect(sawTheOther.withLock { $0 } == [true, true])
    }

    @Test func oneFailureThrowsItAndReleasesTheOthers() {
        #expect(throws: Refused(index: 2)) {
            _ = try OCREnginePool.makeAtOnce(4) { index in
                if index == 2 { throw Refused(index: 2) }
                return Made(index)
            }
        }
        #expect(Made.alive.load(ordering: .relaxed) == 0)
        // The first error by index when several fail.
        #expect(throws: Refused(index: 1)) {
            _ = try OCREnginePool.makeAtOnce(3) { index -> Made in
                if index > 0 { throw Refused(index: index) }
                return Made(index)
            }
        }
        #expect(Made.alive.load(ordering: .relaxed) == 0)
    }

    @Test func aPoolOfTwoEnginesThatCannotLoadFailsWithInitFailed() async throws {
        // A model file that is there but empty: found, then refused by Tesseract, in both engines.
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data().write(to: folder.appendingPathComponent("eng.traineddata"))
        let configuration = OCRConfiguration(tessdataDirectory: folder.path)
        #expect(throws: OCRError.self) { try OCREnginePool(workers: 2, configuration: configuration, logger: TestSupport.logger) }
        do {
            _ = try await OCREnginePool.make(workers: 2, configuration: configuration, logger: TestSupport.logger)
            Issue.record("made a pool without a model")
        } catch let error as OCRError {
            #expect(error.code == .initFailed)
        }
    }

    @Test func aPoolMadeOnItsOwnThreadReads() async throws {
        let pool = try await OCREnginePool.make(workers: 2, logger: TestSupport.logger)
        #expect(pool.workers == 2)
        let image = try #require(try TestSupport.fixturesWithLines().first { $0.image.pathExtension == "png" })
        #expect(!(try await pool.recognize(contentsOf: image.image).text.isEmpty))
    }

    @Test func headerReadFromAFileIsTheHeaderOfItsBytes() throws {
        for image in Fixtures.receiptImages() {
            let read = try #require(ImageHeader.read(contentsOf: image), "\(image.lastPathComponent)")
            #expect(read == (try ImageHeader.parse([UInt8](Data(contentsOf: image)))))
        }
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let notes = folder.appendingPathComponent("notes.txt")
        try Data("milk, eggs".utf8).write(to: notes)
        #expect(ImageHeader.read(contentsOf: notes) == nil)
        #expect(ImageHeader.read(contentsOf: folder.appendingPathComponent("missing.jpg")) == nil)
    }
}
