import Foundation
import ReceiptModel

/// A fragment of HTML that is safe to send: the only way to put text into it is through string
/// interpolation, which escapes it.
///
/// Literal parts of a template are trusted (they are written in this module); every interpolated
/// `String`, number or amount is escaped for both element content and quoted attribute values, and
/// only another `HTML` value is embedded as is:
///
/// ```swift
/// let row: HTML = "<li class=\"item\">\(item.name)</li>"   // "<b>" in a name arrives as &lt;b&gt;
/// ```
public struct HTML: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    public private(set) var rendered: String

    public init(stringLiteral value: String) { rendered = value }

    public init(stringInterpolation: StringInterpolation) { rendered = stringInterpolation.output }

    /// Text as HTML: escaped.
    public init(text: String) { rendered = Self.escape(text) }

    public static let empty: HTML = ""

    public var description: String { rendered }

    /// Fragments one after the other.
    public static func join(_ parts: some Sequence<HTML>) -> HTML {
        var result = HTML.empty
        for part in parts { result.rendered += part.rendered }
        return result
    }

    public static func + (lhs: HTML, rhs: HTML) -> HTML {
        var result = lhs
        result.rendered += rhs.rendered
        return result
    }

    /// Escapes `& < > " '`, which makes text safe in element content and in quoted attributes.
    public static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.unicodeScalars.append(character)
            }
        }
        return output
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var output = ""

        public init(literalCapacity: Int, interpolationCount: Int) { output.reserveCapacity(literalCapacity + 16 * interpolationCount) }

        public mutating func appendLiteral(_ literal: String) { output += literal }
        public mutating func appendInterpolation(_ text: String) { output += HTML.escape(text) }
        public mutating func appendInterpolation(_ text: Substring) { output += HTML.escape(String(text)) }
        /// Absent text is nothing.
        public mutating func appendInterpolation(_ text: String?) { if let text { output += HTML.escape(text) } }
        public mutating func appendInterpolation(_ number: Int) { output += String(number) }
        public mutating func appendInterpolation(_ number: Double) { output += String(format: "%.1f", number) }
        public mutating func appendInterpolation(_ amount: Amount) { output += HTML.escape(amount.description) }
        public mutating func appendInterpolation(_ html: HTML) { output += html.rendered }
        public mutating func appendInterpolation(_ parts: [HTML]) { for part in parts { output += part.rendered } }
        /// `html` when the condition holds (an optional attribute such as `checked`).
        public mutating func appendInterpolation(if condition: Bool, _ html: HTML) { if condition { output += html.rendered } }
    }
}

extension Sequence {
    /// Renders each element and joins the fragments.
    func html(_ render: (Element) throws -> HTML) rethrows -> HTML {
        HTML.join(try map(render))
    }
}
