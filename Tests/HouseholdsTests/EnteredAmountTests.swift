import Foundation
import Households
import ReceiptModel
import Testing

/// The one rule for money a person enters, shared by the API, the web forms and the CLI.
@Suite struct EnteredAmountTests {
    @Test func pricesAreKeptWithAtLeastTwoDecimals() throws {
        #expect(try Amount(entered: "3.49", field: "price").description == "3.49")
        #expect(try Amount(entered: "0.1", field: "price").description == "0.10")
        #expect(try Amount(entered: "2", field: "price").description == "2.00")
        #expect(try Amount(entered: "1.2345", field: "price").description == "1.2345")
        #expect(try Amount(entered: "9999999.99", field: "price").description == "9999999.99")
    }

    @Test(arguments: ["three", "", "1.23456", "10000000", "-10000000", "12345678.00", "1,50"])
    func refusesWhatIsNoPrice(_ text: String) {
        #expect(throws: HouseholdError.invalid("--price", "'--price' must be an amount such as \"3.49\".")) {
            try Amount(entered: text, field: "--price")
        }
    }
}
