import Testing

@testable import ProcessBootstrap

@Suite struct ProcessAgeTests {
    /// The start time is field 22; a command name with spaces and parentheses must not shift it.
    @Test func theStartTimeIsCountedAfterTheCommandName() {
        let fields = (3...52).map { $0 == 22 ? "123456" : "\($0)" }.joined(separator: " ")
        #expect(ProcessAge.startTicks(stat: "4242 (receipts) " + fields) == 123_456)
        #expect(ProcessAge.startTicks(stat: "4242 (a (b) c) " + fields) == 123_456)
        #expect(ProcessAge.startTicks(stat: "4242 (cut short) S 1 2") == nil)
    }

    @Test func thisProcessIsYoungerThanTheMachineAndNotNegative() throws {
        let age = try #require(ProcessAge.seconds())
        #expect(age >= 0)
    }
}
