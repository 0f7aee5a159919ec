import Foundation
import ReceiptModel

/// Who takes part in an expense: a user id (or username); compared and ordered as a plain string,
/// which is what every tie-break in this module uses.
public typealias MemberID = String

/// Money in this module is an integer count of the currency's minor units (cents for USD, yen for
/// JPY), so sums are exact and nothing rounds behind our back. ``Amount`` converts at the edge.
public enum MinorUnits {
    /// The largest magnitude accepted for a total, a line or a payment (ten billion in a
    /// two-decimal currency). The bound keeps every intermediate product inside `Int128`.
    public static let maximum = 1_000_000_000_000

    /// ISO 4217 currencies whose minor unit is not a hundredth; every other code has 2 decimals.
    static let nonCentDigits: [String: Int] = [
        "BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0, "PYG": 0,
        "RWF": 0, "UGX": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
        "BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
    ]

    /// Decimals of the currency's minor unit: 2 for USD and EUR, 0 for JPY, 3 for KWD.
    public static func digits(for currency: String) -> Int {
        nonCentDigits[currency.uppercased()] ?? 2
    }

    /// The amount as a whole number of minor units of `currency`.
    /// - Throws: ``ExpenseError/Code/amountInvalid`` naming `field` when the amount has more
    ///   decimals than the currency has (3.005 USD) or exceeds ``maximum``.
    public static func of(_ amount: Amount, currency: String, field: String) throws -> Int {
        var scaled = amount.value
        for _ in 0..<digits(for: currency) { scaled *= 10 }
        var whole = Decimal()
        NSDecimalRound(&whole, &scaled, 0, .plain)
        guard whole == scaled, whole.magnitude <= Decimal(maximum) else {
            throw ExpenseError(
                .amountInvalid,
                "\(amount) is not a whole number of \(currency) minor units within ±\(maximum); enter it with at most \(digits(for: currency)) decimals.",
                field: field
            )
        }
        return NSDecimalNumber(decimal: whole).intValue
    }

    /// The minor units as an ``Amount`` with the currency's decimals, for display and documents.
    public static func amount(_ minorUnits: Int, currency: String) -> Amount {
        Amount(minorUnits: minorUnits, scale: digits(for: currency))
    }

    static func check(_ value: Int, field: String) throws {
        guard value.magnitude <= maximum else {
            throw ExpenseError(.amountInvalid, "\(value) minor units is out of range (at most \(maximum)).", field: field)
        }
    }
}
