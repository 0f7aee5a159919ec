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

    /// `line` with each run of right-to-left words that stand left to right in reading order.
    static func readingOrder(_ line: ParserInput.Line) -> ParserInput.Line {
        // Every letter of these scripts is written with a lead byte of 0xD6-0xDD, 0xE0 or 0xEF in UTF-8.
        guard line.words.count > 1, line.text.utf8.contains(where: { (0xD6...0xDD) ~= $0 || $0 == 0xE0 || $0 == 0xEF }) else { return line }
        let tokens = line.text.split(separator: " ")
        guard tokens.count == line.words.count, zip(tokens, line.words).allSatisfy({ $0 == $1.text }) else { return line }
        var order = Array(line.words.indices)
        var start = 0
        while start < order.count {
            var end = start
            while end < order.count, isWord(line.words[end].text) { end += 1 }
            if end - start > 1, standsLeftToRight(line.words[start..<end]) { order[start..<end].reverse() }
            start = max(end, start + 1)
        }
        guard order != Array(line.words.indices) else { return line }
        var reordered = line
        reordered.words = order.map { line.words[$0] }
        // The words take the reordered places; the spaces between places stay where they were.
        var text = ""
        var rest = Substring(line.text)
        for (place, index) in order.enumerated() {
            let token = tokens[place]
            let before = rest[..<token.startIndex]
            text += before
            text += line.words[index].text
            rest = rest[token.endIndex...]
        }
        text += rest
        reordered.text = text
        return reordered
    }

    /// Whether the words' boxes go from left to right (each starts right of the one before).
    static func standsLeftToRight(_ words: ArraySlice<ParserInput.Word>) -> Bool {
        let xs = words.compactMap { $0.box?.x }
        guard xs.count == words.count else { return false }
        return zip(xs, xs.dropFirst()).allSatisfy { $0 < $1 }
    }
}
