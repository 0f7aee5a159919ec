import Foundation
import ReceiptOCR

/// The order a batch's files are started in.
///
/// With several workers, a long image started last keeps one worker busy while the others have
/// nothing left to do: on 33 US photos at `--jobs 2`, the costliest (11 % of the batch's CPU)
/// came 28th. Starting the largest images first (longest-processing-time-first scheduling) leaves
/// the short ones to fill the gaps at the end. With one worker the order changes nothing but the
/// output, so the folder's sorted order stays.
public enum IngestOrder {
    /// `files` in the order to start them with `jobs` workers: largest first when there are more
    /// files than workers, else as given.
    public static func scheduled(_ files: [FoundFile], jobs: Int) -> [FoundFile] {
        guard jobs > 1, files.count > jobs else { return files }
        return largestFirst(files)
    }

    /// Largest image first: by pixel count from the file's header (the work grows with the
    /// pixels), then by file size (of two images of the same size, the one with more bytes has more
    /// detail, so more text), then in the given order. A file whose header cannot be read
    /// (it will fail quickly) counts as 0 pixels.
    /// - Parameter pixels: the pixel count of a file (its header, by default).
    public static func largestFirst(
        _ files: [FoundFile],
        pixels: (FoundFile) -> Int? = { ImageHeader.read(contentsOf: $0.url)?.pixelCount }
    ) -> [FoundFile] {
        let keyed = files.enumerated().map { (index: $0.offset, file: $0.element, pixels: pixels($0.element) ?? 0) }
        return keyed.sorted { a, b in
            if a.pixels != b.pixels { return a.pixels > b.pixels }
            if a.file.size != b.file.size { return a.file.size > b.file.size }
            return a.index < b.index
        }.map(\.file)
    }
}
