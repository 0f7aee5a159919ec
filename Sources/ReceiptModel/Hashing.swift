import Crypto
import Foundation

/// The one way the project names bytes by their content: lowercase hex SHA-256 (image and
/// upload ids, hashed tokens and invitation codes, idempotency keys).
public enum Hashing {
    public static func sha256Hex(_ data: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: data) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    public static func sha256Hex(_ text: String) -> String { sha256Hex(Data(text.utf8)) }
}
