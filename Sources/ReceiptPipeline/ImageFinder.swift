import Foundation
import ReceiptOCR

/// One file found for ingest: where it is and how the user named it.
public struct FoundFile: Sendable, Hashable {
    public var url: URL
    /// The path as the user would recognise it: relative paths stay relative (`source.file`).
    public var displayPath: String
    public var size: Int
    /// When the file was last written, as the file system says (for `--watch`).
    public var modified: Date?
}

/// Finds receipt images under files and folders given on the command line.
///
/// Folders are walked recursively in sorted order; hidden files and folders are
/// skipped; a symbolic link to a folder is followed once (a loop is cut, never
/// walked twice). A file is taken when its extension says image *or* its first
/// bytes do, so `IMG_0001` without extension is found and `notes.txt` is not.
/// A file named like an image that is not one is still taken: ingest records
/// why it failed instead of ignoring it silently.
public struct ImageFinder: Sendable {
    public static let imageExtensions: Set<String> = [
        "jpg", "jpeg", "jpe", "png", "tif", "tiff", "webp", "bmp", "gif",
    ]

    public init() {}

    /// Lists the image files under `paths`, each once, in a stable order.
    /// - Throws: ``PipelineError`` `input.not-found` when a given path does not exist.
    public func find(_ paths: [String]) throws -> [FoundFile] {
        var found: [FoundFile] = []
        var seenFiles = Set<String>()
        var seenFolders = Set<String>()
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw PipelineError(.inputNotFound, "\(path): no such file or folder")
            }
            let url = URL(fileURLWithPath: path)
            if isDirectory.boolValue {
                walk(url, display: path, into: &found, seenFiles: &seenFiles, seenFolders: &seenFolders)
            } else if let file = candidate(url, display: path, explicitlyNamed: true), seenFiles.insert(canonical(url)).inserted {
                found.append(file)
            }
        }
        return found
    }

    private func walk(
        _ folder: URL,
        display: String,
        into found: inout [FoundFile],
        seenFiles: inout Set<String>,
        seenFolders: inout Set<String>
    ) {
        guard seenFolders.insert(canonical(folder)).inserted else { return }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        for name in names where !name.hasPrefix(".") {
            let url = folder.appendingPathComponent(name)
            let displayPath = display.hasSuffix("/") ? display + name : display + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                walk(url, display: displayPath, into: &found, seenFiles: &seenFiles, seenFolders: &seenFolders)
            } else if let file = candidate(url, display: displayPath, explicitlyNamed: false),
                seenFiles.insert(canonical(url)).inserted
            {
                found.append(file)
            }
        }
    }

    private func candidate(_ url: URL, display: String, explicitlyNamed: Bool) -> FoundFile? {
        // Those of the file a symbolic link names: the link's own are its path's length (the
        // size limit, the largest-first order and `--watch`'s settled check read these).
        let attributes = (try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)) ?? [:]
        let file = FoundFile(
            url: url,
            displayPath: display,
            size: attributes[.size] as? Int ?? 0,
            modified: attributes[.modificationDate] as? Date
        )
        if explicitlyNamed || Self.imageExtensions.contains(url.pathExtension.lowercased()) { return file }
        return Self.looksLikeImage(url) ? file : nil
    }

    /// Whether the first bytes of the file are those of an image format we read.
    static func looksLikeImage(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 64 * 1024), !head.isEmpty else { return false }
        do {
            _ = try ImageHeader.parse([UInt8](head))
            return true
        } catch let error as OCRError {
            // A header cut short is still an image by its magic bytes.
            return error.code != .imageUnsupportedFormat && error.code != .imageEmpty
        } catch {
            return false
        }
    }

    private func canonical(_ url: URL) -> String {
        url.resolvingSymlinksInPath().standardizedFileURL.path
    }
}
