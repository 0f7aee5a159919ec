import Testing

@testable import ProcessBootstrap

/// libtesseract's OpenMP regions run on the calling thread (SerialOpenMP.swift): a sections
/// region hands out each section once, in order, also with a region inside a section.
@Suite struct SerialOpenMPTests {
    /// What a compiled `parallel sections` body does: take section numbers until 0.
    static let recordSections: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
        let seen = data!.assumingMemoryBound(to: [UInt32].self)
        var section = nextOpenMPSection()
        while section != 0 {
            seen.pointee.append(section)
            if section == 2 {
                // A region inside a section has sections of its own; the outer ones go on after it.
                var inner: [UInt32] = []
                withUnsafeMutablePointer(to: &inner) { runOpenMPSectionsOnTheCallingThread(recordInner, $0, 1, 2, 0) }
                seen.pointee.append(contentsOf: inner.map { 100 + $0 })
            }
            section = nextOpenMPSection()
        }
        endOpenMPSections()
    }

    static let recordInner: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
        let seen = data!.assumingMemoryBound(to: [UInt32].self)
        var section = nextOpenMPSection()
        while section != 0 {
            seen.pointee.append(section)
            section = nextOpenMPSection()
        }
    }

    @Test func eachSectionRunsOnceInOrderAndNestedRegionsKeepTheirOwnCount() {
        var seen: [UInt32] = []
        // (A pointer to the array itself: `&seen` would pass its elements.)
        withUnsafeMutablePointer(to: &seen) { runOpenMPSectionsOnTheCallingThread(Self.recordSections, $0, 4, 3, 0) }
        #expect(seen == [1, 2, 101, 102, 3])
        // Outside any region there is no section to take.
        #expect(nextOpenMPSection() == 0)
    }

    @Test func aParallelRegionRunsItsBodyOnceOnThisThread() {
        var runs = 0
        runOpenMPRegionOnTheCallingThread({ data in data!.assumingMemoryBound(to: Int.self).pointee += 1 }, &runs, 8, 0)
        #expect(runs == 1)
    }
}
