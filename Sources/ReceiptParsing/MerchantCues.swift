import Foundation

/// Evidence for the merchant's name beside the look of the header lines (`Merchant.swift`; the choice in `MerchantReading.swift`),
/// each of which holds on receipts in general rather than on one printer's layout:
///
/// - the receipt says the name in words: "Thank you for shopping at X", "Welcome to X",
///   "Gracias por su compra en X", a card slip's "MERCHANT NAME: X";
/// - the size it is printed at: printers set the name in double height or width, while a logo
///   is a bitmap of any size, so text far taller than any font a printer has is a logo read as
///   letters;
/// - the merchants already known (the household's carts): a header line that matches one, with
///   OCR's usual errors, is that merchant, spelled as before.
enum MerchantCues {
    /// Phrases after which a receipt prints the shop's name (matched case-insensitively; the
    /// name is the rest of the line, or the next line when the phrase ends it).
    static let namingPhrases = [
        #"\bTHANK(?:S|\s*YOU)\b[^A-Z0-9]*(?:FOR|4)\s+(?:VISITING|CHOOSING)\b"#,
        #"\bWELCOME\s+(?:TO|AT)\b"#,
        #"\b(?:BIENVENIDOS?|BIENVENUE|WILLKOMMEN|WELKOM|BENVENUTI|BEM-VINDOS?)\s+(?:A|AL|CHEZ|BEI|IM|BIJ|DA|AO|EN|IN)\b"#,
        #"\b(?:GRACIAS POR SU (?:COMPRA|VISITA)|MERCI DE VOTRE (?:VISITE|ACHAT)|DANKE F(?:U|Ü|UE)R IHREN EINKAUF|BEDANKT VOOR UW AANKOOP|GRAZIE PER (?:IL SUO ACQUISTO|AVERCI SCELTO)|OBRIGADO PELA (?:SUA )?(?:COMPRA|PREFER(?:E|Ê)NCIA))\s+(?:EN|CHEZ|BEI|IM|BIJ|DA|DE|NA|NO|IN)\b"#,
        #"^\s*(?:MERCHANT|STORE|SHOP)\s*NAME\b\s*[:.\-]?"#,
        #"^\s*MERCHANT\s*:"#,
    ]
    /// Phrases that name the shop only with a preposition after them, on the line or opening the
    /// next: "Thank you for shopping / at Guardian", not "Thank you for your business".
    static let prepositionPhrases = [
        #"\bTHANK(?:S|\s*YOU)\b[^A-Z0-9]*(?:FOR|4)\s+(?:SHOPPING|DINING|EATING|STOPPING BY|YOUR (?:PURCHASE|ORDER|VISIT|BUSINESS))\b"#
    ]
    static let preposition = #"^[\s,]*(?:AT|WITH|TO|IN)\b"#
    /// Where a stated name ends and the sentence goes on ("… at Tesco. Please come again").
    static let sentenceTails = [
        #"[!?]"#, #"\.\s"#, #"\s-\s"#, #"\b(?:PLEASE|HAVE A|COME AGAIN|SEE YOU|WE HOPE|HOPE TO|AND HAVE|TODAY|AGAIN)\b"#,
    ]
    /// What follows a naming phrase without being a name ("Thank you for shopping with us").
    static let notNames: Set<String> = ["US", "OUR", "YOUR", "THIS", "THE STORE", "THE SHOP", "THE RESTAURANT", "WE", "ME", "YOU"]

