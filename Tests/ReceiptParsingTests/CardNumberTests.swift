import Testing

@testable import ReceiptParsing

@Suite struct CardNumberTests {
    @Test(arguments: [
        ("XXXX XXXX XXXX 1234", "1234"), ("************5678", "5678"), ("ACCT # 4321", "4321"), ("VISA CARD 9876 10.00", "9876"),
    ])
    func readsTheLastFourDigits(_ text: String, _ expected: String) {
        #expect(CardNumber.last4(in: text) == expected)
    }

    @Test(arguments: ["TOTAL 1234", "CARD 12345", "VISA"])
    func findsNoneWithoutAMaskOrCardWord(_ text: String) {
        #expect(CardNumber.last4(in: text) == nil)
    }
}
