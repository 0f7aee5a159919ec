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

    /// Field 22 of `/proc/self/stat`, the start time in clock ticks after boot.
    static func startTicks(stat: String) -> UInt64? {
        ProcessStat.field(22, of: stat).flatMap { UInt64($0) }
    }

    /// User plus system CPU seconds process `pid` has used (fields 14 and 15 of its
    /// `/proc/PID/stat`); nil where `/proc` does not tell.
    public static func cpuSeconds(pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let user = ProcessStat.field(14, of: stat).flatMap({ Double($0) }),
            let system = ProcessStat.field(15, of: stat).flatMap({ Double($0) })
        else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

/// The fields of a `/proc/PID/stat` line, numbered from 1 as in proc(5).
enum ProcessStat {
    /// Field `number`. The command name (field 2, in parentheses) may hold spaces and
    /// parentheses, so the fields after it are counted from its last `)`.
    static func field(_ number: Int, of stat: String) -> Substring? {
        guard number >= 3, let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > number - 3 ? fields[number - 3] : nil
    }
}
