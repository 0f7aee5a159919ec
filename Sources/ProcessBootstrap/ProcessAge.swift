import Foundation

/// How long the process has existed, from the kernel's own record of its start (so it counts
/// the OpenMP re-exec, the loading of the libraries and the Swift runtime's start too).
public enum ProcessAge {
    /// Seconds since the process started; nil where `/proc` does not tell (not Linux).
    public static func seconds() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let uptimeText = try? String(contentsOfFile: "/proc/uptime", encoding: .utf8),
            let uptime = uptimeText.split(separator: " ").first.flatMap({ Double($0) }),
            let startTicks = startTicks(stat: stat)
        else { return nil }
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard ticksPerSecond > 0 else { return nil }
        return uptime - Double(startTicks) / ticksPerSecond
    }

    /// Field 22 of `/proc/self/stat`, the start time in clock ticks after boot. The command name
    /// (field 2, in parentheses) may hold spaces, so fields are counted after its last `)`.
    static func startTicks(stat: String) -> UInt64? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // Fields after the name start at 3 (state): the start time is the 20th of them.
        guard fields.count > 19 else { return nil }
        return UInt64(fields[19])
    }
}
