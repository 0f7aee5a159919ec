import Foundation

extension ImageHeader {
    /// The header of an image file, without decoding it: for ordering a batch by image size.
    /// The file is mapped, not read, so only the pages the header walk touches come from disk,
    /// wherever the format keeps its dimensions (a TIFF's directory may be at the end).
    /// - Returns: `nil` when the file cannot be read or its header is not one ``parse(_:)`` knows.
    public static func read(contentsOf url: URL) -> ImageHeader? {
        guard let data = try? Data(contentsOf: url, options: .alwaysMapped) else { return nil }
        return data.withUnsafeBytes { raw in try? parse(raw.bindMemory(to: UInt8.self)) }
    }
}
