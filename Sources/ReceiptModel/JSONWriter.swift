import Foundation

/// A fast compact JSON writer for `JSONValue`, keys sorted (the same value always gives the same
/// bytes). Shared by the store and `JSONValue`'s own conversions within the package.
package enum JSONWriter {
    package static func encode(_ value: JSONValue) -> String {
        String(decoding: bytes(value), as: UTF8.self)
    }

    package static func bytes(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(value, into: &out)
        return out
    }

    /// A literal's bytes, without going through a `String`'s UTF-8 view.
    @inline(__always)
    private static func append(_ text: StaticString, into out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    private static func write(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .null: append("null", into: &out)
        case .bool(let b): b ? append("true", into: &out) : append("false", into: &out)
        case .number(let d): out.append(contentsOf: (d.isNaN ? "null" : d.description).utf8)
        case .string(let s): writeString(s, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            var first = true
            for item in items {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                write(item, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            var first = true
            for member in members.sorted(by: { $0.key < $1.key }) {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                write(member.value, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = s
        text.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                // Most bytes need no escape: one comparison each for them.
                if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte != 0xE2 {
                    index += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                switch byte {
                case UInt8(ascii: "\""): append("\\\"", into: &out)
                case UInt8(ascii: "\\"): append("\\\\", into: &out)
                case 0x0A: append("\\n", into: &out)
                case 0x0D: append("\\r", into: &out)
                case 0x09: append("\\t", into: &out)
                case 0..<0x20:
                    append("\\u00", into: &out)
                    out.append(hexDigits[Int(byte >> 4)])
                    out.append(hexDigits[Int(byte & 0xF)])
                case 0xE2 where index + 2 < count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    // U+2028 / U+2029: valid JSON, but escaped so lines stay lines everywhere.
                    append("\\u202", into: &out)
                    out.append(bytes[index + 2] == 0xA8 ? UInt8(ascii: "8") : UInt8(ascii: "9"))
                    index += 3
                    runStart = index
                    continue
                default:
                    // A 0xE2 that starts another character: written as it is.
                    out.append(byte)
                }
                index += 1
                runStart = index
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
        }
        out.append(UInt8(ascii: "\""))
    }
}
