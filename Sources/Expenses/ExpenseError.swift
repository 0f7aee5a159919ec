import ReceiptModel

/// The one error type of the expenses module: a stable dotted ``code`` that the server and the CLI
/// map once, a ``message`` that says what to change, and the ``field`` at fault (`split.percentages.ana`,
/// `payers`, `split.lines[2].discount`), so a client can point at it.
public struct ExpenseError: Error, Sendable, Hashable, CustomStringConvertible {
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The split cannot produce shares: weights all zero, percentages not summing to 100,
        /// exact amounts not summing to the total, a negative weight, a duplicate member.
        public static let splitInvalid = Code(rawValue: "expense.split-invalid")
        /// A receipt line that no member was given.
        public static let itemUnassigned = Code(rawValue: "expense.item-unassigned")
        /// The payers' amounts do not add up to the total, or there is no payer.
        public static let payersInvalid = Code(rawValue: "expense.payers-invalid")
        /// An amount that is not a whole number of the currency's minor units, or is out of range.
        public static let amountInvalid = Code(rawValue: "expense.amount-invalid")
        /// A payment between the same person, of a non-positive amount or without a currency.
        public static let paymentInvalid = Code(rawValue: "expense.payment-invalid")
    }

    public var code: Code
    public var message: String
    /// The input field at fault, as a path into the expense (`split.shares.bo`, `payers`).
    public var field: String?

    public init(_ code: Code, _ message: String, field: String? = nil) {
        self.code = code
        self.message = message
        self.field = field
    }

    public var description: String { "\(code): \(message)" }

    static func split(_ field: String, _ message: String) -> ExpenseError {
        ExpenseError(.splitInvalid, message, field: field)
    }
}

extension ExpenseError: CodedError {
    public var errorCode: String { code.rawValue }
}
