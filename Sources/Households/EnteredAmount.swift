import Foundation
import ReceiptModel

extension Amount {
    /// The largest magnitude a person may enter: beyond it an amount is a typing slip, not a price.
    public static let enteredLimit: Decimal = 10_000_000

    /// Money a person entered (an item's price, a total, an expense): a decimal string such as
    /// "3.49" below ``enteredLimit`` with at most four decimals, written with at least two ("0.1"
    /// is "0.10"), as prices are. The one rule for the API, the web forms and the CLI; `field`
    /// names the input at fault (`price`, `--price`).
    public init(entered text: String, field: String) throws(HouseholdError) {
        guard let amount = Amount(text), amount.value.magnitude < Self.enteredLimit, amount.scale <= 4 else {
            throw HouseholdError.invalid(field, "'\(field)' must be an amount such as \"3.49\".")
        }
        self.init(amount.value, scale: max(2, amount.scale))
    }
}
