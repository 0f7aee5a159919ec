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
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        var body = Substring(trimmed)
        var negative = false
        if body.first == "-" { negative = true; body = body.dropFirst() } else if body.first == "+" { body = body.dropFirst() }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first, !whole.isEmpty || parts.count == 2,
              whole.allSatisfy(\.isASCIIDigitCharacter),
              parts.count == 1 || (!parts[1].isEmpty && parts[1].allSatisfy(\.isASCIIDigitCharacter)),
              let decimal = Decimal(string: (negative ? "-" : "") + (whole.isEmpty ? "0" : String(whole)) + (parts.count == 2 ? "." + parts[1] : ""), locale: Locale(identifier: "en_US_POSIX"))
        else { return nil }
        self.value = decimal
        self.scale = parts.count == 2 ? parts[1].count : 0
    }

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

extension Character {
    fileprivate var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
