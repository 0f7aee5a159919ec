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

    private static func write(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let d): out.append(contentsOf: (d.isNaN ? "null" : d.description).utf8)
        case .string(let s): writeString(s, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                write(item, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                write(member.value, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = s
        text.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                var escape: [UInt8]? = nil
                switch byte {
                case UInt8(ascii: "\""): escape = [0x5C, 0x22]
                case UInt8(ascii: "\\"): escape = [0x5C, 0x5C]
                case 0x0A: escape = [0x5C, UInt8(ascii: "n")]
                case 0x0D: escape = [0x5C, UInt8(ascii: "r")]
                case 0x09: escape = [0x5C, UInt8(ascii: "t")]
                case 0..<0x20:
                    escape = [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
                case 0xE2 where index + 2 < count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    // U+2028 / U+2029: valid JSON, but escaped so lines stay lines everywhere.
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                    out.append(contentsOf: Array("\\u202".utf8))
                    out.append(bytes[index + 2] == 0xA8 ? UInt8(ascii: "8") : UInt8(ascii: "9"))
                    index += 3
                    runStart = index
                    continue
                default: break
                }
                if let escape {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                    out.append(contentsOf: escape)
                    runStart = index + 1
                }
                index += 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
        }
        out.append(UInt8(ascii: "\""))
    }
}
