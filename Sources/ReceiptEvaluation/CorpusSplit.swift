import Crypto
import Foundation
import ReceiptModel

/// The fixed split of a corpus into a tuning part (about two thirds) and a check part: an image
/// is in the check part when the first byte of the SHA-256 of `<set>/<stem>` is divisible by 3.
/// Rules are tuned on the tuning part only; the README's accuracy figures are the check part's,
/// which says how the reader does on receipts nobody looked at while changing it.
public enum CorpusPart: String, Sendable, Hashable, Codable, CaseIterable {
    case tuning, check

    public init(set: String, stem: String) {
        let digest = SHA256.hash(data: Data("\(set)/\(stem)".utf8))
        self = digest.first(where: { _ in true })! % 3 == 0 ? .check : .tuning
    }
}

extension CorpusEntry {
    public var part: CorpusPart { CorpusPart(set: set, stem: stem) }
}

/// Whether a labelled value appears anywhere in what the reader read: the ceiling a better
/// parser could reach with this reading. The gap between it and a field's accuracy is the
/// parser's share of the misses; the rest is the reading's.
public enum Ceiling {
    /// The fields a ceiling is measured for.
    public static let fields: [Field] = [.total, .subtotal, .tax, .date, .merchant]

    public static func appears(_ field: Field, label: ReceiptLabel, in text: String) -> Bool? {
        switch field {
        case .total: return label.total.map { amountAppears($0, in: text) }
        case .subtotal: return label.subtotal.map { amountAppears($0, in: text) }
        case .tax: return label.tax.map { amountAppears($0, in: text) }
        case .date: return label.date.map { dateAppears($0, in: text) }
        case .merchant:
            return label.merchant.map { merchant in
                let wanted = merchant.lowercased().filter { $0.isLetter || $0.isNumber }
                let haystack = text.lowercased().filter { $0.isLetter || $0.isNumber }
                return wanted.count >= 3 && haystack.contains(wanted)
            }
        case .itemCount: return nil
        }
    }

    /// `12.34` or `12,34` (thousands separators and spaces inside ignored), not as part of a longer number.
    static func amountAppears(_ amount: Amount, in text: String) -> Bool {
        let plain = Amount(amount.value.magnitude, scale: max(2, amount.scale)).description
        let squeezed = text.replacingOccurrences(of: " ", with: "")
        for candidate in [plain, plain.replacingOccurrences(of: ".", with: ",")] {
            var searchRange = squeezed.startIndex..<squeezed.endIndex
            while let found = squeezed.range(of: candidate, range: searchRange) {
                let before = found.lowerBound == squeezed.startIndex ? nil : squeezed[squeezed.index(before: found.lowerBound)]
                let after = found.upperBound == squeezed.endIndex ? nil : squeezed[found.upperBound]
                if !(before?.isNumber ?? false), !(after?.isNumber ?? false) { return true }
                searchRange = found.upperBound..<squeezed.endIndex
            }
        }
        return false
    }

    /// The ISO date in any common numeric or month-name spelling.
    static func dateAppears(_ iso: String, in text: String) -> Bool {
        let parts = iso.split(separator: "-").map(String.init)
        guard parts.count == 3, let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month) else { return false }
        let year = parts[0]
        let short = String(year.suffix(2))
        let d = String(day)
        let dd = parts[2]
        let m = String(month)
        let mm = parts[1]
        var spellings: [String] = []
        for (dayText, monthText) in [(dd, mm), (d, m), (dd, m), (d, mm)] {
            for separator in ["/", ".", "-"] {
                for yearText in [year, short] {
                    spellings.append([dayText, monthText, yearText].joined(separator: separator))
                    spellings.append([monthText, dayText, yearText].joined(separator: separator))
                    spellings.append([yearText, monthText, dayText].joined(separator: separator))
                }
            }
        }
        let names = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        let name = names[month - 1]
        let lower = text.lowercased().replacingOccurrences(of: ",", with: " ")
        let squeezed = lower.replacingOccurrences(of: " ", with: "")
        let named = [
            "\(d)\(name)\(year)", "\(dd)\(name)\(year)", "\(name)\(d)\(year)", "\(name)\(dd)\(year)", "\(d)\(name)\(short)", "\(dd)\(name)\(short)",
        ]
        let bare = squeezed.filter { $0.isLetter || $0.isNumber }
        return spellings.contains { squeezed.contains($0) } || named.contains { bare.contains($0) }
    }
}
