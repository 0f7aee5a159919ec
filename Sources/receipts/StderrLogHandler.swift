import Foundation
import Logging

/// Log lines on stderr: `2026-11-24T07:50:01Z warning receipts.serve: [user.id=u_1] message`.
///
/// swift-log's `StreamLogHandler` formats its metadata again each time a key is set; the server
/// sets request and user ids on every request, mostly at levels that log nothing. This one keeps
/// the metadata as given and formats only the lines it writes.
struct StderrLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { _, new in new } }
        if let extra = event.metadata { all.merge(extra) { _, new in new } }
        let fields = all.isEmpty ? "" : " [" + all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ") + "]"
        let time = Date().formatted(.iso8601)
        let line = "\(time) \(event.level) \(label):\(fields) \(event.message)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
