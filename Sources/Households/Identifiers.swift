import Crypto
import Foundation

/// Random identifiers, secrets and their hashes.
public enum Identifiers {
    /// A new random id with a readable prefix: `u_3f9c0a…` (96 random bits).
    public static func make(_ prefix: String) -> String {
        prefix + "_" + hex(randomBytes(12))
    }

    /// A bearer token: 256 random bits, URL-safe base64. Only its hash is ever stored.
    public static func token() -> String {
        Data(randomBytes(32)).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// An invitation code people can read out or type: 12 characters from an alphabet without
    /// look-alikes (no 0/O, 1/I/L), about 59 bits, grouped `ABCD-EFGH-JKMN`.
    public static func inviteCode() -> String {
        let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
        let characters = (0..<12).map { _ in alphabet[Int.random(in: 0..<alphabet.count)] }
        return stride(from: 0, to: 12, by: 4).map { String(characters[$0..<$0 + 4]) }.joined(separator: "-")
    }

    /// Normalises a typed invitation code: case, spaces and dashes do not matter.
    public static func normalizedInviteCode(_ code: String) -> String {
        String(code.uppercased().filter { $0.isLetter || $0.isNumber })
    }

    /// The id of a document that links two things (`userId|householdId`, `userId|groupId`,
    /// `userId|friendId`): one form for every link, as stored.
    public static func pair(_ first: String, _ second: String) -> String { first + "|" + second }

    static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// The instants documents carry: ISO 8601 in UTC with fractional seconds, which sort as text.
public enum Instant {
    public static func string(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: TimeZone(identifier: "UTC") ?? .current))
    }

    public static func date(_ text: String) -> Date? {
        (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
            ?? (try? Date.ISO8601FormatStyle().parse(text))
    }
}
