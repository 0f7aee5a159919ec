import Foundation
import ReceiptModel

/// A money amount found in a line, with where it was and whether OCR repair was needed.
struct MoneyToken: Sendable, Hashable {
    var amount: Amount
    /// Index of the whitespace token in the line.
    var tokenIndex: Int
    /// True when letters were mapped to digits (O→0, S→5, l→1, B→8) to read it.
    var repaired: Bool
    /// Text after the amount on the token (tax flag), if any.
    var flag: String?
}

enum Numbers {
    /// Longest token considered a number: longer ones are noise (and keep parsing linear).
    static let maxTokenLength = 24

    /// Currency marks glued to amounts, with OCR's usual misreadings of "RM" ("RH367,10", "RN 0.01").
    /// "RS." before "RS" and the South African "R" last, after every mark it begins.
    static let currencyPrefixes = [
        "RM", "RH", "RN", "MYR", "EUR", "USD", "R$", "$", "€", "£", "₽", "₺", "₹", "RS.", "RS", "INR", "฿", "THB", "AED", "SAR", "ZAR", "GBP", "R",
    ]
    /// Currency marks printed after the amount, glued to it ("12,50€", "12,50zł", "99,90Kč", "120.00₽").
    static let currencySuffixes = ["€", "EUR", "ZŁ", "ZL", "PLN", "KČ", "CZK", "₽", "РУБ", "₺", "TL"]

    /// Reads a money token as receipts print it: "12.50", "1,234.50", "1.234,50", "12,50",
    /// "$12.50", "RM12.50", "4.99F", "-1.00", "1.00-", "(1.00)". Exactly two decimals.
    static func money(_ raw: Substring, allowRepair: Bool = true) -> (Amount, repaired: Bool, flag: String?)? {
        guard raw.count <= maxTokenLength, !raw.isEmpty else { return nil }
        var s = String(raw)
        var negative = false
        // Scraps of punctuation OCR puts before an amount ("‘$1.06", ":12.50").
        // Russian and Turkish fiscal printers put "=" or "*" before every amount ("=123.45", "*12,50").
        while let first = s.first, "‘’'`\":;|~_=≡*".contains(first) { s.removeFirst() }
        if s.hasPrefix("("), s.hasSuffix(")") {
            negative = true
            s = String(s.dropFirst().dropLast())
        }
        if s.hasPrefix("-") || s.hasPrefix("−") {
            negative = true
            s.removeFirst()
        }
        if let first = s.first, !first.isASCIIDigit {
            let upper = s.uppercased()
            if let prefix = currencyPrefixes.first(where: { upper.hasPrefix($0) }) { s = String(s.dropFirst(prefix.count)) }
        }
        if s.hasPrefix("-") {
            negative = true
            s.removeFirst()
        }
        // The currency after the amount, as French, Italian, Spanish, Polish and Czech shops print it ("12,50€").
        for suffix in currencySuffixes where s.count > suffix.count + 3 && s.uppercased().hasSuffix(suffix) {
            s = String(s.dropLast(suffix.count))
            break
        }
        // A whole-token repair first ("7.5O", "1O.5O", "S.99"), so a confused last digit is not taken for a flag.
        if allowRepair, s.contains(where: { "OoDQSsliI|!B§".contains($0) }), s.last.map({ !"-*#".contains($0) }) == true {
            for dropLeadingS in [true, false] {
                if let repaired = repair(s, dropLeadingS: dropLeadingS), let amount = plainDecimal(repaired) {
                    return (negative ? -amount : amount, true, nil)
                }
            }
        }
        // Trailing tax flag or negative marker: "4.99F", "4.99 *", "1.00-".
        var flag: String?
        while let last = s.last, !last.isNumber {
            if last == "-" {
                negative = true
            } else if flag == nil, last.isLetter || last == "*" || last == "#" {
                flag = String(last)
            } else if !(".,:;'\"~_|".contains(last)) {
                return nil
            }
            s.removeLast()
            if (flag?.count ?? 0) > 1 { return nil }
        }
        var repaired = false
        if allowRepair, s.contains(where: { !$0.isNumber && $0 != "." && $0 != "," }) {
            guard let out = repair(s, dropLeadingS: true).flatMap({ plainDecimal($0) != nil ? $0 : nil }) ?? repair(s, dropLeadingS: false) else {
                return nil
            }
            repaired = true
            s = out
        }
        guard let amount = plainDecimal(s) else { return nil }
        return (negative ? -amount : amount, repaired, flag)
    }

    /// Maps the letters OCR confuses with digits (O→0, S→5, l→1, B→8); a leading S may be a "$".
    static func repair(_ s: String, dropLeadingS: Bool) -> String? {
        var out = ""
        for (i, c) in s.enumerated() {
            switch c {
            case "O", "o", "D", "Q": out.append("0")
            case "S", "s": if !(i == 0 && dropLeadingS) { out.append("5") }
            case "l", "I", "|", "i", "!": out.append("1")
            case "B": out.append("8")
            case "§": out.append("5")
            case "0"..."9", ".", ",": out.append(c)
            default: return nil
            }
        }
        return out
    }

