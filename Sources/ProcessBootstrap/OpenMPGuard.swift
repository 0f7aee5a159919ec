import Foundation

/// Debian's libtesseract is built with OpenMP, which runs about 9x slower
/// (and far worse with several engines) unless `OMP_THREAD_LIMIT=1` is set
/// *before the library loads*. The library is linked into this binary, so it
/// has loaded by the time `main` runs: the only sure way is to set the variable
/// and re-exec ourselves. `setenv` alone or `omp_set_num_threads` do nothing.
public enum OpenMPGuard {
    public static let variable = "OMP_THREAD_LIMIT"

    /// Call first thing in an executable's `main` (it may re-execute the process). Returns a
    /// warning for the executable to print when the process could not be re-executed (it then
    /// carries on, slower but correct), nil otherwise.
    public static func ensureSingleThreadedOpenMP() -> String? {
        // An empty value counts as unset: libgomp rejects it and falls back to all threads.
        if let current = getenv(variable), current.pointee != 0 { return nil }
        setenv(variable, "1", 1)
        let arguments = CommandLine.arguments
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        cArguments.append(nil)
        execv("/proc/self/exe", &cArguments)
        // execv only returns on failure.
        return "could not start again with \(variable)=1 (errno \(errno)); OCR will be slow. Set \(variable)=1 yourself."
    }
}
