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

    /// The merchant, and how sure the reading is of its name: 0.95 for a merchant the household
    /// already knows, 0.85 for a name the receipt confirms (its legal form, its web address, the
    /// name stated again in words), 0.7 for a name found by its look and place alone.
    func readMerchant(_ lines: [AnalyzedLine], headerEnd: Int, known: [String] = []) -> (merchant: ParsedReceipt.Merchant, confidence: Double) {
        var merchant = ParsedReceipt.Merchant()
        // The header: the lines above the first price (at least a few, at most 14).
        let header = Array(lines.prefix(min(max(headerEnd, 4), 14)))
        let domains = domainNames(lines)
        let stated = MerchantCues.statedNames(lines)
        let usualHeight = MerchantCues.usualHeight(lines)
        var bestIndex: Int?
        var bestScore = Self.nameThreshold
        var bestName = ""
        var bestConfirmed = false
        var seenLegal = false
        for (position, line) in header.enumerated() {
            let lineWords = Keywords.words(line.text)
            // The document's title ("TAX INVOICE", "RECEIPT") ends the header: an owner named below it is not the shop.
            // So does a line ending in the title ("ID No: 001531760640   TAX INVOICE").
            if bestIndex != nil, Keywords.containsAny(lineWords.count <= 3 ? lineWords : Array(lineWords.suffix(2)), Self.documentTitles) { break }
            if Keywords.containsAny(lineWords, Self.headerNoise) && !Self.hasLegalForm(line.text, words: lineWords) { continue }
            if MerchantCues.isNeverAName(line.text) { continue }
            let segment = Self.nameSegment(line.text)
            // `दिनांक   14/03/2024   समय 15:42`: the date's label is the line's longest word.
            if Dates.isLabelOnly(segment) { continue }
            var score = nameScore(cleanName(segment), confidence: line.confidence)
            guard score > 0 else { continue }
            score -= Double(position) * 0.03
            // A street whose house number was cut as a fragment ("Hauptstr. 12" gives "Hauptstr.")
            // is judged with it: an address, not the name.
            let segmentWords = Keywords.words(segment)
            if Self.hasStreetWord(line.text, words: lineWords),
                !Self.hasStreetWord(segment, words: segmentWords), !Self.hasLegalForm(segment, words: segmentWords)
            {
                continue
            }
            // The first company line at the top is the seller; a later one may be the buyer.
            let legal = Self.hasLegalForm(segment, words: Keywords.words(segment))
            if legal {
                if !seenLegal { score += 0.3 }
                seenLegal = true
            }
            score += MerchantCues.sizeScore(line, usualHeight: usualHeight) - MerchantCues.sentencePenalty(segment)
            // Right above the address block (not inside it), or above the registration number.
            let below = header[(position + 1)...].prefix(2)
            let insideAddress = position > 0 && isAddressLike(header[position - 1])
            // (one line of noise may sit between, not another name).
            let nextAddress =
                below.first.map(isAddressLike) == true
                || (below.count == 2 && below.last.map(isAddressLike) == true
                    && below.first.map { nameScore(Self.nameSegment($0.text), confidence: $0.confidence) < Self.nameThreshold } == true)
            if !isAddressLike(line), !insideAddress, nextAddress { score += 0.25 }
            if insideAddress { score -= 0.2 }
            // Below the address block: a branch, an owner, a buyer or a slogan, rarely the name.
            if position > 1, header[..<(position - 1)].contains(where: isAddressLike), !insideAddress { score -= 0.3 }
            if let next = below.first, Self.isRegistrationNumber(next.text) { score += 0.8 }
            // Confirmed by the shop's web address.
            let squeezed = segment.uppercased().filter(\.isLetter)
            let byDomain = domains.contains(where: { squeezed.contains($0) || $0.contains(squeezed) && squeezed.count >= 4 })
            if byDomain { score += 0.5 }
            // Confirmed by the name said again in words ("Thank you for shopping at …").
            let byStatement = stated.contains { MerchantCues.names(segment, $0) }
            if byStatement { score += 0.5 }
            if score > bestScore {
                bestScore = score
                bestIndex = position
                bestName = segment
                bestConfirmed = legal || byDomain || byStatement
            }
        }
        var confirmed = bestIndex != nil && bestConfirmed
        // The company named with its legal form below the header whose web address the receipt
        // prints ("Bright Bakes Pty Ltd" over "www.brightbakes.com.au"): the seller, where the
        // header shows only a logo, a slogan and the address.
        let footerCompany = companyLine(lines.dropFirst(header.count)).flatMap { company in
            domains.contains { MerchantCues.names(company, $0) } ? company : nil
        }
        if let bestIndex {
            var name = bestName
            let words = Keywords.words(name)
            func nameLike(_ i: Int) -> String? {
                guard i >= 0, i < header.count, header[i].money.isEmpty else { return nil }
                let text = Self.nameSegment(header[i].text)
                let w = Keywords.words(text)
                guard Self.hasLegalForm(text, words: w) || !isAddressLike(header[i]) else { return nil }
                guard !w.isEmpty, text.filter(\.isLetter).count >= 3, !Keywords.containsAny(w, Self.headerNoise) || Self.hasLegalForm(text, words: w)
                else { return nil }
                return text
            }
            // A name wrapped over lines: "AIK HUAT HARDWARE" / "ENTERPRISE (SETIA" / "ALAM) SDN BHD",
            // "THREE STOOGES" / "BISTRO & CAFE", "ABC TRADING" / "SDN BHD", "DELPHIN" / "APOTHEKE".
            var first = bestIndex
            for _ in 0..<2 {
                let w = Keywords.words(name)
                let startsWithForm = w.first.map { Keywords.containsAny([$0], Self.legalForms) || Self.isSDN($0) } ?? false
                let onlyShopWords = !w.isEmpty && w.allSatisfy { Keywords.containsAny([$0], Self.shopWords) }
                let closesParen = name.filter { $0 == ")" }.count > name.filter { $0 == "(" }.count
                guard startsWithForm || onlyShopWords || closesParen, let previous = nameLike(first - 1),
                    startsWithForm || closesParen || !Self.hasLegalForm(previous, words: Keywords.words(previous))
                else { break }
                name = previous + " " + name
                first -= 1
            }
            if let next = nameLike(bestIndex + 1) {
                let nextWords = Keywords.words(next)
                let unbalanced = name.filter { $0 == "(" }.count > name.filter { $0 == ")" }.count
                if unbalanced
                    || (nextWords.count <= 3 && Self.hasLegalForm(next, words: nextWords) && !Self.hasLegalForm(name, words: Keywords.words(name)))
                {
                    name += " " + next
                } else if words.count == 1,
                    nextWords.count == 1 && Keywords.containsAny(nextWords, Self.shopWords)
                        || Keywords.containsAny(words, Self.shopWords) && (1...3).contains(nextWords.count) && !isAddressLike(header[bestIndex + 1])
                {
                    name += " " + next
                }
            }
            merchant.name = cleanName(Self.normalizedLegalForm(name))
            // A header line nothing confirms is a guess (a slogan, an address, a logo read as
            // letters); the name the receipt states in words, or the company its web address
            // names, is not.
            if !bestConfirmed, let statedName = stated.first, !MerchantCues.names(name, statedName) {
                merchant.name = statedName
            } else if !bestConfirmed, let footerCompany, !MerchantCues.names(name, footerCompany) {
                merchant.name = footerCompany
                confirmed = true
            }
            var address: [String] = []
            for line in lines[(header[bestIndex].index + 1)..<min(lines.count, header[bestIndex].index + 6)] {
                let words = Keywords.words(line.text)
                if phone(in: line.text) != nil || !line.money.isEmpty || Keywords.containsAny(words, Self.headerNoise) { break }
                let hasDigits = line.text.contains(where: \.isNumber)
                if (hasDigits && words.count >= 1) || Keywords.containsAny(words, Self.addressWords) {
                    address.append(line.text)
                } else if !address.isEmpty {
                    break
                }
            }
            if !address.isEmpty { merchant.address = address.joined(separator: ", ") }
        } else if let name = stated.first {
            // No readable name line: the name the receipt states in words ("Welcome to …").
            merchant.name = name
        } else if let footerCompany {
            merchant.name = footerCompany
            confirmed = true
        } else if let domain = domains.first {
            // Nor that: the shop's web address names it.
            merchant.name = domain
        } else if let company = companyLine(lines.dropFirst(header.count)) {
            // Nor a web address: the company named with its legal form below the header
            // ("Muster Markt GmbH" printed at the foot under a logo OCR could not read).
            merchant.name = company
        }
        merchant.phone = lines.prefix(15).lazy.compactMap { self.phone(in: $0.text) }.first
        if let name = knownMerchant(header: header, stated: stated, domains: domains, known: known) {
            merchant.name = name
            return (merchant, Self.knownMerchantConfidence)
        }
        guard merchant.name != nil else { return (merchant, 0) }
        return (merchant, confirmed ? 0.85 : 0.7)
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
