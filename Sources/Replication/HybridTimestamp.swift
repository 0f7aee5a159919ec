import Foundation
import Synchronization

/// A hybrid logical clock reading: wall-clock milliseconds, a counter for events within the same
/// millisecond (or while the wall clock lags behind a stamp already seen), and the replica that
/// made it. Readings are totally ordered by (wall, counter, replica), so every replica that
/// compares two stamps of the same field picks the same winner, whatever their clocks say.
///
/// The string form (`000001767225600000-000003-srv_1`) sorts as the readings do: the wall time
/// and counter are zero-padded to a fixed width, and replica ids are ASCII.
public struct HybridTimestamp: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let wallMillis: Int64
    public let counter: Int
    public let replica: String

    /// Below every real reading: what stamps a value written before replication existed.
    public static let zero = HybridTimestamp(wallMillis: 0, counter: 0, replica: "")

    /// Counters wider than this would break the fixed-width string form; the clock moves its
    /// wall time on by a millisecond instead (still monotonic, still unique).
    static let counterLimit = 1_000_000
    static let wallDigits = 18
    static let counterDigits = 6

    public init(wallMillis: Int64, counter: Int, replica: String) {
        self.wallMillis = wallMillis
        self.counter = counter
        self.replica = replica
    }

    /// Parses the string form; `nil` for anything that is not one (a client's stamps are checked
    /// before they take part in a merge).
    public init?(_ text: String) {
        let parts = text.split(separator: "-", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == Self.wallDigits, parts[1].count == Self.counterDigits,
            parts[0].allSatisfy(\.isASCII), parts[1].allSatisfy(\.isASCII),
            let wall = Int64(parts[0]), let counter = Int(parts[1]), wall >= 0, counter >= 0,
            Self.isValidReplica(String(parts[2])) || (wall == 0 && counter == 0 && parts[2].isEmpty)
        else { return nil }
        self.init(wallMillis: wall, counter: counter, replica: String(parts[2]))
    }

    /// Replica ids: 1 to 64 ASCII letters, digits, `_`, `.` or `:`, so that string order is
    /// byte order on every platform.
    public static func isValidReplica(_ id: String) -> Bool {
        (1...64).contains(id.utf8.count)
            && id.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
            }
    }

    public var description: String {
        Self.padded(String(wallMillis), Self.wallDigits) + "-" + Self.padded(String(counter), Self.counterDigits) + "-" + replica
    }

    public static func < (a: HybridTimestamp, b: HybridTimestamp) -> Bool {
        (a.wallMillis, a.counter) != (b.wallMillis, b.counter)
            ? (a.wallMillis, a.counter) < (b.wallMillis, b.counter) : Array(a.replica.utf8).lexicographicallyPrecedes(b.replica.utf8)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let stamp = HybridTimestamp(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a hybrid clock stamp")
        }
        self = stamp
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    private static func padded(_ digits: String, _ width: Int) -> String {
        String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// One replica's hybrid logical clock (Kulkarni et al.): its readings never go backwards, even
/// when the wall clock does, and a reading taken after seeing a remote stamp is later than it.
public struct HybridClock: Sendable, Hashable {
    public let replica: String
    public private(set) var last: HybridTimestamp

    public init(replica: String, last: HybridTimestamp? = nil) {
        self.replica = replica
        self.last = last ?? HybridTimestamp(wallMillis: 0, counter: 0, replica: replica)
    }

    /// A reading for a local event.
    public mutating func tick(now: Date) -> HybridTimestamp {
        let wall = max(last.wallMillis, Self.millis(now))
        return advance(wall: wall, counter: wall == last.wallMillis ? last.counter + 1 : 0)
    }

    /// A reading after receiving `remote`: later than it and than every earlier reading here.
    public mutating func observe(_ remote: HybridTimestamp, now: Date) -> HybridTimestamp {
        let physical = Self.millis(now)
        let wall = max(last.wallMillis, remote.wallMillis, physical)
        let counter: Int
        switch (wall == last.wallMillis, wall == remote.wallMillis) {
        case (true, true): counter = max(last.counter, remote.counter) + 1
        case (true, false): counter = last.counter + 1
        case (false, true): counter = remote.counter + 1
        case (false, false): counter = 0
        }
        return advance(wall: wall, counter: counter)
    }

    private mutating func advance(wall: Int64, counter: Int) -> HybridTimestamp {
        last =
            counter < HybridTimestamp.counterLimit
            ? HybridTimestamp(wallMillis: wall, counter: counter, replica: replica)
            : HybridTimestamp(wallMillis: wall + 1, counter: 0, replica: replica)
        return last
    }

    static func millis(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }
}

/// A hybrid clock shared by the tasks of one process (a server's routes, a CLI's commands).
public final class SharedHybridClock: Sendable {
    private let clock: Mutex<HybridClock>
    private let now: @Sendable () -> Date

    public init(replica: String, now: @escaping @Sendable () -> Date = Date.init) {
        clock = Mutex(HybridClock(replica: replica))
        self.now = now
    }

    public var replica: String { clock.withLock { $0.replica } }

    /// A reading later than `seen` (the newest stamp of what is being edited, when known), so an
    /// edit made on top of a value always wins over that value, even across skewed clocks.
    public func stamp(after seen: HybridTimestamp? = nil) -> HybridTimestamp {
        let date = now()
        return clock.withLock { clock in
            if let seen { clock.observe(seen, now: date) } else { clock.tick(now: date) }
        }
    }
}
