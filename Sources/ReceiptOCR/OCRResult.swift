/// An axis-aligned box in pixels: `x`, `y` is the top-left corner.
public struct OCRBox: Sendable, Hashable, Codable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var midY: Double { Double(y) + Double(height) / 2 }

    /// The smallest box holding both.
    public func union(_ other: OCRBox) -> OCRBox {
        let x0 = min(x, other.x)
        let y0 = min(y, other.y)
        return OCRBox(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// Length of the overlap of the two vertical extents (0 when disjoint).
    public func verticalOverlap(_ other: OCRBox) -> Int {
        max(0, min(maxY, other.maxY) - max(y, other.y))
    }

    public var description: String { "(\(x),\(y) \(width)x\(height))" }
}

/// One recognised word.
public struct OCRWord: Sendable, Hashable, Codable {
    public var text: String
    public var box: OCRBox
    /// Tesseract's confidence, 0...1.
    public var confidence: Double
}

/// One line of text, rebuilt from word boxes by vertical overlap (so a price at
/// the right edge stays on its item's line whatever the page segmentation did).
public struct OCRLine: Sendable, Hashable, Codable {
    /// The words joined left to right: one space between words, three spaces
    /// where the gap is wider than about three characters (a column gap).
    public var text: String
    public var box: OCRBox
    /// Mean word confidence, 0...1.
    public var confidence: Double
    public var words: [OCRWord]
}

extension Array where Element == OCRWord {
    /// Mean word confidence, 0...1 (0 when there are no words).
    var meanConfidence: Double { isEmpty ? 0 : reduce(0) { $0 + $1.confidence } / Double(count) }
}

/// Where the time for one page went, in seconds.
public struct OCRTiming: Sendable, Hashable, Codable {
    public var load: Double = 0
    public var preprocess: Double = 0
    public var recognize: Double = 0
    /// CPU seconds by part, where the engine reports them: the neural reader's `detect`,
    /// `classify`, `recognise` and `other` (its process's CPU, not this one's). CPU seconds carry
    /// from one machine to another better than wall time on a busy one (`receipts-bench profile`).
    public var cpuByPart: [String: Double]?
    public var total: Double { load + preprocess + recognize }
}

/// The result of recognising one image.
public struct OCRPage: Sendable, Hashable, Codable {
    /// Size of the image Tesseract read (after preprocessing): boxes are in these coordinates.
    public var width: Int
    public var height: Int
    /// Size of the input image as decoded.
    public var sourceWidth: Int
    public var sourceHeight: Int
    public var lines: [OCRLine]
    /// Mean word confidence over the page, 0...1 (0 when no words).
    public var confidence: Double
    public var timing: OCRTiming
    public var preprocessing: PreprocessingReport

    /// The lines' text joined with newlines.
    public var text: String { lines.map(\.text).joined(separator: "\n") }
    public var words: [OCRWord] { lines.flatMap(\.words) }
}

enum LineBuilder {
    /// Groups words into lines: each word joins the line whose last word overlaps it
    /// vertically by at least half the smaller height (comparing with the nearest word
    /// on the left tolerates residual skew); otherwise it starts a new line.
    static func lines(from words: [OCRWord]) -> [OCRLine] {
        let sorted = words.sorted { ($0.box.x, $0.box.y) < ($1.box.x, $1.box.y) }
        var groups: [[OCRWord]] = []
        for word in sorted {
            var bestIndex: Int?
            var bestScore = 0.0
            for (index, group) in groups.enumerated() {
                guard let last = group.last else { continue }
                let overlap = Double(last.box.verticalOverlap(word.box))
                let smaller = Double(max(1, min(last.box.height, word.box.height)))
                let fraction = overlap / smaller
                // Words may touch or slightly overlap horizontally, never sit far to the left.
                guard fraction >= 0.5, word.box.x >= last.box.x + last.box.width / 2 else { continue }
                if fraction > bestScore {
                    bestScore = fraction
                    bestIndex = index
                }
            }
            if let bestIndex { groups[bestIndex].append(word) } else { groups.append([word]) }
        }
        var lines = groups.map(makeLine)
        lines.sort { ($0.box.midY, $0.box.x) < ($1.box.midY, $1.box.x) }
        return lines
    }

    static func makeLine(_ words: [OCRWord]) -> OCRLine {
        var box = words[0].box
        var text = words[0].text
        let characters = words.reduce(0) { $0 + max(1, $1.text.count) }
        let charWidth = Double(words.reduce(0) { $0 + $1.box.width }) / Double(max(1, characters))
        for (previous, word) in zip(words, words.dropFirst()) {
            box = box.union(word.box)
            let gap = Double(word.box.x - previous.box.maxX)
            text += gap > 3 * charWidth ? "   " : " "
            text += word.text
        }
        return OCRLine(text: text, box: box, confidence: words.meanConfidence, words: words)
    }
}
