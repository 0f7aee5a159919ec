import Foundation

/// The merchant: the name in the header block, its address and phone.
///
/// A name line is found by what it looks like (mostly letters, a few words, no
/// slogan, label, address or phone), where it sits (at the top, right above the
/// address block), and what confirms it: a legal-form suffix (SDN BHD, S/B,
/// GmbH, LLC, …) or the shop's own web address printed elsewhere on the receipt.
/// OCR noise at the ends of a photographed line (fragments past a column gap,
/// stray two-letter bits) is cut before the line is judged.
extension ReceiptParser {
    static let headerNoise =
        [
            "WELCOME", "RECEIPT", "THANK", "INVOICE", "TAX INVOICE", "CUSTOMER", "COPY", "ORDER", "TABLE", "SERVER", "CASHIER", "GUEST", "CHECK",
            "HTTP", "WWW", "COM", "TEL", "PHONE", "FAX", "EMAIL", "STORE", "QUITTUNG", "BELEG", "KASSE", "RESIT", "GST REG", "GST ID", "REG NO",
            "COMPANY NO", "OPEN", "HOURS", "DATE", "TIME", "DINE IN", "TAKE OUT", "CARRY OUT", "TO GO", "PRINTED", "VISIT", "SURVEY", "CASH", "EUR",
            "USD", "MYR",
        ] + Vocabulary.merged(\.headerNoise)
    /// The least score a line needs to be taken for the name.
    static let nameThreshold = 0.45
    /// Taken off a line that names a street: an address, rarely the name.
    static let streetPenalty = 0.5
    static let documentTitles = ["TAX INVOICE", "INVOICE", "RECEIPT", "RESIT", "QUITTUNG", "BELEG", "RECHNUNG", "CASH SALE", "CASH BILL"]
    /// Legal forms: a line carrying one is the company's name.
    static let legalForms =
        ["SDN BHD", "BERHAD", "ENTERPRISE", "ENTERPRISES", "TRADING", "GMBH", "LLC", "INC", "LTD", "LIMITED", "CORP", "PLT", "CO KG", "AG", "KG"]
        // Other English-speaking countries' (Australia, Singapore, India, the UK, the Emirates)
        // and the long forms.
        + ["PTY", "PTE", "PLC", "LLP", "PVT", "L L C", "INCORPORATED", "CORPORATION", "FZE", "FZCO", "FZ LLC", "S A R L", "S R L", "KFT"]
        + Vocabulary.merged(\.legalForms)
    /// Words that often end a shop's name: weaker evidence than a legal form.
    static let shopWords =
        [
            "RESTAURANT", "CAFE", "MARKET", "STORE", "SHOP", "HARDWARE", "BAKERY", "GRILL", "BAR", "PIZZA", "KITCHEN", "DINER", "MART", "SUPERMARKET",
            "RESTORAN", "KEDAI", "STATIONERY", "PHARMACY", "APOTHEKE", "TAVERN", "BISTRO", "RISTORANTE", "TRATTORIA", "PIZZERIA", "CANTINA",
            "TAQUERIA",
        ] + Vocabulary.merged(\.shopWords)
    static let addressWords =
        [
            "STREET", "ST", "AVE", "AVENUE", "ROAD", "RD", "BLVD", "DRIVE", "DR", "HWY", "HIGHWAY", "LANE", "LN", "JALAN", "JLN", "TAMAN", "STRASSE",
            "STR", "PLATZ", "WEG", "SUITE", "STE", "LOT", "NO", "BLOCK", "FLOOR", "PLAZA", "CENTER", "CENTRE", "BANDAR", "KUALA", "LUMPUR",
            "SELANGOR", "JOHOR", "WAY", "CT", "PKWY", "STRABE", "KAWASAN", "PERINDUSTRIAN", "DARUL", "EHSAN", "MUKIM", "PERSIARAN", "INDUSTRIAL",
            "PARK", "SQUARE",
        ] + Vocabulary.merged(\.addressWords)
    /// Web sites printed on receipts that are not the shop's own.
    static let foreignDomains: Set<String> = [
        "FACEBOOK", "INSTAGRAM", "TWITTER", "YELP", "TRIPADVISOR", "GOOGLE", "YOUTUBE", "GMAIL", "YAHOO", "HOTMAIL", "OUTLOOK", "PAYPAL", "SQUAREUP",
        "TOASTTAB", "CLOVER", "SURVEY", "SURVEYMONKEY",
    ]

    /// True for a legal form on the line, tolerating OCR's usual misreadings of
    /// "SDN BHD" ("SON BHD", "SDN BH") and "S/B" ("$/B", "S/5").
    static func hasLegalForm(_ text: String, words: [String]) -> Bool {
        if Keywords.containsAny(words, legalForms) { return true }
        for (a, b) in zip(words, words.dropFirst()) where isSDN(a) && b.hasPrefix("B") && (2...3).contains(b.count) { return true }
        let squeezed = text.uppercased().filter { !$0.isWhitespace }
        return ["S/B", "$/B", "S/5", "$/5", "S/8"].contains { squeezed.hasSuffix($0) || squeezed.contains($0 + "(") || squeezed.contains($0 + ".") }
    }

