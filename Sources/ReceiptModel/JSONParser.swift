import Foundation

/// A fast JSON → `JSONValue` parser (the Codable path costs ~0.3 ms per cart). Numbers become
/// exact `Decimal`s. Shared by the store and `JSONValue`'s own conversions within the package.
package struct JSONParser {
    package enum Failure: Error {
        case invalid(Int)
        /// A number, at this offset, that `Decimal` cannot hold: beyond about 1e165 or, other
        /// than zero, below 1e-128 in magnitude. Refused rather than rounded to zero or NaN.
        case numberOutOfRange(Int)
    }

    package static func parse(_ text: String) throws -> JSONValue {
        var copy = text
        return try copy.withUTF8 { buffer in
            var parser = JSONParser(bytes: buffer)
            parser.skipWhitespace()
            let value = try parser.parseValue(depth: 0)
            parser.skipWhitespace()
            guard parser.index == buffer.count else { throw Failure.invalid(parser.index) }
            return value
        }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private func peek() throws -> UInt8 {
        guard index < bytes.count else { throw Failure.invalid(index) }
        return bytes[index]
    }

    private mutating func expect(_ byte: UInt8) throws {
        guard index < bytes.count, bytes[index] == byte else { throw Failure.invalid(index) }
        index += 1
    }

    private mutating func parseValue(depth: Int) throws -> JSONValue {
        guard depth < 512 else { throw Failure.invalid(index) }
        switch try peek() {
        case UInt8(ascii: "{"):
            index += 1
            // Members are gathered first and hashed once: growing a dictionary member by member
            // rehashed it several times per object, a tenth of the server's time listing carts.
            var members: [(String, JSONValue)] = []
            skipWhitespace()
            if try peek() == UInt8(ascii: "}") {
                index += 1
                return .object([:])
            }
            while true {
                skipWhitespace()
                let key = try parseString()
                skipWhitespace()
                try expect(UInt8(ascii: ":"))
                skipWhitespace()
                members.append((key, try parseValue(depth: depth + 1)))
                skipWhitespace()
                let next = try peek()
                index += 1
                if next == UInt8(ascii: "}") { return .object(Dictionary(members, uniquingKeysWith: { _, last in last })) }
                guard next == UInt8(ascii: ",") else { throw Failure.invalid(index - 1) }
            }
        case UInt8(ascii: "["):
            index += 1
            var items: [JSONValue] = []
            skipWhitespace()
            if try peek() == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            while true {
                skipWhitespace()
                items.append(try parseValue(depth: depth + 1))
                skipWhitespace()
                let next = try peek()
                index += 1
                if next == UInt8(ascii: "]") { return .array(items) }
                guard next == UInt8(ascii: ",") else { throw Failure.invalid(index - 1) }
            }
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        default:
            return .number(try parseNumber())
        }
    }

    private mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw Failure.invalid(index) }
        let start = word.utf8Start
        for offset in 0..<count where bytes[index + offset] != start[offset] {
            throw Failure.invalid(index)
        }
        index += count
    }

    private mutating func parseString() throws -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw Failure.invalid(index) }
            index += 1
        }
        var scratch = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                let escaped = try peek()
                index += 1
                switch escaped {
                case UInt8(ascii: "\""): scratch.append(0x22)
                case UInt8(ascii: "\\"): scratch.append(0x5C)
                case UInt8(ascii: "/"): scratch.append(0x2F)
                case UInt8(ascii: "b"): scratch.append(0x08)
                case UInt8(ascii: "f"): scratch.append(0x0C)
                case UInt8(ascii: "n"): scratch.append(0x0A)
                case UInt8(ascii: "r"): scratch.append(0x0D)
                case UInt8(ascii: "t"): scratch.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        try expect(UInt8(ascii: "\\"))
                        try expect(UInt8(ascii: "u"))
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw Failure.invalid(index) }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw Failure.invalid(index) }
                    scratch.append(contentsOf: Array(String(Character(unicode)).utf8))
                default:
                    throw Failure.invalid(index - 1)
                }
            default:
                if byte < 0x20 { throw Failure.invalid(index - 1) }
                scratch.append(byte)
            }
        }
        throw Failure.invalid(index)
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw Failure.invalid(index) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            index += 1
            value <<= 4
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value |= UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value |= UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value |= UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw Failure.invalid(index - 1)
            }
        }
        return value
    }

    private mutating func parseNumber() throws -> Decimal {
        let start = index
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var significand: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var sawDigit = false
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
            significand = significand &* 10 &+ UInt64(bytes[index] - 0x30)
            digits += 1
            sawDigit = true
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var sawFraction = false
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                significand = significand &* 10 &+ UInt64(bytes[index] - 0x30)
                digits += 1
                fractionDigits += 1
                sawFraction = true
                index += 1
            }
            guard sawFraction else { throw Failure.invalid(index) }
        }
        guard sawDigit else { throw Failure.invalid(start) }
        var exponent = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var sawExponent = false
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                exponent = min(exponent * 10 + Int(bytes[index] - 0x30), 10_000)
                sawExponent = true
                index += 1
            }
            guard sawExponent else { throw Failure.invalid(index) }
            if exponentNegative { exponent = -exponent }
        }
        if significand == 0, digits <= 18 {
            return Decimal(0)
        }
        let value: Decimal
        if digits <= 18 {
            value = Decimal(sign: negative ? .minus : .plus, exponent: exponent - fractionDigits, significand: Decimal(significand))
            // Below Decimal's range the result is a silent zero.
            guard !value.isZero else { throw Failure.numberOutOfRange(start) }
        } else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            // The text is a well-formed number here: nil means out of range.
            guard let parsed = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { throw Failure.numberOutOfRange(start) }
            value = parsed
        }
        // Beyond Decimal's range (about 1e165) the result is NaN, which would be stored and later
        // written as null: such a number is refused where it is read.
        guard !value.isNaN else { throw Failure.numberOutOfRange(start) }
        return value
    }
}