    /// A name a line states with a naming phrase, or the next line's when the phrase ends the line.
    static func statedNames(_ lines: [AnalyzedLine]) -> [String] {
        var names: [String] = []
        for (position, line) in lines.enumerated() {
            guard let (end, needsPreposition) = namingPhraseEnd(line.text) else { continue }
            var rest = Substring(line.text[end...])
            var hasPreposition = false
            func takePreposition() {
                guard let range = rest.range(of: preposition, options: [.regularExpression, .caseInsensitive]) else { return }
                rest = rest[range.upperBound...]
                hasPreposition = true
            }
            takePreposition()
            // The phrase ends the line ("Thank you for shopping at" / "Greenway Grocers").
            if rest.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters)).isEmpty, position + 1 < lines.count {
                rest = Substring(lines[position + 1].text)
                if !hasPreposition { takePreposition() }
            }
            guard hasPreposition || !needsPreposition, let name = statedName(String(rest)) else { continue }
            names.append(name)
        }
        return names
    }

    /// Where the naming phrase on `text` ends, if it has one, and whether it needs a preposition.
    static func namingPhraseEnd(_ text: String) -> (String.Index, needsPreposition: Bool)? {
        let options: String.CompareOptions = [.regularExpression, .caseInsensitive]
        for phrase in namingPhrases {
            if let range = text.range(of: phrase, options: options) { return (range.upperBound, false) }
        }
        for phrase in prepositionPhrases {
            if let range = text.range(of: phrase, options: options) { return (range.upperBound, true) }
        }
        return nil
    }

    /// The text after a naming phrase, cut where the sentence goes on, when it reads as a name.
    static func statedName(_ text: String) -> String? {
        var name = Substring(text)
        for tail in sentenceTails {
            if let range = name.range(of: tail, options: [.regularExpression, .caseInsensitive]) { name = name[..<range.lowerBound] }
        }
        let trimmed = name.trimmingCharacters(in: CharacterSet.alphanumerics.inverted.subtracting(CharacterSet(charactersIn: "&')")))
        let words = Keywords.words(trimmed)
        guard !words.isEmpty, words.count <= 6, !notNames.contains(words[0]), !notNames.contains(words.prefix(2).joined(separator: " ")) else {
            return nil
        }
        let letters = trimmed.filter(\.isLetter).count
        let nonSpace = trimmed.filter { !$0.isWhitespace }.count
        guard letters >= 3, Double(letters) >= 0.6 * Double(nonSpace) else { return nil }
        return trimmed.split(separator: " ").joined(separator: " ")
    }

    /// The letters and digits of a name, folded and uppercased: what two spellings of one name share.
    static func squeezed(_ text: String) -> String {
        Keywords.words(text).joined()
    }

    /// A text's words and letters, worked out once: each known name meets every header line.
    struct Spelling {
        var text: String
        var words: [String]
        var squeezed: String

        init(_ text: String) {
            self.text = text
            words = Keywords.words(text)
            squeezed = words.joined()
        }
    }

    /// True when `text` (a header line, a stated name or a web address) names `name`: the same
    /// letters up to OCR's errors (one in five), or `name`'s words inside it.
    static func names(_ text: String, _ name: String) -> Bool { names(Spelling(text), Spelling(name)) }

    static func names(_ text: Spelling, _ name: Spelling) -> Bool {
        let a = text.squeezed
        let b = name.squeezed
        guard a.count >= 3, b.count >= 3 else { return false }
        if a == b { return true }
        let allowed = max(1, b.count / 5)
        if b.count >= 5, Keywords.editDistance(a, b, limit: allowed) <= allowed { return true }
        // The name inside a longer line ("TESCO EXTRA", "WELCOME TO COSTCO WHOLESALE"), or a
        // web address's letters inside the name ("ROLLER" in "ROLLER GMBH & CO KG").
        guard min(a.count, b.count) >= 4 else { return false }
        let nameWords = name.words
        if nameWords.count > 1 || b.count >= 5, Keywords.contains(text.words, nameWords.joined(separator: " ")) { return true }
        guard a.count >= 5, b.count >= 5 else { return false }
        if a.contains(b) { return true }
        // A part of the name ("BRIGHTBAKES" of "Bright Bakes Pty Ltd"): most of it, and not a
        // shop word alone ("MARKET" is no part of "Sunrise Market" worth naming it by).
        return b.contains(a) && a.count * 5 >= b.count * 3 && !text.words.allSatisfy { Keywords.containsAny([$0], ReceiptParser.shopWords) }
    }

    /// A line of three words or more, two of them in small letters only, is a sentence (a
    /// slogan: "Fresh food, fair prices"), not a name: names are printed in capitals or title
    /// case, and their small words ("of", "am", "&") are short.
    static func sentencePenalty(_ text: String) -> Double {
        let words = text.split(separator: " ").map { $0.filter(\.isLetter) }.filter { !$0.isEmpty }
        guard words.count >= 3 else { return 0 }
        let small = words.filter { $0.count >= 3 && $0.lowercased() == $0 && $0.uppercased() != $0 }.count
        return small >= 2 ? 0.4 : 0
    }

    /// Words that open a tax or company registration number: Australia's ABN/ACN, India's GSTIN,
    /// the Emirates' TRN, Singapore's UEN, VAT numbers.
    static let registrationWords = ["ABN", "ACN", "GSTIN", "TRN", "UEN", "TIN", "VAT NO", "VAT REG", "NPWP", "CIN", "SST ID", "SST NO"]
    /// Opening hours: a time with AM/PM or a range of days ("MON-FRI 9AM-5PM", "Open daily 7am-10pm").
    static let openingHours =
        #"(\b\d{1,2}(:\d{2})?\s?(AM|PM)\b.*\d)|\b(MON|TUE|WED|THU|FRI|SAT|SUN)[A-Z]*\s*(-|–|TO)\s*(MON|TUE|WED|THU|FRI|SAT|SUN)|\b24\s*(HOURS|HRS|/7)\b"#

    /// A line that is never the name whatever it looks like: an e-mail address, opening hours,
    /// a tax or company registration number.
    static func isNeverAName(_ text: String) -> Bool {
        if text.contains("@"), text.contains(".") { return true }
        if text.range(of: openingHours, options: [.regularExpression, .caseInsensitive]) != nil { return true }
        return text.filter(\.isASCIIDigit).count >= 6 && Keywords.containsAny(Keywords.words(text), registrationWords)
    }

    // MARK: Print size

    /// Text this many times the receipt's usual line height or more is a logo, not print: receipt
    /// printers have fonts of one, two and at most three times their normal height.
    static let logoHeightRatio = 2.8
    /// Text at least this many times the usual height was printed large, as names are.
    static let largeHeightRatio = 1.35

    /// The median height of the lines' text, when the reading has boxes.
    static func usualHeight(_ lines: [AnalyzedLine]) -> Double? {
        let heights = lines.compactMap(\.textHeight).filter { $0 > 0 }.sorted()
        guard heights.count >= 5 else { return nil }
        return heights[heights.count / 2]
    }

    /// What a header line's print size says of it as the name: a bonus for large print, a
    /// penalty for logo-sized text read as a few letters or unsurely (a name printed in a
    /// printer's largest font still reads as sure words), nothing without boxes.
    static func sizeScore(_ line: AnalyzedLine, usualHeight: Double?) -> Double {
        guard let usualHeight, let height = line.textHeight, usualHeight > 0 else { return 0 }
        let ratio = height / usualHeight
        if ratio >= logoHeightRatio, line.confidence < 0.9 || line.text.filter(\.isLetter).count <= 5 { return -0.4 }
        if ratio >= largeHeightRatio { return 0.2 }
        return 0
    }

    // MARK: Known merchants

    /// The first known merchant one of `texts` names, in the known name's spelling. Names under
    /// four letters or common header words are never matched (they would match any receipt).
    /// `accepting` judges a known name that matched (checked only then: it may be costly).
    static func knownMerchant(in texts: [String], known: [String], accepting: (String) -> Bool = { _ in true }) -> String? {
        let candidates = known.map(Spelling.init).filter { name in
            name.squeezed.count >= 4 && !(name.words.count == 1 && Keywords.containsAny(name.words, ReceiptParser.headerNoise))
        }
        guard !candidates.isEmpty else { return nil }
        for text in texts.map(Spelling.init) {
            if let name = candidates.first(where: { names(text, $0) && accepting($0.text) }) { return name.text }
        }
        return nil
    }
}
