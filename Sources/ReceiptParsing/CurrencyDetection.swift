import Foundation

/// The receipt's currency, told by currency marks, country words and the decimal separator.
enum CurrencyDetection {
    /// Malaysian words: tax names, street and place names, payment words.
    static let malaysianWords: Set<String> = [
        "GST", "SST", "TUNAI", "JALAN", "JLN", "TAMAN", "SELANGOR", "KUALA", "MALAYSIA", "JOHOR", "BAKI", "JUMLAH",
    ]

    /// Words of euro-area receipts: VAT names and totals of German, French, Italian, Spanish
    /// and Dutch receipts, and legal forms of those countries' companies.
    static let euroWords: Set<String> = [
        "MWST", "SUMME", "GMBH", "UST", "TVA", "TTC", "IVA", "BTW", "TOTALE", "TOTAAL", "EURO", "EUROS", "SARL", "SRL", "BV",
    ]

    /// Marks of currencies whose countries' words the parser has no table for (symbols and codes
    /// printed beside amounts), as read before folding, uppercased.
    static let otherMarks: [String: String] = [
        "LEI": "RON", "RON": "RON", "HUF": "HUF", "₹": "INR", "INR": "INR", "฿": "THB", "THB": "THB",
        "AED": "AED", "CHF": "CHF", "SEK": "SEK", "NOK": "NOK", "DKK": "DKK", "ZAR": "ZAR",
    ]

    /// Every currency mark (strong evidence, two points a line) and country word (one point) of
    /// the locale tables (`Vocabulary`), read once.
    static let marks: [String: String] = Vocabulary.added.reduce(into: otherMarks) { marks, vocabulary in
        marks.merge(vocabulary.currencyMarks) { first, _ in first }
    }
    static let countryWords: [String: String] = Vocabulary.added.reduce(into: [:]) { words, vocabulary in
        words.merge(vocabulary.currencyWords) { first, _ in first }
    }
    /// Marks that are not words (`₽`, `R$`): found anywhere in the line's text.
    static let symbolMarks = marks.filter { !$0.key.allSatisfy(\.isLetter) }

    /// The ISO 4217 code the lines point to most; USD when only decimal points say
    /// anything, nil when nothing does.
    static func currency(of lines: [AnalyzedLine]) -> String? {
        var decimalCommas = 0
        var decimalPoints = 0
        var scores: [String: Int] = [:]
        for line in lines {
            for money in line.money {
                let digits = line.tokens[money.tokenIndex].filter { $0.isNumber || $0 == "." || $0 == "," }
                if digits.count >= 3 {
                    let separator = digits[digits.index(digits.endIndex, offsetBy: -3)]
                    if separator == "," { decimalCommas += 1 } else if separator == "." { decimalPoints += 1 }
                }
            }
            let upper = line.text.uppercased()
            let words = Set(Keywords.words(line.text))
            if marksAmount(line, "RM") { scores["MYR", default: 0] += 2 }
            if words.contains("MYR") || words.contains("SDN") || words.contains("BHD") { scores["MYR", default: 0] += 2 }
            if !words.isDisjoint(with: malaysianWords) { scores["MYR", default: 0] += 1 }
            if upper.contains("€") || words.contains("EUR") { scores["EUR", default: 0] += 2 }
            if !words.isDisjoint(with: euroWords) { scores["EUR", default: 0] += 1 }
            if upper.contains("$") || words.contains("USD") { scores["USD", default: 0] += 1 }
            if marksAmount(line, "£") || words.contains("GBP") { scores["GBP", default: 0] += 2 }
            for (mark, code) in amountMarks where marksAmount(line, mark) { scores[code, default: 0] += 2 }
            if let code = vatRateCountry(line, words: words) { scores[code, default: 0] += 1 }
            if showsEmiratiTaxNumber(line) { scores["AED", default: 0] += 2 }
            for (mark, code) in symbolMarks where upper.contains(mark) { scores[code, default: 0] += 2 }
            for word in words {
                if let code = marks[word] { scores[code, default: 0] += 2 }
                if let code = countryWords[word] { scores[code, default: 0] += 1 }
            }
        }
        // Decimal commas say euro only when no other currency that prints them (zł, Kč, R$, TL) was marked.
        let otherCommaCurrency = scores.contains { $0.key != "EUR" && $0.key != "USD" && $0.value >= 2 }
        if decimalCommas > decimalPoints * 2, decimalCommas >= 2, !otherCommaCurrency { scores["EUR", default: 0] += 2 }
        if let best = scores.max(by: { ($0.value, $0.key) < ($1.value, $1.key) }), best.value > 0 { return best.key }
        return decimalPoints > 0 ? "USD" : nil
    }

    /// Marks that name a currency only before an amount, being letters a line may print
    /// otherwise: the Indian `Rs.` and the South African rand's `R` (`R 12.99`, `R12.99`).
    static let amountMarks: [(mark: String, code: String)] = [("RS.", "INR"), ("RS", "INR"), ("R", "ZAR")]

    /// The standard VAT rates that tell a country among English-printing ones (a `VAT` line with
    /// its rate): 5 % the Emirates, 7 % Thailand, 15 % South Africa (or Saudi Arabia, on a line
    /// that is also printed in Arabic), 20 % the United Kingdom.
    static let vatRates: [String: String] = ["5": "AED", "7": "THB", "15": "ZAR", "20": "GBP"]

    /// The country a `VAT <rate>%` line points to, nil for other lines.
    static func vatRateCountry(_ line: AnalyzedLine, words: Set<String>) -> String? {
        guard words.contains("VAT"), line.text.contains("%") else { return nil }
        for (i, token) in line.tokens.enumerated() {
            var rate = token.hasSuffix("%") ? token.dropLast() : (i + 1 < line.tokens.count && line.tokens[i + 1] == "%" ? token : "")
            if rate.hasPrefix("@") { rate = rate.dropFirst() }
            if rate.hasSuffix(".00") || rate.hasSuffix(",00") { rate = rate.dropLast(3) }
            guard let code = vatRates[String(rate)] else { continue }
            let arabic = line.text.unicodeScalars.contains { (0x0600...0x06FF).contains($0.value) }
            return code == "ZAR" && arabic ? "SAR" : code
        }
        return nil
    }

    /// The Emirates' tax registration number, `TRN` and fifteen digits (a bare `TRN` is a
    /// transaction number on many American receipts).
    static func showsEmiratiTaxNumber(_ line: AnalyzedLine) -> Bool {
        guard let index = line.tokens.firstIndex(where: { $0.uppercased().hasPrefix("TRN") }) else { return false }
        return line.tokens[index...].prefix(3).contains { $0.filter(\.isASCIIDigit).count == 15 }
    }

    /// True when `symbol` stands before an amount on the line ("RM 5.00", "RM5.00", "£3.20"):
    /// a symbol elsewhere ("Dining Rm", a stray "£" in OCR noise) is no currency cue.
    static func marksAmount(_ line: AnalyzedLine, _ symbol: String) -> Bool {
        for (i, token) in line.tokens.enumerated() where token.uppercased().hasPrefix(symbol) {
            let rest = token.dropFirst(symbol.count)
            if rest.isEmpty, i + 1 < line.tokens.count, Numbers.money(line.tokens[i + 1], allowRepair: false) != nil { return true }
            if !rest.isEmpty, rest.first?.isNumber == true, Numbers.money(rest, allowRepair: false) != nil { return true }
        }
        return false
    }
}
