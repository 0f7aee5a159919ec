import Foundation

// Reading the merchant: the best name line of the header, the lines a wrapped name goes on to,
// the address under it, and what stands in when no header line will do (the name stated in
// words, the company at the foot, the web address). What a line looks like is judged in
// Merchant.swift and MerchantCues.swift.
extension ReceiptParser {
    /// The header line taken for the name: where it is, its name part, and whether something on
    /// the receipt confirms it (its legal form, the shop's web address, the name stated in words).
    struct NameLine {
        var position: Int
        var segment: String
        var confirmed: Bool
    }

    /// What the receipt says about its merchant besides the header lines.
    struct MerchantEvidence {
        /// The shop's names from its web and e-mail addresses.
        var domains: [String]
        /// The names stated in words ("Thank you for shopping at …").
        var stated: [String]
        /// The height of an ordinary line, for telling a large name from body text.
        var usualHeight: Double?
    }

    /// The merchant, and how sure the reading is of its name: 0.95 for a merchant the household
    /// already knows, 0.85 for a name the receipt confirms (its legal form, its web address, the
    /// name stated again in words), 0.7 for a name found by its look and place alone.
    func readMerchant(_ lines: [AnalyzedLine], headerEnd: Int, known: [String] = []) -> (merchant: ParsedReceipt.Merchant, confidence: Double) {
        var merchant = ParsedReceipt.Merchant()
        // The header: the lines above the first price (at least a few, at most 14).
        let header = Array(lines.prefix(min(max(headerEnd, 4), 14)))
        let evidence = MerchantEvidence(
            domains: domainNames(lines),
            stated: MerchantCues.statedNames(lines),
            usualHeight: MerchantCues.usualHeight(lines)
        )
        let best = bestNameLine(in: header, evidence: evidence)
        var confirmed = best?.confirmed ?? false
        // The company named with its legal form below the header whose web address the receipt
        // prints ("Bright Bakes Pty Ltd" over "www.brightbakes.com.au"): the seller, where the
        // header shows only a logo, a slogan and the address.
        let footerCompany = companyLine(lines.dropFirst(header.count)).flatMap { company in
            evidence.domains.contains { MerchantCues.names(company, $0) } ? company : nil
        }
        if let best {
            let name = wrappedName(best.segment, at: best.position, in: header)
            merchant.name = cleanName(Self.normalizedLegalForm(name))
            // A header line nothing confirms is a guess (a slogan, an address, a logo read as
            // letters); the name the receipt states in words, or the company its web address
            // names, is not.
            if !best.confirmed, let statedName = evidence.stated.first, !MerchantCues.names(name, statedName) {
                merchant.name = statedName
            } else if !best.confirmed, let footerCompany, !MerchantCues.names(name, footerCompany) {
                merchant.name = footerCompany
                confirmed = true
            }
            merchant.address = address(below: header[best.position], in: lines)
        } else if let name = evidence.stated.first {
            // No readable name line: the name the receipt states in words ("Welcome to …").
            merchant.name = name
        } else if let footerCompany {
            merchant.name = footerCompany
            confirmed = true
        } else if let domain = evidence.domains.first {
            // Nor that: the shop's web address names it.
            merchant.name = domain
        } else if let company = companyLine(lines.dropFirst(header.count)) {
            // Nor a web address: the company named with its legal form below the header
            // ("Muster Markt GmbH" printed at the foot under a logo OCR could not read).
            merchant.name = company
        }
        merchant.phone = lines.prefix(15).lazy.compactMap { self.phone(in: $0.text) }.first
        if let name = knownMerchant(header: header, stated: evidence.stated, domains: evidence.domains, known: known) {
            merchant.name = name
            return (merchant, Self.knownMerchantConfidence)
        }
        guard merchant.name != nil else { return (merchant, 0) }
        return (merchant, confirmed ? 0.85 : 0.7)
    }

