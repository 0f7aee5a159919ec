import Foundation

/// Paths into the repository's top-level `Fixtures/` folder.
public enum Fixtures {
    /// The package root, found by walking up from this source file to the folder holding `Package.swift`.
    public static var packageRoot: URL {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url = url.deletingLastPathComponent()
        }
        // Sources/ReceiptTesting/Fixtures.swift → two levels up.
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// `<package root>/Fixtures`.
    public static var root: URL { packageRoot.appendingPathComponent("Fixtures", isDirectory: true) }

    /// `Fixtures/receipts`: receipt images with their expected content in sibling `*.json` files.
    public static var receipts: URL { root.appendingPathComponent("receipts", isDirectory: true) }

    /// A file under `Fixtures/`, e.g. `Fixtures.url("receipts/us-grocery-freshmart.png")`.
    public static func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// The images in `Fixtures/receipts` (png, jpg, jpeg, tif, tiff, webp), sorted by name.
    public static func receiptImages() -> [URL] {
        let extensions: Set<String> = ["png", "jpg", "jpeg", "tif", "tiff", "webp"]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: receipts.path)) ?? []
        return names.sorted().map { receipts.appendingPathComponent($0) }
            .filter { extensions.contains($0.pathExtension.lowercased()) }
    }

    /// `../shared/corpus` beside the repository, when present (labelled real receipts).
    public static var sharedCorpus: URL? {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus", isDirectory: true)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }
}
