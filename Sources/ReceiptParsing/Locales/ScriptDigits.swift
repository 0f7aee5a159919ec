/// Digits of other scripts read as ASCII digits before any number or date is read: Arabic-Indic
/// `٠`-`٩` (the Gulf's receipts), Persian `۰`-`۹`, Devanagari `०`-`९` and Thai `๐`-`๙`, and the
/// Arabic decimal (`٫`) and thousands (`٬`) separators as `.` and `,`.
///
/// Each script's ten digits are consecutive code points, so one table of zeros serves them all.
/// A line of ASCII (most lines of most receipts) is returned as it is after one pass over its bytes.
enum ScriptDigits {
    /// The code point of each script's zero.
    static let zeros: [UInt32] = [0x0660, 0x06F0, 0x0966, 0x0E50]
    static let decimalSeparator: UInt32 = 0x066B
    static let thousandsSeparator: UInt32 = 0x066C

    /// `text` with other scripts' digits and separators as ASCII.
    static func normalized(_ text: String) -> String {
        // Every digit above is written with a lead byte of 0xD9, 0xDB or 0xE0 in UTF-8.
        guard text.utf8.contains(where: { $0 == 0xD9 || $0 == 0xDB || $0 == 0xE0 }) else { return text }
        var scalars = String.UnicodeScalarView()
        var changed = false
        for scalar in text.unicodeScalars {
            if let ascii = ascii(for: scalar.value) {
                scalars.append(ascii)
                changed = true
            } else {
                scalars.append(scalar)
            }
        }
        return changed ? String(scalars) : text
    }

    static func ascii(for value: UInt32) -> Unicode.Scalar? {
        if value == decimalSeparator { return "." }
        if value == thousandsSeparator { return "," }
        for zero in zeros where value >= zero && value <= zero + 9 { return Unicode.Scalar(UInt8(ascii: "0") + UInt8(value - zero)) }
        return nil
    }
}

extension ParserInput {
    /// The input with other scripts' digits read as ASCII, in the lines' text and in their words.
    var withASCIIDigits: ParserInput {
        var input = self
        for index in input.lines.indices {
            let text = ScriptDigits.normalized(input.lines[index].text)
            guard text != input.lines[index].text else { continue }
            input.lines[index].text = text
            for word in input.lines[index].words.indices {
                input.lines[index].words[word].text = ScriptDigits.normalized(input.lines[index].words[word].text)
            }
        }
        return input
    }
}