    /// The header line that scores highest as the name (and at least ``nameThreshold``), up to
    /// the document's title ("TAX INVOICE", "RECEIPT"), below which an owner named is not the shop.
    func bestNameLine(in header: [AnalyzedLine], evidence: MerchantEvidence) -> NameLine? {
        var best: NameLine?
        var bestScore = Self.nameThreshold
        var seenLegal = false
        for (position, line) in header.enumerated() {
            let lineWords = Keywords.words(line.text)
            // So does a line ending in the title ("ID No: 001531760640   TAX INVOICE").
            if best != nil, Keywords.containsAny(lineWords.count <= 3 ? lineWords : Array(lineWords.suffix(2)), Self.documentTitles) { break }
            guard let judged = judgeNameLine(at: position, in: header, words: lineWords, firstCompany: !seenLegal, evidence: evidence) else {
                continue
            }
            if judged.legal { seenLegal = true }
            if judged.score > bestScore {
                bestScore = judged.score
                best = NameLine(position: position, segment: judged.segment, confirmed: judged.legal || judged.confirmedElsewhere)
            }
        }
        return best
    }

    /// A header line's score as the name, its name part, whether it carries a legal form and
    /// whether the shop's web address or a sentence names it; `nil` for a line that cannot be
    /// the name (a label, a date, an address, noise). `firstCompany`: no line above it carried
    /// a legal form (the first company line at the top is the seller; a later one may be the buyer).
    private func judgeNameLine(
        at position: Int,
        in header: [AnalyzedLine],
        words lineWords: [String],
        firstCompany: Bool,
        evidence: MerchantEvidence
    ) -> (score: Double, segment: String, legal: Bool, confirmedElsewhere: Bool)? {
        let line = header[position]
        if Keywords.containsAny(lineWords, Self.headerNoise) && !Self.hasLegalForm(line.text, words: lineWords) { return nil }
        if MerchantCues.isNeverAName(line.text) { return nil }
        let segment = Self.nameSegment(line.text)
        // `दिनांक   14/03/2024   समय 15:42`: the date's label is the line's longest word.
        if Dates.isLabelOnly(segment) { return nil }
        var score = nameScore(cleanName(segment), confidence: line.confidence)
        guard score > 0 else { return nil }
        score -= Double(position) * 0.03
        // A street whose house number was cut as a fragment ("Hauptstr. 12" gives "Hauptstr.")
        // is judged with it: an address, not the name.
        let segmentWords = Keywords.words(segment)
        if Self.hasStreetWord(line.text, words: lineWords), !Self.hasStreetWord(segment, words: segmentWords),
            !Self.hasLegalForm(segment, words: segmentWords)
        {
            return nil
        }
        let legal = Self.hasLegalForm(segment, words: segmentWords)
        if legal && firstCompany { score += 0.3 }
        score += MerchantCues.sizeScore(line, usualHeight: evidence.usualHeight) - MerchantCues.sentencePenalty(segment)
        adjustForPlace(&score, at: position, in: header)
        // Confirmed by the shop's web address.
        let squeezed = segment.uppercased().filter(\.isLetter)
        let byDomain = evidence.domains.contains(where: { squeezed.contains($0) || $0.contains(squeezed) && squeezed.count >= 4 })
        if byDomain { score += 0.5 }
        // Confirmed by the name said again in words ("Thank you for shopping at …").
        let byStatement = evidence.stated.contains { MerchantCues.names(segment, $0) }
        if byStatement { score += 0.5 }
        return (score, segment, legal, byDomain || byStatement)
    }

    /// Adds what a header line's place among the address lines says: right above the address
    /// block (not inside it) or above the registration number is where the name sits; below the
    /// address block are a branch, an owner, a buyer or a slogan, rarely the name. (Added to the
    /// running score one by one, as before, so that no sum rounds differently.)
    private func adjustForPlace(_ score: inout Double, at position: Int, in header: [AnalyzedLine]) {
        let line = header[position]
        let below = header[(position + 1)...].prefix(2)
        let insideAddress = position > 0 && isAddressLike(header[position - 1])
        // (one line of noise may sit between, not another name).
        let nextAddress =
            below.first.map(isAddressLike) == true
            || (below.count == 2 && below.last.map(isAddressLike) == true
                && below.first.map { nameScore(Self.nameSegment($0.text), confidence: $0.confidence) < Self.nameThreshold } == true)
        if !isAddressLike(line), !insideAddress, nextAddress { score += 0.25 }
        if insideAddress { score -= 0.2 }
        if position > 1, header[..<(position - 1)].contains(where: isAddressLike), !insideAddress { score -= 0.3 }
        if let next = below.first, Self.isRegistrationNumber(next.text) { score += 0.8 }
    }

