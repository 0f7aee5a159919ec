import Foundation

/// A money amount as the receipt prints it: an exact decimal plus the number
/// of decimals to show, so "3.00" stays "3.00". Encoded as a JSON string.
/// Never a binary floating-point number.
public struct Amount: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public var value: Decimal
    /// Digits after the decimal point when written out (2 for "3.00", 0 for "300").
    public var scale: Int

    public init(_ value: Decimal, scale: Int = 2) {
        self.value = value
        self.scale = max(0, scale)
    }

    /// Parses a plain decimal string with a point: "12.50", "-0.99", "1234".
    /// Returns nil for anything else (no thousands separators, no currency).
    public init?(_ text: String) {
        // Byte by byte into an integer significand: every stored amount is parsed on every read,
        // and `Decimal(string:locale:)` with a new `Locale` each time was most of a cart's decoding.
        var significand: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var negative = false
        var sawPoint = false
        var sawSign = false
        var overflow = false
        var started = false
        var ended = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                ended = started
                continue
            }
            // Inner blanks ("1 2") are not a number.
            guard !ended else { return nil }
            started = true
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if digits < 19 {
                    significand = significand * 10 + UInt64(byte - UInt8(ascii: "0"))
                } else {
                    overflow = true
                }
                digits += 1
                if sawPoint { fractionDigits += 1 }
            case UInt8(ascii: "."):
                guard !sawPoint else { return nil }
                sawPoint = true
            case UInt8(ascii: "-"), UInt8(ascii: "+"):
                guard !sawSign, digits == 0, !sawPoint else { return nil }
                sawSign = true
                negative = byte == UInt8(ascii: "-")
            default:
                return nil
            }
        }
        // A point needs digits after it; at least one digit in all.
        guard digits > 0, !sawPoint || fractionDigits > 0 else { return nil }
        if overflow {
            let plain = text.trimmingCharacters(in: .whitespaces)
            guard let decimal = Decimal(string: plain, locale: Self.posix) else { return nil }
            value = decimal
        } else {
            value = Decimal(sign: negative ? .minus : .plus, exponent: -fractionDigits, significand: Decimal(significand))
        }
        scale = fractionDigits
    }

    private static let posix = Locale(identifier: "en_US_POSIX")

    /// Builds an amount from integer minor units, e.g. `Amount(minorUnits: 1299)` is "12.99".
    public init(minorUnits: Int, scale: Int = 2) {
        var value = Decimal(minorUnits)
        for _ in 0..<max(0, scale) { value /= 10 }
        self.init(value, scale: scale)
    }

    public static let zero = Amount(0, scale: 2)

    /// The amount written with exactly `scale` decimals, point as separator.
    ///
    /// Built from `Decimal`'s own digits rather than with a `NumberFormatter`: a formatter per
    /// amount cost a quarter of the server's time when it listed carts.
    public var description: String {
        var rounded = Decimal()
        var source = value
        NSDecimalRound(&rounded, &source, scale, .plain)
        if rounded.isZero { rounded = 0 }
        let plain = "\(rounded)"
        let negative = plain.hasPrefix("-")
        let digits = negative ? plain.dropFirst() : Substring(plain)
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts.first.map(String.init).flatMap { $0.isEmpty ? nil : $0 } ?? "0"
        var text = (negative ? "-" : "") + whole
        if scale > 0 {
            let fraction = parts.count > 1 ? String(parts[1]) : ""
            text += "." + fraction + String(repeating: "0", count: max(0, scale - fraction.count))
        }
        return text
    }

    /// This amount rounded to `scale` decimals.
    public func rounded(scale: Int) -> Amount {
        var rounded = Decimal()
        var source = value
        NSDecimalRound(&rounded, &source, scale, .bankers)
        return Amount(rounded, scale: scale)
    }

    public static func < (lhs: Amount, rhs: Amount) -> Bool { lhs.value < rhs.value }

    /// Equal when the values are equal, whatever the number of decimals shown.
    public static func == (lhs: Amount, rhs: Amount) -> Bool { lhs.value == rhs.value }

    public func hash(into hasher: inout Hasher) { hasher.combine(value) }

    public static func + (lhs: Amount, rhs: Amount) -> Amount {
        Amount(lhs.value + rhs.value, scale: max(lhs.scale, rhs.scale))
    }

    public static func - (lhs: Amount, rhs: Amount) -> Amount {
        Amount(lhs.value - rhs.value, scale: max(lhs.scale, rhs.scale))
    }

    public static prefix func - (amount: Amount) -> Amount { Amount(-amount.value, scale: amount.scale) }

    public static func * (lhs: Amount, rhs: Decimal) -> Amount { Amount(lhs.value * rhs, scale: lhs.scale) }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            guard let amount = Amount(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a decimal amount: \(text)")
            }
            self = amount
        } else {
            // Tolerate a JSON number written by another tool; keep its digits.
            let decimal = try container.decode(Decimal.self)
            self = Amount("\(decimal)") ?? Amount(decimal)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
