import Foundation

/// What each executable does first in `main`, in one place, so `receipts-bench` measures the
/// process `receipts` users get (without the OpenMP guard, in-process OCR ran about twice as
/// slow as the tesseract CLI it is compared with).
public enum ProcessStart {
    /// Re-executes the process with `OMP_THREAD_LIMIT=1` when it is not set (``OpenMPGuard``),
    /// then caps glibc's malloc arenas (``ProcessTuning/limitMallocArenas(to:)``). Call before any
    /// thread exists. When the process could not be re-executed it carries on, slower, after a
    /// warning on stderr that starts with `program`.
    public static func prepare(program: String) {
        if let warning = OpenMPGuard.ensureSingleThreadedOpenMP() {
            FileHandle.standardError.write(Data("\(program): warning: \(warning)\n".utf8))
        }
        ProcessTuning.limitMallocArenas()
    }
}
