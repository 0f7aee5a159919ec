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
            let minX = min(x.x, y.x)
            let minY = min(x.y, y.y)
            box = ParserInput.Box(x: minX, y: minY, width: max(x.maxX, y.maxX) - minX, height: max(x.y + x.height, y.y + y.height) - minY)
        }
        return ParserInput.Word(text: a.text + b.text, box: box, confidence: min(a.confidence, b.confidence))
    }

    /// The page x where the item lines start (the left edge of the paper's text column;
    /// summary lines may be indented): the lower quartile over priced item lines of the first confidently read
    /// word that opens a name or a quantity (names may start right of a quantity column).
    /// Nil without boxes or with too few such lines.
    static func textColumnStart(_ lines: ArraySlice<AnalyzedLine>) -> Double? {
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
    static func anchorX(_ line: AnalyzedLine) -> Double? {
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
    static func marginTokens(_ line: AnalyzedLine, columnStart: Double?, end: Int) -> Int {
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
    static func confidentEnd(_ line: AnalyzedLine, start: Int, end: Int) -> Int {
        guard line.tokenWords.count == line.tokens.count else { return end }
        var end = end
        while end - 1 > start, let word = line.tokenWords[end - 1], word.confidence < tailConfidence, word.text.filter(\.isLetter).count <= 3,
            line.tokens[start..<(end - 1)].contains(where: { $0.filter(\.isLetter).count >= 2 })
        {
            end -= 1
        }
        return end
    }
}

/// Tilted photos: OCR groups words into lines by vertical overlap, so on a page that
/// leans, a price at the right edge joins the name line above or below its own. The
/// page's slope, read from the names' own words, says where each name's baseline
/// runs at the price column; each price goes back to the name nearest there.
enum ItemTilt {
    /// A word that surely belongs to its line's name: read confidently, mostly letters.
    static func isNameWord(_ token: Substring, _ word: ParserInput.Word?, confidence: Double) -> ParserInput.Box? {
        guard let word, let box = word.box, word.confidence >= confidence else { return nil }
        let letters = token.filter(\.isLetter).count
        return letters >= 2 && letters * 2 >= token.count ? box : nil
    }

    static func median(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.sorted()[values.count / 2]
    }

    /// The page's text slope (dy/dx): the median over lines of the slope from the first to
    /// the last confidently read word of a name spanning a few word heights. Nil with
    /// fewer than three such lines.
    static func slope(_ lines: ArraySlice<AnalyzedLine>, confidence: Double = ItemLayout.anchorConfidence, span: Double = 3) -> Double? {
        let slopes = lines.compactMap { line -> Double? in
            guard line.tokenWords.count == line.tokens.count else { return nil }
            let boxes = zip(line.tokens, line.tokenWords).compactMap { isNameWord($0, $1, confidence: confidence) }
            guard let a = boxes.first, let b = boxes.last else { return nil }
            let dx = (b.x + b.maxX) / 2 - (a.x + a.maxX) / 2
            guard dx >= span * max(a.height, b.height) else { return nil }
            return (b.midY - a.midY) / dx
        }
        return slopes.count >= 3 ? median(slopes) : nil
    }

    struct Price {
        var line: Int
        var token: Int
        var box: ParserInput.Box
    }
    /// A name line's reference point: the mean centre of its name words.
    struct Name {
        var line: Int
        var x: Double
        var y: Double
    }

    /// The lines of `range` with each right-column price moved to the name line whose
    /// tilt-corrected baseline runs nearest to it. Unchanged when the page does not lean
    /// enough to matter (less than a third of a line height between name and price), or
    /// when prices sit half a line or more off their names (names printed below prices).
    static func paired(_ lines: [AnalyzedLine], range: Range<Int>) -> [AnalyzedLine] {
        // A short item block on a noisy photo may hold too few long, confidently read names:
        // then the whole page's lines, with looser demands (two word heights apart, 0.4).
        guard let slope = slope(lines[range]) ?? slope(lines[...], confidence: 0.4, span: 2), let height = median(lines[range].compactMap(\.height)),
            height > 0
        else { return lines }
        var prices: [Price] = []
        var names: [Name] = []
        for i in range where lines[i].tokenWords.count == lines[i].tokens.count {
            let line = lines[i]
            if let last = line.money.last, let box = line.tokenWords[last.tokenIndex]?.box {
                prices.append(Price(line: i, token: last.tokenIndex, box: box))
            }
        }
        guard let rightmost = prices.map(\.box.maxX).max() else { return lines }
        for i in range where lines[i].tokenWords.count == lines[i].tokens.count {
            let boxes = zip(lines[i].tokens, lines[i].tokenWords).compactMap { isNameWord($0, $1, confidence: 0.5) }.filter {
                $0.maxX < rightmost * 0.75
            }
            guard !boxes.isEmpty else { continue }
            let n = Double(boxes.count)
            names.append(Name(line: i, x: boxes.reduce(0) { $0 + ($1.x + $1.maxX) / 2 } / n, y: boxes.reduce(0) { $0 + $1.midY } / n))
        }
        guard let nameRight = names.map(\.x).max() else { return lines }
        // Only prices in the right column, clear of the names.
        prices = prices.filter { ($0.box.x + $0.box.maxX) / 2 > nameRight }
        guard prices.count >= 3 else { return lines }
        func residual(_ p: Price, _ n: Name) -> Double { p.box.midY - (n.y + slope * ((p.box.x + p.box.maxX) / 2 - n.x)) }
        // The price column may also sit a little above or below its names (perspective): the median nearest residual.
        guard let offset = median(prices.compactMap { p in names.map { residual(p, $0) }.min(by: { abs($0) < abs($1) }) }),
            let span = median(prices.compactMap { p in names.first(where: { $0.line == p.line }).map { (p.box.x + p.box.maxX) / 2 - $0.x } }),
            abs(slope * span) >= height / 3, abs(offset) < height / 2
        else { return lines }
        // Closest pairs first, each price and each name once.
        var pairs: [(price: Int, name: Int, cost: Double)] = []
        for (pi, p) in prices.enumerated() {
            for (ni, n) in names.enumerated() {
                let cost = abs(residual(p, n) - offset)
                if cost < height * 0.6 { pairs.append((pi, ni, cost)) }
            }
        }
        var priceUsed = Set<Int>()
        var nameUsed = Set<Int>()
        var moves: [(Price, to: Int)] = []
        for pair in pairs.sorted(by: { $0.cost < $1.cost }) where !priceUsed.contains(pair.price) && !nameUsed.contains(pair.name) {
            priceUsed.insert(pair.price)
            nameUsed.insert(pair.name)
            if names[pair.name].line != prices[pair.price].line { moves.append((prices[pair.price], names[pair.name].line)) }
        }
        guard !moves.isEmpty else { return lines }
        var tokens = lines.map(\.tokens)
        var words = lines.map(\.tokenWords)
        // Take every moving price out first (token indices still as analysed), then put each in by x.
        for (price, _) in moves.sorted(by: { $0.0.token > $1.0.token }) {
            tokens[price.line].remove(at: price.token)
            words[price.line].remove(at: price.token)
        }
        for (price, target) in moves {
            let at = words[target].firstIndex { ($0?.box?.x ?? 0) > price.box.x } ?? words[target].count
            tokens[target].insert(lines[price.line].tokens[price.token], at: at)
            words[target].insert(lines[price.line].tokenWords[price.token], at: at)
        }
        var result = lines
        for i in Set(moves.flatMap { [$0.0.line, $0.to] }) {
            result[i] = rebuilt(lines[i], tokens: tokens[i], words: words[i])
        }
        return result
    }

    /// `line` analysed again with other tokens.
    static func rebuilt(_ line: AnalyzedLine, tokens: [Substring], words: [ParserInput.Word?]) -> AnalyzedLine {
        var line = line
        line.tokens = tokens
        line.tokenWords = words
        line.text = tokens.joined(separator: " ")
        line.money = AnalyzedLine.amounts(in: tokens)
        line.kind = Keywords.kind(of: line.text)
        let read = words.compactMap { $0 }
        line.confidence = ParserInput.Line(text: line.text, words: read).confidence
        line.measure(read)
        return line
    }
}
