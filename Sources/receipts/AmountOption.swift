import ArgumentParser
import Households
import ReceiptModel

extension Amount {
    /// An amount given to `option` (`--price`) on the command line, by the same rule as the API's
    /// (``Amount/init(entered:field:)``); a bad one is a usage error that carries the rule's code.
    static func option(_ text: String, _ option: String) throws -> Amount {
        do {
            return try Amount(entered: text, field: option)
        } catch {
            throw ValidationError("\(error.message) [\(error.code)]")
        }
    }
}
