import Foundation

/// A date found on a line, before day/month order is decided.
struct DateCandidate: Sendable, Hashable {
    var lineIndex: Int
    /// First and second numeric fields when the month is numeric; `month` set when it was a name.
    var first: Int
    var second: Int
    var year: Int
    /// The month was written as a name (so the order is known).
    var knownMonth: Int?
    var day: Int?
    var isISO: Bool
    var nearDateKeyword: Bool
    var hasTime = false
    var fourDigitYear = false
    /// A digit was corrected to read it (an impossible month 83 read as 03): weaker evidence.
    var repaired = false
}

enum Dates {
    static let months: [String: Int] = [
        "JAN": 1, "FEB": 2, "MAR": 3, "APR": 4, "MAY": 5, "JUN": 6, "JUL": 7, "AUG": 8, "SEP": 9, "SEPT": 9, "OCT": 10, "NOV": 11, "DEC": 12,
        "JANUARY": 1, "FEBRUARY": 2, "MARCH": 3, "APRIL": 4, "JUNE": 6, "JULY": 7, "AUGUST": 8, "SEPTEMBER": 9, "OCTOBER": 10, "NOVEMBER": 11,
        "DECEMBER": 12,
        "JANUAR": 1, "FEBRUAR": 2, "MARZ": 3, "MAI": 5, "JUNI": 6, "JULI": 7, "OKT": 10, "OKTOBER": 10, "DEZ": 12, "DEZEMBER": 12,
        "MAC": 3, "MEI": 5, "OGO": 8, "OGOS": 8, "DIS": 12, "DISEMBER": 12,
    ].merging(Vocabulary.added.flatMap { $0.months.map { ($0.key, $0.value) } }, uniquingKeysWith: { first, _ in first })

    /// Words that mark a date's line, matched inside the line's text (they are long enough
    /// not to occur inside other words).
    static let dateKeywords = ["DATE", "DATUM", "TARIKH", "FECHA"]
    /// Short date words of the added languages ("Le 14/03/2024", "Data"), matched as whole words.
    static let dateWords: Set<String> = Set(Vocabulary.added.flatMap(\.dateWords)).subtracting(dateKeywords)

    /// Whether the text is a date's label and nothing else (`Date`, `दिनांक`, `التاريخ`): what is
    /// left of a date line when its date stands apart in a column of its own.
    static func isLabelOnly(_ text: String) -> Bool {
        let words = Keywords.words(text.uppercased())
        return !words.isEmpty && words.allSatisfy { dateKeywords.contains($0) || dateWords.contains($0) }
    }

