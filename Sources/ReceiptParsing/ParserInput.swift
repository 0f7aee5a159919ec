import Foundation

/// What the parser reads: lines of text, optionally with word boxes and OCR
/// confidences. The OCR module's page type is adapted to this by the pipeline,
/// so this module never depends on the OCR engine.
public struct ParserInput: Sendable, Hashable {
    /// A rectangle in page pixels, origin top-left.
    public struct Box: Sendable, Hashable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        public var maxX: Double { x + width }
        public var midY: Double { y + height / 2 }
    }

    /// One recognised word with its box and confidence (0...1).
    public struct Word: Sendable, Hashable {
        public var text: String
        public var box: Box?
        public var confidence: Double

        public init(text: String, box: Box? = nil, confidence: Double = 1) {
            self.text = text
            self.box = box
            self.confidence = confidence
        }
    }

    /// One line of the receipt as read.
    public struct Line: Sendable, Hashable {
        public var text: String
        public var words: [Word]
        public var box: Box?

        public init(text: String, words: [Word] = [], box: Box? = nil) {
            self.text = text
            self.words = words
            self.box = box
        }

        /// Mean word confidence, 1 when the line carries no words.
        public var confidence: Double {
            guard !words.isEmpty else { return 1 }
            return words.reduce(0) { $0 + $1.confidence } / Double(words.count)
        }
    }

    public var lines: [Line]
    /// Width of the page in pixels when known (for right-aligned price columns).
    public var pageWidth: Double?
    /// Merchants already known (a household's earlier carts), most frequent first: a header line
    /// that names one, up to OCR's errors, gives that name as it was spelled before. The caller
    /// reads them from its store; the parser only compares.
    public var knownMerchants: [String]

    public init(lines: [Line], pageWidth: Double? = nil, knownMerchants: [String] = []) {
        self.lines = lines
        self.pageWidth = pageWidth
        self.knownMerchants = knownMerchants
    }

    /// Plain text, one receipt line per text line.
    public init(text: String) {
        self.lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { Line(text: String($0)) }
        self.pageWidth = nil
        self.knownMerchants = []
    }

    /// The lines joined with newlines.
    public var text: String { lines.map(\.text).joined(separator: "\n") }
}
