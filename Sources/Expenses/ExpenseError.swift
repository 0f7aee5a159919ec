import ReceiptModel

/// The one error type of the expenses module: a stable dotted ``code`` that the server and the CLI
/// map once, a ``message`` that says what to change, and the ``field`` at fault (`split.percentages.ana`,
/// `payers`, `split.lines[2].discount`), so a client can point at it.
public struct ExpenseError: DomainError, Hashable {
    public typealias Code = ErrorCode<ExpenseError>

    public var code: Code
    public var message: String
    /// The input field at fault, as a path into the expense (`split.shares.bo`, `payers`).
    public var field: String?

    public init(_ code: Code, _ message: String, field: String? = nil) {
        self.code = code
        self.message = message
        self.field = field
    }

    static func split(_ field: String, _ message: String) -> ExpenseError {
        ExpenseError(.splitInvalid, message, field: field)
    }
}

extension ErrorCode where Domain == ExpenseError {
    /// The split cannot produce shares: weights all zero, percentages not summing to 100,
    /// exact amounts not summing to the total, a negative weight, a duplicate member.
    public static var splitInvalid: Self { Self(rawValue: "expense.split-invalid") }
    /// A receipt line that no member was given.
    public static var itemUnassigned: Self { Self(rawValue: "expense.item-unassigned") }
    /// The payers' amounts do not add up to the total, or there is no payer.
    public static var payersInvalid: Self { Self(rawValue: "expense.payers-invalid") }
    /// An amount that is not a whole number of the currency's minor units, or is out of range.
    public static var amountInvalid: Self { Self(rawValue: "expense.amount-invalid") }
    /// A payment between the same person, of a non-positive amount or without a currency.
    public static var paymentInvalid: Self { Self(rawValue: "expense.payment-invalid") }
}
