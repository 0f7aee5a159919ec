import Foundation

/// Where the receipt's own text sits on a photo: word boxes and confidences tell
/// the printed lines from the background OCR read beside them ("Bice:   fl   1 Coffee").
enum ItemLayout {
    /// Words read with less confidence than this are not trusted as layout anchors.
    static let anchorConfidence = 0.7

    /// The OCR word behind each token, in order: a token OCR split into several words
    /// ("26 , 90") gets their union. All nil when the words do not spell the tokens.
    static func words(of tokens: [Substring], in words: [ParserInput.Word]) -> [ParserInput.Word?] {
        let unmatched = [ParserInput.Word?](repeating: nil, count: tokens.count)
        guard !words.isEmpty else { return unmatched }
        var result: [ParserInput.Word?] = []
        var next = 0
        for token in tokens {
            var text = ""
            var merged: ParserInput.Word?
            while next < words.count, text.count < token.count {
                let word = words[next]
                next += 1
                text += word.text
                merged = merged.map { union($0, word) } ?? word
            }
            guard text == token else { return unmatched }
            result.append(merged)
        }
        return result
    }

    /// One word covering two: the text joined, the boxes united, the lower confidence.
    static func union(_ a: ParserInput.Word, _ b: ParserInput.Word) -> ParserInput.Word {
        var box = a.box ?? b.box
        if let x = a.box, let y = b.box {
            let minX = min(x.x, y.x), minY = min(x.y, y.y)
            box = ParserInput.Box(x: minX, y: minY, width: max(x.maxX, y.maxX) - minX, height: max(x.y + x.height, y.y + y.height) - minY)
        }
        return ParserInput.Word(text: a.text + b.text, box: box, confidence: min(a.confidence, b.confidence))
    }

    /// The page x where the item lines start (the left edge of the paper's text column;
    /// summary lines may be indented): the lower quartile over priced item lines of the first confidently read
    /// word that opens a name or a quantity (names may start right of a quantity column).
    /// Nil without boxes or with too few such lines.
    static func textColumnStart(_ lines: ArraySlice<ReceiptParser.AnalyzedLine>) -> Double? {
        let anchors = lines.filter { !$0.money.isEmpty && $0.kind == .other }.compactMap(anchorX).sorted()
        guard anchors.count >= 3 else { return nil }
        return anchors[anchors.count / 4]
    }

    /// True for a short count before a name or an item number ("2 Lunch", "1 #6 3 TENDER").
    static func isLeadingQuantity(_ tokens: [Substring], at i: Int) -> Bool {
        guard Numbers.isDigits(tokens[i]), tokens[i].count <= 2, i + 1 < tokens.count, let next = tokens[i + 1].first else { return false }
        return next.isLetter || "#$*>+".contains(next)
    }

    /// Left x of the line's first trusted word: one of three letters or more, or a short
    /// quantity before a word ("2 Lunch").
    static func anchorX(_ line: ReceiptParser.AnalyzedLine) -> Double? {
        guard line.tokenWords.count == line.tokens.count else { return nil }
        for (i, token) in line.tokens.enumerated() {
            guard let word = line.tokenWords[i], let box = word.box, word.confidence >= anchorConfidence else { continue }
            let letters = token.filter(\.isLetter).count
            if letters >= 3, letters * 2 >= token.count { return box.x }
            if isLeadingQuantity(line.tokens, at: i) { return box.x }
        }
        return nil
    }

    /// How many leading tokens of `line` (before `end`) lie wholly left of the text
    /// column: background the photo caught beside the paper. A confidently read word
    /// of three letters or more stops the cut (a skewed line may start early).
    static func marginTokens(_ line: ReceiptParser.AnalyzedLine, columnStart: Double?, end: Int) -> Int {
        guard let columnStart, line.tokenWords.count == line.tokens.count else { return 0 }
        let tolerance = (line.height ?? 0) * 0.5
        var count = 0
        while count < end - 1, let word = line.tokenWords[count], let box = word.box, box.maxX < columnStart - tolerance {
            let token = line.tokens[count]
            if word.confidence >= 0.8, token.filter(\.isLetter).count >= 3 { break }
            if word.confidence >= anchorConfidence, isLeadingQuantity(line.tokens, at: count) { break }
            count += 1
        }
        return count
    }

    /// Words read with less confidence than this at the end of a name are taken for noise.
    static let tailConfidence = 0.4

    /// The end of the name among tokens `start..<end`: unsure scraps after it ("Enmoladas
    /// with Meat   vo", "1 ESPRESSO*   eee") are left out, keeping a word of two letters or more.
    static func confidentEnd(_ line: ReceiptParser.AnalyzedLine, start: Int, end: Int) -> Int {
        guard line.tokenWords.count == line.tokens.count else { return end }
        var end = end
        while end - 1 > start, let word = line.tokenWords[end - 1], word.confidence < tailConfidence, word.text.filter(\.isLetter).count <= 3,
              line.tokens[start..<(end - 1)].contains(where: { $0.filter(\.isLetter).count >= 2 }) {
            end -= 1
        }
        return end
    }
}