    /// How OCR reads "SDN" (Sendirian, private limited) before "BHD".
    static func isSDN(_ word: String) -> Bool { word.count == 3 && Keywords.editDistance(word, "SDN", limit: 1) <= 1 }

    /// The legal form spelled as printed when OCR misread it ("SON BHO" gives "SDN BHD").
    static func normalizedLegalForm(_ name: String) -> String {
        var tokens = name.split(separator: " ").map(String.init)
        for i in tokens.indices.dropLast() {
            let a = tokens[i].uppercased().filter(\.isLetter)
            let b = tokens[i + 1].uppercased().filter(\.isLetter)
            guard isSDN(a), b.hasPrefix("B"), (2...3).contains(b.count) else { continue }
            let dot = tokens[i].hasSuffix(".") ? "." : ""
            tokens[i] = "SDN" + dot
            tokens[i + 1] = "BHD" + (tokens[i + 1].hasSuffix(".") ? "." : "")
        }
        return tokens.joined(separator: " ")
    }

    /// A company registration number on a line of its own ("(1035685-T)", "CO.REG : 860671-D").
    static func isRegistrationNumber(_ text: String) -> Bool {
        let squeezed = text.uppercased().filter { !$0.isWhitespace }
        let digits = squeezed.filter(\.isASCIIDigit).count
        guard digits >= 4, squeezed.filter(\.isLetter).count <= 8 else { return false }
        return squeezed.range(of: #"[0-9]{4,12}-?[A-Z]\)?$"#, options: .regularExpression) != nil
    }

    /// The part of a line that may be a name: the column-gap segment with the most
    /// letters, without fragments of one or two characters at its ends ("4   Araxi
    /// Burger Aventura   Be" gives "Araxi Burger Aventura").
    static func nameSegment(_ text: String) -> String {
        // A company line is the name whole, whatever gaps OCR put in it.
        if hasLegalForm(text, words: Keywords.words(text)) { return trimmedJunk(text) }
        let segments = text.components(separatedBy: "   ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard let best = segments.max(by: { $0.filter(\.isLetter).count < $1.filter(\.isLetter).count }) else { return text }
        return trimmedJunk(best)
    }

    /// The text without a trailing store number of three digits or more ("#3100", "1100375").
    static func withoutStoreNumber(_ text: String) -> String {
        var tokens = text.split(separator: " ")
        guard tokens.count >= 2, let last = tokens.last else { return text }
        let digits = last.hasPrefix("#") ? last.dropFirst() : last
        guard digits.count >= 3, digits.allSatisfy(\.isASCIIDigit) else { return text }
        tokens.removeLast()
        return tokens.joined(separator: " ")
    }

    /// The text without fragments of one or two characters (or mere punctuation) at its ends.
    static func trimmedJunk(_ text: String) -> String {
        var tokens = text.split(separator: " ")
        func junk(_ t: Substring) -> Bool {
            let letters = t.filter(\.isLetter)
            if letters.isEmpty { return !t.contains(where: \.isNumber) || t.count <= 2 }
            return t.count <= 2 && letters.uppercased() != letters
        }
        while let f = tokens.first, tokens.count > 1, junk(f) { tokens.removeFirst() }
        // A lone letter at the end is a fragment of the next column ("ciry TAST F").
        while let l = tokens.last, tokens.count > 1, junk(l) || l.count == 1 && l.first?.isLetter == true { tokens.removeLast() }
        return tokens.joined(separator: " ")
    }

    /// Endings of German street names, which are written as one word with the name
    /// ("Lindenstrasse", "Hauptstr", "Marktplatz", "Kirchweg").
    static let streetSuffixes = ["STRASSE", "STRAßE", "STRABE", "STR", "WEG", "PLATZ", "ALLEE", "GASSE", "DAMM", "UFER", "CHAUSSEE"]

    /// Whether a line names a street: a street word, or a German street compound followed by a
    /// house number ("Lindenstrasse 27", "Kirchweg 3a"; "Marktplatz Lehr" alone may be a shop).
    static func hasStreetWord(_ text: String, words: [String]) -> Bool {
        if Keywords.containsAny(words, addressWords) { return true }
        let compound = words.contains { word in
            streetSuffixes.contains { suffix in word.count >= suffix.count + 3 && word.hasSuffix(suffix) }
        }
        guard compound else { return false }
        return text.split(separator: " ").contains { token in
            let digits = token.prefix(while: \.isASCIIDigit)
            return (1...4).contains(digits.count) && token.dropFirst(digits.count).allSatisfy { $0.isLetter || $0 == "," }
                && token.count <= digits.count + 2
        }
    }

    /// True for an address or contact line: street words, a house number or postcode, a phone.
    func isAddressLike(_ line: AnalyzedLine) -> Bool {
        let words = Keywords.words(line.text)
        // OCR noise ("iy rd") is no address: one needs a word of three letters or a number.
        if !words.contains(where: { $0.count >= 3 }), line.text.filter(\.isASCIIDigit).count < 3 { return false }
        if phone(in: line.text) != nil { return true }
        if Self.hasStreetWord(line.text, words: words) { return true }
        // A postcode and a place ("33100 Paderborn", "Long Beach, CA 90804").
        let tokens = line.text.split(separator: " ")
        if tokens.contains(where: { t in t.filter(\.isASCIIDigit).count == 5 && t.count <= 6 }) && words.count >= 1 { return true }
        // A house number before the street ("328 Washington Street", "1220 Hermosa Ave").
        guard line.money.isEmpty, let first = tokens.first, (1...5).contains(first.filter(\.isASCIIDigit).count),
            first.first?.isASCIIDigit == true, first.filter(\.isLetter).count <= 1, tokens.count >= 2
        else { return false }
        return tokens[1].filter(\.isLetter).count >= 3
    }

    /// Quality of a text as a merchant name: mostly letters, a few words, not a slogan or label.
    func nameScore(_ text: String, confidence: Double) -> Double {
        // A store number after the name ("CARL'S JR 1100375", "DriveThru #3100") is judged without it.
        let text = Self.withoutStoreNumber(text)
        let letters = text.filter(\.isLetter).count
        guard letters >= 3 else { return 0 }
        let nonSpace = text.filter { !$0.isWhitespace }.count
        let letterRatio = Double(letters) / Double(max(1, nonSpace))
        let words = Keywords.words(text)
        let legal = Self.hasLegalForm(text, words: words)
        guard letterRatio >= 0.6 || (legal && letterRatio >= 0.4) else { return 0 }
        if Keywords.containsAny(words, Self.headerNoise) && !legal { return 0 }
        if phone(in: text) != nil { return 0 }
        // OCR noise: many one- or two-letter fragments.
        let longWords = words.filter { $0.count >= 3 }.count
        guard longWords >= 1 else { return 0 }
        let shortFraction = Double(words.filter { $0.count <= 2 }.count) / Double(words.count)
        var score = letterRatio - shortFraction * (legal ? 0.2 : 0.6)
        if legal { score += 1 } else if Keywords.containsAny(words, Self.shopWords) { score += 0.2 }
        if Self.hasStreetWord(text, words: words) { score -= Self.streetPenalty }
        if text.first?.isNumber == true && !legal || text.last?.isNumber == true { score -= 0.3 }
        if text.contains(where: \.isNumber) { score -= 0.1 }
        let cased = text.filter(\.isLetter)
        if cased.uppercased() == cased { score += 0.1 } else if cased.lowercased() == cased { score -= 0.4 }
        return score * (0.5 + 0.5 * confidence)
    }

    /// The first line naming a company with its legal form that reads as a name, cleaned.
    func companyLine(_ lines: ArraySlice<AnalyzedLine>) -> String? {
        for line in lines where line.money.isEmpty {
            let segment = Self.nameSegment(line.text)
            guard Self.hasLegalForm(segment, words: Keywords.words(segment)),
                nameScore(cleanName(segment), confidence: line.confidence) > Self.nameThreshold
            else { continue }
            return cleanName(Self.normalizedLegalForm(segment))
        }
        return nil
    }

    /// Top-level domains a shop's web or e-mail address ends in, without `www` before it.
    static let commonDomains: Set<String> = [
        "com", "net", "org", "info", "shop", "store", "de", "my", "uk", "au", "in", "za", "ae", "th", "es", "fr", "it", "nl", "pl", "pt", "cz",
        "tr", "ru", "gr", "sg", "ca", "us", "ie", "nz", "ch", "at", "be", "dk", "se", "fi", "hk", "ph", "id", "mx", "br", "eu",
    ]
    /// Labels under a country's domain that are not the name ("tesco.co.uk", "shop.com.my").
    static let secondLevelDomains: Set<String> = ["co", "com", "net", "org", "gov", "ac", "edu", "biz"]

    /// The shop's own web and e-mail addresses on the receipt ("www.roller.de" gives "ROLLER",
    /// "info@tesco.co.uk" "TESCO"), as the letters of the name left of the top-level domain
    /// (and of a country's `co.`/`com.`), hyphens dropped.
    func domainNames(_ lines: [AnalyzedLine]) -> [String] {
        var names: [String] = []
        for line in lines {
            let squeezed = line.text.lowercased().filter { !$0.isWhitespace }
            let address = squeezed.contains("www") || squeezed.contains("@")
            for token in squeezed.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }) {
                var labels = token.split(separator: ".").filter { !$0.isEmpty }
                guard labels.count >= 2, let tld = labels.last, (2...5).contains(tld.count), tld.allSatisfy(\.isLetter),
                    address || Self.commonDomains.contains(String(tld))
                else { continue }
                labels.removeLast()
                if labels.count >= 2, let second = labels.last, Self.secondLevelDomains.contains(String(second)) { labels.removeLast() }
                let name = String(labels[labels.count - 1]).uppercased().filter(\.isLetter)
                // (Spaces are squeezed out, so "follow us facebook.com" reads as one label.)
                guard name.count >= 4, name != "WWW", !Self.foreignDomains.contains(where: { name.hasSuffix($0) }) else { continue }
                names.append(name)
            }
        }
        return names
    }

