import DocumentStore
import Foundation
import ReceiptModel
import ReceiptTesting
import Testing

@Suite struct ChangeSignalTests {
    @Test(
        "PostgreSQL announces every committed write to every store object on the same database (LISTEN/NOTIFY)",
        .enabled(if: RequiredTool.postgres)
    )
    func writesThroughAnotherConnectionAreSignalled() async throws {
        try await TestStores.with(.postgres) { listening, location in
            let writer = try await StoreLocation.parse(location).open(logger: TemporaryStores.logger)
            defer { Task { try? await writer.close() } }
            let signals = try #require(listening.changeSignals())
            let heard = Task { () -> Bool in
                var iterator = signals.makeAsyncIterator()
                _ = await iterator.next()  // the listener is in place
                _ = try? await writer.put(collection: "carts", id: "a", document: .object(["name": .string("via another connection")]))
                return await iterator.next() != nil
            }
            let timeout = Task {
                try? await Task.sleep(for: .seconds(20))
                heard.cancel()
            }
            let signalled = await heard.value
            timeout.cancel()
            #expect(signalled)
        }
    }

    @Test func sqliteHasNoSignalsAndNeedsNone() async throws {
        try await TestStores.with(.sqlite) { store, _ in
            #expect(store.changeSignals() == nil)
        }
    }
}
