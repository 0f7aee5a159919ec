import Foundation
import Testing

/// Money on the command line follows the API's rule (`Amount(entered:field:)`), with its code.
@Suite struct AmountOptionTests {
    @Test(arguments: [
        ["item", "add", "0a1b", "Milk", "--price", "10000000", "--as", "ana"],
        ["item", "add", "0a1b", "Milk", "--price", "1.23456", "--as", "ana"],
        ["correct", "0a1b", "--total", "10000000"],
        ["correct", "0a1b", "--price", "1=12345678"],
        ["expense", "transfer", "--group", "Flat", "--to", "bo", "--amount", "10000000", "--currency", "EUR", "--as", "ana"],
    ])
    func amountsBeyondTheAPIsLimitAreRefusedWithItsCode(_ arguments: [String]) async throws {
        let work = try Workspace()
        let result = try await CLI.run(arguments + ["--store", work.store], in: work.url)
        #expect(result.status == 64, "\(arguments): \(result.status) \(result.stderr)")
        #expect(result.stderr.contains("must be an amount such as \"3.49\". [request.invalid]"), "\(arguments): \(result.stderr)")
    }
}
