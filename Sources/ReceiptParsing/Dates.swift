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
}

enum Dates {
    static let months: [String: Int] = [
        "JAN": 1, "FEB": 2, "MAR": 3, "APR": 4, "MAY": 5, "JUN": 6, "JUL": 7, "AUG": 8, "SEP": 9, "SEPT": 9, "OCT": 10, "NOV": 11, "DEC": 12,
        "JANUARY": 1, "FEBRUARY": 2, "MARCH": 3, "APRIL": 4, "JUNE": 6, "JULY": 7, "AUGUST": 8, "SEPTEMBER": 9, "OCTOBER": 10, "NOVEMBER": 11, "DECEMBER": 12,
        "JANUAR": 1, "FEBRUAR": 2, "MARZ": 3, "MAI": 5, "JUNI": 6, "JULI": 7, "OKT": 10, "OKTOBER": 10, "DEZ": 12, "DEZEMBER": 12,
        "MAC": 3, "MEI": 5, "OGO": 8, "OGOS": 8, "DIS": 12, "DISEMBER": 12,
    ]

    static let numeric = try! NSRegularExpression(
        pattern: #"(?<![0-9])([0-9]{1,4})\s?([./\-,])\s?([0-9]{1,2})\s?\2\s?([0-9]{2,4})(?![0-9])"#)
    static let dayMonthName = try! NSRegularExpression(
        pattern: #"(?<![0-9])([0-9]{1,2})(?:ST|ND|RD|TH)?[\s.\-/,]*([A-Z]{3,9})[\s.\-/,']*([0-9]{2,4})(?![0-9])"#)
    static let monthNameDay = try! NSRegularExpression(
        pattern: #"(?<![A-Z])([A-Z]{3,9})[\s.\-/]*([0-9]{1,2})(?:ST|ND|RD|TH)?[\s,.\-/']+([0-9]{2,4})(?![0-9])"#)
    static let time = try! NSRegularExpression(
        pattern: #"(?<![0-9])([0-2]?[0-9])[:.h]([0-5][0-9])(?:[:.]([0-5][0-9]))?(?![0-9])\s?([AP]\.?M\.?)?"#)

    static func normalizedYear(_ y: Int) -> Int { y < 100 ? 2000 + y : y }

    static func candidates(in line: String, index: Int) -> [DateCandidate] {
        let text = String(line.prefix(300)).uppercased()
            .replacingOccurrences(of: "O", with: "0", options: [], range: nil)
        let upper = String(line.prefix(300)).uppercased()
        let ns = text as NSString
        let nsUpper = upper as NSString
        let keyword = upper.contains("DATE") || upper.contains("DATUM") || upper.contains("TARIKH")
        var result: [DateCandidate] = []
        // Numeric dates read on a text where O became 0 (OCR confusion); months by name on the original.
        for m in numeric.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            guard let a = Int(ns.substring(with: m.range(at: 1))), let b = Int(ns.substring(with: m.range(at: 3))),
                  let c = Int(ns.substring(with: m.range(at: 4))) else { continue }
            let aLen = m.range(at: 1).length, cLen = m.range(at: 4).length
            if aLen == 4 {
                // ISO: 2016-05-26 (c is the day).
                guard cLen <= 2 else { continue }
                result.append(DateCandidate(lineIndex: index, first: b, second: c, year: a, knownMonth: b, day: c, isISO: true, nearDateKeyword: keyword))
            } else if aLen <= 2, cLen == 2 || cLen == 4 {
                if ns.substring(with: m.range(at: 2)) == ",", cLen != 4 { continue }
                var candidate = DateCandidate(lineIndex: index, first: a, second: b, year: normalizedYear(c), knownMonth: nil, day: nil, isISO: false, nearDateKeyword: keyword)
                candidate.fourDigitYear = cLen == 4
                result.append(candidate)
            }
        }
        for m in dayMonthName.matches(in: upper, range: NSRange(location: 0, length: nsUpper.length)) {
            guard let d = Int(nsUpper.substring(with: m.range(at: 1))), let month = months[nsUpper.substring(with: m.range(at: 2))],
                  let y = Int(nsUpper.substring(with: m.range(at: 3))) else { continue }
            result.append(DateCandidate(lineIndex: index, first: d, second: month, year: normalizedYear(y), knownMonth: month, day: d, isISO: false, nearDateKeyword: keyword))
        }
        for m in monthNameDay.matches(in: upper, range: NSRange(location: 0, length: nsUpper.length)) {
            guard let month = months[nsUpper.substring(with: m.range(at: 1))], let d = Int(nsUpper.substring(with: m.range(at: 2))),
                  let y = Int(nsUpper.substring(with: m.range(at: 3))) else { continue }
            result.append(DateCandidate(lineIndex: index, first: month, second: d, year: normalizedYear(y), knownMonth: month, day: d, isISO: false, nearDateKeyword: keyword))
        }
        let hasTime = Dates.time(in: line) != nil
        for i in result.indices { result[i].hasTime = hasTime }
        return result.filter { $0.year >= 1990 && $0.year <= 2099 }
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
        var dayFirstEvidence = 0, monthFirstEvidence = 0
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
        func rank(_ c: DateCandidate) -> Int { (c.nearDateKeyword ? 0 : 4) + (c.hasTime ? 0 : 2) + (c.fourDigitYear || c.knownMonth != nil ? 0 : 1) }
        let ordered = candidates.sorted { (rank($0), $0.lineIndex) < (rank($1), $1.lineIndex) }
        for c in ordered {
            var month: Int, day: Int
            if let known = c.knownMonth, let d = c.day { month = known; day = d } else if monthFirst { month = c.first; day = c.second } else { month = c.second; day = c.first }
            if !valid(year: c.year, month: month, day: day), c.knownMonth == nil { swap(&month, &day) }
            guard valid(year: c.year, month: month, day: day) else { continue }
            let conf = (c.knownMonth != nil || c.first > 12 || c.second > 12) ? 0.97 : confidence
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
            if sep != ":" && ampm == nil && m.range(at: 3).location == NSNotFound { continue }
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