    /// "1,234.50" / "1.234,50" / "12.50" / "12,50" → Amount with 2 decimals.
    static func plainDecimal(_ s: String) -> Amount? {
        let chars = Array(s)
        guard chars.count >= 3, chars.count <= maxTokenLength else { return nil }
        let sep = chars[chars.count - 3]
        guard sep == "." || sep == ",", chars[chars.count - 2].isASCIIDigit, chars[chars.count - 1].isASCIIDigit else { return nil }
        let whole = chars[0..<(chars.count - 3)]
        guard !whole.isEmpty, whole.first!.isASCIIDigit else { return nil }
        let other: Character = sep == "." ? "," : "."
        var digits = ""
        // Thousands groups: separators must be the other one (or a space), groups of 3; or the
        // Indian grouping, lakhs and crores in pairs before the last three ("1,00,000.00").
        let groups = whole.split(separator: other, omittingEmptySubsequences: false)
        let indian = sep == "." && groups.count > 2 && groups.dropFirst().dropLast().allSatisfy { $0.count == 2 }
        for (i, group) in groups.enumerated() {
            guard group.allSatisfy(\.isASCIIDigit), !group.isEmpty else { return nil }
            if i > 0, group.count != 3, !(indian && i < groups.count - 1) { return nil }
            if groups.count > 1, i == 0, group.count > (indian ? 2 : 3) { return nil }
            digits += String(group)
        }
        guard digits.count <= 9 else { return nil }
        return Amount(digits + "." + String(chars[(chars.count - 2)...]))
    }

    /// Splits a line into whitespace tokens (bounded length for hostile input).
    static func tokens(_ line: String) -> [Substring] {
        let raw = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        // Rejoin amounts OCR split at the separator: "26 , 90", "26 ,90", "26, 90".
        var out: [Substring] = []
        var i = 0
        while i < raw.count {
            let t = raw[i]
            if i + 2 < raw.count, isDigits(t), raw[i + 1] == "," || raw[i + 1] == ".", raw[i + 2].count == 2, isDigits(raw[i + 2]) {
                out.append(Substring(t + raw[i + 1] + raw[i + 2]))
                i += 3
                continue
            }
            if i + 1 < raw.count, isDigits(withoutCurrency(t)), raw[i + 1].count == 3, raw[i + 1].first == "," || raw[i + 1].first == ".",
                isDigits(raw[i + 1].dropFirst())
            {
                out.append(Substring(t + raw[i + 1]))
                i += 2
                continue
            }
            if i + 1 < raw.count, t.count >= 2, t.last == "," || t.last == ".", isDigits(withoutCurrency(t.dropLast())), raw[i + 1].count == 2,
                isDigits(raw[i + 1])
            {
                out.append(Substring(t + raw[i + 1]))
                i += 2
                continue
            }
            out.append(t)
            i += 1
        }
        return out
    }

    /// Tokens with an amount OCR broke at its decimal point joined back, for summary lines
    /// only (elsewhere "2 50" may be a quantity and a code): the last two tokens "44" "32",
    /// or one token "13-50"; nil when the line ends otherwise.
    static func brokenAmount(_ tokens: [Substring]) -> [Substring]? {
        // OCR scraps after the amount ("SUBTOTAL: 13-50   ane") are dropped with it.
        var tokens = tokens
        while let last = tokens.last, tokens.count > 2, !last.contains(where: \.isNumber), last.count <= 4 { tokens.removeLast() }
        guard let last = tokens.last else { return nil }
        let parts = last.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 2, isDigits(withoutCurrency(parts[0])), parts[0].count <= 7, parts[1].count == 2, isDigits(parts[1]) {
            return tokens.dropLast() + [Substring(parts[0] + "." + parts[1])]
        }
        guard tokens.count >= 3 else { return nil }
        let whole = tokens[tokens.count - 2]
        guard isDigits(withoutCurrency(whole)), whole.count <= 7, last.count == 2, isDigits(last) else { return nil }
        return tokens.dropLast(2) + [Substring(whole + "." + last)]
    }

    static func withoutCurrency(_ s: Substring) -> Substring {
        guard let first = s.first, !first.isASCIIDigit else { return s }
        let upper = s.uppercased()
        if let prefix = currencyPrefixes.first(where: { upper.hasPrefix($0) }) { return s.dropFirst(prefix.count) }
        return s
    }

    static func isDigits(_ s: Substring) -> Bool { !s.isEmpty && s.count <= 9 && s.allSatisfy(\.isASCIIDigit) }

    /// All money amounts on a line, left to right. Joins "$ 12.50" and "12 . 50"-style splits.
    static func moneyTokens(in tokens: [Substring]) -> [MoneyToken] {
        var result: [MoneyToken] = []
        for (i, token) in tokens.enumerated() {
            if let (amount, repaired, flag) = money(token) {
                // A repaired token needs at least two real digits to count.
                if repaired, token.filter(\.isNumber).count < 2 { continue }
                result.append(MoneyToken(amount: amount, tokenIndex: i, repaired: repaired, flag: flag))
            }
        }
        return result
    }

    /// An integer quantity or a decimal weight: "2", "0.52", "1,5".
    static func quantity(_ s: Substring) -> Decimal? {
        guard s.count <= 7, !s.isEmpty else { return nil }
        let t = s.replacingOccurrences(of: ",", with: ".")
        guard t.allSatisfy({ $0.isASCIIDigit || $0 == "." }), t.filter({ $0 == "." }).count <= 1, t.first != "." else { return nil }
        return Decimal(string: t, locale: Locale(identifier: "en_US_POSIX"))
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension Amount {
    /// Same value, shown with two decimals (the receipt's usual form).
    var twoDecimals: Amount { Amount(value, scale: 2) }
}
