/// What each executable does first in `main`, in one place, so `receipts-bench` measures the
/// process `receipts` users get (without the OpenMP guard, in-process OCR ran about twice as
/// slow as the tesseract CLI it is compared with).
public enum ProcessStart {
    /// Re-executes the process with `OMP_THREAD_LIMIT=1` when it is not set (``OpenMPGuard``),
    /// then caps glibc's malloc arenas (``ProcessTuning/limitMallocArenas(to:)``). Call before any
    /// thread exists. Returns a warning for the executable to print, nil when all went well.
    public static func prepare() -> String? {
        let warning = OpenMPGuard.ensureSingleThreadedOpenMP()
        ProcessTuning.limitMallocArenas()
        return warning
    }
}
