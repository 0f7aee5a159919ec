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
        #if canImport(Glibc)
        guard ProcessInfo.processInfo.environment["MALLOC_ARENA_MAX"] == nil else { return }
        // mallopt lives in <malloc.h>, which the Glibc module does not export: look it up.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let glibcArenaMax: Int32 = -8  // M_ARENA_MAX in <malloc.h>
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(glibcArenaMax, count)
        #endif
    }

    /// The arena cap for a batch run with `jobs` OCR workers: two per worker, at least two.
    /// With fewer arenas than threads that allocate, the workers wait on each other's arena
    /// locks (two arenas at `--jobs 2` took 2-10 % more wall time than four or eight).
    public static func mallocArenas(forJobs jobs: Int) -> Int32 {
        Int32(max(1, min(jobs, Int(Int32.max) / 2)) * 2)
    }
}