    /// The merchant confidence of a name the household already knows.
    public static let knownMerchantConfidence = 0.95

    /// The known merchant (``ParserInput/knownMerchants``) the reading names in its header, in
    /// words ("Thank you for shopping at …") or by its web address, or that one of `names` (the
    /// names other readings of the receipt found) is; spelled as it is known.
    public func knownMerchant(in input: ParserInput, besides names: [String] = []) -> String? {
        guard !input.knownMerchants.isEmpty else { return nil }
        let lines = AnalyzedLine.lines(of: input, maxLines: maxLines, maxLineLength: maxLineLength)
        let headerEnd = lines.first(where: { !$0.money.isEmpty })?.index ?? lines.count
        let header = Array(lines.prefix(min(max(headerEnd, 4), 14)))
        return knownMerchant(
            header: header,
            stated: MerchantCues.statedNames(lines) + names,
            domains: domainNames(lines),
            known: input.knownMerchants
        )
    }

    /// A merchant already known, named by a header line (not an address), in words or by its web
    /// address: its name as the household has it, whatever OCR made of the letters this time.
    /// Known names that read as an address (a misreading stored before) are never matched.
    func knownMerchant(header: [AnalyzedLine], stated: [String], domains: [String], known: [String]) -> String? {
        guard !known.isEmpty else { return nil }
        let texts = header.filter { $0.money.isEmpty && !isAddressLike($0) }.map { Self.nameSegment($0.text) } + stated + domains
        // (A name is no receipt line: it is judged by its words alone, without the keyword
        // analysis of every language a line gets; and only once it matched, as that costs.)
        return MerchantCues.knownMerchant(in: texts, known: known) { name in
            let text = String(name.prefix(200))
            return !isAddressLike(
                AnalyzedLine(index: 0, text: text, tokens: Numbers.tokens(text), money: [], kind: .other, confidence: 1, priceRightEdge: nil)
            )
        }
    }

