import Foundation
import Testing

@testable import ReceiptPipeline

/// Largest images first when there are more files than workers (longest-processing-time-first).
@Suite struct IngestOrderTests {
    /// The header of a PNG of `width` x `height`, padded to `bytes` bytes.
    static func png(_ width: UInt32, _ height: UInt32, bytes: Int = 64) -> [UInt8] {
        func be(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        let head = header + be(width) + be(height) + [8, 2, 0, 0, 0]
        return head + Array(repeating: 0, count: max(0, bytes - head.count))
    }

    static func names(_ files: [FoundFile]) -> [String] { files.map { $0.url.lastPathComponent } }

    @Test func largestByPixelsThenByBytesThenAsFound() throws {
        let folder = try TempFolder()
        try folder.write("a-small.png", Self.png(100, 100))
        try folder.write("b-photo.png", Self.png(750, 1000, bytes: 500))
        try folder.write("c-photo-more-detail.png", Self.png(1000, 750, bytes: 900))
        try folder.write("d-scan.png", Self.png(2000, 3000))
        try folder.write("e-photo.png", Self.png(750, 1000, bytes: 500))
        try folder.write("f-broken.png", [0x89, 0x50, 0x4E, 0x47] + Array(repeating: 7, count: 2000))
        let files = try ImageFinder().find([folder.url.path])
        #expect(
            Self.names(IngestOrder.largestFirst(files)) == [
                "d-scan.png", "c-photo-more-detail.png", "b-photo.png", "e-photo.png", "a-small.png", "f-broken.png",
            ]
        )
        #expect(Self.names(IngestOrder.scheduled(files, jobs: 2)) == Self.names(IngestOrder.largestFirst(files)))
    }

    @Test func theFolderOrderStaysWithOneWorkerOrNoMoreFilesThanWorkers() throws {
        let folder = try TempFolder()
        try folder.write("1.png", Self.png(10, 10))
        try folder.write("2.png", Self.png(30, 30))
        try folder.write("3.png", Self.png(20, 20))
        let files = try ImageFinder().find([folder.url.path])
        #expect(Self.names(IngestOrder.scheduled(files, jobs: 1)) == ["1.png", "2.png", "3.png"])
        #expect(Self.names(IngestOrder.scheduled(files, jobs: 3)) == ["1.png", "2.png", "3.png"])
        #expect(Self.names(IngestOrder.scheduled(files, jobs: 2)) == ["2.png", "3.png", "1.png"])
    }

    /// A folder of links (the corpus's tuning part is one) is ordered by the linked files: a
    /// link's own size is the length of its target's path, the same for every link.
    @Test func linkedFilesCountByTheFileTheyName() throws {
        let images = try TempFolder()
        let links = try TempFolder()
        // The longer name (a longer link) names the smaller file.
        try images.write("a-photo-with-a-longer-name.png", Self.png(750, 1000, bytes: 300))
        try images.write("b-photo.png", Self.png(750, 1000, bytes: 5_000))
        for name in ["a-photo-with-a-longer-name.png", "b-photo.png"] {
            try FileManager.default.createSymbolicLink(
                at: links.url.appendingPathComponent(name),
                withDestinationURL: images.url.appendingPathComponent(name)
            )
        }
        let files = try ImageFinder().find([links.url.path])
        #expect(files.map(\.size) == [300, 5_000])
        #expect(Self.names(IngestOrder.largestFirst(files)) == ["b-photo.png", "a-photo-with-a-longer-name.png"])
    }
}
