#if canImport(Glibc)
import Glibc
#endif

// Tesseract runs its LSTM's steps in `#pragma omp parallel` and `parallel sections` regions.
// With one OpenMP thread (`OpenMPGuard`) a region does nothing in parallel, yet libgomp still
// sets up a team for it and ends it with a barrier whose last step is a futex wake-all system
// call, whether anyone waits or not: about 37,000 a photo (1.2 million for `ingest --fast` of 33
// US photos, 99.6 % of the run's futex calls). The workers of one process pay them on the
// process's one futex table: `--jobs 2` read a photo 8 % slower than `--jobs 1`, where two
// processes side by side lost nothing.
//
// These definitions live in the executable, which exports them (Package.swift's `serialOpenMP`),
// so the dynamic linker binds libtesseract's calls to them instead of libgomp's: a region's body
// runs once, on the calling thread, which is what a team of one thread does. Inside it
// `omp_get_num_threads()` is 1 and `omp_get_thread_num()` 0 (no team), so a parallel loop takes
// every iteration in order, and a sections region runs its sections one after another, as
// before: the readings are the same.

/// `#pragma omp parallel`: the body once, on this thread.
@_cdecl("GOMP_parallel")
public func runOpenMPRegionOnTheCallingThread(
    _ body: @convention(c) (UnsafeMutableRawPointer?) -> Void,
    _ data: UnsafeMutableRawPointer?,
    _ threads: UInt32,
    _ flags: UInt32
) {
    body(data)
}

/// The sections region running on this thread: the next section's number and how many there are.
private struct OpenMPSections {
    var next: UInt32 = 1
    var count: UInt32
}

/// Each thread's innermost sections region (a section may hold a region of its own).
private let openMPSectionsKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()

/// `#pragma omp parallel sections`: the body once, on this thread; it takes the sections' numbers
/// from `GOMP_sections_next` until that says 0.
@_cdecl("GOMP_parallel_sections")
public func runOpenMPSectionsOnTheCallingThread(
    _ body: @convention(c) (UnsafeMutableRawPointer?) -> Void,
    _ data: UnsafeMutableRawPointer?,
    _ threads: UInt32,
    _ count: UInt32,
    _ flags: UInt32
) {
    let outer = pthread_getspecific(openMPSectionsKey)
    var sections = OpenMPSections(count: count)
    withUnsafeMutablePointer(to: &sections) { pointer in
        pthread_setspecific(openMPSectionsKey, pointer)
        body(data)
    }
    pthread_setspecific(openMPSectionsKey, outer)
}

/// The next section of this thread's sections region (1-based), 0 when all have run.
@_cdecl("GOMP_sections_next")
public func nextOpenMPSection() -> UInt32 {
    guard let sections = pthread_getspecific(openMPSectionsKey)?.assumingMemoryBound(to: OpenMPSections.self),
        sections.pointee.next <= sections.pointee.count
    else { return 0 }
    defer { sections.pointee.next += 1 }
    return sections.pointee.next
}

/// The end of a sections region without a barrier: nothing to wait for on one thread.
@_cdecl("GOMP_sections_end_nowait")
public func endOpenMPSections() {}
