import Foundation

/// The files the binary serves under `/assets/`: the style sheet, the scripts and the icons; and
/// the installable app's manifest and service worker, which the server serves at the root.
public enum WebAssets {
    public struct Asset: Sendable {
        public var data: Data
        public var contentType: String
        /// A strong validator: the first 16 hex digits of the content's hash.
        public var etag: String
    }

    /// By file name; loaded once from the module's resources.
    public static let all: [String: Asset] = {
        var result: [String: Asset] = [:]
        for (name, type) in [
            ("app.css", "text/css; charset=utf-8"), ("app.js", "text/javascript; charset=utf-8"), ("icon.svg", "image/svg+xml"),
            ("social.js", "text/javascript; charset=utf-8"), ("live.js", "text/javascript; charset=utf-8"),
            ("offline.js", "text/javascript; charset=utf-8"), ("outbox.js", "text/javascript; charset=utf-8"),
            ("sw.js", "text/javascript; charset=utf-8"), ("manifest.webmanifest", "application/manifest+json"),
            ("icon-192.png", "image/png"), ("icon-512.png", "image/png"),
        ] {
            let parts = name.split(separator: ".")
            guard let url = Bundle.module.url(forResource: String(parts[0]), withExtension: String(parts[1]), subdirectory: "Assets"),
                let data = try? Data(contentsOf: url)
            else { continue }
            result[name] = Asset(data: data, contentType: type, etag: "\"\(fnv1a(data))\"")
        }
        return result
    }()

    /// A fingerprint of every asset: a new build with any asset changed has another, so the
    /// service worker (which names its caches after it) replaces what browsers keep offline.
    public static let buildVersion: String = fnv1a(all.keys.sorted().flatMap { Array(($0 + (all[$0]?.etag ?? "")).utf8) })

    /// The service worker, served at `/sw.js` (its scope is the whole site) with this build's
    /// version in place of its `BUILD_VERSION` placeholder.
    public static let serviceWorker: Asset? = all["sw.js"].map { asset in
        let text = String(decoding: asset.data, as: UTF8.self).replacingOccurrences(of: "BUILD_VERSION", with: buildVersion)
        return Asset(data: Data(text.utf8), contentType: asset.contentType, etag: "\"\(buildVersion)\"")
    }

    /// FNV-1a, 64 bits, in hex: a cheap fingerprint for ETags (not for security).
    public static func fnv1a(_ data: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
