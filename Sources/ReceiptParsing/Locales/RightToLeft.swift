/// Lines of right-to-left scripts (Arabic, Hebrew) put back in reading order.
///
/// OCR lists a line's words as they stand on the page, left to right, so the words of an Arabic
/// phrase come last word first (`النور مقهى` for the café `مقهى النور`). Where the words carry
/// boxes, each run of right-to-left words that stand left to right is turned round, so a name,
/// an item and a phrase read as printed; Latin words, amounts and the gaps between the runs keep
/// their places (a line prints its amount at the side its language puts it). Text without boxes
/// (typed, or from a reader that gives the reading order) is left as it is.
enum RightToLeft {
    /// Arabic (with its supplements and presentation forms) and Hebrew letters.
    static func isLetter(_ value: UInt32) -> Bool {
        (0x0590...0x05FF) ~= value || (0x0600...0x06FF) ~= value || (0x0750...0x077F) ~= value
            || (0x08A0...0x08FF) ~= value || (0xFB1D...0xFDFF) ~= value || (0xFE70...0xFEFF) ~= value
    }

    /// A word of a right-to-left script: its letters, and no Latin letter or digit.
    static func isWord(_ text: String) -> Bool {
        var letters = false
        for scalar in text.unicodeScalars {
            if isLetter(scalar.value) {
                letters = true
            } else if scalar.properties.isAlphabetic || ("0"..."9") ~= scalar {
                return false
            }
        }
        return letters
    }

    /// `line` in reading order. A line of right-to-left words without Latin letters (an Arabic
    /// receipt's `12.00   دجاج شاورما`, its amount on the left) is read from its right end: its
    /// words and the runs of other tokens between them (`2 @ 2.25`, kept as they stand) come in
    /// reverse (`شاورما دجاج   12.00`, the name before its amount, as on a left-to-right line).
    /// On a line with Latin words (`Subtotal الفرعي المجموع 52.50`) each run of right-to-left words
    /// alone is turned round. Runs stop at a column's gap; the gaps between tokens go with them.
    static func readingOrder(_ line: ParserInput.Line) -> ParserInput.Line {
        // Every letter of these scripts is written with a lead byte of 0xD6-0xDD, 0xE0 or 0xEF in UTF-8.
        guard line.words.count > 1, line.text.utf8.contains(where: { (0xD6...0xDD) ~= $0 || $0 == 0xE0 || $0 == 0xEF }) else { return line }
        let tokens = line.text.split(separator: " ")
        guard tokens.count == line.words.count, zip(tokens, line.words).allSatisfy({ $0 == $1.text }),
            standsLeftToRight(line.words[...])
        else { return line }
        let rightToLeft = line.words.map { isWord($0.text) }
        guard rightToLeft.contains(true) else { return line }
        var gaps: [Substring] = []
        for (token, next) in zip(tokens, tokens.dropFirst()) { gaps.append(line.text[token.endIndex..<next.startIndex]) }
        // Token indices and gaps alternately: token 0, gap 0, token 1, …; a gap is -1 - its index.
        var sequence = Array(0..<(2 * tokens.count - 1)).map { $0.isMultiple(of: 2) ? $0 / 2 : -1 - $0 / 2 }
        // A run stops at a column's gap (OCR's three spaces): columns are read one by one.
        func joins(_ element: Int) -> Bool { element < 0 && gaps[-1 - element].count == 1 }
        func reverseRuns(where inRun: (Int) -> Bool, longerThan minimum: Int) {
            var start = 0
            while start < sequence.count {
                var end = start
                while end < sequence.count,
                    inRun(sequence[end]) || (joins(sequence[end]) && end + 1 < sequence.count && end > start && inRun(sequence[end + 1]))
                {
                    end += 1
                }
                if (end - start + 1) / 2 > minimum { sequence[start..<end].reverse() }
                start = end + 1
            }
        }
        let latin = line.words.contains { $0.text.unicodeScalars.contains { $0.isASCII && $0.properties.isAlphabetic } }
        if latin {
            reverseRuns(where: { $0 >= 0 && rightToLeft[$0] }, longerThan: 1)
        } else {
            sequence.reverse()
            reverseRuns(where: { $0 >= 0 && !rightToLeft[$0] }, longerThan: 1)
        }
        let order = sequence.filter { $0 >= 0 }
        guard order != Array(tokens.indices) else { return line }
        var reordered = line
        reordered.words = order.map { line.words[$0] }
        let head = line.text[..<tokens[0].startIndex]
        let tail = line.text[tokens[tokens.count - 1].endIndex...]
        reordered.text = String(head) + sequence.map { $0 >= 0 ? String(tokens[$0]) : String(gaps[-1 - $0]) }.joined() + tail
        return reordered
    }

    /// Whether the words' boxes go from left to right (each starts right of the one before).
    static func standsLeftToRight(_ words: ArraySlice<ParserInput.Word>) -> Bool {
        let xs = words.compactMap { $0.box?.x }
        guard xs.count == words.count else { return false }
        return zip(xs, xs.dropFirst()).allSatisfy { $0 < $1 }
    }
}