    static let numeric = try! NSRegularExpression(
        pattern: #"(?<![0-9])([0-9]{1,4})\s?([./\-,])\s?([0-9]{1,2})\s?\2\s?([0-9]{2,4})(?![0-9])"#
    )
    static let mixedSeparators = try! NSRegularExpression(
        pattern: #"(?<![0-9])([0-9]{1,2})\s?[./\-,]\s?([0-9]{1,2})\s?[./\-,]\s?([0-9]{4}|[0-9]{2})(?![0-9])"#
    )
    static let slashAsDigit = try! NSRegularExpression(pattern: #"(?<![0-9])([0-9]{2})[17]([0-9]{2})[17]([0-9]{4})(?![0-9])"#)
    /// Month names in any script (`15 МАРТА 2024`, `3 ΜΑΡΤΙΟΥ 2024`), up to the Polish `PAZDZIERNIKA`.
    static let dayMonthName = try! NSRegularExpression(
        pattern: #"(?<![0-9])([0-9]{1,2})(?:ST|ND|RD|TH)?[\s.\-/,]*(\p{Lu}{3,12})[\s.\-/,']*([0-9]{2,4})(?![0-9:])"#
    )
    static let monthNameDay = try! NSRegularExpression(
        pattern: #"(?<!\p{L})(\p{Lu}{3,12})[\s.\-/]*([0-9]{1,2})(?:ST|ND|RD|TH)?[\s,.\-/'’°]+([0-9]{2,4})(?![0-9:])"#
    )
    /// The C library's form: "SUN JUN 24 20:49:53 2018" (month, day, time, year).
    static let monthDayTimeYear = try! NSRegularExpression(
        pattern: #"(?<![A-Z])([A-Z]{3,9})\s+([0-9]{1,2})\s+[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?\s+([0-9]{4})(?![0-9])"#
    )
    /// "14:32", "2:32 PM", "14.32.05", and the French "14h32" (read on uppercased text).
    static let time = try! NSRegularExpression(
        pattern: #"(?<![0-9])([0-2]?[0-9])[:.H]([0-5][0-9])(?:[:.]([0-5][0-9]))?(?![0-9])\s?([AP]\.?M\.?)?"#
    )

    static func normalizedYear(_ y: Int) -> Int { y < 100 ? 2000 + y : y }

    static func candidates(in line: String, index: Int) -> [DateCandidate] {
        let text = String(line.prefix(300)).uppercased()
            .replacingOccurrences(of: "O", with: "0", options: [], range: nil)
        // Month names are read without their accents ("FÉVRIER", "AOÛT") and without the "de"
        // of Spanish and Portuguese long dates ("8 de junio de 2024").
        let upper = String(line.prefix(300)).uppercased().folding(options: .diacriticInsensitive, locale: nil)
            .replacingOccurrences(of: " DE ", with: " ")
        let ns = text as NSString
        let nsUpper = upper as NSString
        let keyword = dateKeywords.contains { upper.contains($0) } || !dateWords.isDisjoint(with: Keywords.words(upper))
        let thai = isThai(line)
        var result: [DateCandidate] = []
        // Numeric dates read on a text where O became 0 (OCR confusion); months by name on the original.
        for m in numeric.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            guard let a = Int(ns.substring(with: m.range(at: 1))), let b = Int(ns.substring(with: m.range(at: 3))),
                let c = Int(ns.substring(with: m.range(at: 4)))
            else { continue }
            let aLen = m.range(at: 1).length
            let cLen = m.range(at: 4).length
            if aLen == 4 {
                // ISO: 2016-05-26 (c is the day).
                guard cLen <= 2 else { continue }
                var candidate = DateCandidate(
                    lineIndex: index,
                    first: b,
                    second: c,
                    year: a > latestYear ? gregorianYear(a, digits: 4, thai: thai) : a,
                    knownMonth: b,
                    day: c,
                    isISO: true,
                    nearDateKeyword: keyword
                )
                candidate.fourDigitYear = true
                result.append(candidate)
            } else if aLen <= 2, cLen == 2 || cLen == 4 {
                if ns.substring(with: m.range(at: 2)) == ",", cLen != 4 { continue }
                result.append(dayMonthCandidate(m, in: ns, groups: (1, 3, 4), line: index, keyword: keyword, thai: thai))
            }
        }
        // Next to a date keyword, looser forms are dates too: mixed or comma separators
        // ("Datum: 04, 04. 2020", "07,04,20") and slashes OCR read as 7 or 1 ("1770372018").
        if keyword {
            for regex in [mixedSeparators, slashAsDigit] {
                for m in regex.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
                    var candidate = dayMonthCandidate(m, in: ns, groups: (1, 2, 3), line: index, keyword: keyword, thai: thai)
                    if regex === slashAsDigit { candidate.repaired = true }
                    result.append(candidate)
                }
            }
        }
        // Named months: (pattern, day group, month group); the year is group 3.
        for (regex, dayGroup, monthGroup) in [(dayMonthName, 1, 2), (monthNameDay, 2, 1), (monthDayTimeYear, 2, 1)] {
            for m in regex.matches(in: upper, range: NSRange(location: 0, length: nsUpper.length)) {
                let monthWord = nsUpper.substring(with: m.range(at: monthGroup))
                guard let d = Int(nsUpper.substring(with: m.range(at: dayGroup))), let month = month(monthWord) ?? misreadMonth(monthWord),
                    let y = Int(nsUpper.substring(with: m.range(at: 3)))
                else { continue }
                var candidate = DateCandidate(
                    lineIndex: index,
                    first: dayGroup == 1 ? d : month,
                    second: dayGroup == 1 ? month : d,
                    year: gregorianYear(y, digits: m.range(at: 3).length, thai: thai),
                    knownMonth: month,
                    day: d,
                    isISO: false,
                    nearDateKeyword: keyword
                )
                // A year printed in full outranks a two-digit reading of the same text ("4 JUNE 23, 2019").
                candidate.fourDigitYear = m.range(at: 3).length == 4
                candidate.repaired = Dates.month(monthWord) == nil
                result.append(candidate)
            }
        }
        let hasTime = Dates.time(in: line) != nil
        for i in result.indices { result[i].hasTime = hasTime }
        return result.filter { $0.year >= 1990 && $0.year <= latestYear }
    }

    /// Receipts printed later than this are not expected; a later year is an OCR misreading.
    static let latestYear = 2039

    /// Thai receipts count years in the Buddhist era, 543 years ahead (2567 is 2024).
    static let buddhistEraOffset = 543

    /// A printed year in the Gregorian calendar: a four-digit year among the Buddhist era's
    /// receipt years (no Gregorian receipt year is that far ahead), or a two-digit one
    /// (`14/03/67`) on a line printed in Thai, read as the Buddhist year it is. Read before the
    /// digit repairs, which would otherwise take `67` for a misread `07`.
    static func gregorianYear(_ printed: Int, digits: Int, thai: Bool) -> Int {
        if digits == 4, (1990 + buddhistEraOffset)...(latestYear + buddhistEraOffset) ~= printed { return printed - buddhistEraOffset }
        if digits == 2, thai, 2500 + printed - buddhistEraOffset >= 1990, 2000 + printed > latestYear {
            return 2500 + printed - buddhistEraOffset
        }
        return normalizedYear(printed)
    }

    /// Whether a line is printed in Thai (its dates count Buddhist years).
    static func isThai(_ line: String) -> Bool {
        line.utf8.contains(0xE0) && line.unicodeScalars.contains { (0x0E00...0x0E7F).contains($0.value) }
    }

    /// Digits OCR reads in place of others on receipt print (what was printed, by what was read).
    static let digitConfusions: [Character: [Character]] = ["7": ["1"], "6": ["0"], "8": ["0"], "9": ["0"]]

    /// A month name, tolerating one stray letter OCR put before it ("fMay").
    static func month(_ word: String) -> Int? { months[word] ?? (word.count >= 4 ? months[String(word.dropFirst())] : nil) }

    /// A month name with one letter misread ("JURE" for "JUNE"), when only one month is that
    /// close; names of four letters or more, so a short word is never taken for a month.
    static func misreadMonth(_ word: String) -> Int? {
        guard word.count >= 4, word.count <= 10 else { return nil }
        let length = word.unicodeScalars.count
        let close = Set(
            repairableMonths.filter { abs($0.length - length) <= 1 && Keywords.editDistance(word, $0.name, limit: 1) <= 1 }.map(\.month)
        )
        return close.count == 1 ? close.first : nil
    }

    /// The month names of four letters or more with their lengths, measured once (the locale
    /// tables doubled the names every candidate word is compared with).
    static let repairableMonths: [(name: String, length: Int, month: Int)] = months.filter { $0.key.count >= 4 }
        .map { ($0.key, $0.key.unicodeScalars.count, $0.value) }

    /// Corrects the digit confusions OCR makes in dates, only where the date as read
    /// is impossible: a leading 0 read as 8, 6 or 9 in a day or month ("30/83/2018",
    /// "98.10.16"), a 1 read as 7 in the year ("2078").
    static func repairedDigits(_ c: DateCandidate, firstLength: Int, secondLength: Int) -> DateCandidate {
        var c = c
        func zeroLead(_ v: Int, length: Int, limit: Int) -> Int {
            guard v > limit, length == 2, [6, 8, 9].contains(v / 10), v % 10 != 0 else { return v }
            return v % 10
        }
        let first = zeroLead(c.first, length: firstLength, limit: 31)
        let second = zeroLead(c.second, length: secondLength, limit: 31)
        // Both orders impossible (no field can be the month): the field over 12 that a leading 0 repairs.
        if c.first > 12, c.second > 12 {
            let fixFirst = zeroLead(c.first, length: firstLength, limit: 12)
            let fixSecond = zeroLead(c.second, length: secondLength, limit: 12)
            if fixSecond != c.second, c.first <= 31 {
                c.second = fixSecond
                c.repaired = true
            } else if fixFirst != c.first, c.second <= 31 {
                c.first = fixFirst
                c.repaired = true
            }
        }
        if first != c.first || second != c.second, !c.repaired {
            c.first = first
            c.second = second
            c.repaired = true
        }
        // A year of this century with its second digit misread ("7/26/2319"): the digit is 0.
        if (2100..<3000).contains(c.year), 2000 + c.year % 100 <= latestYear {
            c.year = 2000 + c.year % 100
            c.repaired = true
        }
        if c.year > latestYear, c.year >= 2000 {
            let digits = Array(String(c.year))
            search: for i in 1..<digits.count {
                for replacement in digitConfusions[digits[i]] ?? [] {
                    var fixed = digits
                    fixed[i] = replacement
                    if let y = Int(String(fixed)), y >= 1990, y <= latestYear {
                        c.year = y
                        c.repaired = true
                        break search
                    }
                }
            }
        }
        return c
    }

    /// A numeric day-month (or month-day) date from three capture groups.
    static func dayMonthCandidate(
        _ m: NSTextCheckingResult,
        in ns: NSString,
        groups: (Int, Int, Int),
        line: Int,
        keyword: Bool,
        thai: Bool = false
    ) -> DateCandidate {
        let a = Int(ns.substring(with: m.range(at: groups.0))) ?? 0
        let b = Int(ns.substring(with: m.range(at: groups.1))) ?? 0
        let c = Int(ns.substring(with: m.range(at: groups.2))) ?? 0
        var candidate = DateCandidate(
            lineIndex: line,
            first: a,
            second: b,
            year: gregorianYear(c, digits: m.range(at: groups.2).length, thai: thai),
            knownMonth: nil,
            day: nil,
            isISO: false,
            nearDateKeyword: keyword
        )
        candidate.fourDigitYear = m.range(at: groups.2).length == 4
        return repairedDigits(candidate, firstLength: m.range(at: groups.0).length, secondLength: m.range(at: groups.1).length)
    }

    static func valid(year: Int, month: Int, day: Int) -> Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        let days = [31, (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= days[month - 1]
    }

    /// Picks the receipt date. Day-first or month-first is decided by evidence:
    /// a field above 12 on any date of the receipt, then the locale (currency) cue.
    static func resolve(_ candidates: [DateCandidate], monthFirstLocale: Bool?) -> (iso: String, lineIndex: Int, confidence: Double)? {
        guard !candidates.isEmpty else { return nil }
        var dayFirstEvidence = 0
        var monthFirstEvidence = 0
        for c in candidates where c.knownMonth == nil {
            if c.first > 12 && c.second <= 12 { dayFirstEvidence += 1 }
            if c.second > 12 && c.first <= 12 { monthFirstEvidence += 1 }
        }
        let monthFirst: Bool
        var confidence = 0.95
        if dayFirstEvidence != monthFirstEvidence {
            monthFirst = monthFirstEvidence > dayFirstEvidence
        } else {
            monthFirst = monthFirstLocale ?? false
            confidence = monthFirstLocale == nil ? 0.6 : 0.8
        }
        func rank(_ c: DateCandidate) -> Int { (c.repaired ? 8 : 0) + (c.nearDateKeyword ? 0 : 4) + (c.hasTime ? 0 : 2) + (c.fourDigitYear ? 0 : 1) }
        let ordered = candidates.sorted { (rank($0), $0.lineIndex) < (rank($1), $1.lineIndex) }
        for c in ordered {
            var month: Int
            var day: Int
            if let known = c.knownMonth, let d = c.day {
                month = known
                day = d
            } else if monthFirst {
                month = c.first
                day = c.second
            } else {
                month = c.second
                day = c.first
            }
            if !valid(year: c.year, month: month, day: day), c.knownMonth == nil { swap(&month, &day) }
            guard valid(year: c.year, month: month, day: day) else { continue }
            var conf = (c.knownMonth != nil || c.first > 12 || c.second > 12) ? 0.97 : confidence
            if c.repaired { conf = min(conf, 0.6) }
            return (String(format: "%04d-%02d-%02d", c.year, month, day), c.lineIndex, conf)
        }
        return nil
    }

    static func time(in line: String) -> String? {
        let upper = String(line.prefix(300)).uppercased()
        let ns = upper as NSString
        for m in time.matches(in: upper, range: NSRange(location: 0, length: ns.length)) {
            guard var h = Int(ns.substring(with: m.range(at: 1))), let mi = Int(ns.substring(with: m.range(at: 2))) else { continue }
            let sep = ns.substring(with: NSRange(location: m.range(at: 1).location + m.range(at: 1).length, length: 1))
            let ampm = m.range(at: 4).location != NSNotFound ? ns.substring(with: m.range(at: 4)) : nil
            // "12.50" is a price unless AM/PM or seconds say otherwise.
            // "14H32" is a time as it stands.
            if sep != ":" && sep != "H" && ampm == nil && m.range(at: 3).location == NSNotFound { continue }
            if let ampm {
                if ampm.hasPrefix("P"), h < 12 { h += 12 }
                if ampm.hasPrefix("A"), h == 12 { h = 0 }
            }
            guard h < 24, mi < 60 else { continue }
            if m.range(at: 3).location != NSNotFound, let s = Int(ns.substring(with: m.range(at: 3))) {
                return String(format: "%02d:%02d:%02d", h, mi, s)
            }
            return String(format: "%02d:%02d", h, mi)
        }
        return nil
    }
}
