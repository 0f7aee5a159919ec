import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Process-wide settings for a long batch of OCR work. Call once at the start of `main`,
/// before any worker thread exists.
public enum ProcessTuning {
    /// glibc gives every thread that contends for `malloc` its own arena (up to 8 per core).
    /// Leptonica's multi-megabyte image buffers freed on one worker's arena and allocated on
    /// another's fragment them, so peak memory grew with the number of images ingested:
    /// 416 MB after 100 images at `--jobs 2`, against 213 MB with two arenas and the same speed
    /// (`receipts-bench ingest --memory-count 100`). A user's own `MALLOC_ARENA_MAX` wins.
    /// May be called again later with a larger cap (``mallocArenas(forJobs:)``): arenas made
    /// before stay, more may be made up to the new cap.
    public static func limitMallocArenas(to count: Int32 = 2) {
        guard ProcessInfo.processInfo.environment["MALLOC_ARENA_MAX"] == nil else { return }
        mallopt(-8, count)  // M_ARENA_MAX in <malloc.h>
    }

    /// Keeps the memory of freed images in the process for the next image instead of handing it
    /// back to the kernel and faulting it in again. glibc's defaults map each buffer above a
    /// threshold (which it raises as it goes, to 32 MB at most) on its own and trim a heap's free
    /// top above twice that; an enlarged photo's page is up to 25 MB a copy, so every image paid
    /// for fresh pages, and with two workers for each unmap's TLB flush on the other core too:
    /// `ingest --fast --jobs 2` on 33 US photos took 100,000-120,000 page faults and 0.7-1.0 s of
    /// system time, 40,000 and 0.4 s with buffers up to 64 MB from the heap and trimming above
    /// 256 MB, at the same peak RSS. For batch work (`ingest`); the user's own `MALLOC_*`
    /// settings win.
    static func keepFreedImageMemory() {
        let environment = ProcessInfo.processInfo.environment
        let userSettings = ["MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_", "MALLOC_TOP_PAD_", "GLIBC_TUNABLES"]
        guard userSettings.allSatisfy({ environment[$0] == nil }) else { return }
        mallopt(-3, 64 << 20)  // M_MMAP_THRESHOLD
        mallopt(-1, 256 << 20)  // M_TRIM_THRESHOLD
    }

    /// glibc's `mallopt`, which lives in <malloc.h>: the Glibc module does not export it.
    private static func mallopt(_ parameter: Int32, _ value: Int32) {
        #if canImport(Glibc)
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(parameter, value)
        #endif
    }

    /// Tunes the allocator for a batch read by `jobs` OCR workers (`receipts ingest` and the
    /// ingest benchmark, which must start alike): the arena cap from the job count, and freed image
    /// memory kept for the next image.
    public static func tuneForBatch(jobs: Int) {
        limitMallocArenas(to: mallocArenas(forJobs: jobs))
        keepFreedImageMemory()
    }

    /// The arena cap for a batch run with `jobs` OCR workers: two per worker, at least two.
    /// With fewer arenas than threads that allocate, the workers wait on each other's arena
    /// locks (two arenas at `--jobs 2` took 2-10 % more wall time than four or eight).
    public static func mallocArenas(forJobs jobs: Int) -> Int32 {
        Int32(max(1, min(jobs, Int(Int32.max) / 2)) * 2)
    }
}
