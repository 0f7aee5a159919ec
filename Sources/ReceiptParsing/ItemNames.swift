import Foundation

/// Item names as a receipt line spells them: the words before the price, without the
/// background a photo adds, OCR scraps, item codes and unit price notes.
enum ItemNames {
    /// The words of an item name on `line` before token `end`: without the background
    /// left of the text column, the unsure words after the name, and OCR scraps.
    static func tokens(of line: AnalyzedLine, columnStart: Double?, end: Int) -> [Substring] {
        let start = ItemLayout.marginTokens(line, columnStart: columnStart, end: end)
        return withoutJunk(Array(line.tokens[start..<ItemLayout.confidentEnd(line, start: start, end: end)]))
    }

    /// The item name the tokens spell, without a unit price note and stray punctuation at its ends.
    static func name(_ tokens: [Substring]) -> String {
        withoutUnitPriceNote(tokens.joined(separator: " "))
            .trimmingCharacters(in: CharacterSet.alphanumerics.inverted.subtracting(CharacterSet(charactersIn: "&'%()#")))
    }

    /// The letters of `text`, each counted: a Devanagari (or Thai) syllable is one character
    /// of several letters (`ची` is `च` and its vowel sign), so `चीनी`, sugar, has 4, not 2.
    static func letterCount(_ text: String) -> Int {
        text.unicodeScalars.count { $0.properties.isAlphabetic }
    }

    /// True when `name` has letters enough to name something (two or more).
    static func isName(_ name: String) -> Bool {
        name.filter(\.isLetter).count >= 2
    }

    /// Names no item has: two letters read unsurely (a photo's background beside a "$0.00"
    /// modifier line), or a web or mail address printed in the footer.
    static func isNoise(_ name: String, confidence: Double) -> Bool {
        if name.filter(\.isLetter).count == 2, confidence < 0.5 { return true }
        let squeezed = name.lowercased().filter { !$0.isWhitespace }
        return squeezed.contains("www.") || squeezed.contains("http") || (squeezed.contains("@") && squeezed.contains("."))
            || [".com", ".net", ".org"].contains(where: squeezed.contains)
    }

    /// An item line's words without the OCR noise a photo adds at its ends: fragments
    /// of one or two letters, lowercase scraps before a capitalised name or a quantity,
    /// punctuation ("q   1 Flying Dog", "Hg 1 Mole Enchilada", "SIDE (SM)   §&").
    static func withoutJunk(_ tokens: [Substring]) -> [Substring] {
        var tokens = tokens
        while tokens.count > 1, isJunk(tokens[0], before: tokens[1]) { tokens.removeFirst() }
        // A quantity with a scrap of punctuation stuck to it ("“1 Dal Fry").
        if let first = tokens.first, let start = first.firstIndex(where: { $0.isLetter || $0.isNumber }), start != first.startIndex,
            Numbers.isDigits(first[start...])
        {
            tokens[0] = first[start...]
        }
        while tokens.count > 1, let last = tokens.last, isJunk(last, before: nil) && last.filter(\.isLetter).count <= 2 { tokens.removeLast() }
        // Two leading numbers ("2 1 Deccan Special"): the first is noise, the second the quantity.
        if tokens.count > 2, Numbers.isDigits(tokens[0]), tokens[0].count <= 2, Numbers.isDigits(tokens[1]), tokens[1].count <= 2,
            tokens[2].contains(where: \.isLetter)
        {
            tokens.removeFirst()
        }
        return tokens
    }

    /// True for an OCR scrap at either end of a name; `next` is the token after it (nil at the end).
    static func isJunk(_ token: Substring, before next: Substring?) -> Bool {
        // Quantity marks ("2 x", "2 @") are read later.
        if token.contains(where: \.isNumber) || ["x", "X", "@", "*"].contains(token) { return false }
        let letters = token.filter(\.isLetter)
        if letters.isEmpty { return !token.allSatisfy { "&#+-".contains($0) } || token.count > 1 }
        if letters.count <= 2 && (letters.uppercased() != letters || letters.count == 1 && token.count > 1) { return true }
        if letters.count == 1 { return next.map { $0.first?.isNumber == true } ?? false }
        // A short all-lowercase scrap before a capitalised word or a quantity.
        if letters.count <= 4, letters.lowercased() == letters, let next, next.first.map({ $0.isUppercase || $0.isNumber }) == true { return true }
        return false
    }

    /// The tokens without item codes (SKUs): long digit runs at the start or end of the name.
    static func withoutCodes(_ tokens: [Substring]) -> [Substring] {
        func isCode(_ token: Substring) -> Bool {
            token.count >= 5 && !token.contains(".") && !token.contains(",") && token.filter(\.isASCIIDigit).count >= token.count - 1
        }
        var tokens = tokens
        while let first = tokens.first, isCode(first) || (first.count >= 4 && first.allSatisfy(\.isASCIIDigit)) { tokens.removeFirst() }
        while let last = tokens.last, isCode(last) { tokens.removeLast() }
        return tokens
    }

    /// The name without a unit price OCR read inside it ("Sandia Margarita ($13.00/ea)").
    static func withoutUnitPriceNote(_ name: String) -> String {
        guard let open = name.lastIndex(of: "("), name[open...].contains(where: \.isNumber),
            name[open...].contains("/") || name[open...].contains("@")
        else { return name }
        return String(name[..<open]).trimmingCharacters(in: .whitespaces)
    }
}