    /// The name line joined with the lines a name wrapped over: "AIK HUAT HARDWARE" /
    /// "ENTERPRISE (SETIA" / "ALAM) SDN BHD", "THREE STOOGES" / "BISTRO & CAFE", "ABC TRADING" /
    /// "SDN BHD", "DELPHIN" / "APOTHEKE".
    func wrappedName(_ segment: String, at position: Int, in header: [AnalyzedLine]) -> String {
        var name = segment
        let words = Keywords.words(segment)
        // Up to two lines above, when this one starts with a legal form, holds only shop words or
        // closes a parenthesis the line above opened.
        var first = position
        for _ in 0..<2 {
            let w = Keywords.words(name)
            let startsWithForm = w.first.map { Keywords.containsAny([$0], Self.legalForms) || Self.isSDN($0) } ?? false
            let onlyShopWords = !w.isEmpty && w.allSatisfy { Keywords.containsAny([$0], Self.shopWords) }
            let closesParen = name.filter { $0 == ")" }.count > name.filter { $0 == "(" }.count
            guard startsWithForm || onlyShopWords || closesParen, let previous = nameLikeLine(first - 1, in: header),
                startsWithForm || closesParen || !Self.hasLegalForm(previous, words: Keywords.words(previous))
            else { break }
            name = previous + " " + name
            first -= 1
        }
        // The line below, when the name leaves a parenthesis open, the line is a short legal
        // form, or one of the two is a lone shop word.
        guard let next = nameLikeLine(position + 1, in: header) else { return name }
        let nextWords = Keywords.words(next)
        let unbalanced = name.filter { $0 == "(" }.count > name.filter { $0 == ")" }.count
        if unbalanced || (nextWords.count <= 3 && Self.hasLegalForm(next, words: nextWords) && !Self.hasLegalForm(name, words: Keywords.words(name)))
        {
            return name + " " + next
        }
        if words.count == 1,
            nextWords.count == 1 && Keywords.containsAny(nextWords, Self.shopWords)
                || Keywords.containsAny(words, Self.shopWords) && (1...3).contains(nextWords.count) && !isAddressLike(header[position + 1])
        {
            return name + " " + next
        }
        return name
    }

    /// The name part of header line `index` when it could continue a name (no price, not an
    /// address unless it names a company, letters, no label); `nil` otherwise or off the header.
    private func nameLikeLine(_ index: Int, in header: [AnalyzedLine]) -> String? {
        guard index >= 0, index < header.count, header[index].money.isEmpty else { return nil }
        let text = Self.nameSegment(header[index].text)
        let w = Keywords.words(text)
        guard Self.hasLegalForm(text, words: w) || !isAddressLike(header[index]) else { return nil }
        guard !w.isEmpty, text.filter(\.isLetter).count >= 3, !Keywords.containsAny(w, Self.headerNoise) || Self.hasLegalForm(text, words: w)
        else { return nil }
        return text
    }

    /// The address printed under the name line: up to five lines with digits or address words,
    /// ended by a phone number, a price or a label.
    func address(below nameLine: AnalyzedLine, in lines: [AnalyzedLine]) -> String? {
        var address: [String] = []
        for line in lines[(nameLine.index + 1)..<min(lines.count, nameLine.index + 6)] {
            let words = Keywords.words(line.text)
            if phone(in: line.text) != nil || !line.money.isEmpty || Keywords.containsAny(words, Self.headerNoise) { break }
            let hasDigits = line.text.contains(where: \.isNumber)
            if (hasDigits && words.count >= 1) || Keywords.containsAny(words, Self.addressWords) {
                address.append(line.text)
            } else if !address.isEmpty {
                break
            }
        }
        return address.isEmpty ? nil : address.joined(separator: ", ")
    }
}
