/// Text of other scripts made readable to the parser before any line is analysed, in one pass
/// over each line that is not plain ASCII:
/// - digits of other scripts as ASCII digits: Arabic-Indic `٠`-`٩` (the Gulf's receipts), Persian
///   `۰`-`۹`, Devanagari `०`-`९` and Thai `๐`-`๙`, and the Arabic decimal (`٫`) and thousands
///   (`٬`) separators as `.` and `,`;
/// - Thai as its words: Tesseract's Thai model puts a space between the letters of a word
///   (`ร ว ม ท ั ง ส ิ น` for `รวมทั้งสิ้น`), and Thai writes no space inside a phrase, so a space
///   between two Thai letters goes; and its tone marks, which OCR drops as often as it reads them,
///   are folded away (as `Keywords.words` folds accents), in the lines and in the Thai words of
///   `Vocabulary`;
/// - the direction marks OCR puts around a Latin word on an Arabic line (`‎AED‏`) go, so that
///   an amount beside them reads as one.
///
/// OCR lines list their words left to right as they stand on the page, so an Arabic phrase comes
/// with its words in reverse (`الفرعي المجموع`): `RightToLeft` turns such runs round where the
/// words have boxes, and `Vocabulary.normalized` lists Arabic phrases both ways round for text
/// without them.
enum ScriptText {
    /// The code point of each script's zero (each script's ten digits are consecutive).
    static let zeros: [UInt32] = [0x0660, 0x06F0, 0x0966, 0x0E50]
    static let decimalSeparator: UInt32 = 0x066B
    static let thousandsSeparator: UInt32 = 0x066C
    static let thai: ClosedRange<UInt32> = 0x0E01...0x0E4E
    /// Thai tone marks and the signs printed above a letter like them (maitaikhu, thanthakhat, …).
    static let thaiMarks: ClosedRange<UInt32> = 0x0E47...0x0E4E
    /// Direction marks: the Arabic letter mark, left-to-right and right-to-left marks, embeddings and isolates.
    static func isDirectionMark(_ value: UInt32) -> Bool {
        value == 0x061C || value == 0x200E || value == 0x200F || (0x202A...0x202E) ~= value || (0x2066...0x2069) ~= value
    }

    /// `text` with other scripts' digits and separators as ASCII and its Thai joined and folded.
    static func normalized(_ text: String) -> String {
        // Every character changed here is written with a lead byte of 0xD8, 0xD9, 0xDB, 0xE0 or 0xE2 in UTF-8.
        guard text.utf8.contains(where: { $0 == 0xD8 || $0 == 0xD9 || $0 == 0xDB || $0 == 0xE0 || $0 == 0xE2 }) else { return text }
        var scalars = String.UnicodeScalarView()
        var changed = false
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if scalar == " " {
                if let last = scalars.last, thai ~= last.value {
                    // Kept only if the next character is not Thai.
                    if pendingSpace { scalars.append(" ") }
                    pendingSpace = true
                    continue
                }
            } else if pendingSpace {
                pendingSpace = false
                if thai ~= value { changed = true } else { scalars.append(" ") }
            }
            if thaiMarks ~= value || isDirectionMark(value) {
                changed = true
            } else if let ascii = ascii(for: value) {
                scalars.append(ascii)
                changed = true
            } else {
                scalars.append(scalar)
            }
        }
        if pendingSpace { scalars.append(" ") }
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
    /// The input as `ScriptText` normalises it, in the lines' text and in their words, with
    /// right-to-left words in reading order (`RightToLeft`).
    var withScriptsNormalized: ParserInput {
        var input = self
        for index in input.lines.indices {
            input.lines[index] = RightToLeft.readingOrder(input.lines[index])
            let text = ScriptText.normalized(input.lines[index].text)
            guard text != input.lines[index].text else { continue }
            input.lines[index].text = text
            for word in input.lines[index].words.indices {
                input.lines[index].words[word].text = ScriptText.normalized(input.lines[index].words[word].text)
            }
        }
        return input
    }
}

extension Vocabulary {
    /// The table with its words as `ScriptText` leaves a line: for Thai, without tone marks.
    var normalized: Vocabulary {
        var table = self
        let lists: [WritableKeyPath<Vocabulary, [String]>] = [
            \.subtotal, \.total, \.strongTotal, \.finalTotal, \.totalExcluded, \.totalTax, \.tax, \.inclusive, \.taxTable, \.tip,
            \.serviceCharge, \.tendered, \.cash, \.card, \.change, \.discount, \.void, \.deposit, \.rounding, \.summaryHeads,
            \.columnHeads, \.dateWords, \.legalForms, \.shopWords, \.addressWords, \.headerNoise,
        ]
        for list in lists { table[keyPath: list] = table[keyPath: list].flatMap(Self.bothWaysRound).map(ScriptText.normalized) }
        table.currencyMarks = Dictionary(table.currencyMarks.map { (ScriptText.normalized($0.key), $0.value) }) { first, _ in first }
        table.currencyWords = Dictionary(table.currencyWords.map { (ScriptText.normalized($0.key), $0.value) }) { first, _ in first }
        return table
    }

    /// The phrase, and an Arabic phrase of several words with its words the other way round too.
    static func bothWaysRound(_ phrase: String) -> [String] {
        let words = phrase.split(separator: " ")
        guard words.count > 1, phrase.unicodeScalars.contains(where: { (0x0600...0x06FF) ~= $0.value }) else { return [phrase] }
        return [phrase, words.reversed().joined(separator: " ")]
    }
}