    /// The name without surrounding punctuation and a trailing registration number ("(519537-X)").
    func cleanName(_ text: String) -> String {
        var text = text
        if let open = text.lastIndex(of: "("), text[open...].filter(\.isNumber).count >= 4, text[..<open].contains(where: \.isLetter),
            !text[open...].contains(where: { $0.isLetter && $0.isLowercase })
        {
            text = String(text[..<open])
        }
        var trimmed = text.trimmingCharacters(in: CharacterSet.alphanumerics.inverted.subtracting(CharacterSet(charactersIn: "&')")))
        // A closing parenthesis stays when it closes one ("BELLAGIO (CO)").
        while trimmed.hasSuffix(")"), trimmed.filter({ $0 == ")" }).count > trimmed.filter({ $0 == "(" }).count {
            trimmed = String(trimmed.dropLast()).trimmingCharacters(
                in: CharacterSet.alphanumerics.inverted.subtracting(CharacterSet(charactersIn: "&')"))
            )
        }
        return trimmed.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    func phone(in text: String) -> String? {
        let upper = text.uppercased()
        let chars = Array(text.prefix(200))
        var best: String?
        var start = 0
        while start < chars.count {
            guard chars[start].isASCIIDigit || chars[start] == "(" || chars[start] == "+" else {
                start += 1
                continue
            }
            var end = start
            var digits = 0
            while end < chars.count, chars[end].isASCIIDigit || " ()-+/.".contains(chars[end]) {
                if chars[end].isASCIIDigit { digits += 1 }
                end += 1
            }
            let candidate = String(chars[start..<end]).trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "-/.")))
            let separators = candidate.filter { "-() /".contains($0) }.count
            if digits >= 9, digits <= 13, separators >= 1 || upper.contains("TEL") || upper.contains("PHONE"),
                !candidate.contains("."), !candidate.contains(where: { $0 == "/" }) || upper.contains("TEL") || digits >= 10
            {
                best = candidate
                break
            }
            start = end + 1
        }
        return best
    }
}
