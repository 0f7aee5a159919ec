import Foundation

/// What a receipt line is about, from its words.
enum LineKind: Sendable, Hashable {
    case total, subtotal, tax, tip, tendered, change, card, discount, void, deposit, rounding, count, other
}

/// Keyword matching tolerant of OCR misspellings (edit distance). The lists below hold the
/// English, German and Malay words; `Vocabulary` adds French, Italian, Spanish and Dutch (and
/// German gaps), one table per language.
enum Keywords {
    /// Uppercased words of a line, letters only, digits read as the letters OCR confuses them with.
    static func words(_ line: String) -> [String] {
        let folded = line.prefix(300).folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).uppercased()
        var words: [String] = []
        var current = ""
        func flush() {
            if current.contains(where: \.isLetter) {
                words.append(
                    String(
                        current.map { c -> Character in
                            switch c {
                            case "0": return "O"
                            case "1": return "L"
                            case "5": return "S"
                            case "8": return "B"
                            default: return c
                            }
                        }
                    ).filter(\.isLetter)
                )
            }
            current = ""
        }
        for c in folded {
            if c.isLetter || c.isNumber { current.append(c) } else { flush() }
        }
        flush()
        return words.filter { !$0.isEmpty }
    }

    /// Levenshtein distance over Unicode scalars: it spares the grapheme work of `Character`s
    /// on the parser's hottest path (every word of every line against every keyword of every
    /// language); keywords and folded words are ASCII, and an accented letter of an item name
    /// is one precomposed scalar.
    static func editDistance(_ a: String, _ b: String, limit: Int = 2) -> Int {
        let a = a.unicodeScalars.map(\.value)
        let b = b.unicodeScalars.map(\.value)
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&prev, &cur)
        }
        return prev[b.count]
    }

    /// True when `word` is `keyword`, allowing one OCR error for words of five letters or
    /// more, two for words of eight or more ("SUOTOTA" for "SUBTOTAL").
    /// A keyword written `=WORD` (see `Vocabulary`) matches only exactly.
    static func matches(_ word: String, _ keyword: String, strict: Bool = false) -> Bool {
        if word == keyword { return true }
        if keyword.utf8.first == UInt8(ascii: "=") { return word.utf8.elementsEqual(keyword.utf8.dropFirst()) }
        // A word opening with an ASCII letter is never a keyword opening with another (Cyrillic,
        // Greek, `Ł`), nor the reverse: one byte compared instead of a count and an edit distance
        // (the locale tables made every line meet these keywords too).
        guard let first = word.utf8.first, let keywordFirst = keyword.utf8.first, (first < 0x80) == (keywordFirst < 0x80) else { return false }
        // Most pairs differ in length by more than any allowed error: rejected before counting characters.
        guard abs(word.utf8.count - keyword.utf8.count) <= 2 else { return false }
        let allowed = !strict && keyword.count >= 8 && word.count >= 7 ? 2 : 1
        guard keyword.count >= 5, abs(word.utf8.count - keyword.utf8.count) <= allowed else { return false }
        return editDistance(word, keyword, limit: allowed) <= allowed
    }

    /// True when the phrase (space-separated keywords) occurs in `words`, also written joined.
    static func contains(_ words: [String], _ phrase: String) -> Bool {
        // Most keywords are one word: no splitting (this runs for every keyword on every line).
        if !phrase.utf8.contains(UInt8(ascii: " ")) { return words.contains { matches($0, phrase) } }
        let (parts, joined) = splitPhrases[phrase] ?? split(phrase)
        guard !parts.isEmpty, words.count >= 1 else { return false }
        if parts.count > 1 {
            // Phrases written as one word ("SUBTOTAL" for "SUB TOTAL") allow one error only.
            if words.contains(where: { matches($0, joined, strict: true) }) { return true }
        }
        guard words.count >= parts.count else { return false }
        for start in 0...(words.count - parts.count) {
            if zip(words[start..<(start + parts.count)], parts).allSatisfy({ matches($0, $1) }) { return true }
        }
        return false
    }

    /// A phrase's words, and the phrase written as one word.
    static func split(_ phrase: String) -> (parts: [String], joined: String) {
        let parts = phrase.split(separator: " ").map(String.init)
        return (parts, parts.joined().filter { $0 != "=" })
    }

    /// The phrases of every list split once: splitting them on every line was a third of the
    /// parser's time once the locale tables had added their phrases.
    static let splitPhrases: [String: (parts: [String], joined: String)] = {
        let lists = [
            subtotal, totalExcluded, totalTax, total, strongTotal, finalTotal, taxTable, inclusive, summaryHeads, columnHeads, tax, tip,
            serviceCharge, tendered, card, change, discount, void, deposit, rounding, cash, ReceiptParser.shopWords, ReceiptParser.addressWords,
            ReceiptParser.legalForms, ReceiptParser.headerNoise,
        ]
        var table: [String: (parts: [String], joined: String)] = [:]
        for phrase in lists.joined() where phrase.utf8.contains(UInt8(ascii: " ")) { table[phrase] = split(phrase) }
        return table
    }()

    static func containsAny(_ words: [String], _ phrases: [String]) -> Bool {
        // A keyword of another script (Cyrillic, Greek, Thai, Arabic, …) matches only a word of
        // one (see `matches`): a line of ASCII words, most lines, skips them unread.
        let otherScript = words.contains { ($0.utf8.first ?? 0) >= 0x80 }
        return phrases.contains { (otherScript || ($0.utf8.first ?? 0) < 0x80) && contains(words, $0) }
    }

    static let subtotal =
        [
            "SUBTOTAL", "SUB TOTAL", "SUB TTL", "ZWISCHENSUMME", "JUMLAH KECIL", "NET TOTAL", "TOTAL EXCL", "TOTAL EXCLUDING", "EXCLUDING GST",
            "TOTAL SALES EXCLUDING", "TOTAL BEFORE", "NETTO", "TAXABLE", "TAXABLE AMOUNT",
        ] + Vocabulary.merged(\.subtotal)
    static let totalExcluded =
        [
            "TOTAL QTY", "TOTAL QUANTITY", "TOTAL ITEMS", "TOTAL ITEM", "TOTAL SAVINGS", "TOTAL SAVED", "TOTAL DISCOUNT", "TOTAL NUMBER", "TOTAL NO",
            "ITEM COUNT", "NO OF ITEMS", "TOTAL POINTS",
        ] + Vocabulary.merged(\.totalExcluded)
    static let totalTax = ["TOTAL TAX", "TOTAL GST", "TOTAL VAT", "TAX TOTAL", "GST TOTAL", "TOTAL MWST"] + Vocabulary.merged(\.totalTax)
    static let total =
        [
            "TOTAL", "GRAND TOTAL", "AMOUNT DUE", "BALANCE DUE", "TOTAL DUE", "BALANCE", "SUMME", "GESAMT", "GESAMTBETRAG", "ZU ZAHLEN", "JUMLAH",
            "JUMLAH BESAR", "TOTAL AMOUNT", "TOTAL PAYABLE", "AMOUNT PAYABLE", "TTL", "BETRAG", "ROUNDED TOTAL", "NETT TOTAL", "TOTAL INCL", "AMOUNT",
            "DUE", "TOTAL RM", "NET AMOUNT", "TOT", "SALES INCL", "SALES INCLUSIVE", "SALES INCLUDING", "FINAL TOTAL", "AMT PAYABLE",
        ] + Vocabulary.merged(\.total)
    static let strongTotal =
        [
            "GRAND TOTAL", "AMOUNT DUE", "BALANCE DUE", "TOTAL DUE", "ZU ZAHLEN", "TOTAL PAYABLE", "ROUNDED TOTAL", "TOTAL ROUNDED", "TOTAL INCL",
            "TOTAL AMOUNT", "SUMME", "GESAMTBETRAG", "JUMLAH BESAR", "NETT TOTAL",
        ] + Vocabulary.merged(\.strongTotal)
    /// Phrases that name the amount to pay, printed last in the summary block: such a
    /// line outranks an earlier, qualified total ("Total 6% supplies (Inc. GST)").
    static let finalTotal =
        [
            "GRAND TOTAL", "AMOUNT DUE", "BALANCE DUE", "TOTAL DUE", "ZU ZAHLEN", "TOTAL PAYABLE", "AMT PAYABLE", "AMOUNT PAYABLE", "FINAL TOTAL",
            "TOTAL ROUNDED", "ROUNDED TOTAL", "JUMLAH BESAR",
        ] + Vocabulary.merged(\.finalTotal)
    /// Headings of the tax breakdown table printed after the total ("GST Summary  Amount  Tax").
    static let taxTable = ["SUMMARY", "TAX CODE", "GST CODE", "MWST SATZ"] + Vocabulary.merged(\.taxTable)
    /// Words saying an amount includes the tax.
    static let inclusive = ["INCL", "INCLUSIVE", "INCLUDING", "INKL"] + Vocabulary.merged(\.inclusive)
    /// The words that open a receipt's summary block.
    static let summaryHeads =
        ["TOTAL", "SUBTOTAL", "SUB TOTAL", "SUMME", "ZWISCHENSUMME", "GESAMT", "ZU ZAHLEN", "JUMLAH", "GRAND TOTAL", "AMOUNT DUE", "BALANCE DUE"]
        + Vocabulary.merged(\.summaryHeads)
    /// Column headings of an item table.
    static let columnHeads =
        ["QTY", "ITEM", "ITEMS", "DESCRIPTION", "DESC", "PRICE", "BEZEICHNUNG", "ARTIKEL", "MENGE", "PREIS", "UP", "CODE"]
        + Vocabulary.merged(\.columnHeads)
    static let tax =
        ["TAX", "TAXES", "SALES TAX", "GST", "VAT", "MWST", "UST", "SST", "HST", "PST", "STATE TAX", "CITY TAX", "CUKAI", "STEUER"]
        + Vocabulary.merged(\.tax)
    static let tip = ["TIP", "TIPS", "GRATUITY", "TRINKGELD"] + Vocabulary.merged(\.tip)
    static let serviceCharge = ["SERVICE CHARGE", "SERVICE CHG", "SVC CHARGE", "SVC CHG", "CAJ PERKHIDMATAN"] + Vocabulary.merged(\.serviceCharge)
    static let tendered =
        ["CASH", "TENDERED", "TENDER", "GEGEBEN", "GEG", "BAR", "TUNAI", "PAID", "PAYMENT", "BEZAHLT", "AMOUNT TENDERED"]
        + Vocabulary.merged(\.tendered)
    static let card =
        [
            "ACCT", "VISA", "MASTERCARD", "MASTER", "AMEX", "AMERICAN EXPRESS", "DEBIT", "CREDIT", "CARD", "KARTE", "GIROCARD", "EC CASH", "MAESTRO",
            "DISCOVER", "KREDIT",
        ] + Vocabulary.merged(\.card)
    static let change = ["CHANGE", "CHANGE DUE", "RUCKGELD", "RUECKGELD", "BAKI", "WECHSELGELD", "ZURUCK"] + Vocabulary.merged(\.change)
    static let discount =
        [
            "DISCOUNT", "COUPON", "SAVINGS", "YOU SAVED", "RABATT", "DISKAUN", "PROMO", "MEMBER", "NACHLASS", "PREISVORTEIL", "MARKDOWN",
            "INSTANT SAVINGS", "OFFER",
        ] + Vocabulary.merged(\.discount)
    static let void = ["VOID", "STORNO", "VOIDED", "CANCEL"] + Vocabulary.merged(\.void)
    static let deposit = ["DEPOSIT", "PFAND", "BOTTLE DEP", "CRV", "LEERGUT"] + Vocabulary.merged(\.deposit)
    static let rounding = ["ROUNDING", "ROUND ADJ", "ROUNDING ADJ", "PEMBUNDARAN", "ADJUSTMENT", "RUNDUNG"] + Vocabulary.merged(\.rounding)

    /// Words that may follow a tip word on the tip line itself ("TIP AMOUNT").
    /// Payment words that say the payment was in cash.
    static let cash = ["CASH", "TUNAI", "BAR"] + Vocabulary.merged(\.cash)

    static let tipQualifiers = ["AMOUNT", "ADDED", "INCLUDED", "PAID", "GUIDE", "SUGGESTED", "TOTAL", "CALCULATION"]

    /// True when a tip word names the line's amount: last, or followed by a word of the tip
    /// line. Followed by another word it is part of a dish's name ("Steak Tip Skewers").
    static func isTipLine(_ words: [String]) -> Bool {
        for (i, word) in words.enumerated() where tip.contains(where: { matches(word, $0) }) {
            guard i + 1 < words.count else { return true }
            let next = words[i + 1]
            if next.count < 3 || tipQualifiers.contains(where: { matches(next, $0) }) { return true }
        }
        return false
    }

    /// Classifies a line by its words. Order matters: the specific phrases
    /// (SUBTOTAL, TOTAL QTY, TOTAL TAX, …) win over the bare TOTAL.
    static func kind(of line: String) -> LineKind {
        // Keywords lead the line; a bounded prefix keeps hostile lines cheap.
        let w = Array(words(line).prefix(10))
        if w.isEmpty { return .other }
        if containsAny(w, rounding) { return .rounding }
        if containsAny(w, totalExcluded) {
            return containsAny(w, ["TOTAL SAVINGS", "TOTAL SAVED", "TOTAL DISCOUNT"]) ? .discount : .count
        }
        // "NETT TOTAL" is the amount paid (one letter from the subtotal "NET TOTAL").
        if containsAny(w, ["NETT TOTAL", "NETT AMOUNT"]) && !w.contains("NET") { return .total }
        if containsAny(w, subtotal) { return .subtotal }
        // "TOTAL (GST INCL)" is the total with the tax in it, not the total tax.
        if containsAny(w, totalTax) && !containsAny(w, inclusive) { return .tax }
        // "CHARGE" is one letter from "CHANGE": a service charge is decided first.
        if containsAny(w, serviceCharge) && !containsAny(w, ["TOTAL"]) { return .tip }
        if containsAny(w, change) { return .change }
        if isTipLine(w) && !containsAny(w, ["TOTAL"]) { return .tip }
        if containsAny(w, total) {
            if containsAny(w, tax), !containsAny(w, inclusive) && !containsAny(w, strongTotal) && w.first.map({ matches($0, "TOTAL") }) != true {
                return .tax
            }
            return .total
        }
        if containsAny(w, tax) { return .tax }
        if containsAny(w, void) { return .void }
        if containsAny(w, discount) { return .discount }
        if containsAny(w, deposit) { return .deposit }
        if containsAny(w, card) { return .card }
        if containsAny(w, tendered) { return .tendered }
        return croppedKind(w)
    }

    /// A total line that names a payment ("AMOUNT TENDERED", "TOTAL CASH", "Amount Paid") but no
    /// phrase for the amount to pay ("TOTAL DUE", "SUMME"): with a change line after it, it is the
    /// cash handed over (see `SummaryReader`).
    static func namesPayment(_ line: String) -> Bool {
        let w = Array(words(line).prefix(10))
        return containsAny(w, tendered) && !containsAny(w, strongTotal) && !containsAny(w, finalTotal) && !containsAny(w, card)
    }

    /// Summary keywords whose first letter a photo's edge or a fold may cut off.
    static let croppable = ["SUBTOTAL", "TOTAL", "TAX"]

    /// The kind of a short line opening with a summary keyword that lost its first letter
    /// ("ubtota] $28.48", "otal $30.76", "ax $2.28"); a two-letter rest must match exactly.
    static func croppedKind(_ w: [String]) -> LineKind {
        guard let first = w.first, w.count <= 2 else { return .other }
        for keyword in croppable {
            let rest = String(keyword.dropFirst())
            if first == rest || rest.count >= 4 && matches(first, rest) { return kind(of: keyword) }
        }
        return .other
    }
}
